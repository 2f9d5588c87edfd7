/**
 * Snapshot links, end to end: validate what a client wants to share, apply its sharing options,
 * store it, and read it again. Route handlers call these functions; every read of a link (GET of a
 * link, its exports, the /s/[id] page, the overview routes, the simulator's and the planner's
 * `?shared=`) takes its row from `readShareRow` and decodes it in the worker pool
 * (lib/server/share-reads.ts, decode-record.ts), never on the request thread.
 *
 * - Expected failures (bad input, unknown or malformed id, missing token) are Results (lib/model/result.ts)
 *   with a code and a message that says what to change; they never throw. lib/http maps codes to statuses.
 * - Reading always goes through `parseSnapshot` (decode-record.ts), which upgrades a snapshot written by an older
 *   schema version, so a link keeps opening after the schema grows. A scenario's base is the
 *   record's snapshot, so it is upgraded by the same call.
 * - Creating a link applies the store's quotas (quota.ts, limits.ts): it is refused with a 4xx
 *   rather than stored when it is too large, the store is full or links arrive too fast; each write
 *   first deletes a bounded batch of expired links. Opening an expired link deletes it and answers 410.
 * - Nothing here logs: snapshots are the operator's data.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { zodIssues } from "@/lib/model/parse";
import { failure, invalid, type Err, type Result } from "@/lib/model/result";
import { SNAPSHOT_SCHEMA_VERSION } from "@/lib/model/snapshot";
import { encodeStoredPayload, type EncodedPayload } from "./encode-record";
import type { StoredPayload } from "./decode-record";
import { isSnapshotId, newSnapshotId, snapshotUrl } from "./ids";
import { DEFAULT_LIST_LIMIT, EXPIRE_BATCH, expiryCutoff, linkLimits, MAX_LIST_LIMIT, RATE_WINDOW_MS, RETENTION_ENV } from "./limits";
import { admitLink } from "./quota";
import type { RecordKind, RecordSummary } from "../share/record";
import type { ShareResponse } from "../share/request";
import { prepareShare, type PreparedShare } from "./prepare";
import { getStore } from "@/lib/store";
import { rowBytes, type LinkStore, type NewRow, type StoredRow } from "@/lib/store/links";
import { isUniqueViolation } from "@/lib/store/sql";
import { DATABASE_URL_ENV } from "@/lib/store/postgres";
import { DB_ENV, StoreUnavailableError } from "@/lib/store/sqlite";

export { type PreparedShare } from "./prepare";

const loggedUnavailable = new Set<string>();

/**
 * A store that cannot be opened, as an answer: what to do, but not where the store is (its absolute
 * path or database host is for the operator, not for whoever holds a link). The whole message goes to
 * the server log, once per distinct message.
 */
function storeUnavailable(error: StoreUnavailableError): Err {
  if (!loggedUnavailable.has(error.message)) {
    loggedUnavailable.add(error.message);
    console.error(`Kafka Balance: ${error.message}`);
  }
  return failure("store_unavailable", `The snapshot store cannot be opened; the server log says why. An operator must fix it (${DB_ENV} or ${DATABASE_URL_ENV}).`);
}

/** Storage failures a caller can act on become answers; anything else is a bug and propagates. */
function storeFailure(error: unknown): Err {
  if (error instanceof StoreUnavailableError) return storeUnavailable(error);
  const code = (error as { code?: unknown }).code;
  // SQLite's codes, then PostgreSQL's (lock_not_available, serialization_failure; disk_full; read_only_sql_transaction).
  if (code === "SQLITE_BUSY" || code === "55P03" || code === "40001") return failure("store_busy", "The snapshot store is busy with another writer; retry in a few seconds.");
  if (code === "SQLITE_FULL")
    return failure("disk_full", `The disk holding the snapshot store is full: ask an operator to free space, delete old links, or point ${DB_ENV} at another disk.`);
  if (code === "53100") return failure("disk_full", "The PostgreSQL server's disk is full: ask an operator to free space there or delete old links.");
  if (code === "SQLITE_READONLY") return failure("store_read_only", `The snapshot store is read-only; make the file writable or point ${DB_ENV} at a writable path.`);
  if (code === "25006") return failure("store_read_only", `The PostgreSQL store is read-only (a standby?); point ${DATABASE_URL_ENV} at the primary.`);
  throw error;
}

async function guarded<T>(work: () => Promise<Result<T>> | Result<T>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    return storeFailure(error);
  }
}

