/**
 * Legends for the heatmaps, in real units: the colour ramp, tick labels along it, the utilisation
 * marks, and a swatch for every pattern a cell can carry (patterns also have a text label in the
 * cell, so nothing is told by colour alone).
 */
import { formatBytes, formatCount } from "@/lib/model/format";
import { cssGradient, type ColorScale } from "./color-scale";
import { formatDirMetric, UTILIZATION_MARKS, type DirMetric, DIR_METRICS } from "./dir-metric";

/** `missing`: a broker only partition assignments name (state unknown), whose dirs were not read. */
export type CellPattern = "none" | "unknown" | "offline" | "cordoned" | "unreachable" | "missing";

export interface LegendTick {
  /** 0 (left end of the ramp) to 1 (right end). */
  position: number;
  label: string;
}

export interface LegendSwatch {
  pattern: CellPattern | "future" | "empty";
  label: string;
}

export interface Legend {
  title: string;
  gradient: string;
  ticks: LegendTick[];
  /** Threshold marks drawn across the ramp (utilisation 70 / 85 / 95 %). */
  marks: LegendTick[];
  swatches: LegendSwatch[];
}

function position(scale: ColorScale, value: number): number {
  const [lo, hi] = scale.domain;
  return hi > lo ? Math.min(1, Math.max(0, (value - lo) / (hi - lo))) : 0;
}

/** Legend of the broker × log-dir heatmap for one metric. */
export function dirHeatmapLegend(metric: DirMetric, scale: ColorScale, present: ReadonlySet<LegendSwatch["pattern"]>): Legend {
  const info = DIR_METRICS.find((m) => m.id === metric)!;
  const [lo, hi] = scale.domain;
  let ticks: LegendTick[];
  if (metric === "deviation") {
    ticks = [
      { position: 0, label: `${formatDirMetric(lo, metric)} (below mean)` },
      { position: 0.5, label: "broker mean" },
      { position: 1, label: `${formatDirMetric(hi, metric)} (above mean)` },
    ];
  } else if (metric === "bytes") {
    ticks = [0, 0.5, 1].map((p) => ({ position: p, label: formatBytes(lo + (hi - lo) * p) }));
  } else if (metric === "partitions") {
    ticks = uniqueTicks([0, 0.5, 1].map((p) => ({ position: p, label: formatCount(lo + (hi - lo) * p) })));
  } else {
    ticks = [0, 0.5, 1].map((p) => ({ position: p, label: formatDirMetric(lo + (hi - lo) * p, metric) }));
  }
  const marks = metric === "utilization" ? UTILIZATION_MARKS.map((m) => ({ position: position(scale, m), label: formatDirMetric(m, metric) })) : [];
  const swatches: LegendSwatch[] = [];
  const add = (pattern: LegendSwatch["pattern"], label: string) => {
    if (present.has(pattern)) swatches.push({ pattern, label });
  };
  add("unknown", "capacity unknown");
  add("offline", "offline dir");
  add("cordoned", "cordoned dir");
  add("unreachable", "broker unreachable");
  add("missing", "broker not in the kafka-log-dirs output");
  add("future", "replica moving in (KIP-113)");
  return { title: info.description, gradient: cssGradient(scale), ticks, marks, swatches };
}

/** Drops ticks that would print the same label twice (a 0–1 partition range has no middle). */
function uniqueTicks(ticks: LegendTick[]): LegendTick[] {
  const seen = new Set<string>();
  return ticks.filter((t) => (seen.has(t.label) ? false : (seen.add(t.label), true)));
}

/** Legend of the topic × broker heatmap: replica counts from 1 to the largest, 0 drawn as empty. */
export function topicHeatmapLegend(scale: ColorScale): Legend {
  const [lo, hi] = scale.domain;
  const ticks = uniqueTicks([0, 0.5, 1].map((p) => ({ position: p, label: formatCount(lo + (hi - lo) * p) })));
  return { title: "Replicas of the topic on the broker", gradient: cssGradient(scale), ticks, marks: [], swatches: [{ pattern: "empty", label: "none" }] };
}
