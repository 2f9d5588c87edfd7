/**
 * The forecast of every log dir of a cluster now, from its recorded history: what
 * `GET /api/history/forecast` answers, and what the simulator's forecast base grows the current cluster
 * with (lib/forecast/snapshot-at.ts).
 *
 * Invariants:
 * - Reads only the forecast's window (DEFAULT_WINDOW_DAYS) of each dir, folded to at most
 *   FORECAST_POINTS_PER_DIR points, so a 12,000-dir cluster is one bounded read.
 * - What the history does not know comes from the current snapshot when the caller has one (each
 *   broker's Kafka version, which decides the count rule's ties; cordoned and offline dirs); without
 *   one, a dir's newest recorded state says whether it is cordoned, and the cluster's version is unknown.
 * - The demo (not collected) and a cluster without history answer no dirs, never an error.
 */
import { DAY_MS, DEFAULT_HORIZON_DAYS, DEFAULT_WINDOW_DAYS, forecastCluster, forecastFactsOf, type BrokerFacts, type DirForecast } from "@/lib/forecast";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { getHistoryStore } from "@/lib/store/history";

/** 2,000: 14 days of 5-minute scans (4,032) folded to 10-minute points, enough for the fit's drops and plateaus. */
export const FORECAST_POINTS_PER_DIR = 2000;

export interface ForecastResponse {
  cluster: string;
  /** Whether the collector records this cluster (the demo is not collected). */
  collected: boolean;
  nowMs: number;
  windowDays: number;
  horizonDays: number;
  /** Every dir with history in the window, in the history's order (broker, then path). */
  dirs: DirForecast[];
}

/** Cordoned dirs by their newest recorded state, per broker: the facts the history itself carries. */
function factsFromHistory(series: readonly { broker: number; dir: string; points: readonly { state: string }[] }[]): Record<number, BrokerFacts> {
  const facts: Record<number, { cordoned: string[] }> = {};
  for (const s of series) {
    if (s.points.at(-1)?.state !== "cordoned") continue;
    (facts[s.broker] ??= { cordoned: [] }).cordoned.push(s.dir);
  }
  return facts;
}

export function readForecast(cluster: string, collected: boolean, nowMs: number, snapshot: ClusterSnapshot | null = null): ForecastResponse {
  const base = { cluster, collected, nowMs, windowDays: DEFAULT_WINDOW_DAYS, horizonDays: DEFAULT_HORIZON_DAYS };
  if (!collected) return { ...base, dirs: [] };
  const series = getHistoryStore().allDirSeries(cluster, nowMs - DEFAULT_WINDOW_DAYS * DAY_MS, nowMs, { maxPointsPerDir: FORECAST_POINTS_PER_DIR });
  const dirs = forecastCluster(series, {
    nowMs,
    brokers: snapshot ? forecastFactsOf(snapshot) : factsFromHistory(series),
    kafkaVersion: snapshot?.source.kafkaVersion ?? null,
  });
  return { ...base, dirs };
}
