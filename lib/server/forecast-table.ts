/**
 * The forecast table of a cluster: every dir's forecast (lib/forecast) from its last 15 days of history,
 * with what the current snapshot says of each broker (its Kafka version for the count rule, its
 * cordoned and offline dirs).
 *
 * Invariants:
 * - Computed in the worker pool (lib/workers: the task reads the store itself, read-only), never on
 *   the server's thread: 12,000 dirs' month is seconds of reading.
 * - Once per new scan: the table is kept per cluster until the cluster's last recorded scan changes,
 *   and callers asking while it is computed wait for that same computation (single-flight). A failed
 *   computation is not kept.
 * - A cluster the snapshot cannot be read for is still forecast, from its history alone.
 */
import { getClusterSnapshot } from "@/lib/cluster/source";
import { DEFAULT_WINDOW_DAYS, forecastFactsOf, type BrokerFacts, type DirForecast } from "@/lib/forecast";
import { DAY_MS } from "@/lib/model/history-settings";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { getStore } from "@/lib/store";
import type { HistorySpan } from "@/lib/view/history/forecast-wait";
import { runTask } from "./run-task";

/**
 * The history read: the forecast's window (DEFAULT_WINDOW_DAYS, 14 days) and a day more, so a window
 * whose first scans are late still has its start. The fit reads nothing older; reading a month (as this
 * did) doubled the read for nothing.
 */
export const FORECAST_HISTORY_MS = (DEFAULT_WINDOW_DAYS + 1) * DAY_MS;
/**
 * Points per dir handed to the forecast: 15 days at 1.5-hour resolution or finer (its fits sample about
 * 24 points from their window; the newest few set the level now), and a bounded table to pass between threads.
 */
export const FORECAST_POINTS_PER_DIR = 240;

export interface ForecastTable {
  cluster: string;
  /** The time the forecasts count from. */
  nowMs: number;
  /** The last recorded scan the table is based on (null when the cluster has none). */
  scanAt: number | null;
  fromMs: number;
  /**
   * The successful scans the forecast's read holds (from `fromMs` to `nowMs`): when the history starts
   * and ends, so a page can say "not enough history yet (30 min of 6 h)" instead of a verdict.
   */
  history: HistorySpan;
  dirs: DirForecast[];
}

interface Entry {
  key: string;
  promise: Promise<ForecastTable>;
}

const cacheKey = Symbol.for("kafka-balance.forecast-tables");
function cache(): Map<string, Entry> {
  const holder = globalThis as Record<symbol, unknown>;
  return ((holder[cacheKey] as Map<string, Entry> | undefined) ??= new Map()) as Map<string, Entry>;
}

async function facts(cluster: string, known: ClusterSnapshot | undefined): Promise<{ brokers: Record<number, BrokerFacts>; kafkaVersion: string | null }> {
  try {
    const snapshot = known ?? (await getClusterSnapshot({ cluster }));
    return { brokers: forecastFactsOf(snapshot), kafkaVersion: snapshot.source.kafkaVersion };
  } catch {
    return { brokers: {}, kafkaVersion: null };
  }
}

async function compute(cluster: string, scanAt: number | null, nowMs: number, snapshot: ClusterSnapshot | undefined): Promise<ForecastTable> {
  const store = getStore();
  const fromMs = nowMs - FORECAST_HISTORY_MS;
  const { brokers, kafkaVersion } = await facts(cluster, snapshot);
  // The scans' span beside the forecast's task: the cluster's entries in the window (hourly past 2 days, so about 900 rows for 15 days).
  const span = store.history.scans.between(cluster, fromMs, nowMs).then((entries): HistorySpan => {
    const ok = entries.filter((e) => e.ok > 0);
    return { firstAt: ok[0]?.at ?? null, lastAt: ok.at(-1)?.at ?? null, scans: ok.reduce((n, e) => n + e.ok, 0) };
  });
  const task = runTask("forecast", {
    store: store.config,
    settings: store.history.settings,
    cluster,
    nowMs,
    fromMs,
    maxPointsPerDir: FORECAST_POINTS_PER_DIR,
    brokers,
    kafkaVersion,
  });
  const [history, dirs] = await Promise.all([span, task]);
  return { cluster, nowMs, scanAt, fromMs, history, dirs };
}

export interface ForecastTableOptions {
  /** The clock the table counts from when it is computed. */
  now?: () => number;
  /** The cluster's current snapshot, when the caller has it (its brokers' versions and dir states); else it is read. */
  snapshot?: ClusterSnapshot;
}

/** The cluster's forecast table (see the header); throws what the worker pool throws (busy, timed out). */
export async function forecastTable(cluster: string, options: ForecastTableOptions = {}): Promise<ForecastTable> {
  const store = getStore();
  const { last } = await store.history.lastScan(cluster);
  const key = `${store.location}\u0000${last?.at ?? "none"}`;
  const tables = cache();
  // Read after the store answered: a caller that asked at the same moment may have started the table meanwhile.
  const cached = tables.get(cluster);
  if (cached && cached.key === key) return cached.promise;
  const entry: Entry = { key, promise: compute(cluster, last?.at ?? null, (options.now ?? Date.now)(), options.snapshot) };
  tables.set(cluster, entry);
  entry.promise.catch(() => {
    if (tables.get(cluster) === entry) tables.delete(cluster);
  });
  return entry.promise;
}

/** Forgets every kept table (tests). */
export function resetForecastTables(): void {
  cache().clear();
}
