/**
 * The forecast's shared types and constants: what a dir's forecast says (DirForecast, Eta, Confidence),
 * what it is asked with (ForecastOptions, BrokerFacts), and the fixed levels and windows. The modules
 * that build a forecast (forecast.ts, dir-forecast.ts, broker-placement.ts, confidence.ts, note.ts)
 * import these from here, so none imports another's builder back.
 */
import type { Projection } from "./projection";
import type { ByteField } from "./series";

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
