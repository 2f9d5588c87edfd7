"use client";
/** One broker over time, picked from the brokers the history has: its bytes, and its partitions and leaders. */
import { useId, useMemo } from "react";
import { formatBytes, formatCount } from "@/lib/model/format";
import { formatAxisBytes, niceByteTicks, niceCountTicks } from "@/lib/view/common/axis-ticks";
import type { PlanMark } from "@/lib/view/history/applied-plan-marks";
import type { TimeWindow } from "@/lib/view/history/history-range";
import { rowMax, type BrokerRow } from "@/lib/view/history/history-rows";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";
import { historyTitle, LINE } from "./series-styles";
import { TimeChart, type ChartSeries } from "./time-chart";

type Key = keyof Omit<BrokerRow, "t">;

const BYTES: readonly ChartSeries<Key>[] = [{ key: "bytes", label: "Bytes", format: formatBytes, ...LINE.blue }];
const COUNTS: readonly ChartSeries<Key>[] = [
  { key: "partitions", label: "Partition replicas", format: (v) => formatCount(v), ...LINE.blue },
  { key: "leaders", label: "Leaders", format: (v) => formatCount(v), ...LINE.orange },
];

interface Props {
  brokers: readonly number[];
  broker: number | null;
  onBroker: (id: number) => void;
  rows: BrokerRow[];
  window: TimeWindow;
  marks: readonly PlanMark[];
  state: WidgetState;
  onZoom: (a: number, b: number) => void;
  /** The demo's generated history: said in the title. */
  generated?: boolean;
}

export function BrokerHistoryCard({ brokers, broker, onBroker, rows, window, marks, state, onZoom, generated = false }: Props) {
  const id = useId();
  const bytes = useMemo(() => niceByteTicks(rowMax(rows, ["bytes"])), [rows]);
  const counts = useMemo(() => niceCountTicks(rowMax(rows, ["partitions", "leaders"])), [rows]);
  const picker = (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>Broker</label>
      <select
        id={id}
        value={broker ?? ""}
        onChange={(e) => onBroker(Number(e.target.value))}
        className="rounded border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        data-broker-picker
      >
        {brokers.map((b) => (
          <option key={b} value={b}>
            {b}
          </option>
        ))}
      </select>
    </div>
  );
  const shown: WidgetState = state.kind === "ready" && rows.every((r) => r.bytes === null) ? { kind: "empty", message: `No scan of broker ${broker ?? ""} in this range.` } : state;
  return (
    <WidgetCard
      id="history-broker"
      title={historyTitle(broker === null ? "Broker" : `Broker ${broker}`, generated)}
      subtitle="Pick a broker: its bytes, and the partitions and leaders it holds."
      actions={picker}
      bodyClassName="min-h-[15rem]"
      state={brokers.length === 0 && state.kind === "ready" ? { kind: "empty", message: "No broker has been recorded yet." } : shown}
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <TimeChart
          id="history-broker-bytes"
          title={`Bytes on broker ${broker ?? ""}`}
          rows={rows}
          series={BYTES}
          window={window}
          marks={marks}
          left={{ ticks: bytes, domain: [0, bytes.at(-1) ?? 0], format: formatAxisBytes, width: 72 }}
          onZoom={onZoom}
        />
        <TimeChart
          id="history-broker-partitions"
          title={`Partitions and leaders on broker ${broker ?? ""}`}
          rows={rows}
          series={COUNTS}
          window={window}
          marks={marks}
          left={{ ticks: counts, domain: [0, counts.at(-1) ?? 1], format: (v) => formatCount(v), width: 48 }}
          onZoom={onZoom}
        />
      </div>
    </WidgetCard>
  );
}
