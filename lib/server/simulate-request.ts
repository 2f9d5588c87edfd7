/**
 * One simulator request off the request thread, for the route and the simulator page alike: loads
 * what needs I/O (the dashboard's current source, a snapshot link's stored row, the forecast table for
 * a forecast base) on this thread, then runs the request in the worker pool (which decodes the link and
 * grows a forecast base `days` ahead). Throws WorkTimeoutError / WorkBusyError as runTask does.
 */
import { resolveCluster } from "@/lib/cluster/clusters";
import { currentEnv } from "@/lib/config";
import { getClusterSnapshot, isClusterSourceError } from "@/lib/cluster/source";
import { forecastTable } from "@/lib/server/forecast-table";
import { DEFAULT_COLLECT_INTERVAL_MS, historySettingsFromEnv } from "@/lib/model/history-settings";
import { failure, success, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { SimulationLimits } from "@/lib/simulate/limits";
import type { SimulationResult } from "@/lib/simulate/run-request";
import type { RecordRow } from "@/lib/links/decode-record";
import { readShareRow } from "@/lib/links/share";
import { intervalWords } from "@/lib/view/history/collector-status";
import type { JsonBody } from "@/lib/model/json-body";
import { namedBase, type NamedBase } from "./named-base";
import { runTask } from "./run-task";
import { transferable } from "../workers/transfer";
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
 * The stored row of a snapshot link of any kind (a scenario's base, a shared snapshot, a plan's
 * snapshot), or why it does not open: the worker decodes it (lib/server/shared-record-task.ts), since
 * decoding a 50 MB link here would stall the server; old records are upgraded there.
 */
async function sharedRow(id: string): Promise<Result<RecordRow>> {
  const row = await readShareRow(id);
  if (!row.ok) return row;
  const { kind, createdAt, schemaVersion, sizeBytes, encoding, payload } = row.value;
  return success({ id, kind, createdAt, schemaVersion, sizeBytes, encoding, payload: transferable(payload) });
}

/**
 * The current cluster and its dirs' forecasts (lib/server/forecast-table.ts, computed in the worker
 * pool and kept per scan; the worker then grows the cluster `days` ahead). The demo, a cluster without
 * history, and one whose history is still too short for any dir's forecast have none: a 409 that says why.
 */
async function forecast(cluster: string | null, intervalMs: number): Promise<LoadedForecast> {
  const resolved = resolveCluster(cluster);
  if (!resolved.ok) return resolved;
  if (resolved.value.kind === "demo") {
    return failure(
      "no_history",
      'The demo cluster is not collected, so it has no history to forecast from: start from "current", or connect a live cluster (its history starts with the server).',
    );
  }
  const snapshot = await current(cluster);
  if (!snapshot.ok) return snapshot;
  const { dirs } = await forecastTable(resolved.value.name);
  if (!dirs.some((d) => d.projection !== null)) {
    const why = dirs.length === 0 ? "has no history yet" : "has too little history for any log dir's forecast yet";
    return failure(
      "no_history",
      `${resolved.value.label} ${why}: the collector records it every ${intervalWords(intervalMs)}, and a forecast needs a few scans over some hours. Start from "current" meanwhile.`,
    );
  }
  return success({ snapshot: snapshot.value, forecasts: dirs });
}

function collectIntervalMs(): number {
  const settings = historySettingsFromEnv(currentEnv());
  return settings.ok ? settings.value.collectIntervalMs : DEFAULT_COLLECT_INTERVAL_MS;
}

interface LoadedBases {
  current: LoadedBase;
  shared: LoadedBase;
  sharedRow?: RecordRow;
  forecast: LoadedForecast;
}

/** The bases a body names, loaded on this thread (the store and Kafka live here), and the buffers to transfer with them. */
async function loadBases(named: NamedBase, cluster: string | null): Promise<{ bases: LoadedBases; transfer: ArrayBuffer[] }> {
  const row = named.shared !== null ? await sharedRow(named.shared) : null;
  const bases: LoadedBases = {
    current: named.current ? await current(cluster) : null,
    shared: row && !row.ok ? row : null,
    ...(row?.ok ? { sharedRow: row.value } : {}),
    forecast: named.forecastDays !== null ? await forecast(cluster, collectIntervalMs()) : null,
  };
  return { bases, transfer: row?.ok ? [row.value.payload.buffer as ArrayBuffer] : [] };
}

/** `cluster`: whose snapshot `base: "current"` means (`?cluster=` of the request; null = the first configured). */
export async function simulateOffThread(body: unknown, limits: SimulationLimits, cluster: string | null = null): Promise<Result<SimulationResult>> {
  const { bases, transfer } = await loadBases(namedBase(body), cluster);
  return runTask("simulate", { body, ...bases, limits }, { transferList: transfer });
}

/**
 * Whether raw JSON could name a base that needs I/O ("current", { shared }, { forecast }): a byte
 * search, no parse. Any \u escape counts as a maybe (`"sh\u0061red"` is "shared").
 */
function mayNameIo(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return ['"current"', '"shared"', '"forecast"', "\\u"].some((word) => buffer.indexOf(word) >= 0);
}

/**
 * POST /api/simulate: the answer's JSON bytes, serialised in the worker. A large body arrives as bytes
 * and is parsed there; if it names a base this thread must load, the bases are loaded and the task
 * runs again (the first try had a copy of the bytes, the second has them).
 */
export async function simulateJsonOffThread(body: JsonBody, limits: SimulationLimits, cluster: string | null = null): Promise<Result<Uint8Array>> {
  if ("parsed" in body) {
    const { bases, transfer } = await loadBases(namedBase(body.parsed), cluster);
    const out = await runTask("simulateJson", { body: body.parsed, ...bases, limits, looked: true }, { transferList: transfer });
    return "needs" in out ? failure("internal", "The simulator asked for bases it was given.") : out;
  }
  const bytes = transferable(body.bytes);
  // Without any of the words a base needing I/O is named by, the body names none: one run, no copy.
  if (!mayNameIo(bytes)) {
    const out = await runTask("simulateJson", { body: undefined, bodyBytes: bytes, current: null, shared: null, limits, looked: true }, { transferList: [bytes.buffer] });
    return "needs" in out ? failure("internal", "The simulator asked for bases it was given.") : out;
  }
  const first = new Uint8Array(bytes);
  const tried = await runTask("simulateJson", { body: undefined, bodyBytes: first, current: null, shared: null, limits, looked: false }, { transferList: [first.buffer] });
  if (!("needs" in tried)) return tried;
  const { bases, transfer } = await loadBases(tried.needs, cluster);
  const again = await runTask("simulateJson", { body: undefined, bodyBytes: bytes, ...bases, limits, looked: true }, { transferList: [bytes.buffer, ...transfer] });
  return "needs" in again ? failure("internal", "The simulator asked for bases it was given.") : again;
}
