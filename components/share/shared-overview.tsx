"use client";
/**
 * A shared snapshot, read-only: the same overview the dashboard shows, its title bar saying what this
 * is (a link, when it was made, what was hidden) with its actions (plan or simulate this snapshot,
 * share a copy, export). Nothing here refreshes or reaches the cluster; the data is the record's.
 */
import { useMemo } from "react";
import { formatCapturedAt } from "@/lib/model/format";
import { clusterData } from "@/lib/view/cluster-data";
import { localOverviewData } from "@/components/overview/overview-data";
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
  const data = useMemo(() => localOverviewData(clusterData(snapshot)), [snapshot]);
  return (
    <div data-shared-id={id}>
      {/* "Share a copy": a recipient can pass it on with more hidden (e.g. topic names hashed before it goes to a vendor). */}
      <OverviewView
        data={data}
        mode="shared"
        failure={null}
        note={`Read-only link, created ${formatCapturedAt(createdAt)} · ${hidden(sharing)}`}
        actions={<ClusterActions data={data} origin={{ kind: "shared", id }} shareLabel="Share a copy" />}
      />
    </div>
  );
}
