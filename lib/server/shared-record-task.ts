/**
 * The worker's side of reading a shared link (lib/server/share-reads.ts is the request thread's):
 * the stored row's compressed bytes arrive transferred, and everything that costs (decompress,
 * parse, upgrade and validate, the balance report, serialising) happens here. What goes back is the
 * answer itself: the record's JSON or an export file's bytes (moved, not copied), for the /s/<id>
 * page the overview model it renders (a few KB however large the link), for the simulator page the
 * scenario it reopens, for the overview routes (`shared=<id>`) their JSON answers.
 *
 * Decoded records are kept per thread, by id and stored version (two at most: a decoded 300,000-replica
 * snapshot is large), so ten readers of one link decode it once per thread.
 */
import { balanceReport } from "@/lib/model/report";
import { failure, type Result } from "@/lib/model/result";
import { decodeRecord, recordVersion, type RecordRow } from "@/lib/links/decode-record";
import { exportFile, type ExportFormat } from "@/lib/share/export";
import type { ScenarioSpec, SharedRecord } from "@/lib/share/record";
import { brokerAnswer, firstModel, overviewAnswer, topicPageAnswer, type SharedView, type SharedViewAnswer } from "@/lib/server/overview-answers";

export type { SharedView, SharedViewAnswer };
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import { moved, ownBytes } from "../workers/transfer";

/** What the overview routes ask of a shared link (GET /api/cluster/overview, /topics, /broker with `shared=<id>`). */
export type SharedAnswer = "record" | "overview" | "scenario" | { export: ExportFormat } | SharedView;

export interface SharedRecordTaskInput {
  /** The stored row; its payload's buffer is transferred to the worker. */
  row: RecordRow;
  answer: SharedAnswer;
}

/** Who a link is and when it was made: what the /s/<id> page shows beside the model. */
export type SharedMeta = Pick<SharedRecord, "id" | "kind" | "createdAt" | "sharing">;

export type SharedRecordOutput =
  /** The record as `GET /api/snapshots/<id>` answers it: its JSON, UTF-8. */
  | { answer: "record"; json: Uint8Array }
  /** The first-paint overview model of a snapshot link (null for a scenario or plan link, which open elsewhere). */
  | { answer: "overview"; meta: SharedMeta; model: OverviewModel | null }
  | { answer: "export"; fileName: string; mimeType: string; body: Uint8Array }
  | { answer: "view"; view: SharedViewAnswer }
  /** A link's scenario without its base (null for a snapshot or plan link): what the simulator page reopens. */
  | { answer: "scenario"; meta: SharedMeta; scenario: ScenarioSpec | null };

const KEPT = 2;
const decoded = new Map<string, { version: string; record: SharedRecord }>();

/** A row's record, decoded once per thread while it is kept (the simulator's shared bases use it too). */
export async function decodeKept(row: RecordRow): Promise<Result<SharedRecord>> {
  const version = recordVersion(row);
  const last = decoded.get(row.id);
  if (last && last.version === version) {
    decoded.delete(row.id);
    decoded.set(row.id, last);
    return { ok: true, value: last.record };
  }
  const record = await decodeRecord(row);
  if (!record.ok) return record;
  decoded.delete(row.id);
  decoded.set(row.id, { version, record: record.value });
  while (decoded.size > KEPT) decoded.delete(decoded.keys().next().value!);
  return record;
}

export async function sharedRecordTask(input: SharedRecordTaskInput): Promise<Result<SharedRecordOutput>> {
  const opened = await decodeKept(input.row);
  if (!opened.ok) return opened;
  const record = opened.value;
  const { answer } = input;
  if (answer === "record") {
    const json = ownBytes(JSON.stringify(record));
    return moved({ ok: true, value: { answer: "record", json } }, [json.buffer]);
  }
  if (answer === "overview") {
    const meta: SharedMeta = { id: record.id, kind: record.kind, createdAt: record.createdAt, sharing: record.sharing };
    // The same kept figures the overview routes answer from (overview-answers.ts), made once per thread.
    const model = record.kind === "snapshot" ? firstModel(record.snapshot).model : null;
    return { ok: true, value: { answer: "overview", meta, model } };
  }
  if (answer === "scenario") {
    const meta: SharedMeta = { id: record.id, kind: record.kind, createdAt: record.createdAt, sharing: record.sharing };
    return { ok: true, value: { answer: "scenario", meta, scenario: record.scenario } };
  }
  if (typeof answer === "object" && answer !== null && "view" in answer) {
    const { snapshot } = record;
    const capturedAt = snapshot.capturedAt;
    if (answer.view === "broker") {
      const found = brokerAnswer(snapshot, answer.broker);
      return {
        ok: true,
        value: { answer: "view", view: found ? { body: found.body, etag: found.etag, capturedAt, detail: found.detail } : { body: "", etag: "", capturedAt, detail: null } },
      };
    }
    const made = answer.view === "overview" ? overviewAnswer(snapshot, answer.request) : topicPageAnswer(snapshot, answer.request);
    return { ok: true, value: { answer: "view", view: { ...made, capturedAt } } };
  }
  if (typeof answer === "object" && answer !== null && "export" in answer) {
    const file = exportFile(record.snapshot, balanceReport(record.snapshot), answer.export);
    const body = ownBytes(file.body);
    return moved({ ok: true, value: { answer: "export", fileName: file.fileName, mimeType: file.mimeType, body } }, [body.buffer]);
  }
  return failure("internal", "Unknown answer asked of a shared link.");
}
