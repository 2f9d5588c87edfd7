/**
 * The one way the store's tables are reached, whichever database holds them: SQLite (sqlite.ts, the
 * embedded default) or PostgreSQL (postgres.ts). Every table's code (links.ts, jobs.ts, leases.ts,
 * history*.ts) is written once against this interface, so the two backends run the same statements.
 *
 * Invariants:
 * - Statements use `?` placeholders and SQL both databases accept (ON CONFLICT … DO UPDATE, RETURNING);
 *   where they differ, the table's code asks `dialect` (the table layouts are per database: sqlite.ts,
 *   postgres-migrations.ts).
 * - `transaction` is a write transaction that writers take in turn, as SQLite does (BEGIN IMMEDIATE; on
 *   PostgreSQL a transaction-scoped advisory lock), so a check-then-write inside it sees no other writer.
 *   Statements issued while it runs, from code called inside it, join it (AsyncLocalStorage); a nested
 *   `transaction` joins the outer one. Statements from elsewhere never land in it.
 * - Integers come back as numbers (ms since the epoch and byte counts stay below 2^53), BLOBs as Buffers.
 */
export type Dialect = "sqlite" | "postgres";
export type SqlValue = string | number | null | Buffer;

export interface SqlDb {
  readonly dialect: Dialect;
  all<R>(sql: string, params?: readonly SqlValue[]): Promise<R[]>;
  get<R>(sql: string, params?: readonly SqlValue[]): Promise<R | undefined>;
  /** Runs a write; resolves with the rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The UTF-8 byte length of a text column, in the dialect's words. */
export function textBytes(dialect: Dialect, column: string): string {
  return dialect === "sqlite" ? `length(CAST(${column} AS BLOB))` : `octet_length(${column})`;
}

/** A unique or primary key refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
