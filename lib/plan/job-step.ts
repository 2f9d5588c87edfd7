/**
 * The shape of one step of the apply job (job.ts): what the step function is given, what it answers,
 * the actions it asks of Kafka and their answers, and what a run remembers between steps without
 * storing it. An action names exactly what is sent (resources and values, partitions and replicas,
 * dirs), never where it goes: routing a request to a broker is the writer's business.
 *
 * - The job record (lib/plan/job-model.ts) is the truth: a run that stops (crash, lease lost) loses
 *   only its `RunMemory` — the rate samples, the idle-poll count, a round of requests whose answers are
 *   being folded in — and the next run starts again from the stored state, resubmitting harmlessly.
 * - The executor saves the step's job before it performs the step's actions, so every intent is
 *   stored before the request that carries it out goes to Kafka.
 */
import type { ClusterSnapshot } from "../model/snapshot";
import type { ReassignmentEntry } from "./index";
import type { ApplyJobRecord, JobControl, JobRates, JobStatus, SetConfig } from "./job-model";
import type { ClockSample } from "./job-progress";

/** A config change on one resource: SET a value, or DELETE (value null). */
export interface ConfigChange {
  resource: SetConfig["resource"];
  configs: { name: string; value: string | null }[];
}

export interface DirMove {
  topic: string;
  partition: number;
  dir: string;
}

/** A dir move a broker did not take, with Kafka's error code (-1: no answer). */
export interface DirMoveFailure extends DirMove {
  errorCode: number;
  error: string;
}

/** Kafka's REPLICA_NOT_AVAILABLE (error code 9): the replica does not exist on that broker yet (its reassignment is starting). */
export const REPLICA_NOT_AVAILABLE = 9;
/** The code a dir move gets when its request had no answer: tried again, like REPLICA_NOT_AVAILABLE. */
export const NO_ANSWER = -1;

/** Whether a dir move's failure passes by itself (its replica is still being created, or the request had no answer): sent again. */
export function retriableDirMove(f: Pick<DirMoveFailure, "errorCode">): boolean {
  return f.errorCode === REPLICA_NOT_AVAILABLE || f.errorCode === NO_ANSWER;
}

/**
 * Kafka's retriable errors that a cancel of a reassignment can get (RetriableException's subclasses
 * among AlterPartitionReassignments' errors): the cancel is sent again at the next poll. Any other
 * named error is Kafka's refusal and is not sent again.
 */
const RETRIABLE_ERRORS: ReadonlySet<string> = new Set([
  "REQUEST_TIMED_OUT",
  "NOT_CONTROLLER",
  "NOT_LEADER_OR_FOLLOWER",
  "LEADER_NOT_AVAILABLE",
  "NETWORK_EXCEPTION",
  "REPLICA_NOT_AVAILABLE",
  "THROTTLING_QUOTA_EXCEEDED",
  "CONCURRENT_TRANSACTIONS",
]);

/**
 * One line of a refused cancel of reassignments, as the writer brings it ("t-3: NAME: message" per
 * partition, "NAME: message" for the whole request, anything else: the request had no answer): which
 * partitions it is about (null: all of them), Kafka's error without the partition, and whether it
 * passes by itself.
 */
export function cancelRefusal(
  line: string,
  partitions: ReadonlyArray<{ topic: string; partition: number }>,
): { partition: { topic: string; partition: number } | null; error: string; retriable: boolean } {
  const ofPartition = partitions.find((p) => line.startsWith(`${p.topic}-${p.partition}: `));
  const rest = ofPartition ? line.slice(`${ofPartition.topic}-${ofPartition.partition}: `.length) : line;
  const name = /^([A-Z][A-Z0-9_]*)(?::|$)/.exec(rest)?.[1];
  // No Kafka error name: the request failed on its way (a timeout, a closed connection): no answer.
  return { partition: ofPartition ?? null, error: rest, retriable: name === undefined || RETRIABLE_ERRORS.has(name) };
}

export interface ElectionOutcome {
  /** Partitions asked for. */
  requested: number;
  /** Elected now, or already led by their preferred replica (ELECTION_NOT_NEEDED). */
  elected: number;
  notNeeded: number;
  /** One line per partition that did not get its preferred leader. */
  failed: string[];
}

export type JobAction =
  /** IncrementalAlterConfigs on one resource: the job's intents (`set`) or putting back what they replaced (`restore`). */
  | { kind: "set-configs"; purpose: "set" | "restore"; change: ConfigChange; indices: number[] }
  /** A rate change on every broker the job throttled, sent together; `seq` is the control request it answers. */
  | { kind: "change-throttle"; actor: string; seq: number; rates: Partial<JobRates>; changes: { broker: number; change: ConfigChange; indices: number[] }[] }
  | { kind: "reassign"; batch: number; partitions: { topic: string; partition: number; replicas: number[] }[] }
  | { kind: "move-dirs"; batch: number; broker: number; moves: DirMove[] }
  | { kind: "cancel-reassignments"; batch: number; actor: string; partitions: { topic: string; partition: number }[] }
  | { kind: "cancel-dir-moves"; batch: number; actor: string; broker: number; moves: DirMove[] }
  | { kind: "elect-leaders"; partitions: { topic: string; partition: number }[] };

/** Kafka's answer to an action, as the executor brings it back (a request with no answer says so). */
export type ActionOutcome =
  | { kind: "set-configs"; errors: string[] }
  /** One list of errors per change, in the action's order. */
  | { kind: "change-throttle"; errors: string[][] }
  | { kind: "reassign"; refused: string[]; noAnswer: string | null }
  | { kind: "move-dirs"; failed: DirMoveFailure[] }
  | { kind: "cancel-reassignments"; refused: string[] }
  | { kind: "cancel-dir-moves"; failed: DirMoveFailure[] }
  | { kind: "elect-leaders"; outcome: ElectionOutcome };

