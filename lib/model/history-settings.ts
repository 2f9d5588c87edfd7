/**
 * The history's settings, read from the environment in one place: how often the collector scans, how
 * long each resolution is kept, how many topics per broker are kept; and where a compaction cuts.
 *
 * Retention, three tiers: every scan while younger than `rawMs`, hourly points while younger than
 * `hourlyMs`, daily points while younger than `dailyMs`; older points are dropped. Defaults: 2 days,
 * 60 days, 2 years (730 days). Cuts are aligned to the finer tier's storage chunk (a whole number of the
 * coarser tier's buckets), so a compaction folds whole chunks and whole buckets: a tier may keep up to
 * one chunk more than its retention, never less.
 */
import { DEFAULT_TOPICS_PER_BROKER } from "./history-figures";
import { failure, success, type Result } from "./result";
import { DAY_MS } from "./units";

export { DAY_MS, HOUR_MS } from "./units";

export interface HistoryRetention {
  /** Every scan is kept while younger than this (ms). */
  rawMs: number;
  /** Hourly points are kept while younger than this. */
  hourlyMs: number;
  /** Daily points are kept while younger than this. */
  dailyMs: number;
}

export interface HistorySettings {
  retention: HistoryRetention;
  /** How often the collector scans each live cluster (ms). */
  collectIntervalMs: number;
  /**
   * How long the collector's lease on a cluster lasts without renewal (ms): how long another instance
   * waits before it takes over from one that died. The holder renews it every third of it.
   */
  collectLeaseMs: number;
  /** Topics kept per broker, its largest by bytes (history-figures.ts); 0 keeps none. */
  topicsPerBroker: number;
}

export const DEFAULT_HISTORY_RETENTION: HistoryRetention = { rawMs: 2 * DAY_MS, hourlyMs: 60 * DAY_MS, dailyMs: 730 * DAY_MS };
/** 5 minutes: the resolution for the recent history. */
export const DEFAULT_COLLECT_INTERVAL_MS = 300_000;
/** 1 s: tests run the collector fast; below that a scan of a real cluster would not finish. */
export const MIN_COLLECT_INTERVAL_MS = 1_000;
/**
 * 30 s: the longest default lease. The default is half the interval up to this, so a takeover (the
 * lease running out, plus two renewal periods of a third of it) fits in the interval: the history
 * never has a gap of more than two intervals when an instance dies.
 */
export const MAX_DEFAULT_COLLECT_LEASE_MS = 30_000;
/** 300 ms: renewals every 100 ms; a shorter lease would be lost to an ordinary pause of the event loop. */
export const MIN_COLLECT_LEASE_MS = 300;

/** The default lease for an interval: half of it, at most 30 s. */
export function defaultCollectLeaseMs(intervalMs: number): number {
  return Math.min(MAX_DEFAULT_COLLECT_LEASE_MS, Math.floor(intervalMs / 2));
}

/** 1,000: beyond that a broker's topic series outgrow its dirs'. */
export const MAX_TOPICS_PER_BROKER = 1_000;

export const HISTORY_ENV = {
  rawMs: "KAFKA_BALANCE_HISTORY_RAW_DAYS",
  hourlyMs: "KAFKA_BALANCE_HISTORY_HOURLY_DAYS",
  dailyMs: "KAFKA_BALANCE_HISTORY_DAILY_DAYS",
  collectIntervalMs: "KAFKA_BALANCE_COLLECT_INTERVAL_MS",
  collectLeaseMs: "KAFKA_BALANCE_COLLECT_LEASE_MS",
  topicsPerBroker: "KAFKA_BALANCE_HISTORY_TOPICS_PER_BROKER",
} as const;

type Env = Record<string, string | undefined>;

