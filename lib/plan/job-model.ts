/**
 * The apply job as it is stored and shown: what it was asked to do (`JobWork`, written once), where
 * it is (`JobStatus`, written before the first write to Kafka and after every transition), and what
 * operators asked of it while it ran (`JobControl`, written only by the control route).
 *
 * States:
 *   running ──(pause asked)──▶ pausing ──(batch ends)──▶ paused ──(resume)──▶ running
 *      │                                                   │
 *      ├──(cancel asked, any time)──▶ cancelling ──▶ cancelled
 *      ├──▶ done      (every batch moved, throttles put back, leaders elected)
 *      └──▶ failed    (a step was refused or gave no answer; the errors say what is left set)
 * Phases, in order: cordons → throttles → batches → restoring-throttles → electing-leaders → finished.
 */
import type { ApplyControl } from "./apply-request";
import type { ExecutionLimits } from "./batches";
import type { CordonChange } from "./cordons";
import type { ReassignmentEntry } from "./index";

/** KIP-1066's broker config: the job sets it before anything moves and keeps it once done. */
export const CORDONED_LOG_DIRS = "cordoned.log.dirs";

export type JobState = "running" | "pausing" | "paused" | "cancelling" | "cancelled" | "done" | "failed";
export type JobPhase = "cordons" | "throttles" | "batches" | "restoring-throttles" | "electing-leaders" | "finished";
export type BatchState = "pending" | "submitting" | "running" | "done" | "cancelled";

export const FINISHED_STATES: ReadonlySet<JobState> = new Set(["cancelled", "done", "failed"]);
export function jobFinished(state: JobState): boolean {
  return FINISHED_STATES.has(state);
}

export interface JobRates {
  /** leader/follower.replication.throttled.rate, bytes/s. */
  replicationBytesPerSecond: number;
  /** replica.alter.log.dirs.io.max.bytes.per.second, bytes/s. */
  alterLogDirsBytesPerSecond: number;
}

/** What the job was asked to do: fixed when it starts. */
export interface JobWork {
  entries: ReassignmentEntry[];
  /** Indices into `entries`, per batch, in execution order. */
  batches: { index: number; kind: "data" | "leadership"; entries: number[]; bytes: number; partitionMoves: number; dirMoves: number }[];
  /** Per partition ("topic-partition"): replicas and dirs before the job, for the rollback JSON and cancel. */
  original: Record<string, { replicas: number[]; dirs: (string | null)[] }>;
  /** Broker rates and topic lists the plan needs (lib/plan/throttle-plan.ts). */
  throttles: {
    topics: { topic: string; leaderReplicas: string; followerReplicas: string }[];
    brokers: { broker: number; leaderRate: number | null; followerRate: number | null; alterLogDirsRate: number | null }[];
  };
  cordons: CordonChange[];
  /** Partitions elected (PREFERRED) once every batch is done. */
  leadership: { topic: string; partition: number; to: number }[];
  execution: ExecutionLimits;
  /** The planned duration: total, and per batch. */
  estimate: { seconds: number; batchSeconds: number[]; overheadSeconds: number };
  /** Rates when the job started. */
  rates: JobRates;
}

/** One config the job set: on which resource, to what, and what it replaced (null: nothing was set). */
export interface SetConfig {
  resource: { kind: "broker"; id: number } | { kind: "topic"; name: string };
  name: string;
  value: string;
  previous: string | null;
  /** False while only intended (written to the store before the request went out). */
  sent: boolean;
  /** True once put back to `previous`. */
  restored?: boolean;
}

export interface BatchStatus {
  state: BatchState;
  startedAt: string | null;
  finishedAt: string | null;
  /** A batch a cancel stopped: how many of its partitions Kafka had finished as planned (read back after the cancel). */
  finishedPartitions?: number;
}

/** Where one partition of a cancelled batch is, read back from the cluster after the cancel. */
export interface CancelOutcome {
  topic: string;
  partition: number;
  /** finished: as planned (the move got there before the cancel, or Kafka refused the cancel); reverted: as before the job; moving: still in flight; other: neither. */
  outcome: "finished" | "reverted" | "moving" | "other";
  /** One line per replica or reassignment, e.g. "t-3 on broker 1: in /d1 — the move finished before the cancel reached Kafka". */
  lines: string[];
}

/** A cancel of a batch in flight: what Kafka refused, and where the batch's partitions are once it is over. */
export interface CancelReport {
  batch: number;
  /** cancelling: cancels being sent; restoring: configs being put back; reading-back: waiting for the moves in flight to settle, then reading where everything is. */
  stage: "cancelling" | "restoring" | "reading-back" | "done";
  /** Cancels Kafka refused for a reason that does not pass (never sent again): per partition (and broker, for a dir move). */
  refused: { topic: string; partition: number; broker: number | null; error: string }[];
  /** Per partition of the batch, once read back (at most CANCEL_OUTCOMES_KEPT; `more` counts the rest). */
  outcomes: CancelOutcome[];
  counts: { finished: number; reverted: number; moving: number; other: number };
  more: number;
}

export interface PartitionProgress {
  topic: string;
  partition: number;
  /** The broker copying (the new replica's, or the one whose dir changes). */
  broker: number;
  kind: "inter" | "intra";
  copiedBytes: number;
  totalBytes: number;
}

export interface BrokerProgress {
  broker: number;
  copiedBytes: number;
  totalBytes: number;
}

