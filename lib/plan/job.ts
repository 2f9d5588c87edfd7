/**
 * The apply job as a pure step function: from the stored job, what the run remembers, the operators'
 * control, the time and (when it asks for one) a fresh scan of the cluster, `next` decides what to do
 * now — the job as it is to be saved, the requests to send to Kafka, and how long to wait after them.
 * Kafka's answers come back through `settle` (job-settle.ts). The executor
 * (lib/cluster/writes/job-runner.ts) does the I/O: scans, requests, the store, the audit log, the lease.
 *
 * Phases (JobPhase), in order: cordons → throttles → batches → restoring-throttles → electing-leaders
 * → finished (job-configs.ts, job-batches.ts).
 * - Cancel (asked at any time; taken at the next step): the batch's in-flight reassignments cancelled
 *   (Kafka reverts them to the replicas they had before), its in-flight dir moves cancelled by pointing
 *   them back at their current dir, then every config the job set put back, cordons included. Batches
 *   done before stay done.
 * - A refused cordon or throttle: what was set is put back and the job ends failed; nothing moved.
 * - Lease lost: stop, writing nothing. A run that takes the job over starts from the stored state
 *   (`startRun`), and resubmits the batch it finds running, harmlessly.
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { batchesPhase } from "./job-batches";
import { configPhase, restore } from "./job-configs";
import { jobFinished, type ApplyJobRecord, type AuditEntry } from "./job-model";
import { auditEntry } from "./job-settle";
import {
  act,
  addError,
  addLog,
  CANCEL_WAIT_MS,
  draftOf,
  entriesOf,
  freshMemory,
  SCAN,
  type DirMove,
  type JobAction,
  type JobRun,
  type JobRunOptions,
  type Step,
  type StepInput,
} from "./job-step";

export { settle } from "./job-settle";
export type { JobRun, JobRunOptions, Step, StepInput } from "./job-step";

/**
 * A run of the job in this process, as `owner`: the owner written with it, and when the job was
 * already under way (another process had it), a line in its log and a take-over entry for the audit log.
 */
export function startRun(job: ApplyJobRecord, owner: string, nowMs: number): { run: JobRun; audit: Omit<AuditEntry, "seq">[] } {
  const run = draftOf({ job, memory: freshMemory() });
  const s = run.job.status;
  const previous = s.runBy ?? null;
  s.runBy = owner;
  const pickedUp = s.phase !== "cordons" || s.setConfigs.length > 0;
  const where = `phase ${s.phase}, batch ${s.batch + 1}`;
  if (!pickedUp) return { run, audit: [] };
  addLog(s, nowMs, `Picked up by ${owner} at ${where}.`);
  const detail = `${owner} took the job over from ${previous ?? "an instance that stopped"} at ${where}`;
  return { run, audit: [auditEntry(job, nowMs, { action: "take-over", target: `apply job ${job.id}`, errors: [], actor: job.createdBy, detail })] };
}

/** The next step of the job (see the top of this file). */
export function next(current: JobRun, input: StepInput, options: JobRunOptions): Step {
  if (!input.leaseHeld || jobFinished(current.job.status.state)) return { kind: "stop" };
  const run = draftOf(current);
  const { nowMs, scan, control } = input;
  const s = run.job.status;
  // A refused cordon or throttle: put back what was set (cordons too), then end failed.
  if ((s.phase === "cordons" || s.phase === "throttles") && s.failed && s.state !== "cancelling") {
    const r = restore(run, true, scan, nowMs);
    return r === "restored" ? finish(run, "failed", nowMs) : r;
  }
  if (s.state === "cancelling" || control?.cancel) return cancel(run, control?.by ?? run.job.createdBy, scan, nowMs, options);
  switch (s.phase) {
    case "cordons":
      return configPhase(run, "cordon", scan, nowMs);
    case "throttles":
      return configPhase(run, "throttle", scan, nowMs);
    case "batches":
      return batchesPhase(run, control, scan, nowMs, options);
    case "restoring-throttles": {
      const r = restore(run, false, scan, nowMs);
      if (r !== "restored") return r;
      s.phase = "electing-leaders";
      return act(run);
    }
    case "electing-leaders": {
      const targets = run.job.work.leadership;
      if (targets.length > 0 && s.election === null) {
        if (!scan) return SCAN;
        return act(run, [{ kind: "elect-leaders", partitions: targets.map((t) => ({ topic: t.topic, partition: t.partition })) }]);
      }
      return finish(run, s.failed ? "failed" : "done", nowMs);
    }
    case "finished":
      return finish(run, s.failed ? "failed" : "done", nowMs);
  }
}

