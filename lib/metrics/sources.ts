/**
 * What the metrics read besides the cluster's snapshot: the collector's status (lib/collector) and
 * the log-dir forecasts (lib/forecast over the history store's series). This file is the one place
 * that knows those modules; the rest of lib/metrics sees the shapes below.
 *
 * Neither module is in this build yet, so both answers are null and the collector timing and
 * forecast families are left out of the exposition (never made up).
 */

/** The collector's latest scans of one cluster (times in ms since the epoch). */
export interface CollectorStatus {
  lastSuccessAt: number | null;
  lastAttemptAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

/** One log dir's forecast: seconds from now until it crosses 85 %, 95 % and full; null = not on course to. */
export interface DirForecastFigures {
  broker: number;
  dir: string;
  p85Seconds: number | null;
  p95Seconds: number | null;
  fullSeconds: number | null;
}

/** The collector's status for a cluster, or null when no collector runs in this build. */
export function collectorStatusOf(_cluster: string): CollectorStatus | null {
  return null;
}

/** Every log dir's forecast for a cluster at `nowMs`, or null when no forecast is available in this build. */
export function dirForecastsOf(_cluster: string, _nowMs: number): DirForecastFigures[] | null {
  return null;
}
