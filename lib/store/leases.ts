/**
 * Named leases in the shared SQLite file (migration 4): which instance runs a periodic duty (the
 * collector of one cluster) when several run against the same store.
 *
 * Invariants:
 * - One holder per name: `acquire` takes a lease that is free or has run out, or renews one this
 *   owner holds, in one statement; it refuses while another owner's lease runs.
 * - Fencing: every change of hands raises the lease's `token`. A holder that stalled past its lease
 *   and lost it keeps an old token, and a write fenced by `holds(name, owner, token)` (checked inside
 *   the write's transaction) lands only while the token is still the current one, even if the lease
 *   came back to the same owner in between.
 * - Times are ms since the epoch, passed in (tests drive the clock).
 */
import type Database from "better-sqlite3";

export interface Lease {
  name: string;
  owner: string;
  /** The fencing token of this holding. */
  token: number;
  until: number;
}

export class LeaseStore {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      // The SET expressions read the row as it was, so the token grows only when the owner changes.
      acquire: db.prepare(
        `INSERT INTO leases (name, owner, until, token) VALUES (@name, @owner, @until, 1)
         ON CONFLICT (name) DO UPDATE SET
           token = CASE WHEN leases.owner = excluded.owner THEN leases.token ELSE leases.token + 1 END,
           owner = excluded.owner,
           until = excluded.until
         WHERE leases.owner = excluded.owner OR leases.until < @now
         RETURNING token, until`,
      ),
      holds: db.prepare(`SELECT 1 FROM leases WHERE name = ? AND owner = ? AND token = ?`),
      release: db.prepare(`UPDATE leases SET until = 0 WHERE name = ? AND owner = ?`),
      get: db.prepare(`SELECT name, owner, token, until FROM leases WHERE name = ?`),
    };
  }

  /** Takes or renews `name` for `owner` until `nowMs + ttlMs`; null while another owner holds it. */
  acquire(name: string, owner: string, ttlMs: number, nowMs: number): Lease | null {
    const row = this.statements.acquire.get({ name, owner, until: nowMs + ttlMs, now: nowMs }) as { token: number; until: number } | undefined;
    return row ? { name, owner, token: row.token, until: row.until } : null;
  }

  /**
   * Whether `owner` still holds `name` with `token` (it may have run out, as long as nobody took it:
   * the holder's write then still lands, and its next `acquire` renews). Call inside the write's transaction.
   */
  holds(name: string, owner: string, token: number): boolean {
    return this.statements.holds.get(name, owner, token) !== undefined;
  }

  /** Lets the lease go now (the next instance to ask takes it); a no-op unless `owner` holds it. */
  release(name: string, owner: string): void {
    this.statements.release.run(name, owner);
  }

  get(name: string): Lease | null {
    return (this.statements.get.get(name) as Lease | undefined) ?? null;
  }
}
