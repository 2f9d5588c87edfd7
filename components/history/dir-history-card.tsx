"use client";
/**
 * One log dir over time, picked from the dirs the history has: its utilisation against 85 % and 95 %,
 * and its used bytes (the disk's, or Kafka's when the disk's are unknown) against its capacity.
 */
import { useId, useMemo } from "react";
import { formatBytes, formatUtilization } from "@/lib/model/format";
import { formatAxisBytes, niceByteTicks } from "@/lib/view/common/axis-ticks";
import type { PlanMark } from "@/lib/view/history/applied-plan-marks";
import type { TimeWindow } from "@/lib/view/history/history-range";
import { rowMax, type DirRow } from "@/lib/view/history/history-rows";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";
import { historyTitle, LINE, THRESHOLD } from "./series-styles";
import { TimeChart, type ChartSeries } from "./time-chart";

type Key = keyof Omit<DirRow, "t">;

const UTILIZATION: readonly ChartSeries<Key>[] = [{ key: "utilization", label: "Utilisation", format: formatUtilization, ...LINE.blue }];
const BYTES: readonly ChartSeries<Key>[] = [
  { key: "usedBytes", label: "Used", format: formatBytes, ...LINE.blue },
  { key: "kafkaBytes", label: "Kafka's bytes", format: formatBytes, ...LINE.green },
  { key: "capacityBytes", label: "Capacity", format: formatBytes, ...LINE.grey },
];
const PERCENT_TICKS = [0, 0.25, 0.5, 0.75, 1];

export interface DirRef {
  broker: number;
  dir: string;
}

export const dirKey = (d: DirRef) => `${d.broker}:${d.dir}`;

interface Props {
  dirs: readonly DirRef[];
  dir: DirRef | null;
  onDir: (dir: DirRef) => void;
  rows: DirRow[];
  window: TimeWindow;
  marks: readonly PlanMark[];
  state: WidgetState;
  onZoom: (a: number, b: number) => void;
  /** The demo's generated history: said in the title. */
  generated?: boolean;
}

export function DirHistoryCard({ dirs, dir, onDir, rows, window, marks, state, onZoom, generated = false }: Props) {
  const id = useId();
  const bytes = useMemo(() => niceByteTicks(rowMax(rows, ["usedBytes", "kafkaBytes", "capacityBytes"])), [rows]);
  const name = dir ? `${dir.dir} on broker ${dir.broker}` : "";
  const picker = (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>Log dir of broker {dir?.broker ?? ""}</label>
      <select
        id={id}
        value={dir ? dirKey(dir) : ""}
        onChange={(e) => {
          const picked = dirs.find((d) => dirKey(d) === e.target.value);
          if (picked) onDir(picked);
        }}
        className="max-w-[16rem] rounded border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        data-dir-picker
      >
        {dirs.map((d) => (
          <option key={dirKey(d)} value={dirKey(d)}>
            {d.dir}
          </option>
        ))}
      </select>
    </div>
  );
  const noCapacity = rows.length > 0 && rows.every((r) => r.capacityBytes === null);
  const shown: WidgetState = state.kind === "ready" && rows.every((r) => r.usedBytes === null) ? { kind: "empty", message: `No scan of ${name} in this range.` } : state;
  return (
    <WidgetCard
      id="history-dir"
      title={historyTitle(dir ? `Log dir ${name}` : "Log dir", generated)}
      subtitle={
        noCapacity
          ? "This dir's broker does not report its capacity, so there is no utilisation; bytes are Kafka's."
          : "Pick one of the broker's log dirs: how full it is against 85% and 95%, and its used bytes against its capacity."
      }
      actions={picker}
      bodyClassName="min-h-[15rem]"
      state={dirs.length === 0 && state.kind === "ready" ? { kind: "empty", message: "No log dir has been recorded yet." } : shown}
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <TimeChart
          id="history-dir-utilization"
          title={`Utilisation of ${name}`}
          rows={rows}
          series={UTILIZATION}
          window={window}
          marks={marks}
          left={{ ticks: PERCENT_TICKS, domain: [0, 1], format: formatUtilization, width: 48 }}
          references={[
            { y: 0.85, label: "85%", color: THRESHOLD.p85 },
            { y: 0.95, label: "95%", color: THRESHOLD.p95 },
          ]}
          onZoom={onZoom}
        />
        <TimeChart
          id="history-dir-bytes"
          title={`Used and capacity of ${name}`}
          rows={rows}
          series={BYTES}
          window={window}
          marks={marks}
          left={{ ticks: bytes, domain: [0, bytes.at(-1) ?? 0], format: formatAxisBytes, width: 72 }}
          onZoom={onZoom}
        />
      </div>
    </WidgetCard>
  );
}
