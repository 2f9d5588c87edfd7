/**
 * Apply jobs: start one, find the cluster's current one, control it, and pick up jobs left by a
 * process that stopped. The job itself runs in job-runner.ts; it lives in the store (lib/store/jobs.ts),
 * so it outlives the process that started it.
 *
 * Invariants:
 * - One unfinished job per cluster (the store refuses a second: ApplyBusyError, `apply_in_progress`).
 * - The job is in the store before anything is sent to Kafka.
 * - A job left by a dead process (its lease ran out) is picked up by the next process that looks:
 *   at server start (instrumentation.ts), on every status request, and every few seconds while a
 *   process with a live cluster runs.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { DEFAULT_EXECUTION, estimateExecution, planBatches, PlanOptionsSchema, type ExecutionLimits } from "@/lib/plan";
import { log } from "@/lib/log/logger";
import { getStore } from "@/lib/store";
import { JobConflictError } from "@/lib/store/jobs";
import { resolveCluster } from "../clusters";
import { bootstrapLabel, type KafkaConnection } from "../connection";
import { electionTargets, type ApplyWork } from "./apply-work";
import { jobFinished, type ApplyJobRecord, type ControlAction, type JobControl, type JobRates, type JobStatus, type JobWork } from "@/lib/plan/job-model";
import { PROCESS_OWNER, runJob, wakeJob, type RunnerOptions } from "./job-runner";
import { jobLeaseMs, orphanWatchMs } from "./job-settings";

/** Another job of the cluster has not ended (the store's JobConflictError, said to the caller). */
export class ApplyBusyError extends Error {
  override readonly name = "ApplyBusyError";
  readonly code = "apply_in_progress";
}

export class JobNotFoundError extends Error {
  override readonly name = "JobNotFoundError";
  readonly code = "job_not_found";
}

/** The job has ended, or is being cancelled: there is nothing left to ask of it. */
export class JobFinishedError extends Error {
  override readonly name = "JobFinishedError";
  readonly code = "job_finished";
}

/** The store's name for a cluster: its bootstrap servers as a label (no credentials). */
export function clusterKey(connection: KafkaConnection): string {
  return bootstrapLabel(connection.bootstrapServers);
}

export interface StartOptions extends RunnerOptions {
  /** The configured cluster's name (clusters.ts); default: the connection's bootstrap label. */
  cluster?: string;
  /** The write token's label of whoever asked (audit). Default "operator". */
  createdBy?: string;
  execution?: ExecutionLimits;
  /** The throttle rates; default: the ones the work's throttles carry, else the planner's defaults. */
  rates?: JobRates;
  /** How long to wait for the first batch to be submitted before answering. Default 60 s. */
  startWaitMs?: number;
}

function ratesOf(work: ApplyWork): JobRates {
  const defaults = PlanOptionsSchema.parse({}).throttle;
  const replication = work.throttles.brokers.find((b) => b.leaderRate !== null || b.followerRate !== null);
  const alter = work.throttles.brokers.find((b) => b.alterLogDirsRate !== null);
  return {
    replicationBytesPerSecond: replication?.leaderRate ?? replication?.followerRate ?? defaults.replicationBytesPerSecond,
    alterLogDirsBytesPerSecond: alter?.alterLogDirsRate ?? defaults.alterLogDirsBytesPerSecond,
  };
}

