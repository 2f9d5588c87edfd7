/**
 * The page's cluster over time from `GET /api/history` (lib/server/history-read.ts): the cluster's
 * figures, or one broker's with its log dirs' series, each with the failed scans in the range (gaps),
 * the plans applied and the collector's state; and the forecast of every dir from
 * `GET /api/history/forecast`. The window is part of the key, so a new range or zoom is a new read;
 * the previous data stays on screen while it loads. No read waits for another it does not need: only
 * the first broker's waits for the cluster's list of brokers (useClusterHistory `firstBroker`).
 */
import useSWR, { preload } from "swr";
import type { ForecastAnswer } from "@/lib/server/forecast";
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
 * The answer of GET /api/history/forecast (lib/server/forecast.ts): the cluster's forecast table, soonest
 * to fill first (`total` dirs, `dirs` the first of them), the history it had (`history`: enough for a
 * fit yet?); `generated` null, or for the demo what its generated history is.
 */
export type { ForecastAnswer };

const OPTIONS = { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false } as const;

function windowQuery(window: TimeWindow): string {
  return `from=${Math.round(window.fromMs)}&to=${Math.round(window.toMs)}`;
}

function brokerKey(broker: number, window: TimeWindow, cluster: string | null): string {
  return withCluster(`${HISTORY_URL}?scope=broker&broker=${broker}&${windowQuery(window)}`, cluster);
}

const fetchBroker = (url: string) => fetchJson<BrokerHistory>(url);

/**
 * `refreshMs`: re-read while the range ends now (0 for a zoom, which does not move). `firstBroker`:
 * the page shows the first broker the answer lists (the URL names none), so its read is started the
 * moment the answer lands (SWR's preload, which useBrokerHistory's read then takes), not after the
 * cluster's charts have rendered.
 */
export function useClusterHistory(window: TimeWindow | null, refreshMs: number, firstBroker = false) {
  const cluster = useClusterName();
  const key = window ? withCluster(`${HISTORY_URL}?scope=cluster&${windowQuery(window)}`, cluster) : null;
  return useSWR<ClusterHistory>(
    key,
    async (url: string) => {
      const answer = await fetchJson<ClusterHistory>(url);
      const first = answer.brokers[0];
      if (firstBroker && window && first !== undefined) void preload(brokerKey(first, window, cluster), fetchBroker).catch(() => undefined);
      return answer;
    },
    { ...OPTIONS, refreshInterval: refreshMs },
  );
}

/** One broker's figures and its log dirs' series over the window. */
export function useBrokerHistory(broker: number | null, window: TimeWindow | null, refreshMs: number) {
  const cluster = useClusterName();
  const key = window && broker !== null ? brokerKey(broker, window, cluster) : null;
  return useSWR<BrokerHistory>(key, fetchBroker, { ...OPTIONS, refreshInterval: refreshMs });
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
