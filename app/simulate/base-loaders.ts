/**
 * The simulator's reads from outside the core: the dashboard's current source, snapshot links, and
 * generated clusters kept for reuse. Server-only (lib/cluster talks to Kafka, lib/snapshots to SQLite);
 * the route and the page share these.
 */
import { ClusterSourceError, getClusterSnapshot } from "@/lib/cluster/source";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { openSharedScenario } from "@/lib/snapshots/open";
import type { BaseLoaders, LoadResult } from "@/lib/simulate/simulate";
import type { SyntheticBase } from "@/lib/simulate/request";
import { syntheticCluster } from "@/lib/simulate/synthetic";

async function current(): Promise<LoadResult> {
  try {
    return { ok: true, snapshot: await getClusterSnapshot() };
  } catch (error) {
    if (error instanceof ClusterSourceError) return { ok: false, status: error.status, code: error.code, message: error.message };
    return { ok: false, status: 500, code: "internal", message: "Reading the current cluster failed unexpectedly; retry, or simulate on the demo cluster." };
  }
}

/**
 * 2 clusters: re-running an edited scenario on the same generated base (the usual loop, and the
 * benchmark's) skips the generator, while memory stays bounded (a 100,000-replica cluster is tens of MB).
 * Safe to share: the engine copies its base before changing anything.
 */
const SYNTHETIC_CACHE_SIZE = 2;
const cacheKey = Symbol.for("kafka-balance.simulate.synthetic-cache");
const cache: Map<string, ClusterSnapshot> = ((globalThis as Record<symbol, unknown>)[cacheKey] as Map<string, ClusterSnapshot> | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[cacheKey] = cache;

function synthetic(options: SyntheticBase): ClusterSnapshot {
  const key = JSON.stringify(options, Object.keys(options).sort());
  let snapshot = cache.get(key);
  if (snapshot) cache.delete(key);
  else snapshot = syntheticCluster(options);
  cache.set(key, snapshot);
  while (cache.size > SYNTHETIC_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return snapshot;
}

/** The base of a scenario stored as a snapshot link; the store upgrades old records to the current schema. */
async function shared(id: string): Promise<LoadResult> {
  const opened = await openSharedScenario(id);
  if (!opened.ok) return { ok: false, status: opened.error.status, code: opened.error.code, message: opened.error.message };
  return { ok: true, snapshot: opened.value.scenario.base as ClusterSnapshot };
}

export const serverLoaders: BaseLoaders = { current, synthetic, shared };
