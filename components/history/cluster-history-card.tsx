"use client";
/**
 * The cluster over time: skew (bytes per broker, and the worst broker's dir utilisation, max ÷ mean;
 * 1.00× is even) and bytes (Kafka's, used on the disks, capacity).
 */
import { useMemo } from "react";
import { formatBytes, formatSkew } from "@/lib/model/format";
import { formatAxisBytes, niceByteTicks } from "@/lib/view/common/axis-ticks";
import type { PlanMark } from "@/lib/view/history/applied-plan-marks";
import type { TimeWindow } from "@/lib/view/history/history-range";
import { rowMax, type ClusterRow } from "@/lib/view/history/history-rows";
import { skewTicks } from "@/lib/view/common/skew-ticks";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";
import { historyTitle, LINE } from "./series-styles";
import { TimeChart, type ChartSeries } from "./time-chart";

type Key = keyof Omit<ClusterRow, "t">;

const SKEW: readonly ChartSeries<Key>[] = [
  { key: "brokerBytesSkew", label: "Bytes per broker", format: formatSkew, ...LINE.blue },
  { key: "dirUtilizationSkew", label: "Dir utilisation (worst broker)", format: formatSkew, ...LINE.orange },
];

const BYTES: readonly ChartSeries<Key>[] = [
  { key: "bytes", label: "Kafka's bytes", format: formatBytes, ...LINE.blue },
  { key: "usedBytes", label: "Used on the disks", format: formatBytes, ...LINE.orange },
  { key: "capacityBytes", label: "Capacity", format: formatBytes, ...LINE.grey },
];

interface Props {
  rows: ClusterRow[];
  window: TimeWindow;
  marks: readonly PlanMark[];
  state: WidgetState;
  onZoom: (a: number, b: number) => void;
  /** The demo's generated history: said in the title. */
  generated?: boolean;
}

export function ClusterHistoryCard({ rows, window, marks, state, onZoom, generated = false }: Props) {
  const skew = useMemo(() => skewTicks(rows.flatMap((r) => [r.brokerBytesSkew ?? 0, r.dirUtilizationSkew ?? 0])), [rows]);
  const bytes = useMemo(() => niceByteTicks(rowMax(rows, ["bytes", "usedBytes", "capacityBytes"])), [rows]);
  const empty: WidgetState =
    state.kind === "ready" && rows.every((r) => r.bytes === null) ? { kind: "empty", message: "No successful scan in this range: pick a longer range." } : state;
  return (
    <WidgetCard
      id="history-cluster"
      title={historyTitle("Cluster", generated)}
      subtitle="Skew is max ÷ mean: 1.00× is even. Shaded: plans being applied. Breaks: failed scans, or none ran."
      bodyClassName="min-h-[15rem]"
      state={empty}
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <TimeChart
          id="history-cluster-skew"
          title="Skew over time"
          rows={rows}
          series={SKEW}
          window={window}
          marks={marks}
          left={{ ticks: skew, domain: [0, skew.at(-1) ?? 1.5], format: formatSkew, width: 52 }}
          references={[{ y: 1, label: "even", color: "currentColor" }]}
          onZoom={onZoom}
        />
        <TimeChart
          id="history-cluster-bytes"
          title="Bytes over time"
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