/** The settings the environment gives, defaults for what it leaves unset; or `invalid_config` saying what is wrong, naming the variable. */
export function historySettingsFromEnv(env: Env): Result<HistorySettings> {
  const retention: HistoryRetention = { ...DEFAULT_HISTORY_RETENTION };
  for (const key of ["rawMs", "hourlyMs", "dailyMs"] as const) {
    const name = HISTORY_ENV[key];
    const raw = env[name]?.trim();
    if (!raw) continue;
    const days = Number(raw);
    if (!Number.isFinite(days) || days <= 0) return failure("invalid_config", `${name} is a number of days above 0 (fractions allowed), got "${raw.slice(0, 40)}"`);
    retention[key] = Math.round(days * DAY_MS);
  }
  if (retention.rawMs > retention.hourlyMs) {
    return failure(
      "invalid_config",
      `${HISTORY_ENV.rawMs} (${retention.rawMs / DAY_MS}) must not exceed ${HISTORY_ENV.hourlyMs} (${retention.hourlyMs / DAY_MS}): hourly points start where every scan's end`,
    );
  }
  if (retention.hourlyMs > retention.dailyMs) {
    return failure(
      "invalid_config",
      `${HISTORY_ENV.hourlyMs} (${retention.hourlyMs / DAY_MS}) must not exceed ${HISTORY_ENV.dailyMs} (${retention.dailyMs / DAY_MS}): daily points start where hourly ones end`,
    );
  }
  let collectIntervalMs = DEFAULT_COLLECT_INTERVAL_MS;
  const interval = env[HISTORY_ENV.collectIntervalMs]?.trim();
  if (interval) {
    collectIntervalMs = Number(interval);
    if (!Number.isInteger(collectIntervalMs) || collectIntervalMs < MIN_COLLECT_INTERVAL_MS) {
      return failure("invalid_config", `${HISTORY_ENV.collectIntervalMs} is a whole number of ms, at least ${MIN_COLLECT_INTERVAL_MS}, got "${interval.slice(0, 40)}"`);
    }
  }
  let collectLeaseMs = defaultCollectLeaseMs(collectIntervalMs);
  const lease = env[HISTORY_ENV.collectLeaseMs]?.trim();
  if (lease) {
    collectLeaseMs = Number(lease);
    if (!Number.isInteger(collectLeaseMs) || collectLeaseMs < MIN_COLLECT_LEASE_MS || collectLeaseMs >= collectIntervalMs) {
      return failure(
        "invalid_config",
        `${HISTORY_ENV.collectLeaseMs} is a whole number of ms, at least ${MIN_COLLECT_LEASE_MS} and below the collector's interval (${collectIntervalMs}), got "${lease.slice(0, 40)}"`,
      );
    }
  }
  let topicsPerBroker = DEFAULT_TOPICS_PER_BROKER;
  const topics = env[HISTORY_ENV.topicsPerBroker]?.trim();
  if (topics) {
    topicsPerBroker = Number(topics);
    if (!Number.isInteger(topicsPerBroker) || topicsPerBroker < 0 || topicsPerBroker > MAX_TOPICS_PER_BROKER) {
      return failure("invalid_config", `${HISTORY_ENV.topicsPerBroker} is a whole number from 0 to ${MAX_TOPICS_PER_BROKER}, got "${topics.slice(0, 40)}"`);
    }
  }
  return success({ retention, collectIntervalMs, collectLeaseMs, topicsPerBroker });
}

export interface CompactionCuts {
  /** Every-scan points before this fold into hourly points. */
  rawBefore: number;
  /** Hourly points before this fold into daily points. */
  hourlyBefore: number;
  /** Daily points before this are dropped. */
  dailyBefore: number;
}

/**
 * Where a compaction at `nowMs` cuts: each tier's age limit, moved back to a multiple of the finer
 * tier's chunk span (`rawChunkMs` for scans, `hourlyChunkMs` for hourly points; each a whole number of
 * the next tier's buckets), so only whole chunks fold.
 */
export function compactionCuts(nowMs: number, retention: HistoryRetention, spans: { rawChunkMs: number; hourlyChunkMs: number }): CompactionCuts {
  return {
    rawBefore: Math.floor((nowMs - retention.rawMs) / spans.rawChunkMs) * spans.rawChunkMs,
    hourlyBefore: Math.floor((nowMs - retention.hourlyMs) / spans.hourlyChunkMs) * spans.hourlyChunkMs,
    dailyBefore: nowMs - retention.dailyMs,
  };
}
