"use client";
/**
 * The header: what is shown (source, cluster id, Kafka version, capture time and age), and for a
 * live cluster the refresh button and the auto-refresh switch, then the caller's actions (plan,
 * simulate, share and export what is shown). A failed refresh is reported here while the last good
 * data stays on screen.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { MODE_LABELS, type OverviewMode } from "@/lib/view/cluster-data";
import { formatAge, formatCapturedAt } from "@/lib/model/format";
import { useNow } from "@/components/ui/use-now";

interface Props {
  snapshot: ClusterSnapshot | null;
  mode: OverviewMode;
  refreshing: boolean;
  refreshError: string | null;
  onRefresh?: () => void;
  autoRefresh?: { on: boolean; everyMs: number; set: (on: boolean) => void };
  /** What can be done with the snapshot shown (components/share/cluster-actions). */
  actions?: ReactNode;
}

const MODE_STYLE: Record<OverviewMode, string> = {
  live: "bg-emerald-700 text-white",
  demo: "bg-violet-700 text-white",
  import: "bg-sky-700 text-white",
  shared: "bg-zinc-700 text-white",
};

export function OverviewHeader({ snapshot, mode, refreshing, refreshError, onRefresh, autoRefresh, actions }: Props) {
  const now = useNow();
  const source = snapshot?.source;
  const facts: [string, string][] = snapshot
    ? [
        ["cluster id", source?.clusterId ?? "unknown"],
        ["Kafka", source?.kafkaVersion ?? "version unknown"],
        ["captured", `${formatCapturedAt(snapshot.capturedAt)}${now !== null ? ` (${formatAge(snapshot.capturedAt, now)})` : ""}`],
      ]
    : [];
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-b border-zinc-200 pb-4 dark:border-zinc-800">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">Kafka Balance</h1>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold tracking-wide uppercase ${MODE_STYLE[mode]}`} data-source-kind={mode}>
            {MODE_LABELS[mode]}
          </span>
          <span className="truncate text-sm text-zinc-700 dark:text-zinc-300" data-source-label>
            {source?.label ?? "…"}
          </span>
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-zinc-600 dark:text-zinc-400">
          {facts.map(([k, v]) => (
            <div key={k} className="flex gap-1">
              <dt>{k}</dt>
              <dd className="font-medium text-zinc-800 tabular-nums dark:text-zinc-200">{v}</dd>
            </div>
          ))}
        </dl>
      </div>
      <nav aria-label="Actions" className="flex flex-wrap items-center gap-3 text-sm">
        {autoRefresh ? (
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={autoRefresh.on} onChange={(e) => autoRefresh.set(e.target.checked)} className="h-4 w-4" data-auto-refresh />
            Auto-refresh every {Math.round(autoRefresh.everyMs / 1000)} s
          </label>
        ) : null}
        {onRefresh ? (
          <button type="button" onClick={onRefresh} disabled={refreshing} className="rounded border border-zinc-300 px-3 py-1.5 font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800" data-refresh>
            {refreshing ? "Refreshing…" : "Refresh"}
          </button>
        ) : null}
        {actions}
        <Link href="/import" className="rounded border border-zinc-300 px-3 py-1.5 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
          {mode === "import" ? "Import another" : "Import output"}
        </Link>
        {mode === "import" ? (
          <Link href="/" className="rounded border border-zinc-300 px-3 py-1.5 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
            Current cluster
          </Link>
        ) : null}
      </nav>
      <p role="status" aria-live="polite" className={refreshError ? "w-full rounded border border-red-300 bg-red-50 px-3 py-1.5 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200" : "sr-only"}>
        {refreshError ? `Refresh failed: ${refreshError} Showing the data captured earlier.` : refreshing ? "Refreshing" : ""}
      </p>
    </header>
  );
}
