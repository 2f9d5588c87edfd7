/**
 * The collector: records every live configured cluster (lib/cluster/clusters.ts) into the history
 * every `KAFKA_BALANCE_COLLECT_INTERVAL_MS` (default 5 minutes). The demo cluster is not collected.
 *
 * Invariants:
 * - One timer per process (kept on globalThis: Next may load this module in several chunks). It ticks
 *   every third of the lease (`KAFKA_BALANCE_COLLECT_LEASE_MS`): each tick takes or renews each
 *   cluster's lease and scans the clusters whose scan is due (collect.ts), so the holder keeps its
 *   lease through a long scan and a standby notices a dead holder's lease running out within a tick.
 * - At most one collection of a cluster in flight per process: a tick that finds the previous one
 *   still running for a cluster only renews that cluster's lease.
 * - One collector per cluster across instances (the lease in collect.ts).
 * - Scans go through the dashboard's cached source (`getClusterSnapshot` with refresh), so a collection
 *   also refreshes what the pages show, and a page's scan in flight is joined, not repeated; it has
 *   the source's time limit.
 * - The clusters are read from the configuration at every tick; nothing here throws into the timer.
 */
import { clustersFromEnv, type ClusterEntry } from "@/lib/cluster/clusters";
import { getClusterSnapshot } from "@/lib/cluster/source";
import { PROCESS_OWNER } from "@/lib/cluster/instance";
import { defaultCollectLeaseMs } from "@/lib/model/history-settings";
import { getStore } from "@/lib/store";
import { historySettings } from "@/lib/store/history";
import { collectCluster, collectLeaseMs, collectorLease, renewEveryMs, takeCollectorLease, type CollectDeps, type CollectOutcome } from "./collect";

export { collectCluster, type CollectDeps, type CollectOutcome } from "./collect";

export interface CollectorStatus {
  /** The instance whose lease on the cluster runs now (`KAFKA_BALANCE_INSTANCE_ID`:pid:random), null when none does. */
  holder: string | null;
  lastSuccessAt: number | null;
  lastAttemptAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

interface CollectorState {
  timer: ReturnType<typeof setInterval> | null;
  intervalMs: number;
  leaseMs: number;
  inflight: Set<string>;
  /** The ticks still running: a collection can outlast the ticks after it, which only renew its lease. */
  ticks: Set<Promise<CollectOutcome[]>>;
}

const key = Symbol.for("kafka-balance.collector");
function state(): CollectorState {
  const holder = globalThis as Record<symbol, unknown>;
  return ((holder[key] as CollectorState | undefined) ??= { timer: null, intervalMs: 0, leaseMs: 0, inflight: new Set(), ticks: new Set() }) as CollectorState;
}

/**
 * Collects every live cluster whose scan is due, under its lease (those whose previous collection in
 * this process still runs only have their lease renewed); resolves with what happened to each. Never rejects.
 */
export async function collectAll(deps: Partial<CollectDeps> = {}): Promise<CollectOutcome[]> {
  const s = state();
  let base: CollectDeps;
  let clusters: ClusterEntry[];
  try {
    const settings = historySettings();
    const all = clustersFromEnv();
    if (!all.ok) throw new Error(all.error.message);
    clusters = all.value.filter((c) => c.kind === "live");
    base = {
      store: deps.store ?? getStore().history,
      owner: deps.owner ?? PROCESS_OWNER,
      intervalMs: deps.intervalMs ?? settings.collectIntervalMs,
      leaseMs: deps.leaseMs ?? (deps.intervalMs === undefined ? settings.collectLeaseMs : defaultCollectLeaseMs(deps.intervalMs)),
      scan: deps.scan ?? ((cluster) => getClusterSnapshot({ cluster, refresh: true })),
      now: deps.now ?? Date.now,
    };
  } catch (error) {
    console.error(`The history collector cannot run: ${(error as Error).message}`);
    return [];
  }
  for (const c of clusters.filter((c) => s.inflight.has(c.name))) {
    await takeCollectorLease(c.name, base).catch((error: unknown) => {
      console.error(`Renewing the collector's lease on ${c.name} failed: ${(error as Error).message}`);
    });
  }
  const runs = clusters
    .filter((c) => !s.inflight.has(c.name))
    .map(async (c): Promise<CollectOutcome | null> => {
      s.inflight.add(c.name);
      try {
        const configError = c.connection && !c.connection.ok ? c.connection.error.message : null;
        return await collectCluster(c.name, base, configError);
      } catch (error) {
        console.error(`Collecting cluster ${c.name} failed: ${(error as Error).message}`);
        return null;
      } finally {
        s.inflight.delete(c.name);
      }
    });
  return (await Promise.all(runs)).filter((r): r is CollectOutcome => r !== null);
}

/**
 * Starts the process's collector: a tick now, then one every third of the lease (each scans what is
 * due, see the header). Idempotent: a second call (another chunk, a dev reload) does nothing while the
 * timer runs. The timer does not keep the process alive. `intervalMs` without `leaseMs`: the default
 * lease for that interval.
 */
export function startCollectors(options: { intervalMs?: number; leaseMs?: number } = {}): void {
  const s = state();
  if (s.timer) return;
  let intervalMs: number;
  let leaseMs: number;
  try {
    const settings = historySettings();
    intervalMs = options.intervalMs ?? settings.collectIntervalMs;
    leaseMs = collectLeaseMs({ intervalMs, leaseMs: options.leaseMs ?? (options.intervalMs === undefined ? settings.collectLeaseMs : undefined) });
  } catch (error) {
    console.error(`The history collector is not started: ${(error as Error).message}`);
    return;
  }
  const tick = () => {
    const running = collectAll({ intervalMs, leaseMs });
    s.ticks.add(running);
    void running.finally(() => s.ticks.delete(running));
  };
  s.intervalMs = intervalMs;
  s.leaseMs = leaseMs;
  s.timer = setInterval(tick, renewEveryMs(leaseMs));
  s.timer.unref();
  tick();
}

/** Stops the timer (tests, shutdown); resolves once the collection in flight, if any, has ended. */
export async function stopCollectors(): Promise<void> {
  const s = state();
  if (s.timer) clearInterval(s.timer);
  s.timer = null;
  await Promise.all([...s.ticks]);
}

/** The cluster's collector, from the store: which instance holds it, when it last succeeded, when it last tried, how long that took, and its error. */
export async function collectorStatus(cluster: string, now: number = Date.now()): Promise<CollectorStatus> {
  const store = getStore().history;
  const [{ last, lastSuccess }, lease] = await Promise.all([store.lastScan(cluster), store.leases.get(collectorLease(cluster))]);
  return {
    holder: lease && lease.until >= now ? lease.owner : null,
    lastSuccessAt: lastSuccess?.at ?? null,
    lastAttemptAt: last?.at ?? null,
    lastDurationMs: last?.durationMs ?? null,
    lastError: last && !last.ok ? last.error : null,
  };
}
