/**
 * Which disk fills first, and when: per log dir, the time until it crosses 85 %, 95 % and full, from a
 * robust fit of its recent growth (fit.ts) plus the partitions Kafka's count rule will send it
 * (placement.ts), with a range and a plain account of what was used.
 *
 * Invariants:
 * - Pure: `nowMs` is a parameter (when it is unusable, the newest point's time stands in); nothing reads
 *   a clock or draws a random number. Same input, same output, in input order.
 * - Reads about MAX_WINDOW_SAMPLES points of each dir's window (`windowDays`, default 14) when the
 *   history is in order (all of the window when it is not), so the cost per dir is bounded whatever the
 *   history's length or scan rate; every loop ends for every input, and no input makes it throw: values
 *   that are not usable numbers are unknown, and unknown shows as null with a note.
 * - A dir's forecast needs its capacity: without one, the times are null and the confidence "none".
 * - Placement is per broker: the broker's new partitions per day (the net growth of its partition count
 *   over the window) are shared among its live dirs by the count rule of the broker's Kafka version
 *   (lib/model/kafka-versions.ts); each new partition grows at the broker's median bytes per partition
 *   per day. A dir that is offline, not scanned for a day, or a second series with the same name gets none.
 */
import { brokerPlacement } from "./broker-placement";
import { buildForecast } from "./dir-forecast";
import { dirScratch, readDir, type DirWork } from "./dir-work";
import type { Projection } from "./projection";
import { DAY_MS, latestTime, type ByteField, type DirSeries } from "./series";

export interface Eta {
  seconds: number;
  /** At the fast end of the growth range. */
  earliestSeconds: number;
  /** At the slow end, or null when the slow end does not get there within the horizon. */
  latestSeconds: number | null;
}

export type Confidence = "high" | "medium" | "low" | "none";

export interface DirForecast {
  broker: number;
  dir: string;
  capacityBytes: number | null;
  /** Bytes used on the disk now (from the newest points), or Kafka's bytes when the disk's are unknown. */
  usedBytes: number | null;
  kafkaBytes: number | null;
  utilization: number | null;
  /**
   * Growth in bytes/day: the expected average over the next 30 days (own trend plus new partitions)
   * with its 80 % range; `trendBytesPerDay` is the history's own slope, `placementBytesPerDay` what the
   * count rule adds on average over those 30 days.
   */
  growth: { bytesPerDay: number; low: number; high: number; trendBytesPerDay: number; placementBytesPerDay: number } | null;
  /** Seconds from `nowMs` until the dir crosses each level; null = not within the horizon / not growing; 0 = already past. */
  until: { p85: Eta | null; p95: Eta | null; full: Eta | null };
  /** What it used and how sure it is, in words and figures. */
  basis: {
    /** The byte series fitted; null when nothing could be fitted. */
    series: ByteField | null;
    points: number;
    fromMs: number;
    toMs: number;
    method: string;
    /** Share of the broker's new partitions over the next 30 days that the count rule sends here (0 when it adds none). */
    placementShare: number;
    note: string;
  };
  confidence: Confidence;
  /** The bytes ahead, for charts and the simulator (projection.ts): expected, fast and slow. */
  projection: { central: Projection; fast: Projection; slow: Projection } | null;
}

/** What the history does not say about a broker: its version and its dirs' states (from the current snapshot). */
export interface BrokerFacts {
  kafkaVersion?: string | null;
  cordoned?: readonly string[];
  offline?: readonly string[];
}

export interface ForecastOptions {
  /** The time to forecast from (ms since the epoch). */
  nowMs: number;
  /** Recent history the fit reads; default 14 days. */
  windowDays?: number;
  /** How far ahead a crossing counts; default 365 days. */
  horizonDays?: number;
  /** Apply the count rule for new partitions; default true. */
  placement?: boolean;
  /** The cluster's Kafka version label, for brokers without their own. */
  kafkaVersion?: string | null;
  brokers?: Readonly<Record<number, BrokerFacts>>;
}

