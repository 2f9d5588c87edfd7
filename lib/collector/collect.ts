/**
 * One collection of one cluster: take the cluster's lease, and when a scan is due, scan, record the
 * scan (or its failure) fenced by the lease, and compact the cluster's history when its last
 * compaction is an hour old.
 *
 * Invariants:
 * - One collector per cluster across instances: the lease `collector:<cluster>` (lib/store/leases.ts)
 *   is taken or renewed before the scan; an instance that does not get it does nothing. The timer
 *   (index.ts) renews it every third of its length, during a scan too, so the holder keeps it while it
 *   lives; another instance takes over once it has run out.
 * - A scan is due when the cluster's last recorded scan — by whichever instance — is an interval old
 *   (less half a renewal period, so scans land on the interval on average). An instance that has just
 *   taken over therefore scans at once when the dead holder's scan is overdue, and waits when the
 *   holder recorded one a moment ago: no duplicate points, and a takeover's gap is at most an
 *   interval plus the lease and two renewal periods (under two intervals with the default lease).
 * - Fenced: the scan is recorded only if the lease has not changed hands meanwhile (a holder that
 *   stalled past its lease and lost it writes nothing).
 * - A scan that fails (Kafka unreachable, timed out, settings that do not parse) is recorded as a
 *   failure: a gap with its message, never zeros.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { defaultCollectLeaseMs, HOUR_MS } from "@/lib/model/history-settings";
import type { HistoryStore } from "@/lib/store/history";

/** At most one compaction an hour per cluster (folding works on hours, nothing new to fold sooner). */
export const COMPACT_EVERY_MS = HOUR_MS;

export type CollectOutcome =
  | { cluster: string; outcome: "recorded"; at: number; durationMs: number; compacted: boolean }
  | { cluster: string; outcome: "failed"; at: number; durationMs: number; error: string }
  | { cluster: string; outcome: "not-leader" }
  | { cluster: string; outcome: "not-due" }
  | { cluster: string; outcome: "lease-lost" };

export interface CollectDeps {
  store: HistoryStore;
  /** This instance, as a lease owner. */
  owner: string;
  intervalMs: number;
  /** The lease's length (ms); default half the interval, at most 30 s (history-settings.ts). */
  leaseMs?: number;
  /** A fresh scan of the cluster; throws with a message an operator can act on. */
  scan: (cluster: string) => Promise<ClusterSnapshot>;
  now?: () => number;
}

export function collectorLease(cluster: string): string {
  return `collector:${cluster}`;
}

/** How often the holder renews a lease of `leaseMs`: a third of it, so a late renewal or two does not lose it. */
export function renewEveryMs(leaseMs: number): number {
  return Math.max(100, Math.floor(leaseMs / 3));
}

/** The lease's length for these deps. */
export function collectLeaseMs(deps: Pick<CollectDeps, "intervalMs" | "leaseMs">): number {
  return deps.leaseMs ?? defaultCollectLeaseMs(deps.intervalMs);
}

/** Takes or renews the cluster's lease for `owner`; null while another instance holds it. */
export function takeCollectorLease(cluster: string, deps: CollectDeps) {
  return deps.store.leases.acquire(collectorLease(cluster), deps.owner, collectLeaseMs(deps), (deps.now ?? Date.now)());
}

/** Collects one cluster once (see the header). `configError`: the cluster's settings do not parse; recorded as a failed scan. */
export async function collectCluster(cluster: string, deps: CollectDeps, configError: string | null = null): Promise<CollectOutcome> {
  const now = deps.now ?? Date.now;
  const { store, owner } = deps;
  const lease = await takeCollectorLease(cluster, deps);
  if (!lease) return { cluster, outcome: "not-leader" };
  const { last } = await store.lastScan(cluster);
  if (last && now() - last.at < deps.intervalMs - renewEveryMs(collectLeaseMs(deps)) / 2) return { cluster, outcome: "not-due" };
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
