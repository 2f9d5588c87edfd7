/**
 * /s/<id>: a shared link. A snapshot opens read-only in the overview; a scenario opens in the
 * simulator and a plan in the planner (`?shared=<id>`), which load the record themselves.
 * The overview gets the server's view model of the snapshot (lib/server/overview.ts), as the live one does.
 * A malformed, unknown or expired id is a 404 with the not-found page. A link that cannot be shown now
 * (the store cannot be opened, the worker pool is busy) is thrown: Next answers 500 with error.tsx,
 * never a 200 that a monitor or a retrying client would take for success. The record is opened before
 * anything is sent (no loading.tsx here: a Suspense boundary would send the 200 first), so the status
 * is real.
 */
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { failure, type Result } from "@/lib/model/result";
import { sharedOverview, type SharedOverview as SharedOverviewData } from "@/lib/server/share-reads";
import { openerPath } from "@/lib/share/record";
import { SharedOverview } from "@/components/share/shared-overview";

export const dynamic = "force-dynamic";

// A link is a secret: keep it out of search engines and out of the Referer of links followed from here.
export const metadata: Metadata = { title: "Shared snapshot", robots: { index: false, follow: false }, referrer: "no-referrer" };

/** The link's overview, or why it does not open: a busy or stopped pool is said as such (503 in the API). */
async function openOverview(id: string): Promise<Result<SharedOverviewData>> {
  try {
    return await sharedOverview(id);
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === "WorkBusyError" || name === "WorkTimeoutError") return failure(name === "WorkBusyError" ? "busy" : "work_timed_out", (error as Error).message);
    throw error;
  }
}

export default async function SharedLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The server's model of the stored snapshot (kept per link and stored version), not the snapshot: a
  // 1M-replica link would otherwise send every replica to the browser. Decoding the link and making the
  // model happen in the worker pool (lib/server/share-reads.ts), so a large link never stalls the server.
  const opened = await openOverview(id);
  if (!opened.ok) {
    if (opened.error.code === "invalid_id" || opened.error.code === "not_found" || opened.error.code === "expired") notFound();
    // The message says what to do and nothing about where the store is (lib/links/share.ts).
    throw new Error(opened.error.message);
  }
  const { meta: record, model } = opened.value;
  if (record.kind !== "snapshot" || !model) redirect(openerPath(record.kind, record.id));
  return <SharedOverview id={record.id} createdAt={record.createdAt} sharing={record.sharing} model={model} />;
}
