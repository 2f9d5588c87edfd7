/**
 * Snapshots of computed clusters, fetched when something needs one (the broker drawer's replica list,
 * a JSON export): the server recomputes them with `POST /api/simulate` and `snapshot: true`. The
 * simulator and the planner are deterministic, so the cluster that comes back is the one the page
 * draws: a simulation's steps run again, or a plan's reassignment completed (the simulator's
 * `reassign` step, as the review's "after" is made, with every moved replica's dir pinned).
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ReassignmentEntry } from "@/lib/model/reassignment-json";
import { postSimulation, SIMULATE_URL } from "./use-simulation";

/** The final snapshot of a simulator request body (no policy comparison: only the snapshot is wanted). */
export async function simulatedSnapshot(body: Record<string, unknown>): Promise<ClusterSnapshot> {
  const result = await postSimulation(SIMULATE_URL, { arg: { ...body, compare: false, snapshot: true } });
  if (!result.final.snapshot) throw new Error("the server sent no snapshot");
  return result.final.snapshot;
}

/** The cluster once a reassignment (a plan's, or one under review) is complete. */
export function snapshotAfterReassignment(snapshot: ClusterSnapshot, entries: readonly ReassignmentEntry[]): Promise<ClusterSnapshot> {
  const step = { kind: "reassign", partitions: entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })) };
  return simulatedSnapshot({ base: { snapshot }, steps: [step] });
}

const afterLoaders = new WeakMap<readonly ReassignmentEntry[], () => Promise<ClusterSnapshot>>();

/**
 * A loader of the cluster after `entries`, the same function for the same entries array, so every
 * part of a page asking for it (drawer, export) shares one fetch (lib/client/use-snapshot-behind).
 */
export function afterReassignmentLoader(snapshot: ClusterSnapshot, entries: readonly ReassignmentEntry[]): () => Promise<ClusterSnapshot> {
  let loader = afterLoaders.get(entries);
  if (!loader) {
    loader = () => snapshotAfterReassignment(snapshot, entries);
    afterLoaders.set(entries, loader);
  }
  return loader;
}
