// Hand-built apply jobs and a pretend cluster for the job's step function (lib/plan/job.ts): the
// cluster answers every action at once, as a well-behaved Kafka would, unless a test says otherwise.
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { next, settle, startRun } from "@/lib/plan/job";
import type { ApplyJobRecord, AuditEntry, JobControl } from "@/lib/plan/job-model";
import type { ActionOutcome, JobAction, JobRun, JobRunOptions, Step } from "@/lib/plan/job-step";
import { cluster, GiB } from "./snapshots";

export const T0 = Date.parse("2026-01-05T09:00:00Z");
export const OPTIONS: JobRunOptions = { pollMs: 1000, stuckPolls: 3, dirMoveRetryMs: 5_000 };
export const RATE = 50 * 1024 * 1024;
export const NO_CONTROL: JobControl = { seq: 0, pause: false, cancel: false, rates: null, by: null };

/** Partitions t-0 and t-1 on broker 1 (/d1), each 1 GiB; `moved` says which have reached their planned replicas. */
export function scanOf(opts: { moved?: number[]; inFlight?: number[]; cordoned?: string[]; foreignRate?: number } = {}): ClusterSnapshot {
  const planned: Record<number, number> = { 0: 2, 1: 3 };
  const s = cluster({
    brokers: [1, 2, 3].map((id) => ({
      id,
      dirs: id === 1 ? [{ path: "/d1" }, { path: "/d2", state: (opts.cordoned ?? []).includes("/d2") ? ("cordoned" as const) : ("online" as const) }] : ["/d1", "/d2"],
    })),
    partitions: [0, 1].map((p) => ({ topic: "t", partition: p, replicas: [[(opts.moved ?? []).includes(p) ? planned[p]! : 1, "/d1", GiB]] as [number, string, number][] })),
    reassignments: (opts.inFlight ?? []).map((p) => ({ topic: "t", partition: p, replicas: [1, planned[p]!], adding: [planned[p]!], removing: [1] })),
  });
  if (opts.foreignRate !== undefined) s.throttles.brokers.push({ broker: 2, leader: null, follower: opts.foreignRate, alterLogDirs: null });
  return s;
}

/** A job moving t-0 to broker 2 and t-1 to broker 3, one partition per batch, throttled, electing t-0's new leader. */
export function jobRecord(over: { cordons?: ApplyJobRecord["work"]["cordons"]; logDirs?: string[]; leadership?: boolean } = {}): ApplyJobRecord {
  const at = new Date(T0).toISOString();
  const rates = { replicationBytesPerSecond: RATE, alterLogDirsBytesPerSecond: RATE };
  return {
    id: "job-1",
    cluster: "default",
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
    createdBy: "carol",
    work: {
      entries: [
        { topic: "t", partition: 0, replicas: [2], logDirs: over.logDirs ?? ["any"] },
        { topic: "t", partition: 1, replicas: [3], logDirs: ["any"] },
      ],
      batches: [0, 1].map((i) => ({ index: i, kind: "data" as const, entries: [i], bytes: GiB, partitionMoves: 1, dirMoves: 0 })),
      original: { "t-0": { replicas: [1], dirs: ["/d1"] }, "t-1": { replicas: [1], dirs: ["/d1"] } },
      throttles: {
        topics: [{ topic: "t", leaderReplicas: "0:1,1:1", followerReplicas: "0:2,1:3" }],
        brokers: [
          { broker: 1, leaderRate: RATE, followerRate: null, alterLogDirsRate: null },
          { broker: 2, leaderRate: null, followerRate: RATE, alterLogDirsRate: null },
          { broker: 3, leaderRate: null, followerRate: RATE, alterLogDirsRate: null },
        ],
      },
      cordons: over.cordons ?? [],
      leadership: over.leadership === false ? [] : [{ topic: "t", partition: 0, to: 2 }],
      execution: { partitionMovesPerBroker: 1, dirMovesPerBroker: 1, leaderMovesPerBatch: 1000, order: "smallest-first" },
      estimate: { seconds: 40, batchSeconds: [20, 20], overheadSeconds: 2 },
      rates,
    },
    status: {
      state: "running",
      phase: "cordons",
      batch: 0,
      batches: [0, 1].map(() => ({ state: "pending" as const, startedAt: null, finishedAt: null })),
      setConfigs: [],
      rates: { ...rates },
      controlSeq: 0,
      progress: null,
      clock: null,
      failed: false,
      election: null,
      log: [],
      warnings: [],
      errors: [],
    },
    control: { ...NO_CONTROL },
  };
}

export function newRun(job: ApplyJobRecord = jobRecord()): JobRun {
  return startRun(job, "me:1:a", T0).run;
}

