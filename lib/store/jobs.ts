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
    const rows = await this.db.all<{
      seq: number;
      at: string;
      cluster: string;
      actor: string;
      job_id: string | null;
      action: string;
      target: string;
      result: AuditEntry["result"];
      detail: string;
    }>(`SELECT seq, at, cluster, actor, job_id, action, target, result, detail FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq DESC LIMIT ?`, [
      ...args,
      limit,
    ]);
    return rows.map((r) => ({ seq: r.seq, at: r.at, cluster: r.cluster, actor: r.actor, jobId: r.job_id, action: r.action, target: r.target, result: r.result, detail: r.detail }));
  }
}
