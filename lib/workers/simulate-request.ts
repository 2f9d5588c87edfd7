/**
 * One simulator request off the request thread, for the route and the simulator page alike: loads
 * what needs I/O (the dashboard's current source, a snapshot link's base) on this thread, then runs the
 * request in the worker pool. Throws WorkTimeoutError / WorkBusyError as runTask does.
 */
import { getClusterSnapshot, isClusterSourceError } from "@/lib/cluster/source";
import type { SimulationLimits } from "@/lib/simulate/limits";
import { failure, success, type Result } from "@/lib/model/result";
import type { SimulationResult } from "@/lib/simulate/run-request";
import { openSharedCluster } from "@/lib/snapshots/open";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { runTask } from "./pool";
import type { LoadedBase } from "./tasks";

async function current(cluster: string | null): Promise<Result<ClusterSnapshot>> {
  try {
    return success(await getClusterSnapshot({ cluster }));
  } catch (error) {
    if (isClusterSourceError(error)) return failure(error.code, error.message);
    return failure("internal", "Reading the current cluster failed unexpectedly; retry, or simulate on the demo cluster.");
  }
}

/**
 * The cluster of a snapshot link of any kind (a scenario's base, a shared snapshot, a plan's snapshot);
 * the store upgrades old records to the current schema.
 */
async function shared(id: string): Promise<Result<ClusterSnapshot>> {
  const opened = await openSharedCluster(id);
  return opened.ok ? success(opened.value.snapshot) : opened;
}

/** Which base needing I/O a request body names, looked up without validating it (the worker validates). */
function namedBase(raw: unknown): { current: boolean; shared: string | null } {
  const base = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as { base?: unknown }).base : undefined;
  const id = base && typeof base === "object" && !Array.isArray(base) ? (base as { shared?: unknown }).shared : undefined;
  return { current: base === "current", shared: typeof id === "string" ? id : null };
}

/** `cluster`: whose snapshot `base: "current"` means (`?cluster=` of the request; null = the first configured). */
export async function simulateOffThread(body: unknown, limits: SimulationLimits, cluster: string | null = null): Promise<Result<SimulationResult>> {
  const named = namedBase(body);
  const loadedCurrent: LoadedBase = named.current ? await current(cluster) : null;
  const loadedShared: LoadedBase = named.shared !== null ? await shared(named.shared) : null;
  return runTask("simulate", { body, current: loadedCurrent, shared: loadedShared, limits });
}