/** One step: the step function, given `scan` when it asks for one. */
export function step(run: JobRun, opts: { nowMs?: number; scan?: ClusterSnapshot; control?: JobControl | null; leaseHeld?: boolean } = {}): Step {
  const input = { nowMs: opts.nowMs ?? T0, control: opts.control === undefined ? NO_CONTROL : opts.control, leaseHeld: opts.leaseHeld ?? true };
  const first = next(run, input, OPTIONS);
  if (first.kind !== "scan") return first;
  if (!opts.scan) throw new Error("the step asked for a scan and the test gave none");
  const second = next(run, { ...input, scan: opts.scan }, OPTIONS);
  if (second.kind === "scan") throw new Error("the step asked for a scan twice");
  return second;
}

export function acted(s: Step): Extract<Step, { kind: "act" }> {
  if (s.kind !== "act") throw new Error(`expected an act step, got ${s.kind}`);
  return s;
}

/** What a well-behaved Kafka answers: nothing refused, every dir move taken, every election done. */
export function accept(action: JobAction): ActionOutcome {
  switch (action.kind) {
    case "set-configs":
      return { kind: "set-configs", errors: [] };
    case "change-throttle":
      return { kind: "change-throttle", errors: action.changes.map(() => []) };
    case "reassign":
      return { kind: "reassign", refused: [], noAnswer: null };
    case "move-dirs":
      return { kind: "move-dirs", failed: [] };
    case "cancel-reassignments":
      return { kind: "cancel-reassignments", refused: [] };
    case "cancel-dir-moves":
      return { kind: "cancel-dir-moves", failed: [] };
    case "elect-leaders":
      return { kind: "elect-leaders", outcome: { requested: action.partitions.length, elected: action.partitions.length, notNeeded: 0, failed: [] } };
  }
}

/** The pretend world a job runs in: the cluster it scans, how Kafka answers, and what operators asked. */
export interface World {
  scan: (nowMs: number) => ClusterSnapshot;
  answer?: (action: JobAction, nowMs: number) => ActionOutcome;
  control?: (nowMs: number, run: JobRun) => JobControl;
}

export interface Trace {
  run: JobRun;
  actions: JobAction[];
  audit: Omit<AuditEntry, "seq">[];
  /** The phase (and state) after every step. */
  phases: string[];
  steps: number;
  nowMs: number;
}

/** Runs the job as the executor would (waits included, on a pretend clock) until it stops or `until` holds. */
export function drive(run: JobRun, world: World, opts: { until?: (t: Trace) => boolean; maxSteps?: number; nowMs?: number } = {}): Trace {
  const t: Trace = { run, actions: [], audit: [], phases: [], steps: 0, nowMs: opts.nowMs ?? T0 };
  while (t.steps < (opts.maxSteps ?? 500)) {
    if (opts.until?.(t)) return t;
    t.steps += 1;
    const control = world.control?.(t.nowMs, t.run) ?? NO_CONTROL;
    let s = next(t.run, { nowMs: t.nowMs, control, leaseHeld: true }, OPTIONS);
    if (s.kind === "scan") s = next(t.run, { nowMs: t.nowMs, control, leaseHeld: true, scan: world.scan(t.nowMs) }, OPTIONS);
    if (s.kind === "stop") return t;
    if (s.kind === "scan") throw new Error("the step asked for a scan twice");
    t.run = s.run;
    t.phases.push(`${t.run.job.status.phase}/${t.run.job.status.state}`);
    for (const a of s.actions) {
      t.actions.push(a);
      const settled = settle(t.run, a, (world.answer ?? accept)(a, t.nowMs), t.nowMs);
      t.run = settled.run;
      t.audit.push(...settled.audit);
    }
    t.nowMs += Math.max(1, s.waitMs);
  }
  if (opts.until) throw new Error(`drive(): the condition did not hold within ${opts.maxSteps ?? 500} steps`);
  return t;
}

/** A cluster that does what it is asked: a reassignment submitted at `at` is done `takesMs` later. */
export function obedientCluster(takesMs = 2_000): World & { submitted: Map<number, number> } {
  const submitted = new Map<number, number>();
  return {
    submitted,
    scan: (nowMs) => {
      const moved = [...submitted].filter(([, at]) => nowMs >= at + takesMs).map(([p]) => p);
      const inFlight = [...submitted].filter(([, at]) => nowMs < at + takesMs).map(([p]) => p);
      return scanOf({ moved, inFlight, foreignRate: 987654321 });
    },
    answer(action, nowMs) {
      if (action.kind === "reassign") for (const p of action.partitions) if (!submitted.has(p.partition)) submitted.set(p.partition, nowMs);
      return accept(action);
    },
  };
}