/** The job's stored form, before anything is sent. */
export function newJob(connection: KafkaConnection, snapshot: ClusterSnapshot, work: ApplyWork, options: StartOptions, now: Date): ApplyJobRecord {
  const execution = options.execution ?? DEFAULT_EXECUTION;
  const rates = options.rates ?? ratesOf(work);
  const batches = planBatches(snapshot, work.entries, execution);
  const estimate = estimateExecution(batches, rates, { pollSeconds: (options.pollMs ?? 1000) / 1000 });
  const index = new Map(work.entries.map((e, i) => [`${e.topic}\u0000${e.partition}`, i]));
  const original: JobWork["original"] = {};
  const wanted = new Set(index.keys());
  for (const t of snapshot.topics)
    for (const p of t.partitions)
      if (wanted.has(`${t.name}\u0000${p.id}`)) original[`${t.name}-${p.id}`] = { replicas: p.replicas.map((r) => r.broker), dirs: p.replicas.map((r) => r.logDir) };
  const at = now.toISOString();
  const status: JobStatus = {
    state: "running",
    phase: "cordons",
    batch: 0,
    batches: batches.map(() => ({ state: "pending", startedAt: null, finishedAt: null })),
    setConfigs: [],
    rates: { ...rates },
    controlSeq: 0,
    progress: null,
    clock: null,
    failed: false,
    election: null,
    log: [{ at, message: `Job stored: ${work.entries.length} partition(s) in ${batches.length} batch(es), planned ${Math.round(estimate.seconds)} s. Nothing sent to Kafka yet.` }],
    warnings: [],
    errors: [],
  };
  const control: JobControl = { seq: 0, pause: false, cancel: false, rates: null, by: null };
  return {
    id: `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    cluster: options.cluster ?? clusterKey(connection),
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
    createdBy: options.createdBy ?? "operator",
    work: {
      entries: [...work.entries],
      batches: batches.map((b) => ({
        index: b.index,
        kind: b.kind,
        entries: b.entries.map((e) => index.get(`${e.topic}\u0000${e.partition}`)!),
        bytes: b.bytes,
        partitionMoves: b.partitionMoves,
        dirMoves: b.dirMoves,
      })),
      original,
      throttles: { topics: work.throttles.topics, brokers: work.throttles.brokers },
      cordons: [...(work.cordons ?? [])],
      leadership: electionTargets(snapshot, work),
      execution,
      estimate: { seconds: estimate.seconds, batchSeconds: estimate.batchSeconds, overheadSeconds: estimate.overheadSeconds },
      rates,
    },
    status,
    control,
  };
}

/**
 * Stores a new job and starts running it here; resolves once its first batch has been submitted (or
 * the job has ended or paused, or `startWaitMs` passed), with the job as it is then.
 */
export async function startApplyJob(connection: KafkaConnection, snapshot: ClusterSnapshot, work: ApplyWork, options: StartOptions = {}): Promise<ApplyJobRecord> {
  const { jobs: store, audit } = getStore();
  const job = newJob(connection, snapshot, work, options, new Date());
  try {
    await store.insert(job, PROCESS_OWNER, options.leaseMs ?? jobLeaseMs(), Date.now());
  } catch (error) {
    log("warn", "Apply refused: the cluster has a job that has not ended.", {
      event: "job.refused",
      cluster: job.cluster,
      jobId: null,
      actor: job.createdBy,
      error: (error as Error).message,
    });
    if (error instanceof JobConflictError) throw new ApplyBusyError(error.message);
    throw error;
  }
  log("info", `Apply job stored: ${work.entries.length} partition(s) in ${job.work.batches.length} batch(es).`, {
    event: "job.start",
    cluster: job.cluster,
    jobId: job.id,
    actor: job.createdBy,
    partitions: work.entries.length,
    batches: job.work.batches.length,
    estimateSeconds: Math.round(job.work.estimate.seconds),
    rates: job.work.rates,
  });
  await audit.append({
    at: job.createdAt,
    cluster: job.cluster,
    actor: job.createdBy,
    jobId: job.id,
    action: "apply-requested",
    target: `${work.entries.length} partition(s) in ${job.work.batches.length} batch(es)`,
    result: "ok",
    detail: `execution: ${JSON.stringify(job.work.execution)}; rates: ${JSON.stringify(job.work.rates)}`,
  });
  const done = (await runJob(connection, job.id, options))?.done ?? null;
  const deadline = Date.now() + (options.startWaitMs ?? 60_000);
  for (;;) {
    const now = (await store.get(job.id))!;
    const first = now.status.batches[0];
    const past = now.status.phase !== "cordons" && now.status.phase !== "throttles" && (first === undefined || (first.state !== "pending" && first.state !== "submitting"));
    if (jobFinished(now.status.state) || past || now.status.state === "paused" || Date.now() > deadline || done === null) return now;
    await Promise.race([done, new Promise((r) => setTimeout(r, 100))]);
  }
}

/** The cluster's unfinished job, else its latest; null when none was ever started. */
export function currentApplyJob(cluster: string): Promise<ApplyJobRecord | null> {
  return getStore().jobs.current(cluster);
}

export function getApplyJob(id: string): Promise<ApplyJobRecord | null> {
  return getStore().jobs.get(id);
}

/** Records an operator's request for the job (the runner acts on it at its next poll, woken now when it runs here). */
export async function controlApplyJob(id: string, request: ControlAction, by: string): Promise<ApplyJobRecord> {
  const { jobs: store, audit } = getStore();
  const existing = await store.get(id);
  if (!existing) throw new JobNotFoundError(`No apply job ${id}.`);
  if (jobFinished(existing.status.state)) throw new JobFinishedError(`Apply job ${id} has already ended (${existing.status.state}); there is nothing to ${request.action}.`);
  if (existing.control.cancel) throw new JobFinishedError(`Apply job ${id} is being cancelled; there is nothing else to ask of it.`);
  const updated = (await store.updateControl(id, (c) => {
    const next: JobControl = { ...c, seq: c.seq + 1, by };
    if (request.action === "pause") next.pause = true;
    if (request.action === "resume") next.pause = false;
    if (request.action === "cancel") next.cancel = true;
    if (request.action === "throttle") {
      next.rates = {
        ...(c.rates ?? {}),
        ...(request.replicationBytesPerSecond !== undefined ? { replicationBytesPerSecond: request.replicationBytesPerSecond } : {}),
        ...(request.alterLogDirsBytesPerSecond !== undefined ? { alterLogDirsBytesPerSecond: request.alterLogDirsBytesPerSecond } : {}),
      };
    }
    return next;
  }))!;
  const { action, ...rest } = request;
  log("info", `Apply job control: ${action} asked by ${by}.`, { event: "job.control", cluster: existing.cluster, jobId: id, actor: by, action, ...rest });
  await audit.append({
    at: new Date().toISOString(),
    cluster: existing.cluster,
    actor: by,
    jobId: id,
    action,
    target: `apply job ${id}`,
    result: "ok",
    detail: Object.keys(rest).length > 0 ? JSON.stringify(rest) : "",
  });
  wakeJob(id);
  return updated;
}

/** How to reach a job's cluster by its stored name; null when this process does not know it. */
export type ConnectionOf = (cluster: string) => KafkaConnection | null;

/** The configured clusters (clusters.ts): a job's cluster is its configured name. */
export function configuredConnection(cluster: string): KafkaConnection | null {
  const resolved = resolveCluster(cluster);
  return resolved.ok && resolved.value.kind === "live" && resolved.value.connection?.ok ? resolved.value.connection.value : null;
}

/**
 * Runs here every unfinished job whose owner is gone (lease run out) and whose cluster this process
 * can reach. Returns the ids started.
 */
export async function resumeApplyJobs(connectionOf: ConnectionOf = configuredConnection, options: RunnerOptions = {}): Promise<string[]> {
  const store = getStore().jobs;
  const started: string[] = [];
  for (const id of await store.orphaned(PROCESS_OWNER, Date.now())) {
    const job = await store.get(id);
    const connection = job ? connectionOf(job.cluster) : null;
    if (!connection) continue;
    if (await runJob(connection, id, options)) started.push(id);
  }
  return started;
}

const watcherKey = Symbol.for("kafka-balance.job-watcher");
/**
 * Looks for orphaned jobs now and every `everyMs` (default a third of the job lease: 5 s) for the life
 * of the process (the timer does not keep the process alive). Idempotent.
 */
export function watchForOrphanedJobs(connectionOf: ConnectionOf = configuredConnection, everyMs = orphanWatchMs()): void {
  const holder = globalThis as Record<symbol, unknown>;
  if (holder[watcherKey]) return;
  const look = () => {
    resumeApplyJobs(connectionOf).catch((error: unknown) => {
      log("error", "Looking for apply jobs to pick up failed.", { event: "job.orphan-watch-failed", error: (error as Error).message });
    });
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  holder[watcherKey] = timer;
}
