/**
 * The page's cluster over time from `GET /api/history` (lib/server/history-read.ts): the cluster's
 * figures, or one broker's with its log dirs' series, each with the failed scans in the range (gaps),
 * the plans applied and the collector's state; and the forecast of every dir from
 * `GET /api/history/forecast`. The window is part of the key, so a new range or zoom is a new read;
 * the previous data stays on screen while it loads.
 */
import useSWR from "swr";
import type { ForecastTable } from "@/lib/server/forecast-table";
import type { HistoryResponse } from "@/lib/server/history-read";
import type { TimeWindow } from "@/lib/view/history/history-range";
import { useClusterName, withCluster } from "./cluster-url";
import { fetchJson } from "./fetch-json";

export const HISTORY_URL = "/api/history";
export const FORECAST_URL = "/api/history/forecast";

/** The cluster's figures over the window (scope=cluster). */
export type ClusterHistory = Extract<HistoryResponse, { scope: "cluster" }>;
/** One broker's figures with its log dirs' series (scope=broker). */
export type BrokerHistory = Extract<HistoryResponse, { scope: "broker" }>;

/**
 * The answer of GET /api/history/forecast: the cluster's forecast table, soonest to fill first (`total`
 * dirs, `dirs` the first of them); `generated` null, or for the demo what its generated history is.
 */
export type ForecastAnswer = ForecastTable & { total: number; generated: string | null };

const OPTIONS = { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false } as const;

function windowQuery(window: TimeWindow): string {
  return `from=${Math.round(window.fromMs)}&to=${Math.round(window.toMs)}`;
}

/** `refreshMs`: re-read while a preset ending now is shown (0 for a zoom, which does not move). */
export function useClusterHistory(window: TimeWindow | null, refreshMs: number) {
  const cluster = useClusterName();
  const key = window ? withCluster(`${HISTORY_URL}?scope=cluster&${windowQuery(window)}`, cluster) : null;
  return useSWR<ClusterHistory>(key, (url: string) => fetchJson<ClusterHistory>(url), { ...OPTIONS, refreshInterval: refreshMs });
}

/** One broker's figures and its log dirs' series over the window. */
export function useBrokerHistory(broker: number | null, window: TimeWindow | null, refreshMs: number) {
  const cluster = useClusterName();
  const key = window && broker !== null ? withCluster(`${HISTORY_URL}?scope=broker&broker=${broker}&${windowQuery(window)}`, cluster) : null;
  return useSWR<BrokerHistory>(key, (url: string) => fetchJson<BrokerHistory>(url), { ...OPTIONS, refreshInterval: refreshMs });
}

/** 5 min: the collector's default interval; a forecast does not move faster than its history. */
const FORECAST_REFRESH_MS = 300_000;

/** The forecast of every dir (the demo's from its generated history); `enabled` false reads nothing. */
export function useForecast(enabled = true) {
  const cluster = useClusterName();
  return useSWR<ForecastAnswer>(enabled ? withCluster(FORECAST_URL, cluster) : null, (url: string) => fetchJson<ForecastAnswer>(url), {
    ...OPTIONS,
    refreshInterval: FORECAST_REFRESH_MS,
  });
}
