/**
 * Apply jobs and the audit log, in the store beside the shared links (sqlite.ts migration 3,
 * postgres-migrations.ts migration 2). Every write is one statement or one transaction, committed
 * durably before the promise resolves, so a job is stored before the first request reaches Kafka and
 * after every transition, and a `kill -9` loses nothing that was acknowledged.
 *
 * Ownership: the instance running a job holds a lease (`owner`, `lease_until` in ms since the epoch)
 * and renews it at every poll. Status writes are fenced: they only land while the writer still holds
 * the lease, so an instance that stalled and lost its job cannot overwrite the one that took it over.
 * A job whose lease has run out (its instance died) is claimed by the next instance that looks.
 */
import type { SqlDb } from "./sql";
import type { ApplyJobRecord, AuditEntry, JobControl, JobStatus, JobWork } from "@/lib/plan/job-model";

/** The cluster has a job that has not ended: a second is refused (`apply_in_progress`). */
export class JobConflictError extends Error {
  readonly code = "apply_in_progress";

  constructor(readonly running: { id: string; createdAt: string; state: string }) {
    super(`Apply job ${running.id}, started at ${running.createdAt}, is still ${running.state} on this cluster; wait for it to end, or pause or cancel it.`);
    this.name = "JobConflictError";
  }
}

interface JobRow {
  id: string;
  cluster: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  created_by: string;
  owner: string | null;
  lease_until: number;
  work: string;
  status: string;
  control: string;
}

function record(row: JobRow): ApplyJobRecord {
  return {
    id: row.id,
    cluster: row.cluster,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    createdBy: row.created_by,
    work: JSON.parse(row.work) as JobWork,
    status: JSON.parse(row.status) as JobStatus,
    control: JSON.parse(row.control) as JobControl,
  };
}

export class JobStore {
  constructor(private readonly db: SqlDb) {}

  /**
   * Stores a new job, owned by `owner` for `leaseMs`. Rejects with JobConflictError when the cluster has
   * an unfinished job (checked and inserted in one write transaction, and backed by a unique index).
   */
  async insert(job: ApplyJobRecord, owner: string, leaseMs: number, nowMs: number): Promise<void> {
    await this.db.transaction(async () => {
      const running = await this.db.get<{ id: string; created_at: string; status: string }>(
        "SELECT id, created_at, status FROM apply_jobs WHERE cluster = ? AND finished_at IS NULL",
        [job.cluster],
      );
      if (running) throw new JobConflictError({ id: running.id, createdAt: running.created_at, state: (JSON.parse(running.status) as JobStatus).state });
      await this.db.run(
        "INSERT INTO apply_jobs (id, cluster, created_at, updated_at, finished_at, created_by, owner, lease_until, work, status, control) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)",
        [
          job.id,
          job.cluster,
          job.createdAt,
          job.updatedAt,
          job.createdBy,
          owner,
          nowMs + leaseMs,
          JSON.stringify(job.work),
          JSON.stringify(job.status),
          JSON.stringify(job.control),
        ],
      );
    });
  }

  async get(id: string): Promise<ApplyJobRecord | null> {
    const row = await this.db.get<JobRow>("SELECT * FROM apply_jobs WHERE id = ?", [id]);
    return row ? record(row) : null;
  }

  /** The cluster's unfinished job, else its most recent one; null when it never had one. */
  async current(cluster: string): Promise<ApplyJobRecord | null> {
    const row =
      (await this.db.get<JobRow>("SELECT * FROM apply_jobs WHERE cluster = ? AND finished_at IS NULL", [cluster])) ??
      (await this.db.get<JobRow>("SELECT * FROM apply_jobs WHERE cluster = ? ORDER BY created_at DESC, id DESC LIMIT 1", [cluster]));
    return row ? record(row) : null;
  }

