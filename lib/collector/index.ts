/**
 * The collector: records every live configured cluster (lib/cluster/clusters.ts) into the history
 * every `KAFKA_BALANCE_COLLECT_INTERVAL_MS` (default 5 minutes). The demo cluster is not collected.
 *
 * Invariants:
 * - One timer per process (kept on globalThis: Next may load this module in several chunks), and at
 *   most one collection of a cluster in flight per process: a tick that finds the previous one still
 *   running for a cluster skips that cluster.
 * - One collector per cluster across instances (the lease in collect.ts).
 * - Scans go through the dashboard's cached source (`getClusterSnapshot` with refresh), so a collection
 *   also refreshes what the pages show, and a page's scan in flight is joined, not repeated; it has
 *   the source's time limit.
 * - The clusters are read from the configuration at every tick; nothing here throws into the timer.
 */
import { clustersFromEnv, type ClusterEntry } from "@/lib/cluster/clusters";
import { getClusterSnapshot } from "@/lib/cluster/source";
import { PROCESS_OWNER } from "@/lib/cluster/writes/job-runner";
import { getStore } from "@/lib/store";
import { historySettings } from "@/lib/store/history";
import { collectCluster, type CollectDeps, type CollectOutcome } from "./collect";

export { collectCluster, collectorLease, COMPACT_EVERY_MS, type CollectDeps, type CollectOutcome } from "./collect";

export interface CollectorStatus {
  lastSuccessAt: number | null;
  lastAttemptAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

interface CollectorState {
  timer: ReturnType<typeof setInterval> | null;
  intervalMs: number;
  inflight: Set<string>;
  ticks: Promise<CollectOutcome[]> | null;
}

const key = Symbol.for("kafka-balance.collector");
function state(): CollectorState {
  const holder = globalThis as Record<symbol, unknown>;
  return ((holder[key] as CollectorState | undefined) ??= { timer: null, intervalMs: 0, inflight: new Set(), ticks: null }) as CollectorState;
}

/**
 * Collects every live cluster once (those whose previous collection in this process still runs are
 * skipped); resolves with what happened to each. Never rejects.
 */
export async function collectAll(deps: Partial<CollectDeps> = {}): Promise<CollectOutcome[]> {
  const s = state();
  let base: CollectDeps;
  let clusters: ClusterEntry[];
  try {
    const settings = historySettings();
    const all = clustersFromEnv();
    if (!all.ok) throw new Error(all.message);
    clusters = all.clusters.filter((c) => c.kind === "live");
    base = {
      store: deps.store ?? getStore().history,
      owner: deps.owner ?? PROCESS_OWNER,
      intervalMs: deps.intervalMs ?? settings.collectIntervalMs,
      scan: deps.scan ?? ((cluster) => getClusterSnapshot({ cluster, refresh: true })),
      now: deps.now ?? Date.now,
    };
  } catch (error) {
    console.error(`The history collector cannot run: ${(error as Error).message}`);
    return [];
  }
  const runs = clusters
    .filter((c) => !s.inflight.has(c.name))
    .map(async (c): Promise<CollectOutcome | null> => {
      s.inflight.add(c.name);
      try {
        const configError = c.connection && !c.connection.ok ? c.connection.message : null;
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
 * Starts the process's collector: a collection now, then one every interval. Idempotent: a second call
 * (another chunk, a dev reload) does nothing while the timer runs. The timer does not keep the process alive.
 */
export function startCollectors(options: { intervalMs?: number } = {}): void {
  const s = state();
  if (s.timer) return;
  let intervalMs: number;
  try {
    intervalMs = options.intervalMs ?? historySettings().collectIntervalMs;
  } catch (error) {
    console.error(`The history collector is not started: ${(error as Error).message}`);
    return;
  }
  const tick = () => {
    s.ticks = collectAll({ intervalMs });
  };
  s.intervalMs = intervalMs;
  s.timer = setInterval(tick, intervalMs);
  s.timer.unref();
  tick();
}

/** Stops the timer (tests, shutdown); resolves once the collection in flight, if any, has ended. */
export async function stopCollectors(): Promise<void> {
  const s = state();
  if (s.timer) clearInterval(s.timer);
  s.timer = null;
  await s.ticks;
}

/** Whether this process's collector timer runs. */
export function collectorRunning(): boolean {
  return state().timer !== null;
}

/** The cluster's last collection, from the history store: when it last succeeded, when it last tried, how long that took, and its error. */
export async function collectorStatus(cluster: string): Promise<CollectorStatus> {
  const { last, lastSuccess } = await getStore().history.lastScan(cluster);
  return { lastSuccessAt: lastSuccess?.at ?? null, lastAttemptAt: last?.at ?? null, lastDurationMs: last?.durationMs ?? null, lastError: last && !last.ok ? last.error : null };
}
