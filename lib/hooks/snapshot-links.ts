/**
 * Browser side of snapshot links: create one, open one. Client-safe (fetch only); errors are the
 * shared FetchError carrying the server's own message, e.g. "snapshot.brokers.0.id: …".
 */
import type { SharedRecord } from "@/lib/snapshots/record";
import type { ShareRequestInput, ShareResponse } from "@/lib/snapshots/request";
import { fetchJson } from "./fetch-json";

export const SNAPSHOTS_URL = "/api/snapshots";

export function createShareLink(request: ShareRequestInput): Promise<ShareResponse> {
  return fetchJson<ShareResponse>(SNAPSHOTS_URL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
}

/** For pages that open a `?shared=<id>` link in the browser (the simulator, the planner). */
export function fetchSharedRecord(id: string): Promise<SharedRecord> {
  return fetchJson<SharedRecord>(`${SNAPSHOTS_URL}/${encodeURIComponent(id)}`);
}

/** The link as a recipient pastes it: absolute, on the origin the sharer is using. */
export function absoluteLink(url: string, origin: string): string {
  return new URL(url, origin).toString();
}
