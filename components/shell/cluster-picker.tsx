"use client";
/**
 * Which cluster the app shows, in the header of every page. With one cluster configured (or the demo)
 * it is a badge; with several, a picker that opens the same page on the chosen cluster
 * (`?cluster=<name>` — the URL names the cluster, so links stay exact). The badge turns red when this
 * tab's last read of the cluster failed; it never reads the cluster itself.
 *
 * A page that shows something other than a configured cluster says so instead: the imported snapshot
 * (/import/overview, kept in this tab) and a shared link's snapshot (/s/<id>) are named as what they
 * are, never as the demo or live cluster the server reads.
 */
import { usePathname, useRouter } from "next/navigation";
import { useClusterName } from "@/lib/client/cluster-url";
import { useClusterReadFailed } from "@/lib/client/use-cluster";

export interface PickerCluster {
  name: string;
  label: string;
  kind: "live" | "demo";
  problem: string | null;
}

const DOT = { demo: "bg-violet-600", live: "bg-emerald-600", failed: "bg-red-600", import: "bg-sky-600", shared: "bg-sky-600" } as const;

/** What a page shows when it is not a configured cluster: an imported or a shared snapshot (by its path); null otherwise. */
export function shownSnapshot(pathname: string): { kind: "import" | "shared"; text: string; title: string } | null {
  if (pathname === "/import/overview" || pathname.startsWith("/import/overview/"))
    return { kind: "import", text: "Imported snapshot", title: "Imported snapshot: the output pasted in this tab, not a cluster the server reads" };
  if (/^\/s\/[^/]+\/?$/.test(pathname))
    return { kind: "shared", text: "Shared snapshot", title: "Shared snapshot: a snapshot stored with this link, not a cluster the server reads" };
  return null;
}

export function ClusterPicker({ clusters }: { clusters: PickerCluster[] }) {
  const named = useClusterName();
  const router = useRouter();
  const pathname = usePathname() ?? "/";
  const current = clusters.find((c) => c.name === named) ?? clusters[0];
  const failed = useClusterReadFailed() && current?.kind === "live";
  const snapshot = shownSnapshot(pathname);
  if (snapshot) {
    return (
      <p className="flex min-w-0 flex-1 basis-0 items-center justify-end gap-2 text-sm text-zinc-700 dark:text-zinc-300" title={snapshot.title} data-shell-source={snapshot.kind}>
        <span aria-hidden className={`h-2.5 w-2.5 shrink-0 rounded-full ${DOT[snapshot.kind]}`} />
        <span className="sr-only">Showing: </span>
        <span className="truncate">{snapshot.text}</span>
      </p>
    );
  }
  if (!current) return null;
  const text = current.kind === "live" ? `Live · ${current.label}` : current.label;
  const dot = <span aria-hidden className={`h-2.5 w-2.5 shrink-0 rounded-full ${DOT[failed ? "failed" : current.kind]}`} />;
  if (clusters.length < 2) {
    return (
      <p
        className="flex min-w-0 flex-1 basis-0 items-center justify-end gap-2 text-sm text-zinc-700 dark:text-zinc-300"
        title={failed ? `${text} (the last read failed)` : text}
        data-shell-source={current.kind}
        data-read-failed={failed ? "" : undefined}
      >
        {dot}
        <span className="sr-only">Cluster: </span>
        <span className="truncate">{text}</span>
        {failed ? <span className="shrink-0 font-medium text-red-700 dark:text-red-400">not reachable</span> : null}
      </p>
    );
  }
  return (
    <div
      className="flex min-w-0 flex-1 basis-0 items-center justify-end gap-2 text-sm text-zinc-700 dark:text-zinc-300"
      data-shell-source={current.kind}
      data-read-failed={failed ? "" : undefined}
    >
      {dot}
      <label htmlFor="cluster-picker" className="shrink-0">
        Cluster
      </label>
      <select
        id="cluster-picker"
        value={current.name}
        onChange={(e) => router.push(`${pathname}?cluster=${encodeURIComponent(e.target.value)}`)}
        className="max-w-[18rem] min-w-0 truncate rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        data-cluster-picker
      >
        {clusters.map((c) => (
          <option key={c.name} value={c.name}>
            {c.kind === "live" ? c.label : `${c.label} (demo)`}
            {c.label !== c.name ? ` — ${c.name}` : ""}
            {c.problem ? " (settings invalid)" : ""}
          </option>
        ))}
      </select>
      {failed ? <span className="shrink-0 font-medium text-red-700 dark:text-red-400">not reachable</span> : null}
    </div>
  );
}
