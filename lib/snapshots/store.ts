/**
 * Rows of the snapshot store: put, get, list, delete. Payloads arrive and leave compressed; what
 * they mean (validation, upgrades, redaction) is share.ts's business.
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

export interface StoredRow {
  id: string;
  kind: RecordKind;
  schemaVersion: number;
  createdAt: string;
  sizeBytes: number;
  storedBytes: number;
  encoding: string;
  payload: Buffer;
}

export interface SummaryRow {
  id: string;
  kind: RecordKind;
  schemaVersion: number;
  createdAt: string;
  sizeBytes: number;
  storedBytes: number;
  summary: string;
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
    };
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
