"use client";
/**
 * A shared snapshot, read-only: the same overview the dashboard shows, its title bar saying what this
 * is (a link, when it was made, what was hidden) with its actions (plan or simulate this snapshot,
 * share a copy, export). Nothing here refreshes or reaches the cluster. The figures are the server's
 * model of the stored snapshot (never every replica); the grid's other pages and the broker drawer
 * come from the overview routes with `shared=<id>`, and the whole snapshot only when Share or Export needs it.
 */
import { useMemo } from "react";
import { formatCapturedAt } from "@/lib/model/format";
import { sharedOverviewData } from "@/components/overview/overview-data";
import type { Sharing } from "@/lib/share/record";
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import { OverviewView } from "@/components/overview/overview-view";
import { ClusterActions } from "./cluster-actions";

interface Props {
  id: string;
  createdAt: string;
  sharing: Sharing;
  model: OverviewModel;
}

function hidden(sharing: Sharing): string {
  const parts = [sharing.redactHosts ? "host names hidden" : "host names shown", sharing.hashTopics ? "topic names replaced by hashes" : null].filter(Boolean);
  return parts.join(", ");
}

export function SharedOverview({ id, createdAt, sharing, model }: Props) {
  const data = useMemo(() => sharedOverviewData(model, id), [model, id]);
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