  /** Ids of unfinished jobs whose lease has run out (or that this owner holds), oldest first. */
  async orphaned(owner: string, nowMs: number): Promise<string[]> {
    return (await this.db.all<{ id: string }>("SELECT id FROM apply_jobs WHERE finished_at IS NULL AND (lease_until < ? OR owner = ?) ORDER BY created_at", [nowMs, owner])).map(
      (r) => r.id,
    );
  }

  /** Takes (or renews) a job's lease; false when another owner holds an unexpired one or the job has ended. */
  async claim(id: string, owner: string, leaseMs: number, nowMs: number): Promise<boolean> {
    const r = await this.db.run("UPDATE apply_jobs SET owner = ?, lease_until = ? WHERE id = ? AND finished_at IS NULL AND (owner = ? OR lease_until < ?)", [
      owner,
      nowMs + leaseMs,
      id,
      owner,
      nowMs,
    ]);
    return r.changes === 1;
  }

  /**
   * Renews the lease of a job `owner` holds; false when another owner has taken it (even one whose
   * lease has since run out: a runner that lost its job stops, and a fresh runner reads the job again).
   */
  async renew(id: string, owner: string, leaseMs: number, nowMs: number): Promise<boolean> {
    const r = await this.db.run("UPDATE apply_jobs SET lease_until = ? WHERE id = ? AND finished_at IS NULL AND owner = ?", [nowMs + leaseMs, id, owner]);
    return r.changes === 1;
  }

  /**
   * Writes the status (and renews the lease) while `owner` holds the job; `finishedAt` ends it.
   * Resolves false, writing nothing, when the lease was lost.
   */
  async saveStatus(id: string, owner: string, status: JobStatus, updatedAt: string, leaseMs: number, nowMs: number, finishedAt: string | null = null): Promise<boolean> {
    const r = await this.db.run("UPDATE apply_jobs SET status = ?, updated_at = ?, finished_at = ?, lease_until = ? WHERE id = ? AND owner = ? AND finished_at IS NULL", [
      JSON.stringify(status),
      updatedAt,
      finishedAt,
      finishedAt ? 0 : nowMs + leaseMs,
      id,
      owner,
    ]);
    return r.changes === 1;
  }

  /** Applies an operator's request to the job's control, atomically; null when the job does not exist. */
  updateControl(id: string, change: (control: JobControl, job: ApplyJobRecord) => JobControl): Promise<ApplyJobRecord | null> {
    return this.db.transaction(async () => {
      const row = await this.db.get<JobRow>("SELECT * FROM apply_jobs WHERE id = ?", [id]);
      if (!row) return null;
      const job = record(row);
      const control = change(job.control, job);
      await this.db.run("UPDATE apply_jobs SET control = ? WHERE id = ?", [JSON.stringify(control), id]);
      return { ...job, control };
    });
  }

  async control(id: string): Promise<JobControl | null> {
    const row = await this.db.get<{ control: string }>("SELECT control FROM apply_jobs WHERE id = ?", [id]);
    return row ? (JSON.parse(row.control) as JobControl) : null;
  }
}

/** A page of the audit log's filters (lib/plan/apply-request.ts AuditQuery, less its defaults). */
export interface AuditFilter {
  cluster?: string;
  jobId?: string;
  actor?: string;
  action?: string;
  result?: AuditEntry["result"];
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

/** One page of the audit log, newest first, with the cursors to the pages beside it. */
export interface AuditPage {
  entries: AuditEntry[];
  /** Entries matching the filters, on every page. */
  total: number;
  /** How many of them are newer than this page's first entry: the page shows entries position+1 to position+entries.length. */
  position: number;
  /** `before` for the next, older page; null on the last. */
  older: number | null;
  /** `after` for the previous, newer page; null on the first. */
  newer: number | null;
}

interface AuditRow {
  seq: number;
  at: string;
  cluster: string;
  actor: string;
  job_id: string | null;
  action: string;
  target: string;
  result: AuditEntry["result"];
  detail: string;
}

const AUDIT_COLUMNS = "seq, at, cluster, actor, job_id, action, target, result, detail";
const entryOf = (r: AuditRow): AuditEntry => ({
  seq: Number(r.seq),
  at: r.at,
  cluster: r.cluster,
  actor: r.actor,
  jobId: r.job_id,
  action: r.action,
  target: r.target,
  result: r.result,
  detail: r.detail,
});

function whereOf(filter: AuditFilter): { where: string[]; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const eq = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(`${column} = ?`);
    args.push(value);
  };
  eq("cluster", filter.cluster);
  eq("job_id", filter.jobId);
  eq("actor", filter.actor);
  eq("action", filter.action);
  eq("result", filter.result);
  if (filter.from !== undefined) {
    where.push("at >= ?");
    args.push(filter.from);
  }
  if (filter.to !== undefined) {
    where.push("at <= ?");
    args.push(filter.to);
  }
  return { where, args };
}

