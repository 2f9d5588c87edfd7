/**
 * What the metrics read besides the cluster's snapshot: the collector's status (lib/collector, from the
 * history store) and the log-dir forecasts (lib/forecast over the store's series). This file is the one
 * place that knows those modules; the rest of lib/metrics sees the shapes below, and tests pass their own.
 *
 * - Only live clusters have a collector status and forecasts: the demo is never collected.
 * - A store that cannot be opened or read gives no status and no forecasts (null) rather than failing
 *   the scrape: the cluster's own figures and `kafka_balance_collector_up` still go out.
 * - Bounded: a cluster's forecasts are computed once per recorded scan (and again only when its
 *   brokers' versions, cordoned or offline dirs change), from the forecast's window at most
 *   FORECAST_POINTS_PER_DIR points per dir. A later scrape takes the time since off each crossing.
 */
import type { ClusterEntry } from "@/lib/cluster/clusters";
import { collectorStatus } from "@/lib/collector";
import { DAY_MS, DEFAULT_WINDOW_DAYS, forecastCluster, forecastFactsOf, MAX_WINDOW_SAMPLES, type DirForecast, type Eta } from "@/lib/forecast";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { getStore } from "@/lib/store";
import { historySettings } from "@/lib/store/history";

/** The cluster's last collection (lib/collector's CollectorStatus) and how often one is due. */
export interface CollectorFigures {
  lastSuccessAt: number | null;
  lastAttemptAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  /** KAFKA_BALANCE_COLLECT_INTERVAL_MS, or null when the settings do not parse. */
  intervalMs: number | null;
}

/** One log dir's forecast: seconds from now until it crosses 85 %, 95 % and full; null = not on course to. */
export interface DirForecastFigures {
  broker: number;
  dir: string;
  p85Seconds: number | null;
  p95Seconds: number | null;
  fullSeconds: number | null;
}

export interface MetricSources {
  /** The collector's status for a cluster, or null when there is none to tell. */
  collectorStatus(cluster: ClusterEntry): CollectorFigures | null | Promise<CollectorFigures | null>;
  /** Every log dir's forecast for a cluster read as `snapshot` at `nowMs`, or null when none is available. */
  dirForecasts(cluster: ClusterEntry, snapshot: ClusterSnapshot, nowMs: number): DirForecastFigures[] | null | Promise<DirForecastFigures[] | null>;
}

/** Twice what the forecast resamples a window into (MAX_WINDOW_SAMPLES): folding loses it nothing. */
export const FORECAST_POINTS_PER_DIR = 2 * MAX_WINDOW_SAMPLES;

interface CachedForecasts {
  key: string;
  computedAt: number;
  forecasts: DirForecast[];
}

// On globalThis: Next may load this module in several chunks; one cache per process.
const cacheKey = Symbol.for("kafka-balance.metrics.forecasts");
const cache: Map<string, CachedForecasts> = ((globalThis as Record<symbol, unknown>)[cacheKey] as Map<string, CachedForecasts> | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[cacheKey] = cache;

/** Seconds until an ETA computed `elapsedMs` ago, as of now (0 once passed); null stays null. */
function secondsLeft(eta: Eta | null, elapsedMs: number): number | null {
  return eta === null ? null : Math.max(0, eta.seconds - elapsedMs / 1000);
}

/** Every dir's forecast from the cluster's history, cached per recorded scan (see the header). */
export async function storeForecasts(cluster: string, snapshot: ClusterSnapshot, nowMs: number): Promise<DirForecastFigures[]> {
  const store = getStore().history;
  const lastSuccessAt = (await store.lastScan(cluster)).lastSuccess?.at ?? null;
  if (lastSuccessAt === null) return [];
  const facts = forecastFactsOf(snapshot);
  const key = `${lastSuccessAt} ${JSON.stringify(facts)}`;
  let cached = cache.get(cluster);
  if (!cached || cached.key !== key) {
    const windowMs = DEFAULT_WINDOW_DAYS * DAY_MS;
    const series = await store.allDirSeries(cluster, nowMs - windowMs, nowMs, { maxPointsPerDir: FORECAST_POINTS_PER_DIR });
    cached = { key, computedAt: nowMs, forecasts: forecastCluster(series, { nowMs, windowDays: DEFAULT_WINDOW_DAYS, kafkaVersion: snapshot.source.kafkaVersion, brokers: facts }) };
    cache.set(cluster, cached);
  }
  const elapsedMs = Math.max(0, nowMs - cached.computedAt);
  return cached.forecasts.map((f) => ({
    broker: f.broker,
    dir: f.dir,
    p85Seconds: secondsLeft(f.until.p85, elapsedMs),
    p95Seconds: secondsLeft(f.until.p95, elapsedMs),
    fullSeconds: secondsLeft(f.until.full, elapsedMs),
  }));
}

/** Forgets the cached forecasts (tests). */
export function resetForecastCache(): void {
  cache.clear();
}

export const appSources: MetricSources = {
  async collectorStatus(cluster) {
    if (cluster.kind !== "live") return null;
    let intervalMs: number | null = null;
    try {
      intervalMs = historySettings().collectIntervalMs;
    } catch {
      // Settings that do not parse: the collector does not run, and says so in the log.
    }
    try {
      return { ...(await collectorStatus(cluster.name)), intervalMs };
    } catch {
      return null;
    }
  },
  async dirForecasts(cluster, snapshot, nowMs) {
    if (cluster.kind !== "live") return null;
    try {
      return await storeForecasts(cluster.name, snapshot, nowMs);
    } catch {
      return null;
    }
  },
};
