/**
 * /s/<id>: a shared link. A snapshot opens read-only in the overview; a scenario opens in the
 * simulator and a plan in the planner (`?shared=<id>`), which load the record themselves.
 * The overview gets the server's view model of the snapshot (lib/cluster/overview.ts), as the live one does.
 * A malformed or unknown id is a 404 with the not-found page. The record is opened before anything
 * is sent (no loading.tsx here: a Suspense boundary would send the 200 first), so the status is real.
 */
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { clusterOverviewModel, snapshotAtHand } from "@/lib/cluster/overview";
import { openShownShare } from "@/lib/snapshots/share";
import { openerPath } from "@/lib/snapshots/record";
import { LinkProblem } from "@/components/share/link-problem";
import { SharedOverview } from "@/components/share/shared-overview";

export const dynamic = "force-dynamic";

// A link is a secret: keep it out of search engines and out of the Referer of links followed from here.
export const metadata: Metadata = { title: "Shared snapshot", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function SharedLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const opened = await openShownShare(id);
  if (!opened.ok) {
    if (opened.error.code === "invalid_id" || opened.error.code === "not_found") notFound();
    const title = opened.error.code === "expired" ? "This shared link has expired" : "This shared snapshot cannot be opened";
    return <LinkProblem title={title} message={opened.error.message} />;
  }
  const record = opened.value;
  if (record.kind !== "snapshot") redirect(openerPath(record.kind, record.id));
  // The server's model of the stored snapshot (kept per link and stored version), not the snapshot: a
  // 1M-replica link would otherwise send every replica to the browser.
  const { model } = await clusterOverviewModel(snapshotAtHand(record.snapshot));
  return <SharedOverview id={record.id} createdAt={record.createdAt} sharing={record.sharing} model={model} />;
}
