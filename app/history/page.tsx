import type { Metadata } from "next";
import { describeCluster } from "@/lib/cluster/clusters";
import { currentEnv } from "@/lib/config";
import { DEFAULT_COLLECT_INTERVAL_MS, DEFAULT_HISTORY_RETENTION, historySettingsFromEnv } from "@/lib/model/history-settings";
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
  // How the history is kept, for the gaps and the collector's line; a broken setting is the collector's to report.
  const settings = historySettingsFromEnv(currentEnv());
  const { collectIntervalMs, retention } = settings.ok ? settings.value : { collectIntervalMs: DEFAULT_COLLECT_INTERVAL_MS, retention: DEFAULT_HISTORY_RETENTION };
  return (
    <div className="grid gap-5">
      <PageHeader
        title="History and forecast"
        subtitle={`${cluster.label} over time: skew, bytes and utilisation per cluster, broker and log dir, the moments plans were applied, and when each log dir reaches 85%, 95% and full.`}
      />
      <HistoryApp kind={cluster.kind} resolution={{ collectIntervalMs, rawMs: retention.rawMs, hourlyMs: retention.hourlyMs }} />
    </div>
  );
}
