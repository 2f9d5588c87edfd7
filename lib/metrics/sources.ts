/**
 * What the metrics read besides the cluster's snapshot: the collector's status (lib/collector, from the
 * history store) and the log-dir forecasts. This file is the one place that knows those modules; the
 * rest of lib/metrics sees the shapes below, and tests pass their own.
 *
 * - Only live clusters have a collector status: the demo is never collected.
 * - A store that cannot be opened or read gives no status (null) rather than failing the scrape: the
 *   cluster's own figures and `kafka_balance_collector_up` still go out.
 * - The forecast is not in this build yet: no forecasts (null), so no forecast samples.
 */
import type { ClusterEntry } from "@/lib/cluster/clusters";
import { collectorStatus } from "@/lib/collector";
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
  collectorStatus(cluster: ClusterEntry): CollectorFigures | null;
  /** Every log dir's forecast for a cluster read as `snapshot` at `nowMs`, or null when none is available. */
  dirForecasts(cluster: ClusterEntry, snapshot: ClusterSnapshot, nowMs: number): DirForecastFigures[] | null;
}

export const appSources: MetricSources = {
  collectorStatus(cluster) {
    if (cluster.kind !== "live") return null;
    let intervalMs: number | null = null;
    try {
      intervalMs = historySettings().collectIntervalMs;
    } catch {
      // Settings that do not parse: the collector does not run, and says so in the log.
    }
    try {
      return { ...collectorStatus(cluster.name), intervalMs };
    } catch {
      return null;
    }
  },
  dirForecasts() {
    return null;
  },
};
