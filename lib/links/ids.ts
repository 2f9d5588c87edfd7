/**
 * Snapshot link ids: 128 random bits (crypto.randomBytes(16)) in base64url, 22 characters.
 * A link is its own capability: whoever holds it can open the snapshot, so ids must not be
 * guessable or enumerable — no counters, no timestamps, no hashes of the content.
 */
import { randomBytes } from "node:crypto";

/** 16 bytes → 22 base64url characters (no padding); the last character carries only 2 bits. */
export const SNAPSHOT_ID_PATTERN = /^[A-Za-z0-9_-]{21}[AQgw]$/;

export function newSnapshotId(): string {
  return randomBytes(16).toString("base64url");
}

export function isSnapshotId(value: string): boolean {
  return SNAPSHOT_ID_PATTERN.test(value);
}

/** The path a link opens; relative, so it works behind any host name or proxy. */
export function snapshotUrl(id: string): string {
  return `/s/${id}`;
}
