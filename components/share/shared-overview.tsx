"use client";
/**
 * A shared snapshot, read-only: a banner that says what this is (a link, when it was made, what was
 * hidden) with its actions (plan or simulate this snapshot, share a copy, export), above the same
 * overview the dashboard shows. Nothing here refreshes or reaches the cluster; the data is the record's.
 */
import { useMemo } from "react";
import { formatCapturedAt } from "@/lib/model/format";
import { clusterData } from "@/lib/view/cluster-data";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { Sharing } from "@/lib/snapshots/record";
import { OverviewView } from "@/components/overview/overview-view";
import { ClusterActions } from "./cluster-actions";

interface Props {
  id: string;
  createdAt: string;
  sharing: Sharing;
  snapshot: ClusterSnapshot;
}

function hidden(sharing: Sharing): string {
  const parts = [sharing.redactHosts ? "host names hidden" : "host names shown", sharing.hashTopics ? "topic names replaced by hashes" : null].filter(Boolean);
  return parts.join(", ");
}

export function SharedOverview({ id, createdAt, sharing, snapshot }: Props) {
  const data = useMemo(() => clusterData(snapshot), [snapshot]);
  return (
    <div data-shared-id={id}>
      <aside aria-label="Shared link" className="mx-auto flex max-w-[120rem] flex-wrap items-center justify-between gap-3 border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-sm sm:px-6 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-zinc-700 dark:text-zinc-300">
          <strong className="font-semibold">Shared snapshot</strong>, read-only · link created {formatCapturedAt(createdAt)} · {hidden(sharing)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {/* A recipient can pass it on with more hidden (e.g. topic names hashed before it goes to a vendor). */}
          <ClusterActions data={data} origin={{ kind: "shared", id }} shareLabel="Share a copy" />
        </div>
      </aside>
      <OverviewView data={data} mode="shared" failure={null} />
    </div>
  );
}
