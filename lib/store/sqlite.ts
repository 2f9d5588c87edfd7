/**
 * The SQLite store (the default): where its file lives, how it is opened, its table layout, and the
 * SqlDb (sql.ts) over its one connection.
 *
 * Durability: WAL journal with `synchronous=FULL`. In WAL mode NORMAL already survives a crash of
 * this process (a committed transaction is in the WAL file, which the OS keeps), but it may lose the
 * last commits on a power cut or kernel panic, because the WAL is fsynced only at checkpoints. FULL
 * fsyncs the WAL on every commit, so a link we have answered 201 for survives both. The price is one
 * fsync per share, which is nothing at the rate people share links.
 *
 * Concurrency: one connection per process (see index.ts). WAL lets readers run while one writer
 * commits; a second process writing at the same moment waits up to `busy_timeout` instead of
 * failing with SQLITE_BUSY. Inside the process, a transaction holds the connection until it ends
 * (`SqliteDb.transaction`): other statements wait for it rather than landing in it.
 *
 * Layout changes are numbered migrations tracked in `PRAGMA user_version`; each runs once, inside
 * an IMMEDIATE transaction so two processes opening a new file do not both run it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { currentEnv, type Env } from "@/lib/config";
import type { SqlDb, SqlValue } from "./sql";

export const DB_ENV = "KAFKA_BALANCE_DB";
/** Under the git-ignored data/ folder of the working directory (the project root under `npm start`). */
export const DEFAULT_DB_PATH = path.join("data", "snapshots.db");
/** 10 s: a concurrent writer commits a 50 MB snapshot (compressed to a few MB) well within this. */
export const BUSY_TIMEOUT_MS = 10_000;

export function snapshotDbPath(env: Env = currentEnv()): string {
  const configured = env[DB_ENV]?.trim();
  return path.resolve(configured ? configured : DEFAULT_DB_PATH);
}

const MIGRATIONS: readonly string[] = [
  // 1: one row per link. `payload` is the compressed JSON {snapshot, scenario, plan, sharing};
  // `summary` is a small uncompressed JSON for the listing, so listing never decompresses payloads.
  `CREATE TABLE snapshots (
     id TEXT PRIMARY KEY NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('snapshot', 'scenario', 'plan')),
     schema_version INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     size_bytes INTEGER NOT NULL,
     stored_bytes INTEGER NOT NULL,
     encoding TEXT NOT NULL,
     payload BLOB NOT NULL,
     summary TEXT NOT NULL
   ) STRICT;
   CREATE INDEX snapshots_created_at ON snapshots (created_at DESC, id);`,
  // 2: the store's running totals (links, and bytes = compressed payload + summary), kept by
  // triggers in the same transaction as every insert and delete, so the store cap is checked
  // without scanning the table.
  `CREATE TABLE store_totals (
     id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
     links INTEGER NOT NULL,
     bytes INTEGER NOT NULL
   ) STRICT;
   INSERT INTO store_totals (id, links, bytes)
     SELECT 1, count(*), coalesce(sum(stored_bytes + length(CAST(summary AS BLOB))), 0) FROM snapshots;
   CREATE TRIGGER snapshots_totals_insert AFTER INSERT ON snapshots BEGIN
     UPDATE store_totals SET links = links + 1, bytes = bytes + NEW.stored_bytes + length(CAST(NEW.summary AS BLOB)) WHERE id = 1;
   END;
   CREATE TRIGGER snapshots_totals_delete AFTER DELETE ON snapshots BEGIN
     UPDATE store_totals SET links = links - 1, bytes = bytes - OLD.stored_bytes - length(CAST(OLD.summary AS BLOB)) WHERE id = 1;
   END;`,
  // 3: apply jobs and the audit log. A job's `work` is written once; `status` by the instance that
  // holds its lease (`owner` until `lease_until`, renewed every poll), `control` only by the control
  // route. At most one unfinished job per cluster, enforced by the partial unique index.
  `CREATE TABLE apply_jobs (
     id TEXT PRIMARY KEY NOT NULL,
     cluster TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     finished_at TEXT,
     created_by TEXT NOT NULL,
     owner TEXT,
     lease_until INTEGER NOT NULL DEFAULT 0,
     work TEXT NOT NULL,
     status TEXT NOT NULL,
     control TEXT NOT NULL
   ) STRICT;
   CREATE UNIQUE INDEX apply_jobs_one_unfinished ON apply_jobs (cluster) WHERE finished_at IS NULL;
   CREATE INDEX apply_jobs_created_at ON apply_jobs (created_at DESC, id);
   CREATE TABLE audit_log (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     cluster TEXT NOT NULL,
     actor TEXT NOT NULL,
     job_id TEXT,
     action TEXT NOT NULL,
     target TEXT NOT NULL,
     result TEXT NOT NULL CHECK (result IN ('ok', 'refused', 'error')),
     detail TEXT NOT NULL
   ) STRICT;`,
  // 4: the history (lib/store/history.ts) and leases. A series is one log dir, broker, or topic on a
  // broker of a cluster, named once by an integer id; its points live in chunks, one BLOB per series,
  // tier (0 every scan, 1 hourly, 2 daily) and aligned time span (lib/store/history-codec.ts), keyed
  // for the one query the history serves: a series' chunks in time order. The chunk each series is
  // being appended to sits in `history_tail`, one row per series and tier, so the rows a scan appends
  // to are neighbours (a few hundred pages written per scan of 12,000 dirs, not one page per dir)
  // and move to `history_chunks` once their span has passed. `history_scans` holds each
  // scan's outcome and cluster figures (folded per hour and day like the points), `history_clusters`
  // the last scan and compaction per cluster, `leases` who runs what (a collector per cluster), with a
  // fencing token that grows whenever a lease changes hands.
  `CREATE TABLE history_series (
     id INTEGER PRIMARY KEY,
     cluster TEXT NOT NULL,
     kind INTEGER NOT NULL CHECK (kind IN (0, 1, 2)),
     broker INTEGER NOT NULL,
     name TEXT NOT NULL
   ) STRICT;
   CREATE UNIQUE INDEX history_series_key ON history_series (cluster, kind, broker, name);
   CREATE TABLE history_chunks (
     series INTEGER NOT NULL,
     tier INTEGER NOT NULL CHECK (tier IN (0, 1, 2)),
     start INTEGER NOT NULL,
     data BLOB NOT NULL,
     PRIMARY KEY (series, tier, start)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE history_tail (
     series INTEGER NOT NULL,
     tier INTEGER NOT NULL CHECK (tier IN (0, 1, 2)),
     start INTEGER NOT NULL,
     data BLOB NOT NULL,
     PRIMARY KEY (series, tier)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE history_scans (
     cluster TEXT NOT NULL,
     at INTEGER NOT NULL,
     tier INTEGER NOT NULL CHECK (tier IN (0, 1, 2)),
     ok INTEGER NOT NULL,
     failed INTEGER NOT NULL,
     duration_ms INTEGER NOT NULL,
     error TEXT,
     figures TEXT,
     PRIMARY KEY (cluster, at)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE history_clusters (
     cluster TEXT PRIMARY KEY NOT NULL,
     last_at INTEGER,
     last_ok INTEGER,
     last_duration_ms INTEGER,
     last_error TEXT,
     success_at INTEGER,
     success_duration_ms INTEGER,
     compacted_at INTEGER NOT NULL DEFAULT 0
   ) STRICT;
   CREATE TABLE leases (
     name TEXT PRIMARY KEY NOT NULL,
     owner TEXT NOT NULL,
     until INTEGER NOT NULL,
     token INTEGER NOT NULL
   ) STRICT;`,
  // 5: who created each link, for the per-client quotas (lib/links/quota.ts): a hash of the
  // client's address (lib/http/client.ts), never the address; NULL for links made before.
  `ALTER TABLE snapshots ADD COLUMN client TEXT;
   CREATE INDEX snapshots_client ON snapshots (client, created_at);`,
];

