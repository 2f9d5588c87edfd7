/**
 * The page's cluster over time, from `GET /api/history` (cluster figures, the brokers and dirs it has
 * series for, applied plans, the collector's state) and one broker's or one dir's series from the same
 * route, and the forecast of every dir from `GET /api/history/forecast`. The window is part of the key,
 * so a new range or zoom is a new read; the previous data stays on screen while it loads.
 */
import useSWR from "swr";
import type { AppliedPlanFields } from "@/lib/view/applied-plan-marks";
import type { DirForecastFields } from "@/lib/view/forecast-table";
import type { BrokerPointFields, ClusterPointFields, DirPointFields, HistoryResolution } from "@/lib/view/history-rows";
import type { TimeWindow } from "@/lib/view/history-range";
import { useClusterName, withCluster } from "./cluster-param";
import { fetchJson } from "./fetch-json";

export const HISTORY_URL = "/api/history";
export const FORECAST_URL = "/api/history/forecast";

export interface CollectorState {
  lastSuccessAt: number | null;
  lastAttemptAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

export interface ClusterHistory {
  cluster: string;
  nowMs: number;
  resolution: HistoryResolution;
  collector: CollectorState;
  points: ClusterPointFields[];
  brokers: number[];
  dirs: { broker: number; dir: string }[];
  appliedPlans: AppliedPlanFields[];
}

export interface ForecastAnswer {
  cluster: string;
  nowMs: number;
  horizonDays: number;
  dirs: DirForecastFields[];
}

const OPTIONS = { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false } as const;

function windowQuery(window: TimeWindow): string {
  return `from=${Math.round(window.fromMs)}&to=${Math.round(window.toMs)}`;
}

/** `refreshMs`: re-read while a preset ending now is shown (0 for a zoom, which does not move). */
export function useClusterHistory(window: TimeWindow | null, refreshMs: number) {
  const cluster = useClusterName();
  const key = window ? withCluster(`${HISTORY_URL}?${windowQuery(window)}`, cluster) : null;
  return useSWR<ClusterHistory>(key, (url: string) => fetchJson<ClusterHistory>(url), { ...OPTIONS, refreshInterval: refreshMs });
}

export function useBrokerHistory(broker: number | null, window: TimeWindow | null) {
  const cluster = useClusterName();
  const key = window && broker !== null ? withCluster(`${HISTORY_URL}/broker?broker=${broker}&${windowQuery(window)}`, cluster) : null;
  return useSWR<{ points: BrokerPointFields[] }>(key, (url: string) => fetchJson(url), OPTIONS);
}

export function useDirHistory(dir: { broker: number; dir: string } | null, window: TimeWindow | null) {
  const cluster = useClusterName();
  const key = window && dir ? withCluster(`${HISTORY_URL}/dir?broker=${dir.broker}&dir=${encodeURIComponent(dir.dir)}&${windowQuery(window)}`, cluster) : null;
  return useSWR<{ points: DirPointFields[] }>(key, (url: string) => fetchJson(url), OPTIONS);
}

/** 5 min: the collector's default interval; a forecast does not move faster than its history. */
const FORECAST_REFRESH_MS = 300_000;

/** The forecast of every dir; `enabled` false reads nothing (the demo, which has no history). */
export function useForecast(enabled = true) {
  const cluster = useClusterName();
  return useSWR<ForecastAnswer>(enabled ? withCluster(FORECAST_URL, cluster) : null, (url: string) => fetchJson<ForecastAnswer>(url), { ...OPTIONS, refreshInterval: FORECAST_REFRESH_MS });
}