export type { StoredPayload } from "./decode-record";

export interface CreateShareOptions {
  store?: LinkStore;
  now?: () => Date;
  /** Salt for topic-name hashes; random per link unless a test fixes it. */
  salt?: string;
  /** Who asks (lib/http/client.ts `clientKey`): the per-client quotas count its links; none when absent. */
  client?: string;
}

/**
 * Validates, applies the sharing options, trims the label, and stores within the quotas. Resolves
 * once the row is committed and fsynced, or with the quota that refused it (nothing stored).
 */
export async function createShare(raw: unknown, options: CreateShareOptions = {}): Promise<Result<ShareResponse>> {
  const prepared = prepareShare(raw, options.salt ?? randomBytes(16).toString("hex"), linkLimits().labelChars);
  return prepared.ok ? storePreparedShare(prepared.value, options) : prepared;
}

/**
 * Stores a link prepared by prepareShare (in this thread) within the quotas. Resolves once the row is
 * committed and fsynced, or with the quota that refused it.
 */
export function storePreparedShare(prepared: PreparedShare, options: Omit<CreateShareOptions, "salt"> = {}): Promise<Result<ShareResponse>> {
  const { kind, sharing, content, notices } = prepared;
  return storeShare(kind, notices, (labelChars) => encodeStoredPayload({ ...content, sharing }, labelChars), options);
}

/** A link prepared and encoded in the worker pool (lib/server/tasks.ts shareEncodedTask): what the route stores. */
export interface EncodedShare extends EncodedPayload {
  kind: RecordKind;
  notices: string[];
}

/** Stores a link the worker pool prepared and encoded, within the quotas, as storePreparedShare does. */
export function storeEncodedShare(encoded: EncodedShare, options: Omit<CreateShareOptions, "salt"> = {}): Promise<Result<ShareResponse>> {
  const { kind, notices, ...row } = encoded;
  return storeShare(kind, notices, async () => row, options);
}

async function storeShare(
  kind: RecordKind,
  notices: string[],
  encode: (labelChars: number) => Promise<EncodedPayload>,
  options: Omit<CreateShareOptions, "salt">,
): Promise<Result<ShareResponse>> {
  const limits = linkLimits();
  const now = (options.now ?? (() => new Date()))();
  const windowStart = limits.rateLinks > 0 || limits.rateBytes > 0 ? new Date(now.getTime() - RATE_WINDOW_MS).toISOString() : null;
  const expiredBefore = expiryCutoff(limits, now);
  return guarded(async () => {
    const store = options.store ?? getStore().links;
    // Expired links make room first; then a full store or a spent rate refuses before any
    // compressing (1 byte: the smallest link). The insert checks again, atomically.
    if (expiredBefore !== null) await store.expire(expiredBefore, EXPIRE_BATCH);
    const client = options.client ?? null;
    const early = admitLink(1, await store.quota(windowStart, client), limits, now);
    if (early) return { ok: false, error: early };
    const row: Omit<NewRow, "id"> = { kind, schemaVersion: SNAPSHOT_SCHEMA_VERSION, createdAt: now.toISOString(), ...(await encode(limits.labelChars)) };
    const bytes = rowBytes(row);
    const stored = await withFreshId((id) => store.insertWithin({ id, ...row, client }, windowStart, (state) => admitLink(bytes, state, limits, now)));
    if ("refusal" in stored) return { ok: false, error: stored.refusal };
    return { ok: true, value: { id: stored.id, url: snapshotUrl(stored.id), ...(notices.length > 0 ? { notices } : {}) } };
  });
}

/** A row ready to insert, but for its id: compressed payload and the listing summary. */
async function encodeRecord(record: { kind: RecordKind; schemaVersion: number; createdAt: string; payload: StoredPayload }, labelChars: number): Promise<Omit<NewRow, "id">> {
  return { kind: record.kind, schemaVersion: record.schemaVersion, createdAt: record.createdAt, ...(await encodeStoredPayload(record.payload, labelChars)) };
}

/**
 * Runs `insert` under a fresh id. 2^128 ids make a clash practically impossible; if one happens
 * anyway, the primary key refuses the row and a fresh id is drawn rather than overwriting someone
 * else's link. `insert` returns null once stored, or a refusal to pass back.
 */