/** What the job measured at its last poll. */
export interface JobClock {
  /** Bytes of the whole plan copied so far (batches done count whole), and in total. */
  doneBytes: number;
  totalBytes: number;
  /** Measured copy rate over the last polls (bytes/s), null until two polls saw data move. */
  measuredBytesPerSecond: number | null;
  /** Seconds left: at the measured rate when there is one, else from the plan's estimate. */
  remainingSeconds: number | null;
  /** The plan's estimate of what is left (batches not done, at the current rates). */
  plannedRemainingSeconds: number;
  at: string;
}

export interface JobStatus {
  state: JobState;
  phase: JobPhase;
  /** The batch running or next to run. */
  batch: number;
  batches: BatchStatus[];
  /** Every throttle and cordon config the job set, in the order it set them. */
  setConfigs: SetConfig[];
  /** The rates in force now (changed by the control route while data moves). */
  rates: JobRates;
  /** Control requests already acted on (JobControl.seq). */
  controlSeq: number;
  /** In-flight moves of the current batch, and per broker. */
  progress: { partitions: PartitionProgress[]; brokers: BrokerProgress[] } | null;
  clock: JobClock | null;
  /** A step of the job failed (a refusal, a batch that never got as planned): it ends `failed`. */
  failed: boolean;
  /** Preferred leader election outcome, once it ran. */
  election: { requested: number; elected: number; failed: string[] } | null;
  log: { at: string; message: string }[];
  warnings: string[];
  errors: string[];
  /** The instance running the job (lib/cluster/instance.ts), written with every status; absent in jobs stored before it was kept. */
  runBy?: string;
  /** The phases the job has entered, in order (absent in jobs stored before it was kept). */
  phasesRun?: JobPhase[];
  /** The phase in which the job first failed (absent when it has not, or in jobs stored before it was kept). */
  failedIn?: JobPhase;
  /** A cancel of a batch in flight (absent when none was, or in jobs stored before it was kept). */
  cancel?: CancelReport;
}

/** An operator's request for a running job: the control route's body without the job id. */
export type ControlAction = ApplyControl extends infer C ? (C extends { jobId: string } ? Omit<C, "jobId"> : never) : never;

/** What operators asked: the latest wish wins; `seq` grows with every request. */
export interface JobControl {
  seq: number;
  pause: boolean;
  cancel: boolean;
  rates: Partial<JobRates> | null;
  /** Token label of the latest request. */
  by: string | null;
}

export interface ApplyJobRecord {
  id: string;
  /** Which cluster (its id when known, else its bootstrap servers). */
  cluster: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** The label of the write token that started it. */
  createdBy: string;
  work: JobWork;
  status: JobStatus;
  control: JobControl;
}

/** A job as the API shows it: everything but the entries (the reviewed reassignment has them). */
export interface ApplyJobView {
  id: string;
  cluster: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  createdBy: string;
  /** The instance that ran the job last (`KAFKA_BALANCE_INSTANCE_ID`:pid:random), null when not recorded. */
  runBy: string | null;
  state: JobState;
  phase: JobPhase;
  batch: number;
  batches: (Omit<JobWork["batches"][number], "entries"> & BatchStatus & { partitions: number; plannedSeconds: number })[];
  execution: ExecutionLimits;
  estimate: JobWork["estimate"];
  rates: JobRates;
  progress: JobStatus["progress"];
  clock: JobClock | null;
  election: JobStatus["election"];
  /** The phases the job entered; null for a job stored before they were kept. */
  phasesRun: JobPhase[] | null;
  /** The phase in which the job failed, when it did and it was kept. */
  failedIn: JobPhase | null;
  cancel: CancelReport | null;
  /** Throttle and cordon configs the job set and has not put back yet. */
  setConfigs: SetConfig[];
  pauseRequested: boolean;
  cancelRequested: boolean;
  log: JobStatus["log"];
  warnings: string[];
  errors: string[];
}

export function jobView(job: ApplyJobRecord): ApplyJobView {
  const { work, status, control } = job;
  return {
    id: job.id,
    cluster: job.cluster,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
    createdBy: job.createdBy,
    runBy: status.runBy ?? null,
    state: status.state,
    phase: status.phase,
    batch: status.batch,
    batches: work.batches.map((b, i) => {
      const { entries, ...rest } = b;
      return {
        ...rest,
        ...(status.batches[i] ?? { state: "pending", startedAt: null, finishedAt: null }),
        partitions: entries.length,
        plannedSeconds: work.estimate.batchSeconds[i] ?? 0,
      };
    }),
    execution: work.execution,
    estimate: work.estimate,
    rates: status.rates,
    progress: status.progress,
    clock: status.clock,
    election: status.election,
    phasesRun: status.phasesRun ?? null,
    failedIn: status.failedIn ?? null,
    cancel: status.cancel ?? null,
    setConfigs: status.setConfigs,
    pauseRequested: control.pause,
    cancelRequested: control.cancel,
    log: status.log,
    warnings: status.warnings,
    errors: status.errors,
  };
}

/** An audit entry: one write to a cluster (or one operator request that leads to writes). */
export interface AuditEntry {
  seq: number;
  at: string;
  cluster: string;
  /** The write token's label (whoever asked), never the token. */
  actor: string;
  jobId: string | null;
  /** e.g. "alter-configs", "alter-partition-reassignments", "alter-replica-log-dirs", "elect-leaders", "cancel-reassignments", "apply-requested", "pause", "resume", "cancel", "change-throttle", "take-over". */
  action: string;
  /** What it changed, in words (brokers, topics, partitions). */
  target: string;
  result: "ok" | "refused" | "error";
  detail: string;
}
