/**
 * Runs an apply job to its end, durably: the executor of the job's pure step function (lib/plan/job.ts).
 * Each step's job is written to the store before the requests the step asks for go to Kafka (so an
 * intent is stored before it is sent), and again after each answer, so a process that dies at any
 * point (`kill -9` included) leaves a job that the next process picks up where it stopped.
 *
 * The loop: read the operators' control, ask the step function what to do (a scan first when it needs
 * one), save, perform the requests through the ClusterWriter (cluster-writer.ts), settle each answer
 * into the job with its audit entries, save, wait. Every request to Kafka is in the audit log with its
 * result and who asked, and in the server's log (lib/log/logger.ts: one JSON line per request sent and
 * per answer, per take-over, failure and end).
 *
 * One runner per job per process (a registry on globalThis), and one process per job (the lease in
 * lib/store/jobs.ts): a runner that finds its lease gone stops without writing. Unexpected errors (a
 * broker that vanished mid-request, the store busy) are retried after a pause: giving up in the middle
 * would leave data moving with nobody watching it.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { DEFAULT_TIMING } from "@/lib/plan";
import { next, scanFailed, settle, startRun, stepFailed, withError, type JobRun, type JobRunOptions } from "@/lib/plan/job";
import { jobFinished, type ApplyJobRecord, type AuditEntry } from "@/lib/plan/job-model";
import { DEFAULT_DIR_MOVE_RETRY_MS, DEFAULT_STUCK_POLLS, NO_ANSWER, type ActionOutcome, type JobAction } from "@/lib/plan/job-step";
import { log } from "@/lib/log/logger";
import { getStore } from "@/lib/store";
import type { AuditLog, JobStore } from "@/lib/store/jobs";
import type { KafkaConnection } from "../connection";
import { PROCESS_OWNER } from "../instance";
import { describeFailure } from "../live/protocol";
import { kafkaWriter, type ClusterWriter } from "./cluster-writer";
import { jobLeaseMs } from "./job-settings";

export interface RunnerOptions {
  /** How often a running batch is polled (ms). Default: the estimate's poll (1 s). */
  pollMs?: number;
  /** How long a lease lasts without renewal (ms); another process takes the job over after it. Default `KAFKA_BALANCE_JOB_LEASE_MS`, else 15 s. */
  leaseMs?: number;
  /** Polls with nothing copying after which a batch that is not as planned is given up (and the job fails). Default 60. */
  stuckPolls?: number;
  /** How long a PREFERRED election is asked again while the new leader is not in the ISR yet. Default 30 s. */
  electionRetryForMs?: number;
  /** How long a dir move is re-sent while its replica does not exist yet. Default 60 s. */
  dirMoveRetryMs?: number;
  /** Called after every poll (tests, the bench). */
  onPoll?: (job: ApplyJobRecord, snapshot: ClusterSnapshot) => void;
  /** The writes to the cluster; default the real ones (kafkaWriter). */
  writer?: ClusterWriter;
}

export { PROCESS_OWNER };

class LeaseLost extends Error {}

