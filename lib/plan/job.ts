/**
 * The apply job as a pure step function: from the stored job, what the run remembers, the operators'
 * control, the time and (when it asks for one) a fresh scan of the cluster, `next` decides what to do
 * now — the job as it is to be saved, the requests to send to Kafka, and how long to wait after them.
 * Kafka's answers come back through `settle` (job-settle.ts). The executor
 * (lib/cluster/writes/job-runner.ts) does the I/O: scans, requests, the store, the audit log, the lease.
 *
 * Phases (JobPhase), in order: cordons → throttles → batches → restoring-throttles → electing-leaders
 * → finished (job-configs.ts, job-batches.ts).
 * - Cancel (asked at any time; taken at the next step; job-cancel.ts): the batch's in-flight moves
 *   cancelled (a cancel Kafka refuses is not sent again), every config the job set put back, cordons
 *   included, then the batch read back from the cluster: each partition reported where it is. Batches
 *   done before stay done.
 * - A refused cordon or throttle: what was set is put back and the job ends failed; nothing moved.
 * - Lease lost: stop, writing nothing. A run that takes the job over starts from the stored state
 *   (`startRun`), and resubmits the batch it finds running, harmlessly.
 */
import { batchesPhase } from "./job-batches";
import { cancel } from "./job-cancel";
import { configPhase, restore } from "./job-configs";
import { jobFinished, type ApplyJobRecord, type AuditEntry, type JobPhase } from "./job-model";
import { auditEntry } from "./job-settle";
import { act, addError, addLog, draftOf, freshMemory, SCAN, type JobRun, type JobRunOptions, type Step, type StepInput } from "./job-step";

export { inFlight } from "./job-cancel";
export { settle } from "./job-settle";
export type { JobRun, JobRunOptions, Step, StepInput } from "./job-step";

const PHASES: readonly JobPhase[] = ["cordons", "throttles", "batches", "restoring-throttles", "electing-leaders", "finished"];

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
  // A job stored before the phases run were kept: the phases before its own are taken as run.
  if (s.phasesRun === undefined && pickedUp) s.phasesRun = PHASES.slice(0, Math.max(0, PHASES.indexOf(s.phase)));
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

function finish(run: JobRun, state: "done" | "failed", nowMs: number): Step {
  const s = run.job.status;
  s.state = state;
  s.phase = "finished";
  addLog(s, nowMs, state === "done" ? "Done." : "Ended with errors (see them above).");
  return act(run);
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
