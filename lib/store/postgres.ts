/**
 * The PostgreSQL store (KAFKA_BALANCE_DATABASE_URL=postgres://…): a `pg` pool as a SqlDb (sql.ts).
 *
 * Invariants:
 * - Migrations (postgres-migrations.ts) run once per pool, before its first statement.
 * - Writers take turns: `transaction` holds a transaction-scoped advisory lock, as SQLite's BEGIN
 *   IMMEDIATE holds its write lock, so a check-then-write (a quota, a fence, one unfinished job per
 *   cluster) sees no other writer between the check and the commit, across instances.
 * - The URL's password never leaves this file: errors name the URL with it redacted
 *   (`redactDatabaseUrl`), and messages are scrubbed of it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import type { PoolClient } from "pg";
import { migrate } from "./postgres-migrations";
import type { SqlDb, SqlValue } from "./sql";
import { StoreUnavailableError } from "./sqlite";

export const DATABASE_URL_ENV = "KAFKA_BALANCE_DATABASE_URL";

/** Whether the URL names a PostgreSQL database. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url.trim());
}

/** The URL with its password (and any `password` query parameter) replaced by `***`. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    if (parsed.searchParams.has("password")) parsed.searchParams.set("password", "***");
    return parsed.toString().replace("%2A%2A%2A", "***");
  } catch {
    return "postgres://(unparsable URL)";
  }
}

function secretsOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    return [parsed.password, decodeURIComponent(parsed.password), parsed.searchParams.get("password") ?? ""].filter((s) => s.length >= 1);
  } catch {
    return [url];
  }
}

// int8 (counts, sums of bigints) and numeric (sums) as numbers: every value the store keeps is below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

/** The advisory lock key of write transactions ("kbaw"). */
const WRITE_LOCK = 0x6b626177;

const placeholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export class PgDb implements SqlDb {
  readonly dialect = "postgres";
  readonly location: string;
  private readonly pool: pg.Pool;
  private readonly secrets: string[];
  private readonly inside = new AsyncLocalStorage<PoolClient>();
  private migrated: Promise<void> | null = null;

  constructor(
    url: string,
    private readonly options: { migrate?: boolean; max?: number } = {},
  ) {
    this.location = redactDatabaseUrl(url);
    this.secrets = secretsOf(url);
    this.pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
    // An idle client's connection dropping (a server restart) must not crash the process; the next query reconnects.
    this.pool.on("error", () => undefined);
  }

  /** Rewrites an error so it names the database without its password. */
  private scrub(error: unknown): Error {
    const e = error instanceof Error ? error : new Error(String(error));
    for (const secret of this.secrets) if (e.message.includes(secret)) e.message = e.message.split(secret).join("***");
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|28P01|28000|3D000|08\w{3}|57P0\d)$/.test(code)) {
      return new StoreUnavailableError(
        `Cannot reach the PostgreSQL store at ${this.location} (${e.message}); check that the server runs and ${DATABASE_URL_ENV} is right.`,
        this.location,
      );
    }
    return e;
  }

  private ready(): Promise<void> {
    if (this.options.migrate === false) return Promise.resolve();
    this.migrated ??= this.withClient(async (client) => {
      await migrate(client);
    }).catch((error: unknown) => {
      this.migrated = null;
      const scrubbed = this.scrub(error);
      if (scrubbed instanceof StoreUnavailableError) throw scrubbed;
      throw new StoreUnavailableError(`The PostgreSQL store at ${this.location} cannot be prepared: ${scrubbed.message}`, this.location);
    });
    return this.migrated;
  }

  private async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.scrub(error);
    }
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  private async query<R>(sql: string, params: readonly SqlValue[]): Promise<{ rows: R[]; rowCount: number }> {
    await this.ready();
    const text = placeholders(sql);
    const client = this.inside.getStore();
    try {
      const result = client ? await client.query(text, params as unknown[]) : await this.pool.query(text, params as unknown[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      throw this.scrub(error);
    }
  }

  async all<R>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    return (await this.query<R>(sql, params)).rows;
  }

  async get<R>(sql: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    return (await this.query<R>(sql, params)).rows[0];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return { changes: (await this.query(sql, params)).rowCount };
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return work();
    await this.ready();
    return this.withClient(async (client) => {
      try {
        await client.query("BEGIN");
        await client.query("SELECT pg_advisory_xact_lock($1)", [WRITE_LOCK]);
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw this.scrub(error);
      }
      try {
        const out = await this.inside.run(client, work);
        await client.query("COMMIT");
        return out;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw this.scrub(error);
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
