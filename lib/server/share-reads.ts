/**
 * Reading a shared link without holding the request thread: the row is read here (the store lives on
 * this thread; an unknown, deleted or expired link answers at once), its compressed bytes are
 * transferred to the worker pool, and what comes back is the answer, ready to send (the record's JSON
 * bytes, an export file's bytes) or the small overview model the /s/<id> page renders. A 50 MB link
 * used to be decoded, validated and serialised here: a second or more of a stalled event loop per read.
 *
 * The page's overview answers are kept per link and stored version (two): a reload of the page costs
 * a row read, not a trip to the pool. Throws WorkTimeoutError /
 * WorkBusyError as runTask does.
 */
import { failure, type Result } from "@/lib/model/result";
import { recordVersion, type RecordRow } from "@/lib/links/decode-record";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/share/export";
import type { ScenarioSpec } from "@/lib/share/record";
import { readShareRow } from "@/lib/links/share";
import type { LinkStore, StoredRow } from "@/lib/store/links";
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import { runTask } from "./run-task";

export type { SharedView, SharedViewAnswer } from "./shared-record-task";
import type { SharedAnswer, SharedMeta, SharedRecordOutput, SharedView, SharedViewAnswer } from "./shared-record-task";
import { transferable } from "../workers/transfer";

async function inWorker(row: StoredRow, answer: SharedAnswer): Promise<Result<SharedRecordOutput>> {
  const payload = transferable(row.payload);
  const plain: RecordRow = { id: row.id, kind: row.kind, createdAt: row.createdAt, schemaVersion: row.schemaVersion, sizeBytes: row.sizeBytes, encoding: row.encoding, payload };
  return runTask("sharedRecord", { row: plain, answer }, { transferList: [payload.buffer] });
}

/** `GET /api/snapshots/<id>`: the record's JSON (UTF-8 bytes), serialised in the worker. */
export async function sharedRecordJson(id: string, store?: LinkStore): Promise<Result<Uint8Array>> {
  const row = await readShareRow(id, store);
  if (!row.ok) return row;
  const out = await inWorker(row.value, "record");
  if (!out.ok) return out;
  return out.value.answer === "record" ? { ok: true, value: out.value.json } : failure("internal", "The worker answered a record read with something else.");
}

/** `GET /api/snapshots/<id>/export?format=`: the file's bytes, made in the worker. */
export async function sharedExport(id: string, format: ExportFormat, store?: LinkStore): Promise<Result<{ fileName: string; mimeType: string; body: Uint8Array }>> {
  if (!EXPORT_FORMATS.includes(format)) return failure("bad_request", `format must be one of ${EXPORT_FORMATS.join(", ")}`);
  const row = await readShareRow(id, store);
  if (!row.ok) return row;
  const out = await inWorker(row.value, { export: format });
  if (!out.ok) return out;
  if (out.value.answer !== "export") return failure("internal", "The worker answered an export with something else.");
  const { fileName, mimeType, body } = out.value;
  return { ok: true, value: { fileName, mimeType, body } };
}

export interface SharedOverview {
  meta: SharedMeta;
  /** Null for a scenario or plan link: those open in the simulator or the planner. */
  model: OverviewModel | null;
}

const KEPT = 2;
const shown = new Map<string, { version: string; overview: SharedOverview }>();

/** The /s/<id> page: who the link is and, for a snapshot link, the overview model it renders. */
export async function sharedOverview(id: string, store?: LinkStore): Promise<Result<SharedOverview>> {
  const row = await readShareRow(id, store);
  if (!row.ok) return row;
  const version = recordVersion(row.value);
  const last = shown.get(id);
  let overview = last && last.version === version ? last.overview : null;
  if (!overview) {
    const out = await inWorker(row.value, "overview");
    if (!out.ok) return out;
    if (out.value.answer !== "overview") return failure("internal", "The worker answered an overview with something else.");
    overview = { meta: out.value.meta, model: out.value.model };
  }
  shown.delete(id);
  shown.set(id, { version, overview });
  while (shown.size > KEPT) shown.delete(shown.keys().next().value!);
  return { ok: true, value: overview };
}

/** The simulator page's `?shared=<id>`: the link's scenario without its base (null for a snapshot or plan link). */
export async function sharedScenarioSpec(id: string, store?: LinkStore): Promise<Result<{ meta: SharedMeta; scenario: ScenarioSpec | null }>> {
  const row = await readShareRow(id, store);
  if (!row.ok) return row;
  const out = await inWorker(row.value, "scenario");
  if (!out.ok) return out;
  if (out.value.answer !== "scenario") return failure("internal", "The worker answered a scenario read with something else.");
  return { ok: true, value: { meta: out.value.meta, scenario: out.value.scenario } };
}

/**
 * An overview route's answer for a shared link (lib/server/overview.ts, `shared=<id>`), made in the
 * worker from the row the route read: the link's decoding and its report are kept per thread, so
 * paging the grid or opening drawers costs the worker a lookup, and this thread nothing.
 */
export async function sharedView(row: StoredRow, view: SharedView): Promise<Result<SharedViewAnswer>> {
  const out = await inWorker(row, view);
  if (!out.ok) return out;
  return out.value.answer === "view" ? { ok: true, value: out.value.view } : failure("internal", "The worker answered an overview route with something else.");
}
