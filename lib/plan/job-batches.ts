/**
 * The batches phase of the apply job (a step of job.ts), one batch at a time (lib/plan/batches.ts):
 * - Control: new rates are set on the brokers the job throttled at the next step; a pause is honoured
 *   between batches (the batch running finishes first); a resume lets the next batch start.
 * - Submit: AlterPartitionReassignments for the batch's partitions neither as planned nor in flight,
 *   AlterReplicaLogDirs for its pinned dirs that are not there yet. Submitting again is harmless, which
 *   is what makes picking a job up mid-batch safe. A dir move whose replica does not exist yet is sent
 *   again every 500 ms, for at most `dirMoveRetryMs`.
 * - Watch: every poll measures the batch (job-progress.ts) until Kafka has finished it; a batch with
 *   nothing copying for `stuckPolls` polls in a row that is still not as planned fails the job (the
 *   job goes on with the next batch, and ends failed).
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { batchOverheadSeconds, JOB_FINISH_SECONDS } from "./estimate";
import { ANY_LOG_DIR } from "./index";
import type { JobControl } from "./job-model";
import { batchProgress, jobClock, trimSamples } from "./job-progress";
import { ratesChanged, rateChange } from "./job-configs";
import { act, addError, addLog, DIR_MOVE_RESEND_MS, entriesOf, markFailed, SCAN, type DirMove, type JobAction, type JobRun, type JobRunOptions, type Step } from "./job-step";

export function batchesPhase(run: JobRun, control: JobControl | null, scan: ClusterSnapshot | undefined, nowMs: number, options: JobRunOptions): Step {
  const { job, memory } = run;
  const s = job.status;
  const n = job.work.batches.length;
  if (s.batch >= n) {
    s.progress = null;
    s.phase = "restoring-throttles";
    return act(run);
  }
  const i = s.batch;
  const bs = s.batches[i]!;
  if (control) {
    if (control.seq > s.controlSeq) {
      if (ratesChanged(control, s)) {
        if (!scan) return SCAN;
        return act(run, [rateChange(s, control.rates!, control.by ?? job.createdBy, control.seq)]);
      }
      s.controlSeq = control.seq;
    }
    if (control.pause && s.state === "running") {
      s.state = "pausing";
      addLog(s, nowMs, `Pause asked by ${control.by ?? "?"}: the job stops after batch ${i + 1}.`);
    } else if (!control.pause && (s.state === "pausing" || s.state === "paused")) {
      s.state = "running";
      addLog(s, nowMs, `Resumed by ${control.by ?? "?"}.`);
    }
  }
  if (bs.state === "pending" && (s.state === "pausing" || s.state === "paused")) {
    if (s.state === "pausing") {
      s.state = "paused";
      addLog(s, nowMs, `Paused before batch ${i + 1} of ${n}; throttles stay set until the job resumes or is cancelled.`);
    }
    return act(run, [], options.pollMs);
  }
  if (bs.state === "pending") {
    bs.state = "submitting";
    bs.startedAt = new Date(nowMs).toISOString();
  }
  if (memory.submit?.batch === i) return submitting(run, nowMs);
  if (memory.watching !== i) {
    if (!scan) return SCAN;
    return submit(run, i, scan, nowMs, options);
  }
  if (!scan) return SCAN;
  return watch(run, i, scan, nowMs, options);
}

/** Whether the partition's replicas are, in order, the planned ones. */
function asPlanned(now: ReadonlyArray<number>, planned: ReadonlyArray<number>): boolean {
  return now.length === planned.length && planned.every((b, k) => now[k] === b);
}

