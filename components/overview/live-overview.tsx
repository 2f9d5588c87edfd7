"use client";
/**
 * The overview of the current source (live cluster or demo), refreshed with SWR from
 * `GET /api/cluster`. The server page hands over its first-paint data; live data then auto-refreshes
 * (switchable) and the Refresh button asks the server for a new scan. Share links a copy of what is shown.
 */
import { useState } from "react";
import { useCluster } from "@/lib/hooks/use-cluster";
import { errorMessage } from "@/lib/hooks/fetch-json";
import type { ClusterData, OverviewMode } from "@/lib/view/cluster-data";
import { OverviewView } from "./overview-view";

interface Props {
  initial: ClusterData | null;
  initialError: string | null;
  mode: OverviewMode;
  refreshIntervalMs: number;
}

export function LiveOverview({ initial, initialError, mode, refreshIntervalMs }: Props) {
  const live = mode === "live";
  const [auto, setAuto] = useState(true);
  const cluster = useCluster({ fallbackData: initial ?? undefined, live, refreshIntervalMs: auto ? refreshIntervalMs : 0 });
  const data = cluster.data ?? null;
  const error = cluster.error ? errorMessage(cluster.error) : data ? null : initialError;
  const retry = () => void cluster.refreshNow().catch(() => undefined);
  return (
    <OverviewView
      data={data}
      mode={data ? (data.snapshot.source.kind === "kafka" ? "live" : mode) : mode}
      failure={error ? { message: error, retry } : null}
      refreshing={cluster.isValidating}
      refreshError={data ? error : null}
      onRefresh={live ? retry : undefined}
      autoRefresh={live ? { on: auto, everyMs: refreshIntervalMs, set: setAuto } : undefined}
      shareable
    />
  );
}
