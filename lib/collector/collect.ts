/**
 * One collection of one cluster: take the cluster's lease, scan, record the scan (or its failure) fenced
 * by the lease, and compact the cluster's history when its last compaction is an hour old.
 *
 * Invariants:
 * - One collector per cluster across instances: the lease `collector:<cluster>` (lib/store/leases.ts)
 *   is taken or renewed before the scan; an instance that does not get it does nothing. It outlasts
 *   two intervals and a scan's time limit, so its holder keeps it from one collection to the next, and
 *   another instance takes over once the holder has been gone that long.
 * - Fenced: the scan is recorded only if the lease has not changed hands meanwhile (a holder that
 *   stalled past its lease and lost it writes nothing).
 * - A scan that fails (Kafka unreachable, timed out, settings that do not parse) is recorded as a
 *   failure: a gap with its message, never zeros.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { HOUR_MS } from "@/lib/model/history-settings";
import type { HistoryStore } from "@/lib/store/history";

/** At most one compaction an hour per cluster (folding works on hours, nothing new to fold sooner). */
export const COMPACT_EVERY_MS = HOUR_MS;
/** What a lease outlasts beyond two intervals: a scan's own time limit is 2 × the request timeout + 1 s. */
const LEASE_MARGIN_MS = 60_000;

export type CollectOutcome =
  | { cluster: string; outcome: "recorded"; at: number; durationMs: number; compacted: boolean }
  | { cluster: string; outcome: "failed"; at: number; durationMs: number; error: string }
  | { cluster: string; outcome: "not-leader" }
  | { cluster: string; outcome: "lease-lost" };

export interface CollectDeps {
  store: HistoryStore;
  /** This instance, as a lease owner. */
  owner: string;
  intervalMs: number;
  /** A fresh scan of the cluster; throws with a message an operator can act on. */
  scan: (cluster: string) => Promise<ClusterSnapshot>;
  now?: () => number;
}

export function collectorLease(cluster: string): string {
  return `collector:${cluster}`;
}

export function leaseMs(intervalMs: number): number {
  return 2 * intervalMs + LEASE_MARGIN_MS;
}

/** Collects one cluster once (see the header). `configError`: the cluster's settings do not parse; recorded as a failed scan. */
export async function collectCluster(cluster: string, deps: CollectDeps, configError: string | null = null): Promise<CollectOutcome> {
  const now = deps.now ?? Date.now;
  const { store, owner } = deps;
  const lease = await store.leases.acquire(collectorLease(cluster), owner, leaseMs(deps.intervalMs), now());
  if (!lease) return { cluster, outcome: "not-leader" };
  const fence = { lease: lease.name, owner, token: lease.token };
  const started = now();
  let snapshot: ClusterSnapshot;
  try {
    if (configError !== null) throw new Error(configError);
    snapshot = await deps.scan(cluster);
  } catch (error) {
    const durationMs = now() - started;
    const message = error instanceof Error ? error.message : String(error);
    if (!(await store.recordFailure(cluster, started, durationMs, message, { fence }))) return { cluster, outcome: "lease-lost" };
    return { cluster, outcome: "failed", at: started, durationMs, error: message };
  }
  const durationMs = now() - started;
  // The scan's own capture time, when it says one (a scan already running when this one asked is joined).
  const captured = Date.parse(snapshot.capturedAt);
  const at = Number.isFinite(captured) ? captured : started;
  if (!(await store.recordScan(cluster, at, snapshot, durationMs, { fence }))) return { cluster, outcome: "lease-lost" };
  let compacted = false;
  const compactAt = now();
  if (compactAt - (await store.compactedAt(cluster)) >= COMPACT_EVERY_MS) {
    await store.compactCluster(cluster, compactAt);
    compacted = true;
  }
  return { cluster, outcome: "recorded", at, durationMs, compacted };
}