/** The batch's requests from a fresh scan: what is neither as planned nor in flight, then its dir moves. */
export function submit(run: JobRun, i: number, scan: ClusterSnapshot, nowMs: number, options: JobRunOptions): Step {
  const entries = entriesOf(run.job, i);
  const listed = new Set<string>(scan.throttles.reassignments.map((r) => `${r.topic}-${r.partition}`));
  const current = new Map<string, ClusterSnapshot["topics"][number]["partitions"][number]>(scan.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}-${p.id}`, p] as const)));
  const toSubmit = entries.filter((e) => {
    const key = `${e.topic}-${e.partition}`;
    const p = current.get(key);
    return (
      p !== undefined &&
      !listed.has(key) &&
      !asPlanned(
        p.replicas.map((r) => r.broker),
        e.replicas,
      )
    );
  });
  const dirMoves = new Map<number, DirMove[]>();
  for (const e of entries) {
    const p = current.get(`${e.topic}-${e.partition}`);
    e.replicas.forEach((b, k) => {
      const dir = e.logDirs[k] ?? ANY_LOG_DIR;
      if (dir === ANY_LOG_DIR) return;
      const r = p?.replicas.find((x) => x.broker === b);
      if (r && r.logDir === dir && !r.future) return;
      dirMoves.set(b, [...(dirMoves.get(b) ?? []), { topic: e.topic, partition: e.partition, dir }]);
    });
  }
  const actions: JobAction[] = [];
  if (toSubmit.length > 0) actions.push({ kind: "reassign", batch: i, partitions: toSubmit.map((e) => ({ topic: e.topic, partition: e.partition, replicas: [...e.replicas] })) });
  for (const [broker, moves] of dirMoves) actions.push({ kind: "move-dirs", batch: i, broker, moves });
  run.memory.submit = {
    batch: i,
    reassigned: toSubmit.length,
    dirMoves: [...dirMoves].map(([broker, moves]) => ({ broker, moves })),
    deadlineMs: nowMs + options.dirMoveRetryMs,
    resendAtMs: null,
  };
  return act(run, actions);
}

/** A submit whose answers are in: dir moves still waiting are sent again (after a pause), until the deadline. */
function submitting(run: JobRun, nowMs: number): Step {
  const { job, memory } = run;
  const sub = memory.submit!;
  const s = job.status;
  const left = sub.dirMoves.flatMap((d) => d.moves).length;
  if (left > 0 && nowMs <= sub.deadlineMs) {
    if (sub.resendAtMs === null) sub.resendAtMs = nowMs + DIR_MOVE_RESEND_MS;
    if (nowMs < sub.resendAtMs) return act(run, [], sub.resendAtMs - nowMs);
    sub.resendAtMs = null;
    return act(
      run,
      sub.dirMoves.map((d) => ({ kind: "move-dirs", batch: sub.batch, broker: d.broker, moves: d.moves })),
    );
  }
  if (left > 0) s.warnings.push(`Batch ${sub.batch + 1}: ${left} dir move(s) waited too long for their replica to appear; Kafka placed those replicas by its own rule.`);
  const bs = s.batches[sub.batch]!;
  bs.state = "running";
  addLog(s, nowMs, `Batch ${sub.batch + 1} of ${job.work.batches.length} submitted: ${sub.reassigned} reassignment(s), ${entriesOf(job, sub.batch).length} partition(s).`);
  memory.submit = null;
  memory.watching = sub.batch;
  memory.idlePolls = 0;
  // A new stretch of copying: the rate counts no time from the last batch's end to here.
  memory.stretch = (memory.stretch ?? 0) + 1;
  return act(run);
}

/** One poll of the batch: its progress and the clock; done, stuck, or another poll after `pollMs`. */
export function watch(run: JobRun, i: number, scan: ClusterSnapshot, nowMs: number, options: JobRunOptions): Step {
  const { job, memory } = run;
  const s = job.status;
  const entries = entriesOf(job, i);
  const progress = batchProgress(scan, entries, job.work.original);
  s.progress = { partitions: progress.partitions, brokers: progress.brokers };
  updateClock(run, i, progress.copiedBytes, nowMs, options.pollMs);
  if (progress.done) return batchDone(run, i, nowMs);
  memory.idlePolls = progress.copying ? 0 : memory.idlePolls + 1;
  if (memory.idlePolls >= options.stuckPolls) {
    markFailed(s);
    addError(
      s,
      `Batch ${i + 1}: ${progress.pending.length} partition(s) are not as planned and nothing has copied for ${options.stuckPolls} polls (${progress.pending.slice(0, 20).join(", ")}); check them with kafka-reassign-partitions --verify and kafka-log-dirs.`,
    );
    return batchDone(run, i, nowMs);
  }
  return act(run, [], options.pollMs, true);
}

function batchDone(run: JobRun, i: number, nowMs: number): Step {
  const { job, memory } = run;
  const s = job.status;
  const bs = s.batches[i]!;
  bs.state = "done";
  bs.finishedAt = new Date(nowMs).toISOString();
  s.batch = i + 1;
  addLog(s, nowMs, `Batch ${i + 1} of ${job.work.batches.length} done (${entriesOf(job, i).length} partition(s)).`);
  memory.watching = null;
  memory.idlePolls = 0;
  return act(run, [], 0, true);
}

/** The clock after a poll: bytes done (batches done count whole), the measured rate, and the plan's figure for what is left at the rates in force. */
function updateClock(run: JobRun, i: number, copiedInBatch: number, nowMs: number, pollMs: number): void {
  const { job, memory } = run;
  const { work } = job;
  const doneBytes = doneBytesAt(run, i, copiedInBatch);
  memory.samples.push({ atMs: nowMs, doneBytes, stretch: memory.stretch ?? 0 });
  memory.samples = trimSamples(memory.samples, nowMs);
  memory.pollMs = pollMs;
  job.status.clock = jobClock({ samples: memory.samples, doneBytes, totalBytes: totalOf(work), ...plannedLeft(run, i, copiedInBatch, pollMs), nowMs });
}

const totalOf = (work: JobRun["job"]["work"]) => work.batches.reduce((a, b) => a + b.bytes, 0);

function doneBytesAt(run: JobRun, i: number, copiedInBatch: number): number {
  const { work } = run.job;
  const doneBefore = work.batches.slice(0, i).reduce((a, b) => a + b.bytes, 0);
  return doneBefore + Math.min(copiedInBatch, work.batches[i]?.bytes ?? copiedInBatch);
}

/** The plan's estimate of what is left from batch `i` with `copiedInBatch` of it copied, at the rates in force, and the job's own steps still to come. */
function plannedLeft(run: JobRun, i: number, copiedInBatch: number, pollMs: number): { plannedRemainingSeconds: number; overheadSeconds: number } {
  const { work } = run.job;
  const scale = rateScale(run);
  const overhead = batchOverheadSeconds(pollMs / 1000);
  const current = work.batches[i];
  const currentShare = current && current.bytes > 0 ? 1 - Math.min(1, copiedInBatch / current.bytes) : 0;
  let planned = ((work.estimate.batchSeconds[i] ?? 0) - overhead) * currentShare * scale + overhead + JOB_FINISH_SECONDS;
  for (let j = i + 1; j < work.batches.length; j++) planned += ((work.estimate.batchSeconds[j] ?? 0) - overhead) * scale + overhead;
  return { plannedRemainingSeconds: Math.max(0, planned), overheadSeconds: (work.batches.length - i) * overhead + JOB_FINISH_SECONDS };
}

/**
 * The clock right after the rates changed: the samples measured at the old rates are dropped (a new
 * stretch starts), and what is left is the plan's estimate at the new rates until new polls measure it.
 */
export function clockAfterRateChange(run: JobRun, nowMs: number): void {
  const { job, memory } = run;
  memory.samples = [];
  memory.stretch = (memory.stretch ?? 0) + 1;
  const clock = job.status.clock;
  if (clock === null || job.status.phase !== "batches") return;
  const i = job.status.batch;
  const doneBefore = job.work.batches.slice(0, i).reduce((a, b) => a + b.bytes, 0);
  const copiedInBatch = Math.max(0, clock.doneBytes - doneBefore);
  const { plannedRemainingSeconds, overheadSeconds } = plannedLeft(run, i, copiedInBatch, memory.pollMs ?? 1000);
  job.status.clock = jobClock({ samples: [], doneBytes: clock.doneBytes, totalBytes: clock.totalBytes, plannedRemainingSeconds, overheadSeconds, nowMs });
}

/** How much longer the plan's copy times get at the rates now in force (1 when unchanged). */
function rateScale(run: JobRun): number {
  const start = run.job.work.rates;
  const now = run.job.status.rates;
  const inter = run.job.work.batches.some((b) => b.partitionMoves > 0);
  const ratio = inter ? start.replicationBytesPerSecond / now.replicationBytesPerSecond : start.alterLogDirsBytesPerSecond / now.alterLogDirsBytesPerSecond;
  return Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
}
