"use client";
/**
 * The overview of the current source (live cluster or demo), refreshed with SWR from
 * `GET /api/cluster/overview` (the view model, never every replica). The server page hands over its first-paint model; live data then auto-refreshes
 * (switchable) and the Refresh button asks the server for a new scan. Share links a copy of what is shown.
 * When the cluster cannot be read and there is nothing to show, the failure is described once, with
 * what to check (lib/view/common/cluster-failure.ts) and Retry.
 */
import { useEffect, useMemo, useState } from "react";
import { useClusterName } from "@/lib/client/cluster-url";
import { useOverview, type TaggedOverview } from "@/lib/client/use-cluster";
import { errorMessage, FetchError } from "@/lib/client/fetch-json";
import { clusterFailureAdvice } from "@/lib/view/common/cluster-failure";
import type { OverviewMode } from "@/lib/view/overview/cluster-data";
import type { LoadFailure } from "@/components/ui/widget-state";
import { ForecastCard } from "./forecast-card";
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import { remoteOverviewData, type OverviewData } from "./overview-data";
import { OverviewView } from "./overview-view";

/** A failed read: the cluster route's error code (lib/http/respond.ts) and message. */
export interface ReadError {
  code: string;
  message: string;
}

interface Props {
  initial: TaggedOverview | null;
  initialError: ReadError | null;
  mode: OverviewMode;
  /** The bootstrap servers (or the demo's label): what the failure panel names. */
  sourceLabel: string;
  refreshIntervalMs: number;
}

function readError(error: unknown): ReadError {
  return { code: error instanceof FetchError ? error.code : "internal", message: errorMessage(error) };
}

export function LiveOverview({ initial, initialError, mode, sourceLabel, refreshIntervalMs }: Props) {
  const live = mode === "live";
  const [auto, setAuto] = useState(true);
  const cluster = useOverview({ fallbackData: initial ?? undefined, live, refreshIntervalMs: auto ? refreshIntervalMs : 0 });
  const name = useClusterName();
  const model = cluster.data?.model ?? null;
  // A refresh that only moved the capture time keeps the decoded figures (12,000 dirs on a big cluster).
  const [decoded, setDecoded] = useState<{ model: OverviewModel; name: string | null; data: OverviewData } | null>(null);
  const data = useMemo(() => {
    if (!model) return null;
    if (decoded && decoded.name === name && decoded.model.report === model.report) return decoded.model === model ? decoded.data : { ...decoded.data, head: model.head };
    return remoteOverviewData(model, name);
  }, [model, name, decoded]);
  useEffect(() => {
    if (model && data && (decoded?.model !== model || decoded.name !== name)) setDecoded({ model, name, data });
  }, [model, name, data, decoded]);
  // A manual refresh does not touch SWR's error (mutate keeps it), so its own outcome is kept here,
  // and dropped when newer data arrives.
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<ReadError | null>(null);
  useEffect(() => setRetryError(null), [model]);
  const error = retryError ?? (cluster.error ? readError(cluster.error) : data ? null : initialError);
  const retry = () => {
    setRetrying(true);
    cluster
      .refreshNow()
      .then(
        () => setRetryError(null),
        (e: unknown) => setRetryError(readError(e)),
      )
      .finally(() => setRetrying(false));
  };
  const failure: LoadFailure | null = error ? { ...clusterFailureAdvice(error.code), bootstrap: live ? sourceLabel : undefined, message: error.message, retry, retrying } : null;
  return (
    <OverviewView
      data={data}
      mode={data ? (data.head.source.kind === "kafka" ? "live" : mode) : mode}
      failure={failure}
      sourceLabel={sourceLabel}
      refreshing={cluster.isValidating || retrying}
      refreshError={data ? (error?.message ?? null) : null}
      onRefresh={live ? retry : undefined}
      autoRefresh={live ? { on: auto, everyMs: refreshIntervalMs, set: setAuto } : undefined}
      shareable
      forecast={<ForecastCard live={live} />}
    />
  );
}
