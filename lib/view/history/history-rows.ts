/**
 * History series as chart rows: one row per recorded point, oldest first, and a blank row (every value
 * null) wherever the history has a hole, so a line chart drawn with `connectNulls={false}` breaks there
 * instead of drawing a straight line across a time nobody measured.
 *
 * A hole is:
 * - a failed scan (the cluster series records it: `ok` false, no figures), shown as a blank row at its
 *   own time; a dir's or broker's series simply lacks the point, so a failed scan between two of its
 *   points is a hole too;
 * - two neighbouring points further apart than GAP_FACTOR × the spacing the history keeps at their age
 *   (the collector's interval while younger than `rawMs`, an hour while younger than `hourlyMs`, a day
 *   beyond) or than the series' own typical spacing (a thinned read): the collector was not running.
 *
 * Points are the history's own (lib/model/history-figures.ts); of the store's ClusterPoint the view
 * names the fields it reads, as it may not import the store. Pure: `nowMs` is a parameter.
 */
import type { BrokerPoint, ClusterFigures, HistoryDirPoint } from "@/lib/model/history-figures";
import { DAY_MS, HOUR_MS } from "@/lib/model/units";

/** 2.5: a late scan (a slow cluster, a busy server) is not a hole; two missed scans in a row are. */
export const GAP_FACTOR = 2.5;

/** How the history is kept: lib/model/history-settings.ts's defaults unless the server says otherwise. */
export interface HistoryResolution {
  collectIntervalMs: number;
  /** Every scan is kept while younger than this; hourly points after. */
  rawMs: number;
  /** Hourly points are kept while younger than this; daily points after. */
  hourlyMs: number;
}

export const DEFAULT_RESOLUTION: HistoryResolution = { collectIntervalMs: 300_000, rawMs: 2 * DAY_MS, hourlyMs: 60 * DAY_MS };

export interface GapOptions {
  nowMs: number;
  resolution?: HistoryResolution;
  /** Times of failed scans (cluster points with `ok` false), ascending. */
  failedAt?: readonly number[];
}

/** The spacing of points the history keeps at `ageMs`. */
export function keptSpacing(ageMs: number, resolution: HistoryResolution = DEFAULT_RESOLUTION): number {
  if (ageMs <= resolution.rawMs) return resolution.collectIntervalMs;
  if (ageMs <= resolution.hourlyMs) return HOUR_MS;
  return DAY_MS;
}

function medianSpacing(times: readonly number[]): number {
  const deltas: number[] = [];
  for (let i = 1; i < times.length; i++) deltas.push(times[i]! - times[i - 1]!);
  if (deltas.length === 0) return 0;
  deltas.sort((a, b) => a - b);
  return deltas[Math.floor(deltas.length / 2)]!;
}

/** True when a failed scan lies strictly between `a` and `b` (`failedAt` ascending). */
function failedBetween(failedAt: readonly number[], a: number, b: number): boolean {
  let lo = 0;
  let hi = failedAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failedAt[mid]! <= a) lo = mid + 1;
    else hi = mid;
  }
  return lo < failedAt.length && failedAt[lo]! < b;
}

export type Row<K extends string> = { t: number } & Record<K, number | null>;

/**
 * `rows` (oldest first) with a blank row between every two neighbours that a hole separates (see the
 * header). A row whose values are all null already breaks the line and is kept as it is.
 */
export function withGaps<K extends string>(rows: readonly Row<K>[], keys: readonly K[], options: GapOptions): Row<K>[] {
  const resolution = options.resolution ?? DEFAULT_RESOLUTION;
  const failedAt = options.failedAt ?? [];
  const typical = medianSpacing(rows.map((r) => r.t));
  const blank = (t: number) => {
    const row = { t } as Row<K>;
    for (const k of keys) (row as Record<string, number | null>)[k] = null;
    return row;
  };
  const out: Row<K>[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const prev = rows[i - 1];
    if (prev) {
      const spacing = Math.max(keptSpacing(options.nowMs - prev.t, resolution), keptSpacing(options.nowMs - row.t, resolution), typical);
      if (row.t - prev.t > GAP_FACTOR * spacing || failedBetween(failedAt, prev.t, row.t)) out.push(blank(Math.round((prev.t + row.t) / 2)));
    }
    out.push(row);
  }
  return out;
}

