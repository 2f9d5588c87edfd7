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
  /** How to read the colours, in words: "darker red = fuller disk". */
  reading: string;
  gradient: string;
  ticks: LegendTick[];
  /** Threshold marks drawn across the ramp (utilisation 70 / 85 / 95 %). */
  marks: LegendTick[];
  swatches: LegendSwatch[];
}

/** Where `value` sits along the ramp, 0–1; halves first when the span overflows (−1e308 to 1e308). */
function position(scale: ColorScale, value: number): number {
  const [lo, hi] = scale.domain;
  if (!(hi > lo)) return 0;
  const span = hi - lo;
  const f = Number.isFinite(span) ? (value - lo) / span : (value / 2 - lo / 2) / (hi / 2 - lo / 2);
  return Number.isNaN(f) ? 0 : Math.min(1, Math.max(0, f));
}

/** Legend of the broker × log-dir heatmap for one metric. */
export function dirHeatmapLegend(metric: DirMetric, scale: ColorScale, present: ReadonlySet<LegendSwatch["pattern"]>): Legend {
  const info = DIR_METRICS.find((m) => m.id === metric)!;
  const [lo, hi] = scale.domain;
  let ticks: LegendTick[];
  if (metric === "deviation") {
    // "≤": a dir further below the mean takes the same end colour (metricScale spans the fullest dir's excess).
    ticks = [
      { position: 0, label: `≤ ${formatDirMetric(lo, metric)}` },
      { position: 0.5, label: "broker mean" },
      { position: 1, label: formatDirMetric(hi, metric) },
    ];
  } else if (metric === "bytes") {
    ticks = [0, 0.5, 1].map((p) => ({ position: p, label: formatBytes(lo + (hi - lo) * p) }));
  } else if (metric === "partitions") {
    ticks = countTicks(scale);
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
  return { title: info.description, reading: READING[metric], gradient: cssGradient(scale), ticks, marks, swatches };
}

/** Every ramp darkens toward red as a dir fills (lib/view/common/color-scale.ts); the legend says so in words. */
const READING: Record<DirMetric, string> = {
  utilization: "paler = emptier, darker red = fuller disk",
  bytes: "paler = fewer bytes, darker red = more",
  partitions: "paler = fewer partitions, darker red = more",
  deviation: "white = the broker's mean (even), red = fuller than it, blue = emptier",
};

/**
 * Whole counts at the ends and the middle of the ramp, each placed where its own value sits: a
 * 0–5 range is labelled 0, 3, 5 with the 3 at 60 %, not at the 2.5 it would round from.
 */
function countTicks(scale: ColorScale): LegendTick[] {
  const [lo, hi] = scale.domain;
  const values = [lo, Math.round(lo / 2 + hi / 2), hi];
  return uniqueTicks(values.map((v) => ({ position: position(scale, v), label: formatCount(v) })));
}

/** Drops ticks that would print the same label twice (a 0–1 partition range has no middle). */
function uniqueTicks(ticks: LegendTick[]): LegendTick[] {
  const seen = new Set<string>();
  return ticks.filter((t) => (seen.has(t.label) ? false : (seen.add(t.label), true)));
}

/** Legend of the topic × broker heatmap: bytes from 0 to the largest on a broker, or replica counts from 1 to the largest; no replica drawn as empty. */
export function topicHeatmapLegend(scale: ColorScale, metric: "bytes" | "replicas" = "replicas"): Legend {
  if (metric === "bytes") {
    const [lo, hi] = scale.domain;
    return {
      title: "Bytes of the topic on the broker",
      reading: "paler = fewer bytes, darker red = more; grey “?” = size unknown (no log-dir data for those replicas)",
      gradient: cssGradient(scale),
      ticks: uniqueTicks([0, 0.5, 1].map((p) => ({ position: p, label: formatBytes(lo + (hi - lo) * p) }))),
      marks: [],
      swatches: [{ pattern: "empty", label: "no replica" }],
    };
  }
  return {
    title: "Replicas of the topic on the broker",
    reading: "paler = fewer, darker red = more",
    gradient: cssGradient(scale),
    ticks: countTicks(scale),
    marks: [],
    swatches: [{ pattern: "empty", label: "none" }],
  };
}
