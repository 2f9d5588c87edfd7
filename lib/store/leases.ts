/**
 * Named leases in the store (sqlite.ts migration 4, postgres-migrations.ts migration 3): which instance runs a periodic duty (the
 * collector of one cluster) when several run against the same store.
 *
 * Invariants:
 * - One holder per name: `acquire` takes a lease that is free or has run out, or renews one this
 *   owner holds, in one statement; it refuses while another owner's lease runs.
 * - Fencing: every change of hands raises the lease's `token`. A holder that stalled past its lease
 *   and lost it keeps an old token, and a write fenced by `holds(name, owner, token)` (checked inside
 *   the write's transaction) lands only while the token is still the current one, even if the lease
 *   came back to the same owner in between. `acquire` runs as a write transaction, so it cannot change
 *   hands between a fenced write's check and its commit.
 * - Times are ms since the epoch, passed in (tests drive the clock).
 */
import type { SqlDb } from "./sql";

export interface Lease {
  name: string;
  owner: string;
  /** The fencing token of this holding. */
  token: number;
  until: number;
}

// The SET expressions read the row as it was, so the token grows only when the owner changes.
const ACQUIRE = `INSERT INTO leases (name, owner, until, token) VALUES (?, ?, ?, 1)
  ON CONFLICT (name) DO UPDATE SET
    token = CASE WHEN leases.owner = excluded.owner THEN leases.token ELSE leases.token + 1 END,
    owner = excluded.owner,
    until = excluded.until
  WHERE leases.owner = excluded.owner OR leases.until < ?
  RETURNING token, until`;

export class LeaseStore {
  constructor(private readonly db: SqlDb) {}

  /** Takes or renews `name` for `owner` until `nowMs + ttlMs`; null while another owner holds it. */
  async acquire(name: string, owner: string, ttlMs: number, nowMs: number): Promise<Lease | null> {
    const row = await this.db.transaction(() => this.db.get<{ token: number; until: number }>(ACQUIRE, [name, owner, nowMs + ttlMs, nowMs]));
    return row ? { name, owner, token: row.token, until: row.until } : null;
  }

  /**
   * Whether `owner` still holds `name` with `token` (it may have run out, as long as nobody took it:
   * the holder's write then still lands, and its next `acquire` renews). Call inside the write's transaction.
   */
  async holds(name: string, owner: string, token: number): Promise<boolean> {
    return (await this.db.get(`SELECT 1 AS held FROM leases WHERE name = ? AND owner = ? AND token = ?`, [name, owner, token])) !== undefined;
  }

  /** Lets the lease go now (the next instance to ask takes it); a no-op unless `owner` holds it. */
  async release(name: string, owner: string): Promise<void> {
    await this.db.transaction(() => this.db.run(`UPDATE leases SET until = 0 WHERE name = ? AND owner = ?`, [name, owner]));
  }

  async get(name: string): Promise<Lease | null> {
    return (await this.db.get<Lease>(`SELECT name, owner, token, until FROM leases WHERE name = ?`, [name])) ?? null;
  }
}
