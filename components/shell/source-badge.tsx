"use client";
/**
 * Which cluster the app reads, in the header of every page: the demo, or a live cluster by its
 * bootstrap servers (never credentials). It turns red when this tab's last read of the cluster failed;
 * it never reads the cluster itself.
 */
import type { SourceDescription } from "@/lib/cluster/connection";
import { useClusterReadFailed } from "@/lib/hooks/use-cluster";

const DOT = { demo: "bg-violet-600", live: "bg-emerald-600", failed: "bg-red-600" } as const;

export function SourceBadge({ source }: { source: SourceDescription }) {
  const failed = useClusterReadFailed() && source.kind === "live";
  const text = source.kind === "live" ? `Live · ${source.label}` : source.label;
  return (
    <p className="flex min-w-0 flex-1 basis-0 items-center justify-end gap-2 text-sm text-zinc-700 dark:text-zinc-300" title={failed ? `${text} (the last read failed)` : text} data-shell-source={source.kind} data-read-failed={failed ? "" : undefined}>
      <span aria-hidden className={`h-2.5 w-2.5 shrink-0 rounded-full ${DOT[failed ? "failed" : source.kind]}`} />
      <span className="sr-only">Cluster: </span>
      <span className="truncate">{text}</span>
      {failed ? <span className="shrink-0 font-medium text-red-700 dark:text-red-400">not reachable</span> : null}
    </p>
  );
}
