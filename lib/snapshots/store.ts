/**
 * Rows of the snapshot store: put, get, list, delete, expire. Payloads arrive and leave compressed;
 * what they mean (validation, upgrades, redaction) is share.ts's business, and which quotas apply
 * is quota.ts's: `insertWithin` only runs the caller's check and the insert in one transaction.
 *
 * One connection per process, opened on first use (never at import, so `next build` and pages that
 * never share do not touch the disk). It is kept on globalThis because Next's dev server re-evaluates
 * modules on every edit, which would otherwise leak one open connection per reload.
 */
import type Database from "better-sqlite3";
import { openDatabase, snapshotDbPath } from "./db";
import type { RecordKind } from "./record";

export interface NewRow {
  id: string;
  kind: RecordKind;
  schemaVersion: number;
  createdAt: string;
  sizeBytes: number;
  encoding: string;
  payload: Buffer;
  summary: string;
}

/** The columns every read of a row returns. */
interface RowMeta {
  id: string;
  kind: RecordKind;
  schemaVersion: number;
  createdAt: string;
  sizeBytes: number;
  storedBytes: number;
}

export interface StoredRow extends RowMeta {
  encoding: string;
  payload: Buffer;
}

export interface SummaryRow extends RowMeta {
  summary: string;
}

/** What the quotas are checked against. Bytes = compressed payload + summary (UTF-8), see `rowBytes`. */
export interface QuotaState {
  links: number;
  bytes: number;
  /** Links created after the rate window's start, their bytes, and the oldest one's creation time. */
  windowLinks: number;
  windowBytes: number;
  windowOldest: string | null;
}

/** The bytes a row counts for in the quotas: what it occupies on disk, payload and summary. */
export function rowBytes(row: Pick<NewRow, "payload" | "summary">): number {
  return row.payload.byteLength + Buffer.byteLength(row.summary, "utf8");
}

interface RawRow {
  id: string;
  kind: string;
  schema_version: number;
  created_at: string;
  size_bytes: number;
  stored_bytes: number;
  encoding?: string;
  payload?: Buffer;
  summary?: string;
}

export class SnapshotStore {
  private readonly statements;
  private readonly insertWithinTransaction;

  constructor(
    private readonly db: Database.Database,
    readonly file: string,
  ) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO snapshots (id, kind, schema_version, created_at, size_bytes, stored_bytes, encoding, payload, summary)
         VALUES (@id, @kind, @schemaVersion, @createdAt, @sizeBytes, @storedBytes, @encoding, @payload, @summary)`,
      ),
      get: db.prepare(`SELECT id, kind, schema_version, created_at, size_bytes, stored_bytes, encoding, payload FROM snapshots WHERE id = ?`),
      list: db.prepare(`SELECT id, kind, schema_version, created_at, size_bytes, stored_bytes, summary FROM snapshots ORDER BY created_at DESC, id LIMIT ? OFFSET ?`),
      count: db.prepare(`SELECT count(*) AS n FROM snapshots`),
      delete: db.prepare(`DELETE FROM snapshots WHERE id = ?`),
      totals: db.prepare(`SELECT links, bytes FROM store_totals WHERE id = 1`),
      // Both walk the created_at index over at most the rows they return or delete.
      window: db.prepare(`SELECT count(*) AS n, coalesce(sum(stored_bytes + length(CAST(summary AS BLOB))), 0) AS bytes, min(created_at) AS oldest FROM snapshots WHERE created_at > ?`),
      expire: db.prepare(`DELETE FROM snapshots WHERE id IN (SELECT id FROM snapshots WHERE created_at < ? ORDER BY created_at LIMIT ?)`),
    };
    this.insertWithinTransaction = db.transaction(<R>(row: NewRow, windowStart: string | null, admit: (state: QuotaState) => R | null): R | null => {
      const refusal = admit(this.quota(windowStart));
      if (refusal !== null) return refusal;
      this.insert(row);
      return null;
    });
  }

  /** The store's totals, and the links created after `windowStart` (none counted when null). */
  quota(windowStart: string | null): QuotaState {
    const totals = this.statements.totals.get() as { links: number; bytes: number };
    if (windowStart === null) return { ...totals, windowLinks: 0, windowBytes: 0, windowOldest: null };
    const window = this.statements.window.get(windowStart) as { n: number; bytes: number; oldest: string | null };
    return { ...totals, windowLinks: window.n, windowBytes: window.bytes, windowOldest: window.oldest };
  }

  /**
   * In one IMMEDIATE transaction (so another process cannot slip a row in between): asks `admit`
   * whether the row fits the current state (links created after `windowStart` counted as the
   * rate's window; none when null), and inserts it only if `admit` returned null. Returns
   * `admit`'s refusal, or null once committed.
   */
  insertWithin<R>(row: NewRow, windowStart: string | null, admit: (state: QuotaState) => R | null): R | null {
    return this.insertWithinTransaction.immediate(row, windowStart, admit) as R | null;
  }

  /** Deletes up to `max` links created before `cutoff`, oldest first; returns how many. */
  expire(cutoff: string, max: number): number {
    return this.statements.expire.run(cutoff, max).changes;
  }

  /** Commits the row (fsynced, see db.ts) before returning; throws on a duplicate id. */
  insert(row: NewRow): void {
    this.statements.insert.run({ ...row, storedBytes: row.payload.byteLength });
  }

  get(id: string): StoredRow | null {
    const raw = this.statements.get.get(id) as RawRow | undefined;
    if (!raw) return null;
    return { ...common(raw), encoding: raw.encoding!, payload: raw.payload! };
  }

  list(limit: number, offset: number): { rows: SummaryRow[]; total: number } {
    const rows = (this.statements.list.all(limit, offset) as RawRow[]).map((raw) => ({ ...common(raw), summary: raw.summary! }));
    const total = (this.statements.count.get() as { n: number }).n;
    return { rows, total };
  }

  delete(id: string): boolean {
    return this.statements.delete.run(id).changes > 0;
  }

  /** The open database, for the other tables in the same file (lib/store). */
  get database(): Database.Database {
    return this.db;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function common(raw: RawRow) {
  return {
    id: raw.id,
    kind: raw.kind as RecordKind,
    schemaVersion: raw.schema_version,
    createdAt: raw.created_at,
    sizeBytes: raw.size_bytes,
    storedBytes: raw.stored_bytes,
  };
}

export function openSnapshotStore(file: string = snapshotDbPath()): SnapshotStore {
  return new SnapshotStore(openDatabase(file), file);
}

const holder = globalThis as typeof globalThis & { __kafkaBalanceSnapshotStore?: SnapshotStore };

/** The process's one store, opened on first use at `KAFKA_BALANCE_DB` (or data/snapshots.db). */
export function getSnapshotStore(): SnapshotStore {
  holder.__kafkaBalanceSnapshotStore ??= openSnapshotStore();
  return holder.__kafkaBalanceSnapshotStore;
}

/** Closes the process's store; the next `getSnapshotStore()` opens it again (tests, shutdown). */
export function closeSnapshotStore(): void {
  holder.__kafkaBalanceSnapshotStore?.close();
  holder.__kafkaBalanceSnapshotStore = undefined;
}
