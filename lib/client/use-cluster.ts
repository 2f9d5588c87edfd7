/**
 * The current cluster (live or demo). The overview reads its view model from
 * `GET /api/cluster/overview`, refreshed by SWR: the server page passes its first-paint model and
 * ETag as `fallbackData`, so nothing is fetched on mount; a live cluster is re-read every
 * `refreshIntervalMs` while auto-refresh is on, and on demand with `refreshNow()`. Each re-read sends
 * the ETag of the model on screen, so an unchanged cluster costs a 304: the same data object, or
 * the same figures with the newer capture time the 304 names.
 * The planner reads the whole snapshot from `GET /api/cluster` once (`useClusterOnce`): a plan is made
 * for every replica. The app's header reads what either learnt (`useClusterReadFailed`) without fetching.
 */
import { useEffect, useRef } from "react";
import useSWR from "swr";
import type { ClusterData } from "@/lib/view/overview/cluster-data";
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import { useClusterName, withCluster } from "./cluster-url";
import { fetchJson, fetchTagged } from "./fetch-json";

export const CLUSTER_URL = "/api/cluster";
export const OVERVIEW_URL = "/api/cluster/overview";
export const TOPICS_URL = "/api/cluster/topics";
export const BROKER_URL = "/api/cluster/broker";

import type { TaggedOverview } from "@/lib/view/overview/overview-model";

export type { TaggedOverview };

export interface UseOverviewOptions {
  fallbackData?: TaggedOverview;
  live: boolean;
  /** 0 turns auto-refresh off. */
  refreshIntervalMs: number;
}

export function useOverview({ fallbackData, live, refreshIntervalMs }: UseOverviewOptions) {
  const cluster = useClusterName();
  const key = withCluster(OVERVIEW_URL, cluster);
  const shown = useRef<TaggedOverview | undefined>(fallbackData);
  const revalidate = async (url: string): Promise<TaggedOverview> => {
    const before = shown.current;
    const answer = await fetchTagged<OverviewModel>(url, before?.etag ?? null);
    if (answer.unchanged) {
      if (!before) throw new Error(`${url} answered 304 to a request without an ETag`);
      // The same figures from a newer scan: only the capture time is new (the report object stays).
      const capturedAt = answer.headers.get("x-captured-at");
      if (capturedAt === null || capturedAt === before.model.head.capturedAt) return before;
      return { model: { ...before.model, head: { ...before.model.head, capturedAt } }, etag: before.etag };
    }
    return { model: answer.data, etag: answer.etag };
  };
  const swr = useSWR<TaggedOverview>(key, revalidate, {
    fallbackData,
    refreshInterval: live ? refreshIntervalMs : 0,
    revalidateOnMount: fallbackData === undefined,
    revalidateIfStale: false,
    revalidateOnFocus: live,
    keepPreviousData: true,
    // An unchanged answer is the very object on screen: compare by identity, not by walking 12,000 dirs.
    compare: (a, b) => a === b,
    // A failing cluster is retried by the refresh interval; SWR's own exponential retry would pile on.
    shouldRetryOnError: false,
  });
  useEffect(() => {
    if (swr.data) shown.current = swr.data;
  }, [swr.data]);
  /** Asks the server for a new scan now (`?refresh=1`), not the cached one. */
  const refreshNow = () => swr.mutate(revalidate(withCluster(`${OVERVIEW_URL}?refresh=1`, cluster)), { revalidate: false });
  return { ...swr, refreshNow };
}

/** The current cluster's whole snapshot, read once and not refreshed on focus; nothing is read while `enabled` is false. */
export function useClusterOnce(enabled: boolean) {
  const key = withCluster(CLUSTER_URL, useClusterName());
  return useSWR<ClusterData>(enabled ? key : null, (url: string) => fetchJson<ClusterData>(url), { revalidateOnFocus: false });
}

/**
 * True when the last read of the current cluster by this tab (the overview's or the planner's) failed
 * and left no data: read from SWR's cache only, so nothing is fetched for it.
 */
export function useClusterReadFailed(): boolean {
  const cluster = useClusterName();
  const options = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateOnMount: false };
  const overview = useSWR<TaggedOverview>(withCluster(OVERVIEW_URL, cluster), null, options);
  const whole = useSWR<ClusterData>(withCluster(CLUSTER_URL, cluster), null, options);
  const failed = (r: { data: unknown; error: unknown }) => r.error !== undefined && r.data === undefined;
  return failed(overview) || failed(whole);
}
