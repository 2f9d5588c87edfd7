/**
 * Rows of the link store (shared snapshots): put, get, list, delete, expire. Payloads arrive and leave
 * compressed; what they mean (validation, upgrades, redaction) is lib/links/share.ts's business,
 * and which quotas apply is lib/links/quota.ts's: `insertWithin` only runs the caller's check and
 * the insert in one write transaction. Each row records which client created it (a hash of its
 * address, lib/http/client.ts), so the quotas can count one client's links apart from everyone's.
 */
import type { RecordKind } from "@/lib/share/record";
import { textBytes, type SqlDb } from "./sql";

export interface NewRow {
  id: string;
  kind: RecordKind;
  schemaVersion: number;
  createdAt: string;
  sizeBytes: number;
  encoding: string;
  payload: Buffer;
  summary: string;
  /** Who created it (lib/http/client.ts `clientKey`); null when unknown (links written by tools, tests). */
  client?: string | null;
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
  /** The same figures for the client creating the link; absent when no client is named. */
  client?: ClientQuotaState;
}

/** One client's links: their bytes in the store, and those created in the rate window. */
export interface ClientQuotaState {
  bytes: number;
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

export class LinkStore {
  private readonly windowSql: string;
  private readonly clientSql: string;

  constructor(private readonly db: SqlDb) {
    const bytes = `stored_bytes + ${textBytes(db.dialect, "summary")}`;
    // Walks the created_at index over at most the rows it counts.
    this.windowSql = `SELECT count(*) AS n, coalesce(sum(${bytes}), 0) AS bytes, min(created_at) AS oldest FROM snapshots WHERE created_at > ?`;
    // Walks the (client, created_at) index over one client's rows.
    this.clientSql = `SELECT coalesce(sum(${bytes}), 0) AS bytes, count(CASE WHEN created_at > ? THEN 1 END) AS n, coalesce(sum(CASE WHEN created_at > ? THEN ${bytes} END), 0) AS window_bytes, min(CASE WHEN created_at > ? THEN created_at END) AS oldest FROM snapshots WHERE client = ?`;
  }

  /**
   * The store's totals and the links created after `windowStart` (none counted when null); with
   * `client`, the same for that client's links.
   */
  async quota(windowStart: string | null, client: string | null = null): Promise<QuotaState> {
    const totals = (await this.db.get<{ links: number; bytes: number }>(`SELECT links, bytes FROM store_totals WHERE id = 1`))!;
    const mine = client === null ? {} : { client: await this.clientQuota(windowStart, client) };
    if (windowStart === null) return { links: totals.links, bytes: totals.bytes, windowLinks: 0, windowBytes: 0, windowOldest: null, ...mine };
    const window = (await this.db.get<{ n: number; bytes: number; oldest: string | null }>(this.windowSql, [windowStart]))!;
    return { links: totals.links, bytes: totals.bytes, windowLinks: window.n, windowBytes: window.bytes, windowOldest: window.oldest, ...mine };
  }

  private async clientQuota(windowStart: string | null, client: string): Promise<ClientQuotaState> {
    // No window: a start after every row, so none counts as recent.
    const start = windowStart ?? "9999";
    const row = (await this.db.get<{ bytes: number; n: number; window_bytes: number; oldest: string | null }>(this.clientSql, [start, start, start, client]))!;
    return { bytes: Number(row.bytes), windowLinks: Number(row.n), windowBytes: Number(row.window_bytes), windowOldest: row.oldest };
  }

  /**
   * In one write transaction (so another writer cannot slip a row in between): asks `admit` whether
   * the row fits the current state (links created after `windowStart` counted as the rate's window;
   * none when null), and inserts it only if `admit` returned null. Returns `admit`'s refusal, or null
   * once committed.
   */
  insertWithin<R>(row: NewRow, windowStart: string | null, admit: (state: QuotaState) => R | null): Promise<R | null> {
    return this.db.transaction(async () => {
      const refusal = admit(await this.quota(windowStart, row.client ?? null));
      if (refusal !== null) return refusal;
      await this.insert(row);
      return null;
    });
  }

  /** Deletes up to `max` links created before `cutoff`, oldest first; returns how many. */
  async expire(cutoff: string, max: number): Promise<number> {
    return (await this.db.run(`DELETE FROM snapshots WHERE id IN (SELECT id FROM snapshots WHERE created_at < ? ORDER BY created_at LIMIT ?)`, [cutoff, max])).changes;
  }

  /** Commits the row (durably, see sqlite.ts) before resolving; rejects on a duplicate id. */
  async insert(row: NewRow): Promise<void> {
    await this.db.run(
      `INSERT INTO snapshots (id, kind, schema_version, created_at, size_bytes, stored_bytes, encoding, payload, summary, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [row.id, row.kind, row.schemaVersion, row.createdAt, row.sizeBytes, row.payload.byteLength, row.encoding, row.payload, row.summary, row.client ?? null],
    );
  }

  async get(id: string): Promise<StoredRow | null> {
    const raw = await this.db.get<RawRow>(`SELECT id, kind, schema_version, created_at, size_bytes, stored_bytes, encoding, payload FROM snapshots WHERE id = ?`, [id]);
    if (!raw) return null;
    return { ...common(raw), encoding: raw.encoding!, payload: raw.payload! };
  }

  async list(limit: number, offset: number): Promise<{ rows: SummaryRow[]; total: number }> {
    const raws = await this.db.all<RawRow>(
      `SELECT id, kind, schema_version, created_at, size_bytes, stored_bytes, summary FROM snapshots ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      [limit, offset],
    );
    const total = (await this.db.get<{ n: number }>(`SELECT count(*) AS n FROM snapshots`))!.n;
    return { rows: raws.map((raw) => ({ ...common(raw), summary: raw.summary! })), total };
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.run(`DELETE FROM snapshots WHERE id = ?`, [id])).changes > 0;
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
