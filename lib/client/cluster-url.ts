/**
 * The cluster a page shows is in its URL (`?cluster=<name>`, lib/cluster/clusters.ts), so every link
 * names its cluster. Requests the page makes carry the same parameter: `withCluster(url)` adds the
 * page's cluster (read from the address bar when the request is made), `useClusterName()` gives it to
 * components that render it.
 */
import { useSearchParams } from "next/navigation";

export function clusterFromLocation(): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.search).get("cluster");
}

/** `url` with the page's cluster as `cluster=`; unchanged when the page names none. */
export function withCluster(url: string, cluster: string | null = clusterFromLocation()): string {
  if (!cluster) return url;
  return `${url}${url.includes("?") ? "&" : "?"}cluster=${encodeURIComponent(cluster)}`;
}

export function useClusterName(): string | null {
  return useSearchParams()?.get("cluster") ?? null;
}
