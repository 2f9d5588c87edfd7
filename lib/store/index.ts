/**
 * The store: shared links, apply jobs, the audit log, leases and the history, in one database.
 * SQLite by default (a file at KAFKA_BALANCE_DB or data/snapshots.db, no set-up); PostgreSQL when
 * KAFKA_BALANCE_DATABASE_URL is a postgres:// or postgresql:// URL, so several instances share one store.
 * Both run the same table code over sql.ts; only the layouts and the transaction mechanics differ.
 *
 * One store per process, opened on first use (never at import, so `next build` and pages that never
 * store anything touch no database). It is kept on globalThis because Next's dev server re-evaluates
 * modules on every edit, which would otherwise leak one connection (or pool) per reload.
 */
import { currentEnv, type Env } from "@/lib/config";
import { historySettings, HistoryStore } from "./history";
import { AuditLog, JobStore } from "./jobs";
import { LeaseStore } from "./leases";
import { LinkStore } from "./links";
import { DATABASE_URL_ENV, isPostgresUrl, PgDb, redactDatabaseUrl } from "./postgres";
import type { SqlDb } from "./sql";
import { openDatabase, openReadOnly, snapshotDbPath, SqliteDb, StoreUnavailableError } from "./sqlite";

/** Where the store lives. A postgres `url` carries its credentials: never log it or put it in a response (use `location`). */
export type StoreConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** The store the environment names: PostgreSQL when KAFKA_BALANCE_DATABASE_URL is a postgres URL, else the SQLite file; StoreUnavailableError for any other URL. */
export function storeConfig(env: Env = currentEnv()): StoreConfig {
  const url = env[DATABASE_URL_ENV]?.trim();
  if (url) {
    if (!isPostgresUrl(url)) {
      // Only the scheme is shown: the rest may hold a password.
      const scheme = /^([a-z][a-z0-9+.-]{0,19}):/i.exec(url)?.[1];
      throw new StoreUnavailableError(
        `${DATABASE_URL_ENV} must be a postgres:// or postgresql:// URL (${scheme ? `got ${scheme}://…` : "got no URL scheme"}); unset it to use the embedded SQLite store.`,
        DATABASE_URL_ENV,
      );
    }
    return { kind: "postgres", url };
  }
  return { kind: "sqlite", file: snapshotDbPath(env) };
}

/** The config's location safe to show: the file, or the URL with its password redacted. */
export function storeLocation(config: StoreConfig): string {
  return config.kind === "sqlite" ? config.file : redactDatabaseUrl(config.url);
}

export class Store {
  readonly links: LinkStore;
  readonly jobs: JobStore;
  readonly audit: AuditLog;
  readonly leases: LeaseStore;
  private historyStore: HistoryStore | undefined;

  constructor(
    readonly db: SqlDb,
    readonly config: StoreConfig,
  ) {
    this.links = new LinkStore(db);
    this.jobs = new JobStore(db);
    this.audit = new AuditLog(db);
    this.leases = new LeaseStore(db);
  }

  /** The history, with its settings read from the environment on first use (HistoryConfigError when wrong). */
  get history(): HistoryStore {
    this.historyStore ??= new HistoryStore(this.db, historySettings());
    return this.historyStore;
  }

  get location(): string {
    return storeLocation(this.config);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** Opens a store (SQLite: the file is created and migrated now; PostgreSQL: migrated before the first statement). */
export function openStore(config: StoreConfig = storeConfig()): Store {
  const db = config.kind === "sqlite" ? new SqliteDb(openDatabase(config.file)) : new PgDb(config.url);
  return new Store(db, config);
}

/** A read-only connection for a worker thread (the history reads of lib/server/history-reader.ts). */
export function openReader(config: StoreConfig): SqlDb {
  return config.kind === "sqlite" ? openReadOnly(config.file) : new PgDb(config.url, { migrate: false, max: 2 });
}

const holder = globalThis as typeof globalThis & { __kafkaBalanceStore?: Store };

/** The process's one store, opened on first use where the environment says (storeConfig). */
export function getStore(): Store {
  holder.__kafkaBalanceStore ??= openStore();
  return holder.__kafkaBalanceStore;
}

/** Closes the process's store; the next `getStore()` opens it again (tests, shutdown). A SQLite store is closed before this returns. */
export function closeStore(): Promise<void> {
  const store = holder.__kafkaBalanceStore;
  holder.__kafkaBalanceStore = undefined;
  return store ? store.close() : Promise.resolve();
}

export { StoreUnavailableError } from "./sqlite";

export type { HistoryStore } from "./history";
export type { LinkStore } from "./links";