const clause = (where: string[]) => (where.length ? `WHERE ${where.join(" AND ")}` : "");

export class AuditLog {
  constructor(private readonly db: SqlDb) {}

  async append(entry: Omit<AuditEntry, "seq">): Promise<void> {
    await this.db.run("INSERT INTO audit_log (at, cluster, actor, job_id, action, target, result, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [
      entry.at,
      entry.cluster,
      entry.actor,
      entry.jobId,
      entry.action,
      entry.target,
      entry.result,
      entry.detail,
    ]);
  }

  /** Newest first; at most `limit` (1–1000), optionally for one cluster or one job. */
  async list(options: { limit?: number; cluster?: string; jobId?: string } = {}): Promise<AuditEntry[]> {
    const limit = Math.min(1000, Math.max(1, Math.floor(options.limit ?? 200)));
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (options.cluster !== undefined) {
      where.push("cluster = ?");
      args.push(options.cluster);
    }
    if (options.jobId !== undefined) {
      where.push("job_id = ?");
      args.push(options.jobId);
    }
    const rows = await this.db.all<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log ${clause(where)} ORDER BY seq DESC LIMIT ?`, [...args, limit]);
    return rows.map(entryOf);
  }

  /**
   * One page: at most `limit` (1–1000) entries matching `filter`, newest first, older than the seq
   * `before` or newer than the seq `after` (the first page when neither), with the total that match
   * and the cursors to the older and newer pages. Times compare as the ISO strings they are stored as.
   */
  async page(filter: AuditFilter, cursor: { before?: number; after?: number }, limit: number): Promise<AuditPage> {
    const n = Math.min(1000, Math.max(1, Math.floor(limit)));
    const { where, args } = whereOf(filter);
    const total = Number((await this.db.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM audit_log ${clause(where)}`, args))?.n ?? 0);
    let rows: AuditRow[];
    if (cursor.after !== undefined) {
      rows = (
        await this.db.all<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log ${clause([...where, "seq > ?"])} ORDER BY seq ASC LIMIT ?`, [...args, cursor.after, n])
      ).reverse();
    } else {
      const w = cursor.before !== undefined ? [...where, "seq < ?"] : where;
      const a = cursor.before !== undefined ? [...args, cursor.before] : args;
      rows = await this.db.all<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log ${clause(w)} ORDER BY seq DESC LIMIT ?`, [...a, n]);
    }
    const entries = rows.map(entryOf);
    const exists = async (extra: string, seq: number) =>
      (await this.db.get<{ seq: number }>(`SELECT seq FROM audit_log ${clause([...where, extra])} LIMIT 1`, [...args, seq])) !== undefined;
    const first = entries[0];
    const last = entries.at(-1);
    // An empty page (nothing matches, or a cursor past the end) has no pages beside it; the first page is one without a cursor.
    if (!first || !last) return { entries, total, position: 0, older: null, newer: null };
    const position = Number((await this.db.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM audit_log ${clause([...where, "seq > ?"])}`, [...args, first.seq]))?.n ?? 0);
    return {
      entries,
      total,
      position,
      older: (await exists("seq < ?", last.seq)) ? last.seq : null,
      newer: (await exists("seq > ?", first.seq)) ? first.seq : null,
    };
  }
}