function finish(run: JobRun, state: "done" | "failed" | "cancelled", nowMs: number): Step {
  const s = run.job.status;
  s.state = state;
  s.phase = "finished";
  addLog(s, nowMs, state === "done" ? "Done." : state === "cancelled" ? "Cancelled." : "Ended with errors (see them above).");
  return act(run);
}

/** What of the batch is in flight: its listed reassignments, and its replicas with a `-future` copy. */
export function inFlight(
  scan: ClusterSnapshot,
  entries: ReadonlyArray<{ topic: string; partition: number }>,
): { reassignments: { topic: string; partition: number }[]; futures: (DirMove & { broker: number })[] } {
  const ours = new Set(entries.map((e) => `${e.topic}-${e.partition}`));
  const reassignments = scan.throttles.reassignments.filter((r) => ours.has(`${r.topic}-${r.partition}`)).map((r) => ({ topic: r.topic, partition: r.partition }));
  const futures = scan.topics.flatMap((t) =>
    t.partitions.flatMap((p) =>
      ours.has(`${t.name}-${p.id}`)
        ? p.replicas.filter((r) => r.future && r.logDir !== null).map((r) => ({ broker: r.broker, topic: t.name, partition: p.id, dir: r.logDir! }))
        : [],
    ),
  );
  return { reassignments, futures };
}

/**
 * Kafka's cancel: the batch's in-flight moves cancelled, a round every poll until none is left (at most
 * CANCEL_WAIT_MS), the batch and those after it marked cancelled, then every config put back.
 */
function cancel(run: JobRun, actor: string, scan: ClusterSnapshot | undefined, nowMs: number, options: JobRunOptions): Step {
  const { job, memory } = run;
  const s = job.status;
  if (s.state !== "cancelling") {
    s.state = "cancelling";
    addLog(s, nowMs, `Cancel asked by ${actor}.`);
  }
  const i = s.batch;
  const entries = i < job.work.batches.length ? entriesOf(job, i) : [];
  if (entries.length > 0 && s.phase === "batches" && s.batches[i]!.state !== "cancelled") {
    if (!scan) return SCAN;
    const { reassignments, futures } = inFlight(scan, entries);
    memory.cancelDeadlineMs ??= nowMs + CANCEL_WAIT_MS;
    const left = reassignments.length + futures.length;
    if (left > 0 && nowMs <= memory.cancelDeadlineMs) {
      const actions: JobAction[] = [];
      if (reassignments.length > 0) actions.push({ kind: "cancel-reassignments", batch: i, actor, partitions: reassignments });
      const byBroker = new Map<number, DirMove[]>();
      for (const f of futures) byBroker.set(f.broker, [...(byBroker.get(f.broker) ?? []), { topic: f.topic, partition: f.partition, dir: f.dir }]);
      for (const [broker, moves] of byBroker) actions.push({ kind: "cancel-dir-moves", batch: i, actor, broker, moves });
      return act(run, actions, options.pollMs);
    }
    if (left > 0)
      addError(
        s,
        `After ${CANCEL_WAIT_MS / 1000} s, ${reassignments.length} reassignment(s) and ${futures.length} dir move(s) of batch ${i + 1} were still in flight; check kafka-reassign-partitions --list.`,
      );
    for (let j = i; j < s.batches.length; j++) s.batches[j]!.state = "cancelled";
    addLog(s, nowMs, `Batch ${i + 1}'s moves in flight were cancelled; Kafka put them back where they were. ${i} batch(es) done before stay done.`);
    return act(run);
  }
  const r = restore(run, true, scan, nowMs);
  if (r !== "restored") return r;
  s.progress = null;
  return finish(run, "cancelled", nowMs);
}

/** The job after a step failed unexpectedly (a broker that vanished mid-request, say): the error, and a fresh start of the step. */
export function stepFailed(current: JobRun, failure: string, retryMs: number): JobRun {
  const run = draftOf(current);
  addError(run.job.status, `${failure} (at phase ${run.job.status.phase}; trying again in ${(retryMs / 1000).toFixed(0)} s).`);
  return { job: run.job, memory: freshMemory(run.memory.samples) };
}

/** The job after a scan failed (the job keeps trying at the next poll). */
export function scanFailed(current: JobRun, failure: string, nowMs: number): JobRun {
  const run = draftOf(current);
  addError(run.job.status, `Scan failed at ${new Date(nowMs).toISOString()}: ${failure} (the job keeps trying).`);
  return run;
}

/** The job with one more error line (what went wrong where no step could say it). */
export function withError(current: JobRun, message: string): JobRun {
  const run = draftOf(current);
  addError(run.job.status, message);
  return run;
}
