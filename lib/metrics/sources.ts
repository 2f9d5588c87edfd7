/**
 * What the metrics read besides the cluster's snapshot: the collector's status (lib/collector, from the
 * history store) and the log-dir forecasts (lib/forecast over the store's series). This file is the one
 * place that knows those modules; the rest of lib/metrics sees the shapes below, and tests pass their own.
 *
 * - Only live clusters have a collector status and forecasts: the demo is never collected.
 * - A store that cannot be opened or read gives no status and no forecasts (null) rather than failing
 *   the scrape: the cluster's own figures and `kafka_balance_collector_up` still go out.
 * - Bounded and off the request thread: the forecasts are the cluster's forecast table
 *   (lib/server/forecast-table.ts), computed in the worker pool once per recorded scan; a later
 *   scrape takes the time since off each crossing.
 */
import type { ClusterEntry } from "@/lib/cluster/clusters";
import { collectorStatus } from "@/lib/collector";
import { forecastTable, resetForecastTables } from "@/lib/server/forecast-table";
import type { Eta } from "@/lib/forecast";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
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

/** Seconds until an ETA computed `elapsedMs` ago, as of now (0 once passed); null stays null. */
function secondsLeft(eta: Eta | null, elapsedMs: number): number | null {
  return eta === null ? null : Math.max(0, eta.seconds - elapsedMs / 1000);
}

/**
 * Every dir's forecast: the cluster's forecast table (lib/server/forecast-table.ts — the one the
 * pages show, computed in the worker pool once per recorded scan), with the time since it was
 * computed taken off each crossing.
 */
export async function storeForecasts(cluster: string, snapshot: ClusterSnapshot, nowMs: number): Promise<DirForecastFigures[]> {
  const table = await forecastTable(cluster, { now: () => nowMs, snapshot });
  const elapsedMs = Math.max(0, nowMs - table.nowMs);
  return table.dirs.map((f) => ({
    broker: f.broker,
    dir: f.dir,
    p85Seconds: secondsLeft(f.until.p85, elapsedMs),
    p95Seconds: secondsLeft(f.until.p95, elapsedMs),
    fullSeconds: secondsLeft(f.until.full, elapsedMs),
  }));
}

/** Forgets the kept forecast tables (tests). */
export function resetForecastCache(): void {
  resetForecastTables();
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
