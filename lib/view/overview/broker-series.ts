/**
 * Series for the per-broker charts: partitions and leaders side by side, and bytes stacked by log
 * dir. Chart components map these straight onto recharts; all arithmetic happens here.
 *
 * Stack keys are synthetic ("dir0", "dir1", …) because recharts reads a dotted `dataKey` as a path
 * into the object, and a log dir path may contain dots.
 */
import type { BalanceReport } from "@/lib/model/report";
import { niceByteTicks } from "../common/axis-ticks";
import { shareText } from "./verdict";

/** Okabe–Ito: a categorical palette told apart by the common forms of colour blindness (black left out for dark mode). */
export const CATEGORICAL = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999"] as const;

/** More brokers than this make bars too thin to read; the charts show the first ones and say so. */
export const MAX_CHART_BROKERS = 100;

export interface PartitionLeaderPoint {
  broker: string;
  brokerId: number;
  partitions: number;
  leaders: number;
}

export interface ChartSeries<P> {
  points: P[];
  /** Brokers left out because of MAX_CHART_BROKERS. */
  omitted: number;
}

export function partitionLeaderSeries(report: BalanceReport, limit = MAX_CHART_BROKERS): ChartSeries<PartitionLeaderPoint> {
  const shown = report.brokers.slice(0, limit);
  return {
    points: shown.map((b) => ({ broker: `${b.id}`, brokerId: b.id, partitions: b.replicas, leaders: b.leaders })),
    omitted: report.brokers.length - shown.length,
  };
}

export interface DirStack {
  key: string;
  /** The dir path (or "log dir N"). */
  label: string;
  /** Label with the dir's share of all bytes shown, for the legend: "/data/d1 · <1%". */
  legend: string;
  color: string;
}

export type BytesPoint = { broker: string; brokerId: number } & Record<string, number | string>;

export interface BytesByDirSeries extends ChartSeries<BytesPoint> {
  stacks: DirStack[];
  /** Round value-axis ticks from 0 to at least the tallest stack. */
  ticks: number[];
}

/**
 * One stack per log dir path when brokers share their paths, else per position in `log.dirs`.
 * Offline dirs are left out: they hold nothing usable.
 */
export function bytesByDirSeries(report: BalanceReport, limit = MAX_CHART_BROKERS): BytesByDirSeries {
  const shown = report.brokers.slice(0, limit);
  const ids = new Set(shown.map((b) => b.id));
  const paths: string[] = [];
  const index = new Map<string, number>();
  let widest = 0;
  const perBroker = new Map<number, number>();
  for (const d of report.dirs) {
    if (!ids.has(d.broker)) continue;
    perBroker.set(d.broker, (perBroker.get(d.broker) ?? 0) + 1);
    widest = Math.max(widest, perBroker.get(d.broker)!);
    if (!index.has(d.path)) {
      index.set(d.path, paths.length);
      paths.push(d.path);
    }
  }
  const byPath = paths.length <= Math.max(1, widest) * 1.5;
  const labels = byPath ? paths : Array.from({ length: widest }, (_, i) => `log dir ${i + 1}`);
  const stacks = labels.map((label, i) => ({ key: `dir${i}`, label, legend: label, color: CATEGORICAL[i % CATEGORICAL.length]! }));
  const points = shown.map((b) => {
    const point: BytesPoint = { broker: `${b.id}`, brokerId: b.id };
    for (const s of stacks) point[s.key] = 0;
    return point;
  });
  const pointOf = new Map(points.map((p) => [p.brokerId, p]));
  const position = new Map<number, number>();
  for (const d of report.dirs) {
    const point = pointOf.get(d.broker);
    if (!point) continue;
    const n = position.get(d.broker) ?? 0;
    position.set(d.broker, n + 1);
    if (d.state === "offline") continue;
    const key = `dir${byPath ? index.get(d.path)! : n}`;
    point[key] = (point[key] as number) + d.bytes;
  }
  let tallest = 0;
  let total = 0;
  for (const p of points) {
    const height = stacks.reduce((sum, s) => sum + (p[s.key] as number), 0);
    tallest = Math.max(tallest, height);
    total += height;
  }
  // The share names what the eye may miss: a dir holding almost nothing draws no visible stripe.
  for (const s of stacks) {
    const bytes = points.reduce((sum, p) => sum + (p[s.key] as number), 0);
    if (total > 0) s.legend = `${s.label} · ${shareText(bytes / total)}`;
  }
  return { points, stacks, ticks: niceByteTicks(tallest), omitted: report.brokers.length - shown.length };
}
