"use client";
/**
 * The overview's title bar: what is shown (source, cluster id, Kafka version, capture time and age),
 * and for a live cluster the refresh button and the auto-refresh switch, then the caller's actions
 * (plan, simulate, share and export what is shown: components/share/cluster-actions).
 * A failed refresh is reported here while the last good data stays on screen.
 *
 * The capture's age ("330 days ago") needs the clock, which only the browser reads after hydration;
 * its place is reserved from the first paint (AGE_SLOT), so the age appearing never moves or wraps the
 * line, and nothing below it shifts.
 */
import { Fragment, type ReactNode } from "react";
import type { SnapshotHead } from "@/lib/view/overview/overview-model";
import { MODE_LABELS, type OverviewMode } from "@/lib/view/overview/cluster-data";
import { formatAge, formatCapturedAt } from "@/lib/model/format";
import { useNow } from "@/components/ui/use-now";
import { ACTION_CLASS, PageHeader } from "@/components/shell/page-header";

interface Props {
  snapshot: SnapshotHead | null;
  mode: OverviewMode;
  refreshing: boolean;
  refreshError: string | null;
  onRefresh?: () => void;
  autoRefresh?: { on: boolean; everyMs: number; set: (on: boolean) => void };
  /** The page's actions, after Refresh. */
  actions?: ReactNode;
  /** A line under the facts that only this page knows (when a shared link was made …). */
  note?: ReactNode;
  /** Named while there is no snapshot yet. */
  sourceLabel?: string;
}

/** Room for the widest age formatAge writes, "(1000 days ago)": 15 characters of tabular digits. */
const AGE_SLOT = "inline-block min-w-[15ch]";

const TITLES: Record<OverviewMode, string> = { live: "Overview", demo: "Overview", import: "Imported snapshot", shared: "Shared snapshot" };

const MODE_STYLE: Record<OverviewMode, string> = {
  live: "bg-emerald-700 text-white",
  demo: "bg-violet-700 text-white",
  import: "bg-sky-700 text-white",
  shared: "bg-zinc-700 text-white",
};

export function OverviewHeader({ snapshot, mode, refreshing, refreshError, onRefresh, autoRefresh, actions, note, sourceLabel }: Props) {
  const now = useNow();
  const source = snapshot?.source;
  const facts: [string, ReactNode][] = snapshot
    ? [
        ["cluster id", source?.clusterId ?? "unknown"],
        ["Kafka", source?.kafkaVersion ?? "version unknown"],
        [
          "captured",
          <Fragment key="captured">
            {formatCapturedAt(snapshot.capturedAt)}{" "}
            <span className={AGE_SLOT} data-captured-age>
              {now !== null ? `(${formatAge(snapshot.capturedAt, now)})` : ""}
            </span>
          </Fragment>,
        ],
      ]
    : [];
  return (
    <PageHeader
      title={TITLES[mode]}
      subtitle={
        <>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="flex min-w-0 items-center gap-2">
              <span className={`rounded px-2 py-0.5 text-xs font-semibold tracking-wide uppercase ${MODE_STYLE[mode]}`} data-source-kind={mode}>
                {MODE_LABELS[mode]}
              </span>
              <span className="truncate font-medium text-zinc-800 dark:text-zinc-200" data-source-label>
                {source?.label ?? sourceLabel ?? "…"}
              </span>
            </span>
            {facts.length > 0 ? (
              <dl className="flex flex-wrap gap-x-4">
                {facts.map(([k, v]) => (
                  <div key={k} className="flex gap-1">
                    <dt>{k}</dt>
                    <dd className="font-medium text-zinc-800 tabular-nums dark:text-zinc-200">{v}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </div>
          {note ? <p className="mt-1">{note}</p> : null}
        </>
      }
      actions={
        onRefresh || autoRefresh || actions ? (
          <>
            {autoRefresh ? (
              <label className="flex items-center gap-1.5">
                <input type="checkbox" checked={autoRefresh.on} onChange={(e) => autoRefresh.set(e.target.checked)} className="h-4 w-4" data-auto-refresh />
                Auto-refresh every {Math.round(autoRefresh.everyMs / 1000)} s
              </label>
            ) : null}
            {onRefresh ? (
              <button type="button" onClick={onRefresh} disabled={refreshing} className={ACTION_CLASS} data-refresh>
                {refreshing ? "Refreshing…" : "Refresh"}
              </button>
            ) : null}
            {actions}
          </>
        ) : null
      }
    >
      <p
        role="status"
        aria-live="polite"
        className={
          refreshError ? "w-full rounded border border-red-300 bg-red-50 px-3 py-1.5 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200" : "sr-only"
        }
      >
        {refreshError ? `Refresh failed: ${refreshError} Showing the data captured earlier.` : refreshing ? "Refreshing" : ""}
      </p>
    </PageHeader>
  );
}
