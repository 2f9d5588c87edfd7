/**
 * The apply job's cancel (a step of job.ts), in three stages kept in the job's `cancel` report, so a
 * run that takes the job over goes on where the last one stopped:
 * - cancelling: the batch's in-flight reassignments cancelled (Kafka reverts them to the replicas they
 *   had before) and its in-flight dir moves pointed back at their current dir, a round every poll
 *   until none is left (at most CANCEL_WAIT_MS). A cancel Kafka refused for a reason that does not
 *   pass (settle keeps it in `cancel.refused`) is not sent again; one with no answer is.
 * - restoring: every config the job set put back, cordons included (a cancelled drain is not a drain).
 * - reading-back: the moves Kafka would not cancel are left to settle (at most CANCEL_WAIT_MS), then
 *   the cluster is read back and each partition of the batch is reported where it is — finished as
 *   planned, reverted, still moving — never where the job meant it to be. The batch is "done" when all
 *   its partitions finished, else "cancelled" with how many did; the bytes done are what stayed moved.
 * Batches done before stay done; those after it do not run.
 */
import type { ClusterSnapshot, Partition } from "../model/snapshot";
import { ANY_LOG_DIR, type ReassignmentEntry } from "./index";
import type { ApplyJobRecord, CancelOutcome, CancelReport, JobStatus } from "./job-model";
import { batchProgress } from "./job-progress";
import { restore } from "./job-configs";
import { act, addError, addLog, CANCEL_WAIT_MS, entriesOf, SCAN, type DirMove, type JobAction, type JobRun, type JobRunOptions, type Step } from "./job-step";

/** 100: the partitions of a cancelled batch whose lines are kept (the counts cover them all). */
export const CANCEL_OUTCOMES_KEPT = 100;
/** 20: the lines of the read-back written to the job's log (the panel shows the kept outcomes). */
const LOG_LINES = 20;

const key = (p: { topic: string; partition: number }): string => `${p.topic}-${p.partition}`;

function emptyReport(batch: number): CancelReport {
  return { batch, stage: "cancelling", refused: [], outcomes: [], counts: { finished: 0, reverted: 0, moving: 0, other: 0 }, more: 0 };
}

/** What of the batch is in flight: its listed reassignments, and its replicas with a `-future` copy. */
export function inFlight(
  scan: ClusterSnapshot,
  entries: ReadonlyArray<{ topic: string; partition: number }>,
): { reassignments: { topic: string; partition: number }[]; futures: (DirMove & { broker: number })[] } {
  const ours = new Set(entries.map(key));
  const reassignments = scan.throttles.reassignments.filter((r) => ours.has(key(r))).map((r) => ({ topic: r.topic, partition: r.partition }));
  const futures = scan.topics.flatMap((t) =>
    t.partitions.flatMap((p) =>
      ours.has(`${t.name}-${p.id}`)
        ? p.replicas.filter((r) => r.future && r.logDir !== null).map((r) => ({ broker: r.broker, topic: t.name, partition: p.id, dir: r.logDir! }))
        : [],
    ),
  );
  return { reassignments, futures };
}

/** The batch's moves still in flight that a cancel may still be sent for (not refused by Kafka for good). */
function cancellable(report: CancelReport, scan: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>) {
  const { reassignments, futures } = inFlight(scan, entries);
  const refused = (topic: string, partition: number, broker: number | null) => report.refused.some((r) => r.topic === topic && r.partition === partition && r.broker === broker);
  return {
    reassignments: reassignments.filter((r) => !refused(r.topic, r.partition, null)),
    futures: futures.filter((f) => !refused(f.topic, f.partition, f.broker)),
    all: reassignments.length + futures.length,
  };
}

