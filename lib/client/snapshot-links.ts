/**
 * Browser side of snapshot links: create one, open one. Client-safe (fetch only); errors are the
 * shared FetchError carrying the server's own message, e.g. "snapshot.brokers.0.id: …".
 */
import type { ShareRequestInput, ShareResponse } from "@/lib/share/request";
import { fetchJson } from "./fetch-json";

export const SNAPSHOTS_URL = "/api/snapshots";

export function createShareLink(request: ShareRequestInput): Promise<ShareResponse> {
  return fetchJson<ShareResponse>(SNAPSHOTS_URL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
}

/** The link as a recipient pastes it: absolute, on the origin the sharer is using. */
export function absoluteLink(url: string, origin: string): string {
  return new URL(url, origin).toString();
}
