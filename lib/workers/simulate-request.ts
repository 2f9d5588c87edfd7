/**
 * One simulator request off the request thread, for the route and the simulator page alike: loads
 * what needs I/O (the dashboard's current source, a snapshot link's base, the forecast table for a
 * forecast base) on this thread, then runs the request in the worker pool (which grows a forecast base
 * `days` ahead). Throws WorkTimeoutError / WorkBusyError as runTask does.
 */
import { resolveCluster } from "@/lib/cluster/clusters";
import { getClusterSnapshot, isClusterSourceError } from "@/lib/cluster/source";
import { forecastTable } from "@/lib/collector/forecast-table";
import { DEFAULT_COLLECT_INTERVAL_MS, historySettingsFromEnv } from "@/lib/model/history-settings";
import { failure, success, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { SimulationLimits } from "@/lib/simulate/limits";
import type { SimulationResult } from "@/lib/simulate/run-request";
import { openSharedCluster } from "@/lib/snapshots/open";
import { intervalWords } from "@/lib/view/collector-status";
import type { JsonBody } from "@/lib/model/json-body";
import { namedBase, type NamedBase } from "./named-base";
import { runTask } from "./pool";
import { transferable } from "./transfer";
import type { LoadedBase, LoadedForecast } from "./tasks";

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

/**
 * The current cluster and its dirs' forecasts (lib/collector/forecast-table.ts, computed in the worker
 * pool and kept per scan; the worker then grows the cluster `days` ahead). The demo, a cluster without
 * history, and one whose history is still too short for any dir's forecast have none: a 409 that says why.
 */
async function forecast(cluster: string | null, intervalMs: number): Promise<LoadedForecast> {
  const resolved = resolveCluster(cluster);
  if (!resolved.ok) return failure(resolved.code, resolved.message);
  if (resolved.cluster.kind === "demo") {
    return failure("no_history", "The demo cluster is not collected, so it has no history to forecast from: start from \"current\", or connect a live cluster (its history starts with the server).");
  }
  const snapshot = await current(cluster);
  if (!snapshot.ok) return snapshot;
  const { dirs } = await forecastTable(resolved.cluster.name);
  if (!dirs.some((d) => d.projection !== null)) {
    const why = dirs.length === 0 ? "has no history yet" : "has too little history for any log dir's forecast yet";
    return failure("no_history", `${resolved.cluster.label} ${why}: the collector records it every ${intervalWords(intervalMs)}, and a forecast needs a few scans over some hours. Start from "current" meanwhile.`);
  }
  return success({ snapshot: snapshot.value, forecasts: dirs });
}

function collectIntervalMs(): number {
  const settings = historySettingsFromEnv(process.env);
  return settings.ok ? settings.settings.collectIntervalMs : DEFAULT_COLLECT_INTERVAL_MS;
}

/** The bases a body names, loaded on this thread (the store and Kafka live here). */
async function loadBases(named: NamedBase, cluster: string | null): Promise<{ current: LoadedBase; shared: LoadedBase; forecast: LoadedForecast }> {
  return {
    current: named.current ? await current(cluster) : null,
    shared: named.shared !== null ? await shared(named.shared) : null,
    forecast: named.forecastDays !== null ? await forecast(cluster, collectIntervalMs()) : null,
  };
}

/** `cluster`: whose snapshot `base: "current"` means (`?cluster=` of the request; null = the first configured). */
export async function simulateOffThread(body: unknown, limits: SimulationLimits, cluster: string | null = null): Promise<Result<SimulationResult>> {
  return runTask("simulate", { body, ...(await loadBases(namedBase(body), cluster)), limits });
}

/**
 * POST /api/simulate: the answer's JSON bytes, serialised in the worker. A large body arrives as bytes
 * and is parsed there; if it names a base this thread must load, the bases are loaded and the task
 * runs again (the first try had a copy of the bytes, the second has them).
 */
export async function simulateJsonOffThread(body: JsonBody, limits: SimulationLimits, cluster: string | null = null): Promise<Result<Uint8Array>> {
  if ("parsed" in body) {
    const out = await runTask("simulateJson", { body: body.parsed, ...(await loadBases(namedBase(body.parsed), cluster)), limits, looked: true });
    return "needs" in out ? failure("internal", "The simulator asked for bases it was given.") : out;
  }
  const bytes = transferable(body.bytes);
  const first = new Uint8Array(bytes);
  const tried = await runTask("simulateJson", { body: undefined, bodyBytes: first, current: null, shared: null, limits, looked: false }, { transferList: [first.buffer] });
  if (!("needs" in tried)) return tried;
  const again = await runTask("simulateJson", { body: undefined, bodyBytes: bytes, ...(await loadBases(tried.needs, cluster)), limits, looked: true }, { transferList: [bytes.buffer] });
  return "needs" in again ? failure("internal", "The simulator asked for bases it was given.") : again;
}
