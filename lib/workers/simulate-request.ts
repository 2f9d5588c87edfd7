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
import { ForecastBaseSchema } from "@/lib/simulate/request";
import type { SimulationResult } from "@/lib/simulate/run-request";
import { openSharedCluster } from "@/lib/snapshots/open";
import { intervalWords } from "@/lib/view/collector-status";
import { runTask } from "./pool";
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

/** Which base needing I/O a request body names, looked up without validating it (the worker validates). */
function namedBase(raw: unknown): { current: boolean; shared: string | null; forecastDays: number | null } {
  const base = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as { base?: unknown }).base : undefined;
  const ref = base && typeof base === "object" && !Array.isArray(base) ? (base as { shared?: unknown; forecast?: unknown }) : undefined;
  const days = ref?.forecast && typeof ref.forecast === "object" ? (ref.forecast as { days?: unknown }).days : undefined;
  // Only a valid number of days is worth loading for; anything else the worker refuses with its path.
  const forecastDays = typeof days === "number" && ForecastBaseSchema.shape.days.safeParse(days).success ? days : null;
  return { current: base === "current", shared: typeof ref?.shared === "string" ? ref.shared : null, forecastDays };
}

/** `cluster`: whose snapshot `base: "current"` means (`?cluster=` of the request; null = the first configured). */
export async function simulateOffThread(body: unknown, limits: SimulationLimits, cluster: string | null = null): Promise<Result<SimulationResult>> {
  const named = namedBase(body);
  const loadedCurrent: LoadedBase = named.current ? await current(cluster) : null;
  const loadedShared: LoadedBase = named.shared !== null ? await shared(named.shared) : null;
  const loadedForecast: LoadedForecast = named.forecastDays !== null ? await forecast(cluster, collectIntervalMs()) : null;
  return runTask("simulate", { body, current: loadedCurrent, shared: loadedShared, forecast: loadedForecast, limits });
}
