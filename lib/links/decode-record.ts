/**
 * A stored row back to its record: decompress, bound the nesting, parse, upgrade and validate. No
 * store and no clock, so it runs on the request thread (share.ts) and in the worker pool alike
 * (lib/server/share-reads.ts: a 50 MB link decodes in a second or more, which must not hold the
 * server's event loop).
 *
 * Stored by this or an earlier release: every read goes through `parseSnapshot` with `stored: true`,
 * which upgrades a snapshot of an older schema version and drops keys since retired rather than
 * refusing them. A row that cannot be read answers `record_unreadable` naming what failed.
 */
import { jsonDepthProblem } from "@/lib/model/json-depth";
import { parseSnapshot, parseStored, zodIssues } from "@/lib/model/parse";
import { failure, type Err, type Result } from "@/lib/model/result";
import { decodePayload } from "./codec";
import { snapshotUrl } from "./ids";
import { RecordKindSchema, ScenarioSpecSchema, SharedPlanSchema, SharingSchema, type SharedRecord } from "../share/record";

/** The JSON stored (compressed) in a row. Its snapshot carries its own schema version. */
export interface StoredPayload {
  snapshot: unknown;
  scenario: unknown;
  plan: unknown;
  sharing: unknown;
}

/** What decoding needs of a stored row (lib/store/links.ts StoredRow; plain data, so it crosses to a worker). */
export interface RecordRow {
  id: string;
  kind: string;
  createdAt: string;
  schemaVersion: number;
  sizeBytes: number;
  encoding: string;
  payload: Uint8Array;
}

/**
 * The version of a row's content. A stored record never changes (a fresh id per link, never
 * overwritten), so while a row is there with the same version, its decoding is the same.
 */
export const recordVersion = (row: Pick<RecordRow, "createdAt" | "schemaVersion" | "sizeBytes" | "encoding">) =>
  `${row.createdAt}|${row.schemaVersion}|${row.sizeBytes}|${row.encoding}`;

function unreadable(id: string, what: string): Err {
  return failure("record_unreadable", `The shared snapshot ${id} is stored but cannot be read (${what}). It may have been written by a newer Kafka Balance; upgrade this server.`);
}

/** The record a row holds, upgraded to the current schema, or why it cannot be read. */
export async function decodeRecord(row: RecordRow): Promise<Result<SharedRecord>> {
  let payload: StoredPayload;
  try {
    const bytes = Buffer.isBuffer(row.payload) ? row.payload : Buffer.from(row.payload.buffer, row.payload.byteOffset, row.payload.byteLength);
    const json = await decodePayload(row.encoding, bytes);
    // Every body stored since is bounded; an older row nested deeper would overflow the schema's walk.
    const tooDeep = jsonDepthProblem(json, "The stored record");
    if (tooDeep) return unreadable(row.id, tooDeep.message);
    payload = JSON.parse(json) as StoredPayload;
  } catch (error) {
    return unreadable(row.id, (error as Error).message);
  }
  const kind = RecordKindSchema.safeParse(row.kind);
  const snapshot = parseSnapshot(payload.snapshot, { stored: true });
  const sharing = parseStored(SharingSchema, payload.sharing ?? {});
  const scenario = payload.scenario == null ? null : parseStored(ScenarioSpecSchema, payload.scenario);
  const plan = payload.plan == null ? null : parseStored(SharedPlanSchema, payload.plan);
  if (!kind.success) return unreadable(row.id, `unknown kind ${JSON.stringify(row.kind)}`);
  if (!snapshot.ok) return unreadable(row.id, `snapshot: ${snapshot.error.message}`);
  if (!sharing.success) return unreadable(row.id, "sharing options");
  if (scenario && !scenario.success) return unreadable(row.id, `scenario: ${zodIssues(scenario.error)[0]?.path ?? ""}`);
  if (plan && !plan.success) return unreadable(row.id, `plan: ${zodIssues(plan.error)[0]?.path ?? ""}`);
  if (kind.data === "scenario" && !scenario) return unreadable(row.id, "a scenario link without a scenario");
  if (kind.data === "plan" && !plan) return unreadable(row.id, "a plan link without a plan");
  return {
    ok: true,
    value: {
      id: row.id,
      kind: kind.data,
      url: snapshotUrl(row.id),
      createdAt: row.createdAt,
      schemaVersion: row.schemaVersion,
      sizeBytes: row.sizeBytes,
      sharing: sharing.data,
      snapshot: snapshot.value,
      scenario: scenario?.data ?? null,
      plan: plan?.data ?? null,
    },
  };
}