interface Running {
  done: Promise<void>;
  wake: () => void;
}
const key = Symbol.for("kafka-balance.job-runners");
const runners: Map<string, Running> = ((globalThis as Record<symbol, unknown>)[key] as Map<string, Running> | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[key] = runners;

/** Cuts a running job's wait short (after a control request in this process). */
export function wakeJob(id: string): void {
  runners.get(id)?.wake();
}

/** Jobs whose lease this process is claiming now: a second `runJob` for one of them waits for the first. */
const claiming = new Map<string, Promise<{ done: Promise<void> } | null>>();

/**
 * Runs the job in this process unless it already does (or another process holds its lease). Resolves
 * with the runner's promise, or null when it was not started here.
 */
export function runJob(connection: KafkaConnection, id: string, options: RunnerOptions = {}): Promise<{ done: Promise<void> } | null> {
  const existing = runners.get(id);
  if (existing) return Promise.resolve({ done: existing.done });
  const pending = claiming.get(id);
  if (pending) return pending;
  const claim = (async () => {
    const { jobs, audit } = getStore();
    const leaseMs = options.leaseMs ?? jobLeaseMs();
    if (!(await jobs.claim(id, PROCESS_OWNER, leaseMs, Date.now()))) return null;
    const executor = new Executor(id, jobs, audit, options.writer ?? kafkaWriter(connection, { electionRetryForMs: options.electionRetryForMs }), options, leaseMs);
    const running: Running = { done: Promise.resolve(), wake: () => executor.wake() };
    running.done = executor.run().finally(() => runners.delete(id));
    runners.set(id, running);
    return { done: running.done };
  })().finally(() => claiming.delete(id));
  claiming.set(id, claim);
  return claim;
}

/** What an action asks of Kafka, for the log: the request and its size, not its payload. */
export function actionSummary(action: JobAction): Record<string, unknown> {
  switch (action.kind) {
    case "set-configs":
      return { request: "IncrementalAlterConfigs", purpose: action.purpose, resource: action.change.resource, configs: action.change.configs.map((c) => c.name) };
    case "change-throttle":
      return { request: "IncrementalAlterConfigs", purpose: "throttle", actor: action.actor, rates: action.rates, resources: action.changes.length };
    case "reassign":
      return { request: "AlterPartitionReassignments", batch: action.batch, partitions: action.partitions.length };
    case "move-dirs":
      return { request: "AlterReplicaLogDirs", batch: action.batch, broker: action.broker, replicas: action.moves.length };
    case "cancel-reassignments":
      return { request: "AlterPartitionReassignments", purpose: "cancel", batch: action.batch, actor: action.actor, partitions: action.partitions.length };
    case "cancel-dir-moves":
      return { request: "AlterReplicaLogDirs", purpose: "cancel", batch: action.batch, actor: action.actor, broker: action.broker, replicas: action.moves.length };
    case "elect-leaders":
      return { request: "ElectLeaders", partitions: action.partitions.length };
  }
}

/** Wait after an unexpected error before the job tries its step again. */
const RETRY_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Executor {
  private run_!: JobRun;
  private readonly options: JobRunOptions;
  private wakeUp: (() => void) | null = null;
  /** False once another process took the job (the heartbeat could not renew the lease). */
  private holding = true;

  constructor(
    private readonly id: string,
    private readonly store: JobStore,
    private readonly audit: AuditLog,
    private readonly writer: ClusterWriter,
    private readonly runner: RunnerOptions,
    private readonly leaseMs: number,
  ) {
    this.options = {
      pollMs: runner.pollMs ?? DEFAULT_TIMING.pollSeconds * 1000,
      stuckPolls: runner.stuckPolls ?? DEFAULT_STUCK_POLLS,
      dirMoveRetryMs: runner.dirMoveRetryMs ?? DEFAULT_DIR_MOVE_RETRY_MS,
    };
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** Writes the job's status (renewing the lease); throws LeaseLost, writing nothing, once another process has the job. */
  private async save(): Promise<void> {
    if (!this.holding) throw new LeaseLost();
    const now = new Date();
    const finished = jobFinished(this.run_.job.status.state);
    const updatedAt = now.toISOString();
    this.run_ = { ...this.run_, job: { ...this.run_.job, updatedAt, finishedAt: finished ? updatedAt : this.run_.job.finishedAt } };
    if (!(await this.store.saveStatus(this.id, PROCESS_OWNER, this.run_.job.status, updatedAt, this.leaseMs, now.getTime(), finished ? updatedAt : null))) throw new LeaseLost();
  }

  private async record(entries: Omit<AuditEntry, "seq">[]): Promise<void> {
    for (const e of entries) await this.audit.append(e);
  }

  private log(level: "info" | "warn" | "error", msg: string, event: string, fields: Record<string, unknown> = {}): void {
    log(level, msg, { event, cluster: this.run_?.job.cluster, jobId: this.id, ...fields });
  }

  /** Waits, or less when woken by a control request. */
  private async wait(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.wakeUp = null;
  }

  async run(): Promise<void> {
    // The lease is renewed by a heartbeat, not only by status writes: some steps (an election asked
    // again for 30 s, say) write nothing for longer than a lease. A renewal never takes the job back:
    // once another process has had it, this runner's copy of the status is stale, so it stops, and a
    // fresh runner (the orphan watch) reads the job again.
    const heartbeat = setInterval(
      () => {
        if (!this.holding) return;
        this.store.renew(this.id, PROCESS_OWNER, this.leaseMs, Date.now()).then(
          (held) => {
            if (!held) this.holding = false;
          },
          // the store is busy; the next beat tries again
          () => undefined,
        );
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await this.steps();
    } finally {
      clearInterval(heartbeat);
      await this.writer.release();
    }
  }

  private async steps(): Promise<void> {
    const loaded = await this.store.get(this.id);
    if (!loaded || jobFinished(loaded.status.state)) return;
    const started = startRun(loaded, PROCESS_OWNER, Date.now());
    this.run_ = started.run;
    try {
      await this.save();
    } catch {
      this.log("warn", "Apply job not started here: another instance holds its lease.", "job.lease-lost");
      return;
    }
    const takeOver = started.audit.find((e) => e.action === "take-over");
    if (takeOver) this.log("warn", `Apply job taken over by ${PROCESS_OWNER}.`, "job.take-over", { owner: PROCESS_OWNER, detail: takeOver.detail });
    else this.log("info", `Apply job running on ${PROCESS_OWNER}.`, "job.run", { owner: PROCESS_OWNER, state: this.run_.job.status.state, phase: this.run_.job.status.phase });
    // The take-over is in the job's log too: a busy audit log does not stop the job.
    await this.record(started.audit).catch(() => undefined);
    let scan: ClusterSnapshot | undefined;
    let latest: ClusterSnapshot | undefined;
    for (;;) {
      try {
        const control = await this.store.control(this.id);
        const step = next(this.run_, { nowMs: Date.now(), scan, control, leaseHeld: this.holding }, this.options);
        if (step.kind === "stop") {
          this.log("info", "Apply job stopped here.", "job.stop", { state: this.run_.job.status.state, leaseHeld: this.holding });
          return;
        }
        if (step.kind === "scan") {
          scan = await this.scan();
          if (scan) latest = scan;
          else await this.wait(this.options.pollMs);
          continue;
        }
        const polled = scan;
        scan = undefined;
        this.run_ = step.run;
        await this.save();
        if (step.polled && polled) this.runner.onPoll?.(this.run_.job, polled);
        if (jobFinished(this.run_.job.status.state)) {
          this.finished();
          return;
        }
        for (const action of step.actions) {
          latest ??= await this.writer.scan();
          const request = actionSummary(action);
          this.log("info", `Sending ${String(request.request)} to Kafka.`, "job.request", { action: action.kind, ...request });
          const outcome = await this.perform(action, latest);
          const settled = settle(this.run_, action, outcome, Date.now());
          this.run_ = settled.run;
          for (const e of settled.audit)
            this.log(e.result === "ok" ? "info" : "warn", `Kafka answered ${String(request.request)}: ${e.result}.`, "job.answer", {
              action: e.action,
              result: e.result,
              target: e.target,
              detail: e.detail,
              actor: e.actor,
            });
          await this.record(settled.audit);
          await this.save();
          if (jobFinished(this.run_.job.status.state)) this.finished();
        }
        if (step.actions.length > 0) await this.writer.release();
        if (step.waitMs > 0) await this.wait(step.waitMs);
      } catch (error) {
        if (error instanceof LeaseLost) {
          this.log("warn", "Apply job's lease lost: another instance has it; this one stops.", "job.lease-lost");
          return;
        }
        scan = undefined;
        this.log("error", `Apply job step failed; trying again in ${RETRY_MS / 1000} s.`, "job.step-failed", { error: describeFailure(error), retryMs: RETRY_MS });
        try {
          this.run_ = stepFailed(this.run_, describeFailure(error), RETRY_MS);
          await this.save();
          await this.wait(RETRY_MS);
        } catch (inner) {
          if (inner instanceof LeaseLost) return;
          this.log("error", "Apply job's failure could not be stored either.", "job.store-failed", { error: describeFailure(inner) });
          this.run_ = withError(this.run_, describeFailure(inner));
          await sleep(RETRY_MS);
        }
      }
    }
  }

  private finished(): void {
    const st = this.run_.job.status;
    this.log(st.failed || st.state === "failed" ? "error" : "info", `Apply job ended: ${st.state}.`, "job.end", { state: st.state, phase: st.phase, errors: st.errors.slice(-5) });
  }

  /** A scan, or null when the cluster did not answer (the job's errors say so, and it tries again after a poll). */
  private async scan(): Promise<ClusterSnapshot | undefined> {
    try {
      return await this.writer.scan();
    } catch (error) {
      this.log("warn", "Reading the cluster failed; the job reads it again after a poll.", "job.scan-failed", { error: describeFailure(error) });
      this.run_ = scanFailed(this.run_, describeFailure(error), Date.now());
      await this.save();
      return undefined;
    }
  }

  /** One action through the writer; a request that gave no answer comes back as the answer the step expects for it. */
  private async perform(action: JobAction, snap: ClusterSnapshot): Promise<ActionOutcome> {
    const w = this.writer;
    const noAnswer = (moves: { topic: string; partition: number; dir: string }[], e: unknown) => moves.map((m) => ({ ...m, errorCode: NO_ANSWER, error: describeFailure(e) }));
    switch (action.kind) {
      case "set-configs":
        return { kind: "set-configs", errors: await w.alterConfigs(snap, action.change) };
      case "change-throttle":
        // Every broker at once, so the new rate holds on all of them together (a leader and its
        // followers throttled at different rates is the slower of the two).
        return { kind: "change-throttle", errors: await Promise.all(action.changes.map((c) => w.alterConfigs(snap, c.change))) };
      case "reassign":
        try {
          return { kind: "reassign", refused: await w.alterPartitionReassignments(snap, action.partitions), noAnswer: null };
        } catch (error) {
          return { kind: "reassign", refused: [], noAnswer: describeFailure(error) };
        }
      case "move-dirs":
        return { kind: "move-dirs", failed: await w.alterReplicaLogDirs(snap, action.broker, action.moves).catch((e: unknown) => noAnswer(action.moves, e)) };
      case "cancel-reassignments": {
        const refused = await w
          .alterPartitionReassignments(
            snap,
            action.partitions.map((p) => ({ ...p, replicas: null })),
          )
          .catch((e: unknown) => [describeFailure(e)]);
        return { kind: "cancel-reassignments", refused };
      }
      case "cancel-dir-moves":
        return { kind: "cancel-dir-moves", failed: await w.alterReplicaLogDirs(snap, action.broker, action.moves).catch((e: unknown) => noAnswer(action.moves, e)) };
      case "elect-leaders":
        return { kind: "elect-leaders", outcome: await w.electLeaders(snap, action.partitions) };
    }
  }
}