async function withFreshId<R>(insert: (id: string) => Promise<R | null>): Promise<{ id: string } | { refusal: R }> {
  for (let attempt = 0; ; attempt++) {
    const id = newSnapshotId();
    try {
      const refusal = await insert(id);
      return refusal === null ? { id } : { refusal };
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * Compresses and stores a payload under a fresh id, outside the quotas. Exported for the
 * schema-version fixtures, which store payloads exactly as an older release wrote them.
 */
export async function insertRecord(store: LinkStore, record: { kind: RecordKind; schemaVersion: number; createdAt: string; payload: StoredPayload }): Promise<string> {
  const row = await encodeRecord(record, linkLimits().labelChars);
  const stored = await withFreshId(async (id) => (await store.insert({ id, ...row }), null));
  return (stored as { id: string }).id;
}

function idProblem(id: string): Err | null {
  return isSnapshotId(id)
    ? null
    : failure(
        "invalid_id",
        `"${id.slice(0, 40)}" is not a snapshot link id: ids are 22 characters of A–Z, a–z, 0–9, "-" and "_", as in /s/<id>. Check that the link was copied whole.`,
      );
}

function notFound(id: string): Err {
  const { retentionDays } = linkLimits();
  const expiry = retentionDays > 0 ? `, or it expired (links are kept for ${retentionDays} days, ${RETENTION_ENV})` : "";
  return failure("not_found", `No shared snapshot has the id ${id}: the link may have been mistyped, or the snapshot was deleted${expiry}. Ask whoever sent it for a new link.`);
}

/**
 * A link's stored row, read as every opening reads it: a malformed id, an unknown one and an expired
 * one (deleted here) are answers; the payload is not decoded. The worker pool decodes it for the
 * reads that would otherwise hold the request thread (lib/server/share-reads.ts).
 */
export async function readShareRow(id: string, store?: LinkStore, now: Date = new Date()): Promise<Result<StoredRow>> {
  const bad = idProblem(id);
  if (bad) return bad;
  const found = await guarded(async () => ({ ok: true, value: await (store ?? getStore().links).get(id) }));
  if (!found.ok) return found;
  const row = found.value;
  if (!row) return notFound(id);
  const limits = linkLimits();
  const cutoff = expiryCutoff(limits, now);
  if (cutoff !== null && row.createdAt < cutoff) {
    const deleted = await guarded(async () => ({ ok: true, value: await (store ?? getStore().links).delete(id) }));
    if (!deleted.ok) return deleted;
    return failure(
      "expired",
      `The shared snapshot ${id} expired: links are kept for ${limits.retentionDays} days (${RETENTION_ENV}) and this one was created on ${row.createdAt.slice(0, 10)}. Ask whoever sent it for a new link.`,
    );
  }
  return { ok: true, value: row };
}

export const ListQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`)
    .default(DEFAULT_LIST_LIMIT),
  offset: z.coerce.number().int("offset must be a whole number").min(0, "offset must be 0 or more").default(0),
});

export interface ShareList {
  total: number;
  limit: number;
  offset: number;
  records: RecordSummary[];
}

/** Newest first. `query` is the URL's search params (limit, offset). */
export async function listShares(query: Record<string, string>, store?: LinkStore): Promise<Result<ShareList>> {
  const parsed = ListQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const { limit, offset } = parsed.data;
  const listed = await guarded(async () => ({ ok: true, value: await (store ?? getStore().links).list(limit, offset) }));
  if (!listed.ok) return listed;
  const { rows, total } = listed.value;
  const records = rows.map((row): RecordSummary => {
    const summary = JSON.parse(row.summary) as Omit<RecordSummary, "id" | "kind" | "url" | "createdAt" | "schemaVersion" | "sizeBytes" | "storedBytes">;
    return {
      id: row.id,
      kind: row.kind,
      url: snapshotUrl(row.id),
      createdAt: row.createdAt,
      schemaVersion: row.schemaVersion,
      sizeBytes: row.sizeBytes,
      storedBytes: row.storedBytes,
      ...summary,
    };
  });
  return { ok: true, value: { total, limit, offset, records } };
}

export async function deleteShare(id: string, store?: LinkStore): Promise<Result<{ id: string; deleted: true }>> {
  const bad = idProblem(id);
  if (bad) return bad;
  const deleted = await guarded(async () => ({ ok: true, value: await (store ?? getStore().links).delete(id) }));
  if (!deleted.ok) return deleted;
  return deleted.value ? { ok: true, value: { id, deleted: true } } : notFound(id);
}
