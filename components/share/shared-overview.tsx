"use client";
/**
 * A shared snapshot, read-only: the same overview the dashboard shows, its title bar saying what this
 * is (a link, when it was made, what was hidden) with the exports and Share a copy. Nothing here
 * refreshes or reaches the cluster; the data is the record's.
 */
import { useMemo } from "react";
import { formatCapturedAt } from "@/lib/model/format";
import { clusterData } from "@/lib/view/cluster-data";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { Sharing } from "@/lib/snapshots/record";
import { OverviewView } from "@/components/overview/overview-view";
import { ExportMenu } from "./export-menu";
import { ShareButton } from "./share-button";

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
      <OverviewView
        data={data}
        mode="shared"
        failure={null}
        note={`Read-only link, created ${formatCapturedAt(createdAt)} · ${hidden(sharing)}`}
        actions={
          <>
            <ExportMenu data={data} />
            {/* A recipient can pass it on with more hidden (e.g. topic names hashed before it goes to a vendor). */}
            <ShareButton label="Share a copy" getRequest={() => ({ kind: "snapshot", snapshot })} />
          </>
        }
      />
    </div>
  );
}
