/**
 * The four ways to colour the broker × log-dir heatmap, and how each reads a dir's figures.
 * Utilisation has a fixed 0–100 % domain so a colour means the same on every cluster and in every
 * before/after view; bytes and partitions scale to the largest dir shown; deviation is signed.
 */
import type { DirFigures } from "@/lib/model/report";
import { formatBytes, formatCount, formatSignedPercent, formatUtilization } from "@/lib/model/format";

export type DirMetric = "utilization" | "bytes" | "partitions" | "deviation";

export interface DirMetricInfo {
  id: DirMetric;
  label: string;
  /** What the colour means, for the legend title and the switch's description. */
  description: string;
}

export const DIR_METRICS: readonly DirMetricInfo[] = [
  { id: "utilization", label: "Utilisation", description: "Disk used, % of capacity" },
  { id: "bytes", label: "Bytes", description: "Replica bytes in the dir" },
  { id: "partitions", label: "Partitions", description: "Partition replicas in the dir" },
  { id: "deviation", label: "Deviation", description: "Bytes vs the broker's mean dir" },
];

export function isDirMetric(value: string): value is DirMetric {
  return DIR_METRICS.some((m) => m.id === value);
}

/** The metric's value for a dir, or null when it has none (unknown capacity for utilisation). */
export function dirMetricValue(dir: DirFigures, metric: DirMetric): number | null {
  switch (metric) {
    case "utilization":
      return dir.utilization;
    case "bytes":
      return dir.bytes;
    case "partitions":
      return dir.partitions;
    case "deviation":
      return dir.deviationFromBrokerMean;
  }
}

/** The short text printed inside a cell. */
export function formatDirMetric(value: number, metric: DirMetric): string {
  switch (metric) {
    case "utilization":
      return formatUtilization(value);
    case "bytes":
      return formatBytes(value);
    case "partitions":
      return formatCount(value);
    case "deviation":
      return formatSignedPercent(value);
  }
}

/** Utilisation marks every operator knows: 70 % plan, 85 % act, 95 % emergency. */
export const UTILIZATION_MARKS = [0.7, 0.85, 0.95] as const;
export type UtilizationMark = 0 | 70 | 85 | 95;

export function utilizationMark(utilization: number | null): UtilizationMark {
  if (utilization === null) return 0;
  if (utilization >= 0.95) return 95;
  if (utilization >= 0.85) return 85;
  if (utilization >= 0.7) return 70;
  return 0;
}