/** The cluster's figures the history page charts. */
export type ClusterFiguresFields = Pick<ClusterFigures, "bytes" | "usedBytes" | "capacityBytes" | "brokerBytesSkew" | "dirUtilizationSkew" | "dirBytesSkew" | "maxDirUtilization">;

/** The fields of the store's ClusterPoint the view reads. */
export interface ClusterPointFields {
  at: number;
  ok: boolean;
  figures: ClusterFiguresFields | null;
}

export const CLUSTER_KEYS = ["brokerBytesSkew", "dirUtilizationSkew", "dirBytesSkew", "bytes", "usedBytes", "capacityBytes", "maxDirUtilization"] as const;
export type ClusterRow = Row<(typeof CLUSTER_KEYS)[number]>;

const finiteOrNull = (v: number | null | undefined): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function clusterRows(points: readonly ClusterPointFields[], options: GapOptions): ClusterRow[] {
  const rows = points.map((p): ClusterRow => {
    const f = p.ok ? p.figures : null;
    return {
      t: p.at,
      brokerBytesSkew: finiteOrNull(f?.brokerBytesSkew),
      dirUtilizationSkew: finiteOrNull(f?.dirUtilizationSkew),
      dirBytesSkew: finiteOrNull(f?.dirBytesSkew),
      bytes: finiteOrNull(f?.bytes),
      usedBytes: finiteOrNull(f?.usedBytes),
      capacityBytes: finiteOrNull(f?.capacityBytes),
      maxDirUtilization: finiteOrNull(f?.maxDirUtilization),
    };
  });
  // The failed scans are blank rows already; only the spacing rule adds more.
  return withGaps(rows, CLUSTER_KEYS, { ...options, failedAt: [] });
}

export type BrokerPointFields = BrokerPoint;

export const BROKER_KEYS = ["bytes", "partitions", "leaders"] as const;
export type BrokerRow = Row<(typeof BROKER_KEYS)[number]>;

export function brokerRows(points: readonly BrokerPointFields[], options: GapOptions): BrokerRow[] {
  const rows = points.map((p): BrokerRow => ({ t: p.at, bytes: finiteOrNull(p.bytes), partitions: finiteOrNull(p.partitions), leaders: finiteOrNull(p.leaders) }));
  return withGaps(rows, BROKER_KEYS, options);
}

/** One log dir's point (lib/forecast's DirPoint; the history adds the dir's state, not charted). */
export type DirPointFields = Omit<HistoryDirPoint, "state">;

export const DIR_KEYS = ["utilization", "usedBytes", "kafkaBytes", "capacityBytes", "partitions"] as const;
export type DirRow = Row<(typeof DIR_KEYS)[number]>;

/**
 * A dir's rows: `usedBytes` is the disk's used bytes, or Kafka's when the broker does not report the
 * disk's (as the balance report does), and utilisation is that over the capacity (null when unknown).
 */
export function dirRows(points: readonly DirPointFields[], options: GapOptions): DirRow[] {
  const rows = points.map((p): DirRow => {
    const used = finiteOrNull(p.usedBytes) ?? finiteOrNull(p.kafkaBytes);
    const capacity = finiteOrNull(p.totalBytes);
    return {
      t: p.t,
      utilization: used !== null && capacity !== null && capacity > 0 ? used / capacity : null,
      usedBytes: used,
      kafkaBytes: finiteOrNull(p.kafkaBytes),
      capacityBytes: capacity,
      partitions: finiteOrNull(p.partitions),
    };
  });
  return withGaps(rows, DIR_KEYS, options);
}

/** The largest value of `key` in the rows (0 when none): what a byte axis must reach. */
export function rowMax<K extends string>(rows: readonly Row<K>[], keys: readonly K[]): number {
  let max = 0;
  for (const r of rows)
    for (const k of keys) {
      const v = r[k];
      if (v !== null && v > max) max = v;
    }
  return max;
}

/**
 * The rows where `key` has a value and neither neighbour has one: a point between two holes, which a
 * line cannot draw (a path of one point has no length), so the chart marks it with a dot.
 */
export function isolatedRows<K extends string>(rows: readonly Row<K>[], key: K): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]![key] === null) continue;
    const before = i > 0 ? rows[i - 1]![key] : null;
    const after = i < rows.length - 1 ? rows[i + 1]![key] : null;
    if (before === null && after === null) out.add(i);
  }
  return out;
}