export const DEFAULT_WINDOW_DAYS = 14;
export const DEFAULT_HORIZON_DAYS = 365;
/** The levels: 85 % ("act now", UTILIZATION_MARKS), 95 %, full. */
export const FORECAST_LEVELS = { p85: 0.85, p95: 0.95, full: 1 } as const;
/** Growth and placement shares are stated over the next 30 days. */
export const REFERENCE_DAYS = 30;
/**
 * The range also allows the growth rate to drift by 5 % a month either way: a rate measured over two
 * weeks says little about how it changes over a year, and a range that ignores that is too sure of
 * far-off dates.
 */
export const RATE_DRIFT_PER_MONTH = 0.05;

function clampOr(x: number | undefined, min: number, max: number, fallback: number): number {
  return typeof x === "number" && Number.isFinite(x) ? Math.min(max, Math.max(min, x)) : fallback;
}

/** A series as the fits may read it: whatever is not an object reads as a dir with no points (a well-formed one is used as it is). */
function normalized(s: unknown): DirSeries {
  if (typeof s !== "object" || s === null) return { broker: NaN, dir: "", points: [] };
  const { broker, dir, points } = s as Partial<DirSeries>;
  if (typeof dir === "string" && Array.isArray(points)) return s as DirSeries;
  return { broker: broker as number, dir: typeof dir === "string" ? dir : String(dir ?? ""), points: Array.isArray(points) ? points : [] };
}

function resolved(dirs: readonly DirSeries[], options: ForecastOptions) {
  let nowMs = options?.nowMs;
  if (typeof nowMs !== "number" || !Number.isFinite(nowMs)) {
    let latest: number | null = null;
    for (const d of dirs) {
      const t = latestTime(d.points);
      if (t !== null && (latest === null || t > latest)) latest = t;
    }
    nowMs = latest ?? 0;
  }
  const windowDays = clampOr(options?.windowDays, 1 / 24, 366, DEFAULT_WINDOW_DAYS);
  const horizonDays = clampOr(options?.horizonDays, 1, 36_600, DEFAULT_HORIZON_DAYS);
  return { nowMs, windowMs: windowDays * DAY_MS, horizonDays, placement: options?.placement !== false };
}

/**
 * Forecasts for every dir, in input order; the count rule shares each broker's new partitions among its dirs.
 * Broker by broker: a broker's dirs are read, planned and forecast before the next broker's are read,
 * so the fits (DirWork) die young instead of all 12,000 of a large cluster outliving the pass.
 */
export function forecastCluster(dirs: readonly DirSeries[], options: ForecastOptions): DirForecast[] {
  const list = (Array.isArray(dirs) ? dirs : []).map(normalized);
  const { nowMs, windowMs, horizonDays, placement } = resolved(list, options);
  const scratch = dirScratch();
  // Each broker's dirs (indexes into `list`), brokers in order of first appearance.
  const byBroker = new Map<unknown, number[]>();
  for (let i = 0; i < list.length; i++) {
    const id = list[i]!.broker;
    const group = byBroker.get(id);
    if (group) group.push(i);
    else byBroker.set(id, [i]);
  }
  const out = new Array<DirForecast>(list.length);
  const work: DirWork[] = [];
  const seen = new Set<string>();
  for (const [id, indexes] of byBroker) {
    work.length = 0;
    seen.clear();
    for (const i of indexes) {
      const w = readDir(list[i]!, nowMs, windowMs, scratch);
      const name = w.series.dir;
      w.duplicate = seen.has(name);
      seen.add(name);
      work.push(w);
    }
    const facts = options?.brokers && typeof id === "number" && Object.hasOwn(options.brokers, id) ? options.brokers[id] : undefined;
    const plan = brokerPlacement(work, facts, options?.kafkaVersion, placement);
    for (let k = 0; k < indexes.length; k++) out[indexes[k]!] = buildForecast(work[k]!, plan, nowMs, horizonDays);
  }
  return out;
}

/** The forecast of one dir, as if it were its broker's only dir. */
export function forecastDir(series: DirSeries, options: ForecastOptions): DirForecast {
  return forecastCluster([series], options)[0]!;
}
