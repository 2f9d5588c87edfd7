import type { Metadata } from "next";
import { Suspense } from "react";
import { describeCluster } from "@/lib/cluster/clusters";
import { overviewFirstPaint } from "@/lib/server/overview";
import { LiveOverview } from "@/components/overview/live-overview";
import { OverviewView } from "@/components/overview/overview-view";

export const dynamic = "force-dynamic";

// The root segment's own page: the layout's title template does not reach it.
export const metadata: Metadata = { title: { absolute: "Overview · Kafka Balance" } };

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
  const { initial, initialError, mode, refreshIntervalMs } = await overviewFirstPaint(cluster);
  // Keyed by cluster: another cluster is another overview (its own SWR state, no previous data kept).
  return <LiveOverview key={cluster ?? ""} initial={initial} initialError={initialError} mode={mode} sourceLabel={sourceLabel} refreshIntervalMs={refreshIntervalMs} />;
}