/** What a run keeps in memory only (lost, harmlessly, when the job moves to another process). */
export interface RunMemory {
  /** Recent (time, bytes done) pairs, for the measured rate. */
  samples: ClockSample[];
  /** The batch this run submitted and now watches, and its polls in a row with nothing copying. */
  watching: number | null;
  idlePolls: number;
  /** A batch's submit under way: its dir moves still waiting for their replica, per broker. */
  submit: { batch: number; reassigned: number; dirMoves: { broker: number; moves: DirMove[] }[]; deadlineMs: number; resendAtMs: number | null } | null;
  /** A round of config requests whose answers are being folded in. */
  round: { kind: "cordon" | "throttle" | "restore"; errors: string[]; count: number } | null;
  /** When a cancel stops waiting for the batch's moves in flight to go. */
  cancelDeadlineMs: number | null;
  /** When a cancel stops waiting for moves Kafka would not cancel to settle before it reads the cluster back. */
  readBackDeadlineMs?: number | null;
  /** Which stretch of copying the samples belong to: a new one each time a batch starts being watched (the rate counts no time between stretches). */
  stretch?: number;
  /** The poll interval the run's clock was last computed with (a throttle change recomputes it at once). */
  pollMs?: number;
}

export interface JobRun {
  job: ApplyJobRecord;
  memory: RunMemory;
}

export interface JobRunOptions {
  /** How often a running batch is polled (ms). */
  pollMs: number;
  /** Polls with nothing copying after which a batch that is not as planned is given up (the job fails). */
  stuckPolls: number;
  /** How long a dir move is sent again while its replica does not exist yet (ms). */
  dirMoveRetryMs: number;
}

/** 60 polls, 60 s, 500 ms, 120 s: the runner's defaults (RunnerOptions). */
export const DEFAULT_STUCK_POLLS = 60;
export const DEFAULT_DIR_MOVE_RETRY_MS = 60_000;
export const DIR_MOVE_RESEND_MS = 500;
export const CANCEL_WAIT_MS = 120_000;

export interface StepInput {
  nowMs: number;
  /** A scan taken for this step; absent until the step asks for one. */
  scan?: ClusterSnapshot;
  /** The operators' requests as stored now (null: the job's row is gone). */
  control: JobControl | null;
  /** False once another process has taken the job's lease. */
  leaseHeld: boolean;
}

export type Step =
  /** Take a scan and call the step again with it. */
  | { kind: "scan" }
  /** Stop without writing anything (the lease is lost, or the job has ended). */
  | { kind: "stop" }
  /**
   * Save `run.job`, then perform `actions` in order (settling each answer), then wait `waitMs` (cut
   * short by a control request) before the next step. `polled`: the step read a batch's progress.
   */
  | { kind: "act"; run: JobRun; actions: JobAction[]; waitMs: number; polled: boolean };

export function freshMemory(samples: ClockSample[] = []): RunMemory {
  return { samples, watching: null, idlePolls: 0, submit: null, round: null, cancelDeadlineMs: null, readBackDeadlineMs: null, stretch: 0 };
}

/** Marks the job failed, keeping the phase where it first failed. */
export function markFailed(s: JobStatus): void {
  s.failed = true;
  s.failedIn ??= s.phase;
}

/** Records that a phase ran (by default the job's own): the phases run, in order, once each. */
export function notePhase(s: JobStatus, phase: JobStatus["phase"] = s.phase): void {
  const run = (s.phasesRun ??= []);
  if (!run.includes(phase)) run.push(phase);
}

const MAX_LINES = 200;

export function addLog(s: JobStatus, nowMs: number, message: string): void {
  s.log.push({ at: new Date(nowMs).toISOString(), message });
  if (s.log.length > MAX_LINES) s.log.splice(0, s.log.length - MAX_LINES);
}

export function addError(s: JobStatus, message: string): void {
  s.errors.push(message);
  if (s.errors.length > MAX_LINES) s.errors.splice(0, s.errors.length - MAX_LINES);
}

/** The entries of batch `batch`, in the batch's order. */
export function entriesOf(job: Pick<ApplyJobRecord, "work">, batch: number): ReassignmentEntry[] {
  return (job.work.batches[batch]?.entries ?? []).map((i) => job.work.entries[i]!);
}

/** Configs (by index into setConfigs) grouped per resource, in the order each resource first appears. */
export function byResource(configs: ReadonlyArray<SetConfig>, indices: ReadonlyArray<number>): { resource: SetConfig["resource"]; indices: number[] }[] {
  const groups = new Map<string, { resource: SetConfig["resource"]; indices: number[] }>();
  for (const i of indices) {
    const r = configs[i]!.resource;
    const k = r.kind === "broker" ? `b${r.id}` : `t${r.name}`;
    const g = groups.get(k) ?? { resource: r, indices: [] };
    g.indices.push(i);
    groups.set(k, g);
  }
  return [...groups.values()];
}

/** Indices of the configs that pass `keep`. */
export function indicesOf(configs: ReadonlyArray<SetConfig>, keep: (c: SetConfig) => boolean): number[] {
  return configs.flatMap((c, i) => (keep(c) ? [i] : []));
}

/** A working copy of the run: the step changes it and answers it, the input stays as it was. */
export function draftOf(run: JobRun): JobRun {
  return { job: { ...run.job, status: structuredClone(run.job.status) }, memory: structuredClone(run.memory) };
}

export function act(run: JobRun, actions: JobAction[] = [], waitMs = 0, polled = false): Step {
  notePhase(run.job.status);
  return { kind: "act", run, actions, waitMs, polled };
}

export const SCAN: Step = { kind: "scan" };
