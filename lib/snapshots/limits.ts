/** Size limits of shared records. */
import { bodyLimitFromEnv } from "@/lib/http/respond";

export const SNAPSHOT_LIMIT_ENV = "KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES";
/** 50 MB: a snapshot of ~300,000 replicas, far beyond the clusters people share by link. */
export const DEFAULT_SNAPSHOT_LIMIT_BYTES = 50 * 1024 * 1024;

export function snapshotLimitBytes(): number {
  return bodyLimitFromEnv(SNAPSHOT_LIMIT_ENV, DEFAULT_SNAPSHOT_LIMIT_BYTES);
}

/** Listing pages: 100 by default, at most 1,000 per request. */
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;