/** The cancel step (see the top of this file). */
export function cancel(run: JobRun, actor: string, scan: ClusterSnapshot | undefined, nowMs: number, options: JobRunOptions): Step {
  const { job, memory } = run;
  const s = job.status;
  if (s.state !== "cancelling") {
    s.state = "cancelling";
    addLog(s, nowMs, `Cancel asked by ${actor}.`);
  }
  const i = s.batch;
  const entries = i < job.work.batches.length ? entriesOf(job, i) : [];
  const inBatch = entries.length > 0 && s.phase === "batches" && (s.batches[i]!.state === "submitting" || s.batches[i]!.state === "running");
  if (inBatch || s.cancel) {
    const report = (s.cancel ??= emptyReport(i));
    if (report.stage === "cancelling") {
      if (!scan) return SCAN;
      showProgress(job, entries, scan);
      const left = cancellable(report, scan, entries);
      memory.cancelDeadlineMs ??= nowMs + CANCEL_WAIT_MS;
      if (left.reassignments.length + left.futures.length > 0 && nowMs <= memory.cancelDeadlineMs) {
        const actions: JobAction[] = [];
        if (left.reassignments.length > 0) actions.push({ kind: "cancel-reassignments", batch: i, actor, partitions: left.reassignments });
        const byBroker = new Map<number, DirMove[]>();
        for (const f of left.futures) byBroker.set(f.broker, [...(byBroker.get(f.broker) ?? []), { topic: f.topic, partition: f.partition, dir: f.dir }]);
        for (const [broker, moves] of byBroker) actions.push({ kind: "cancel-dir-moves", batch: i, actor, broker, moves });
        return act(run, actions, options.pollMs);
      }
      if (left.reassignments.length + left.futures.length > 0)
        addError(
          s,
          `After ${CANCEL_WAIT_MS / 1000} s, ${left.reassignments.length} reassignment(s) and ${left.futures.length} dir move(s) of batch ${i + 1} were still in flight after their cancels; check kafka-reassign-partitions --list and kafka-log-dirs.`,
        );
      report.stage = "restoring";
    }
    if (report.stage === "restoring") {
      const r = restore(run, true, scan, nowMs);
      if (r !== "restored") return r;
      report.stage = "reading-back";
    }
    if (report.stage === "reading-back") {
      if (!scan) return SCAN;
      showProgress(job, entries, scan);
      memory.readBackDeadlineMs ??= nowMs + CANCEL_WAIT_MS;
      // Moves Kafka would not cancel go on (unthrottled now): wait for them, so the report is final.
      const moving = inFlight(scan, entries);
      if (moving.reassignments.length + moving.futures.length > 0 && nowMs <= memory.readBackDeadlineMs) return act(run, [], options.pollMs);
      readBack(job, report, entries, scan, nowMs);
      report.stage = "done";
    }
  } else {
    const r = restore(run, true, scan, nowMs);
    if (r !== "restored") return r;
  }
  for (let j = i; j < s.batches.length; j++) if (s.batches[j]!.state !== "done") s.batches[j]!.state = "cancelled";
  s.progress = null;
  return finishCancelled(run, nowMs);
}

/** The batch's progress as this scan shows it, while the cancel goes on (the panel shows it beside the cancel). */
function showProgress(job: ApplyJobRecord, entries: ReadonlyArray<ReassignmentEntry>, scan: ClusterSnapshot): void {
  const p = batchProgress(scan, entries, job.work.original);
  job.status.progress = { partitions: p.partitions, brokers: p.brokers };
}

function finishCancelled(run: JobRun, nowMs: number): Step {
  const s = run.job.status;
  s.state = "cancelled";
  s.phase = "finished";
  addLog(s, nowMs, "Cancelled.");
  return act(run);
}

const list = (xs: ReadonlyArray<number>) => `[${xs.join(",")}]`;
const same = (a: ReadonlyArray<number>, b: ReadonlyArray<number>) => a.length === b.length && a.every((x, k) => b[k] === x);

/** Where one partition of the batch is now, against where it was before the job and where the plan meant it to go. */
export function partitionOutcome(
  e: ReassignmentEntry,
  p: Partition | undefined,
  before: { replicas: number[]; dirs: (string | null)[] } | undefined,
  listed: boolean,
  refused: CancelReport["refused"],
): CancelOutcome {
  const name = key(e);
  if (!p) return { topic: e.topic, partition: e.partition, outcome: "other", lines: [`${name}: no longer in the cluster (its topic was deleted meanwhile)`] };
  const was = before ?? { replicas: p.replicas.map((r) => r.broker), dirs: p.replicas.map((r) => r.logDir) };
  const now = p.replicas.map((r) => r.broker);
  const parts: CancelOutcome["outcome"][] = [];
  const lines: string[] = [];
  const refusal = (broker: number | null) => refused.find((r) => r.topic === e.topic && r.partition === e.partition && r.broker === broker);
  if (!same(was.replicas, e.replicas)) {
    const r = refusal(null);
    if (listed || p.adding.length > 0 || p.removing.length > 0) {
      parts.push("moving");
      lines.push(`${name}: still reassigning to ${list(e.replicas)}${r ? ` — Kafka refused the cancel (${r.error})` : ""}; check kafka-reassign-partitions --list`);
    } else if (same(now, e.replicas)) {
      parts.push("finished");
      lines.push(
        `${name}: completed to ${list(e.replicas)} before the cancel${r && !r.error.startsWith("NO_REASSIGNMENT_IN_PROGRESS") ? ` (Kafka refused the cancel: ${r.error})` : ""}`,
      );
    } else if (same(now, was.replicas)) {
      parts.push("reverted");
      lines.push(`${name}: reverted to ${list(was.replicas)}`);
    } else {
      parts.push("other");
      lines.push(`${name}: on ${list(now)}, neither as before (${list(was.replicas)}) nor as planned (${list(e.replicas)})`);
    }
  }
  e.replicas.forEach((b, k) => {
    const dir = e.logDirs[k] ?? ANY_LOG_DIR;
    if (dir === ANY_LOG_DIR) return;
    const replica = p.replicas.find((x) => x.broker === b);
    const at = was.replicas.indexOf(b);
    const oldDir = at >= 0 ? (was.dirs[at] ?? null) : null;
    // Not on the broker (its reassignment reverted: said above), or no dir move was planned for it.
    if (!replica || oldDir === dir) return;
    const head = `${name} on broker ${b}`;
    const r = refusal(b);
    if (replica.future) {
      parts.push("moving");
      lines.push(
        `${head}: still moving from ${replica.logDir ?? "?"} to ${replica.future.logDir ?? "?"}${r ? ` — Kafka refused the cancel (${r.error})` : ""}; check kafka-log-dirs`,
      );
    } else if (replica.logDir === dir) {
      parts.push("finished");
      lines.push(`${head}: in ${dir} — ${r ? `Kafka refused the cancel (${r.error}), and the move finished` : "the move finished before the cancel reached Kafka"}`);
    } else if (oldDir !== null && replica.logDir === oldDir) {
      parts.push("reverted");
      lines.push(`${head}: stays in ${oldDir} — the move was cancelled`);
    } else {
      parts.push("other");
      lines.push(`${head}: in ${replica.logDir ?? "an unknown dir"}, not in ${dir} as planned${oldDir !== null ? ` nor in ${oldDir} as before` : ""}`);
    }
  });
  const outcome: CancelOutcome["outcome"] =
    parts.length === 0 || parts.every((x) => x === "finished") ? "finished" : parts.includes("moving") ? "moving" : parts.every((x) => x === "reverted") ? "reverted" : "other";
  if (lines.length === 0) lines.push(`${name}: as planned (${list(e.replicas)})`);
  return { topic: e.topic, partition: e.partition, outcome, lines };
}

