/**
 * The current cluster (live or demo) from `GET /api/cluster`, refreshed by SWR. The server page
 * passes its first-paint data as `fallbackData`, so nothing is fetched on mount; a live cluster is
 * re-read every `refreshIntervalMs` while auto-refresh is on, and on demand with `refreshNow()`.
 * The planner reads the same resource once (`useClusterOnce`): a plan is made for what the page shows,
 * and the app's header reads what either of them learnt (`useClusterReadFailed`) without fetching.
 */
import useSWR from "swr";
import type { ClusterData } from "@/lib/view/cluster-data";
import { useClusterName, withCluster } from "./cluster-param";
import { fetchJson } from "./fetch-json";

export const CLUSTER_URL = "/api/cluster";

export interface UseClusterOptions {
  fallbackData?: ClusterData;
  live: boolean;
  /** 0 turns auto-refresh off. */
  refreshIntervalMs: number;
}

export function useCluster({ fallbackData, live, refreshIntervalMs }: UseClusterOptions) {
  const key = withCluster(CLUSTER_URL, useClusterName());
  const swr = useSWR<ClusterData>(key, (url: string) => fetchJson<ClusterData>(url), {
    fallbackData,
    refreshInterval: live ? refreshIntervalMs : 0,
    revalidateOnMount: fallbackData === undefined,
    revalidateIfStale: false,
    revalidateOnFocus: live,
    keepPreviousData: true,
    // A failing cluster is retried by the refresh interval; SWR's own exponential retry would pile on.
    shouldRetryOnError: false,
  });
  /** Asks the server for a new scan now (`?refresh=1`), not the cached one. */
  const refreshNow = () => swr.mutate(fetchJson<ClusterData>(withCluster(`${CLUSTER_URL}?refresh=1`)), { revalidate: false });
  return { ...swr, refreshNow };
}

/** The current cluster, read once and not refreshed on focus; nothing is read while `enabled` is false. */
export function useClusterOnce(enabled: boolean) {
  const key = withCluster(CLUSTER_URL, useClusterName());
  return useSWR<ClusterData>(enabled ? key : null, (url: string) => fetchJson<ClusterData>(url), { revalidateOnFocus: false });
}

/**
 * True when the last read of the current cluster by this tab failed and left no data (the overview's
 * or the planner's): read from SWR's cache only, so nothing is fetched for it.
 */
export function useClusterReadFailed(): boolean {
  const key = withCluster(CLUSTER_URL, useClusterName());
  const { data, error } = useSWR<ClusterData>(key, null, { revalidateOnFocus: false, revalidateOnReconnect: false });
  return error !== undefined && data === undefined;
}
