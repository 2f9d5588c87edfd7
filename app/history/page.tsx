import type { Metadata } from "next";
import { describeCluster } from "@/lib/cluster/clusters";
import { HistoryApp } from "@/components/history/history-app";
import { PageHeader } from "@/components/shell/page-header";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "History" };

/**
 * The page's cluster over time and when each of its log dirs fills: the collector's history, read by
 * the browser (the range moves with the clock), so the first paint is the page's frame, not a wait.
 */
export default async function HistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).cluster;
  const cluster = describeCluster(typeof raw === "string" ? raw : null);
  return (
    <div className="grid gap-5">
      <PageHeader title="History and forecast" subtitle={`${cluster.label} over time: skew, bytes and utilisation per cluster, broker and log dir, the moments plans were applied, and when each log dir reaches 85%, 95% and full.`} />
      <HistoryApp kind={cluster.kind} />
    </div>
  );
}