/** The store cannot be opened or prepared. The message names the file or host: it is for the server log, not for a client. */
export class StoreUnavailableError extends Error {
  readonly code = "store_unavailable";

  constructor(
    message: string,
    /** The file, or the database URL with its password redacted. */
    readonly location: string,
  ) {
    super(message);
    this.name = "StoreUnavailableError";
  }
}

export function openDatabase(file: string): Database.Database {
  let db: Database.Database;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    db = new Database(file);
  } catch (error) {
    throw new StoreUnavailableError(`Cannot open the snapshot store at ${file} (${(error as Error).message}); make the folder writable or point ${DB_ENV} at another file.`, file);
  }
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const mode = db.pragma("journal_mode = WAL", { simple: true });
  if (mode !== "wal") {
    db.close();
    throw new StoreUnavailableError(`The snapshot store at ${file} cannot use WAL mode (got ${String(mode)}); put ${DB_ENV} on a local disk, not a network share.`, file);
  }
  db.pragma("synchronous = FULL");
  migrate(db, file);
  return db;
}

function migrate(db: Database.Database, file: string): void {
  const run = db.transaction(() => {
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version > MIGRATIONS.length) {
      throw new StoreUnavailableError(
        `The snapshot store at ${file} was written by a newer Kafka Balance (layout ${version}, this one knows ${MIGRATIONS.length}); upgrade Kafka Balance or use another ${DB_ENV}.`,
        file,
      );
    }
    for (let v = version; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]!);
    if (version < MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`);
  });
  run.immediate();
}

/**
 * SqlDb over one better-sqlite3 connection. Statements are prepared once per SQL text. A transaction
 * is BEGIN IMMEDIATE … COMMIT around async work; while one is open, statements from outside it queue
 * behind it (one connection cannot hold two transactions).
 */
export class SqliteDb implements SqlDb {
  readonly dialect = "sqlite";
  private readonly statements = new Map<string, Database.Statement>();
  private readonly inside = new AsyncLocalStorage<true>();
  /** Resolves when the open transaction (and those queued before) end. */
  private turn: Promise<void> = Promise.resolve();
  private open = 0;

  constructor(readonly connection: Database.Database) {}

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private async ready(): Promise<void> {
    while (this.open > 0 && !this.inside.getStore()) await this.turn;
  }

  async all<R>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    await this.ready();
    return this.prepare(sql).all(...params) as R[];
  }

  async get<R>(sql: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    await this.ready();
    return this.prepare(sql).get(...params) as R | undefined;
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    await this.ready();
    return { changes: this.prepare(sql).run(...params).changes };
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return work();
    const previous = this.turn;
    let release!: () => void;
    this.turn = new Promise<void>((resolve) => (release = resolve));
    this.open += 1;
    try {
      await previous;
      return await this.inside.run(true, async () => {
        this.connection.exec("BEGIN IMMEDIATE");
        try {
          const out = await work();
          this.connection.exec("COMMIT");
          return out;
        } catch (error) {
          if (this.connection.inTransaction) this.connection.exec("ROLLBACK");
          throw error;
        }
      });
    } finally {
      this.open -= 1;
      release();
    }
  }

  async close(): Promise<void> {
    if (this.connection.open) this.connection.close();
  }
}

/** The store's file, read-only (the worker threads' history reads; WAL lets them read while the server writes). */
export function openReadOnly(file: string): SqliteDb {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new SqliteDb(db);
}