/** The batch read back from a fresh scan: each partition's outcome, the batch's state, the bytes that stayed moved, and the log. */
function readBack(job: ApplyJobRecord, report: CancelReport, entries: ReadonlyArray<ReassignmentEntry>, scan: ClusterSnapshot, nowMs: number): void {
  const s: JobStatus = job.status;
  const i = report.batch;
  const parts = new Map<string, Partition>(scan.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}-${p.id}`, p] as const)));
  const listed = new Set(scan.throttles.reassignments.map(key));
  const outcomes = entries.map((e) => partitionOutcome(e, parts.get(key(e)), job.work.original[key(e)], listed.has(key(e)), report.refused));
  const counts = { finished: 0, reverted: 0, moving: 0, other: 0 };
  for (const o of outcomes) counts[o.outcome] += 1;
  report.counts = counts;
  report.outcomes = outcomes.slice(0, CANCEL_OUTCOMES_KEPT);
  report.more = Math.max(0, outcomes.length - CANCEL_OUTCOMES_KEPT);
  const bs = s.batches[i]!;
  const at = new Date(nowMs).toISOString();
  bs.finishedPartitions = counts.finished;
  if (counts.finished === outcomes.length) {
    bs.state = "done";
    bs.finishedAt = at;
    s.batch = i + 1;
  } else {
    bs.state = "cancelled";
  }
  // Bytes done: the batches done before, whole, and what of this batch now sits where the plan put it.
  const doneBefore = job.work.batches.slice(0, i).reduce((a, b) => a + b.bytes, 0);
  const progress = batchProgress(scan, entries, job.work.original);
  const doneBytes = doneBefore + (bs.state === "done" ? (job.work.batches[i]?.bytes ?? 0) : Math.min(progress.copiedBytes, job.work.batches[i]?.bytes ?? progress.copiedBytes));
  const totalBytes = job.work.batches.reduce((a, b) => a + b.bytes, 0);
  s.clock = { doneBytes, totalBytes, measuredBytesPerSecond: null, remainingSeconds: null, plannedRemainingSeconds: s.clock?.plannedRemainingSeconds ?? 0, at };
  const n = outcomes.length;
  const tally = [
    `${counts.finished} of ${n} partition(s) finished as planned`,
    counts.reverted > 0 ? `${counts.reverted} reverted` : null,
    counts.moving > 0 ? `${counts.moving} still moving` : null,
    counts.other > 0 ? `${counts.other} neither as before nor as planned` : null,
  ].filter((x) => x !== null);
  addLog(s, nowMs, `Batch ${i + 1}, read back from the cluster after the cancel: ${tally.join(", ")}.`);
  const lines = outcomes.flatMap((o) => o.lines);
  for (const l of lines.slice(0, LOG_LINES)) addLog(s, nowMs, l + ".");
  if (lines.length > LOG_LINES) addLog(s, nowMs, `…and ${lines.length - LOG_LINES} more line(s); the panel lists the first ${CANCEL_OUTCOMES_KEPT} partitions.`);
  if (counts.moving > 0)
    addError(
      s,
      `Batch ${i + 1}: ${counts.moving} partition(s) were still moving when the job stopped waiting; check them with kafka-reassign-partitions --list and kafka-log-dirs.`,
    );
}
