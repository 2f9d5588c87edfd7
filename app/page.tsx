import type { Metadata } from "next";
import { Suspense } from "react";
import { describeCluster } from "@/lib/cluster/clusters";
import { clusterOverviewModel, clusterSnapshot } from "@/lib/server/overview";
import { isClusterSourceError, refreshIntervalMs } from "@/lib/cluster/source";
import type { TaggedOverview } from "@/lib/hooks/use-cluster";
import { modeOf } from "@/lib/view/overview/cluster-data";
import { LiveOverview, type ReadError } from "@/components/overview/live-overview";
import { OverviewView } from "@/components/overview/overview-view";

export const dynamic = "force-dynamic";

// The root segment's own page: the layout's title template does not reach it.
export const metadata: Metadata = { title: { absolute: "Overview · Kafka Balance" } };

/** 5 s: the floor for auto-refresh, so a tiny KAFKA_BALANCE_REFRESH_MS cannot hammer the cluster. */
const MIN_AUTO_REFRESH_MS = 5_000;

/**
 * The overview of the current source: first paint on the server, then SWR keeps it fresh. While
 * a live scan runs, the overview's own layout shows in its loading state (a Suspense boundary here
 * rather than app/loading.tsx, which would also wrap every other route and turn their 404s into 200s).
 */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).cluster;
  const cluster = typeof raw === "string" ? raw : null;
  const source = describeCluster(cluster);
  return (
    <Suspense fallback={<OverviewView data={null} mode={source.kind} failure={null} sourceLabel={source.label} shareable />}>
      <OverviewWithData sourceLabel={source.label} cluster={cluster} />
    </Suspense>
  );
}

async function OverviewWithData({ sourceLabel, cluster }: { sourceLabel: string; cluster: string | null }) {
  // The view model, not the snapshot: the page carries what it shows (brokers × dirs), never every replica.
  let initial: TaggedOverview | null = null;
  let initialError: ReadError | null = null;
  try {
    initial = await clusterOverviewModel(clusterSnapshot(cluster ?? undefined));
  } catch (error) {
    initialError = isClusterSourceError(error) ? { code: error.code, message: error.message } : { code: "internal", message: "Reading the cluster failed unexpectedly; try again." };
  }
  // Only a live cluster can fail to load: the demo is built in.
  const mode = initial ? modeOf(initial.model.head) : "live";
  // Keyed by cluster: another cluster is another overview (its own SWR state, no previous data kept).
  return <LiveOverview key={cluster ?? ""} initial={initial} initialError={initialError} mode={mode} sourceLabel={sourceLabel} refreshIntervalMs={Math.max(MIN_AUTO_REFRESH_MS, refreshIntervalMs())} />;
}
