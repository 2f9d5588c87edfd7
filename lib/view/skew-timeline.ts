/**
 * The skew of the cluster after each step, as chart points: one definition of skew everywhere
 * (max ÷ mean, 1.00× is even). Point 0 is the base; point i is the cluster after step i, which for a
 * failed step is the cluster before it (a failed step changes nothing).
 */
import type { SlimReport } from "@/lib/simulate/slim-report";

export interface TimelinePoint {
  /** 0 = base, i = after step i (1-based, as the step list numbers them). */
  step: number;
  label: string;
  ok: boolean;
  /** Replicas per broker (what Kafka balances). */
  brokerReplicas: number;
  brokerBytes: number;
  /** Worst broker's dir partition counts, and its dir bytes (what Kafka does not balance). */
  dirPartitions: number;
  dirBytes: number;
  /** Fullest and emptiest live dir's utilisation (0–1), null when no capacity is known: the gap is the skew in plain terms. */
  fullest: number | null;
  emptiest: number | null;
}

export interface TimelineStep {
  ok: boolean;
  description: string;
  report: SlimReport;
}

export const TIMELINE_SERIES = [
  { key: "brokerReplicas", label: "Partitions per broker" },
  { key: "brokerBytes", label: "Bytes per broker" },
  { key: "dirPartitions", label: "Partitions per dir (worst broker)" },
  { key: "dirBytes", label: "Bytes per dir (worst broker)" },
] as const;

function emptiest(report: SlimReport): number | null {
  let min: number | null = null;
  for (const d of report.dirs) if (d.state !== "offline" && d.utilization !== null && (min === null || d.utilization < min)) min = d.utilization;
  return min;
}

function point(step: number, label: string, ok: boolean, report: SlimReport): TimelinePoint {
  const { skew } = report;
  return {
    step,
    label,
    ok,
    brokerReplicas: skew.brokerReplicas.maxOverMean,
    brokerBytes: skew.brokerBytes.maxOverMean,
    dirPartitions: skew.dirPartitions.maxOverMean,
    dirBytes: skew.dirBytes.maxOverMean,
    fullest: skew.fullestDir?.utilization ?? null,
    emptiest: emptiest(report),
  };
}

export function skewTimeline(initial: SlimReport, steps: readonly TimelineStep[]): TimelinePoint[] {
  return [point(0, "Base", true, initial), ...steps.map((s, i) => point(i + 1, `${i + 1}. ${s.description}${s.ok ? "" : " (failed)"}`, s.ok, s.report))];
}
