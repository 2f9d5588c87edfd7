/**
 * An apply job as the panel shows it: one headline for where it is, the sentence the live region
 * announces, the phases as steps, which controls apply now, what a cancel does (said before it is
 * asked), the configs the job set with what each is (or was) put back to, and the election's outcome.
 *
 * The job is ApplyJobView (lib/plan/job-model.ts); the view names the fields of it that it reads, so
 * its tests can build a job from those alone.
 *
 * Invariants:
 * - A control is offered only in a state where the job acts on it: pause while running (before the
 *   throttles are being put back), resume while pausing or paused, cancel and throttle changes until a
 *   cancel is asked; nothing once the job has finished.
 * - The announcement changes only with the state or the phase, so a screen reader hears transitions,
 *   not every poll.
 * - Batch numbers are 1-based, as operators count.
 */
import { formatByteRate, formatCount, formatCountOf } from "@/lib/model/format";
import { CORDONED_LOG_DIRS, type ApplyJobView, type CancelReport, type JobPhase, type JobState, type SetConfig } from "@/lib/plan/job-model";

/** The fields of ApplyJobView's batches this view reads. */
export type JobBatchFields = Pick<
  ApplyJobView["batches"][number],
  "index" | "kind" | "partitions" | "partitionMoves" | "dirMoves" | "bytes" | "plannedSeconds" | "state" | "startedAt" | "finishedAt"
> & { finishedPartitions?: number };

/** The fields of ApplyJobView this view reads (`batch` is 0-based: the batch running or next to run). */
export interface JobFields extends Pick<ApplyJobView, "state" | "phase" | "batch" | "pauseRequested" | "cancelRequested"> {
  batches: ReadonlyArray<JobBatchFields>;
  errors: ReadonlyArray<string>;
  /** The phases the job entered (null or absent: not recorded, a job stored before they were kept). */
  phasesRun?: ReadonlyArray<JobPhase> | null;
  /** Where the job failed, when recorded. */
  failedIn?: JobPhase | null;
  cancel?: CancelReport | null;
}

export const JOB_STATE_LABELS: Record<JobState, string> = {
  running: "Running",
  pausing: "Pausing",
  paused: "Paused",
  cancelling: "Cancelling",
  cancelled: "Cancelled",
  done: "Done",
  failed: "Failed",
};

/** The phases in the order the job runs them. */
export const JOB_PHASES: readonly JobPhase[] = ["cordons", "throttles", "batches", "restoring-throttles", "electing-leaders", "finished"];

export const JOB_PHASE_LABELS: Record<JobPhase, string> = {
  cordons: "Setting cordons",
  throttles: "Setting throttles",
  batches: "Moving data in batches",
  "restoring-throttles": "Putting the throttles back",
  "electing-leaders": "Electing preferred leaders",
  finished: "Finished",
};

const FINISHED: ReadonlySet<JobState> = new Set(["cancelled", "done", "failed"]);
/** Phases in which data has not finished moving: pause and throttle changes still mean something. */
const MOVING: ReadonlySet<JobPhase> = new Set(["cordons", "throttles", "batches"]);

function doneCount(job: Pick<JobFields, "batches">): number {
  return job.batches.filter((b) => b.state === "done").length;
}

/** One line for where the job is: the state, the batch, and what an operator asked that it has not acted on yet. */
export function jobHeadline(job: JobFields): string {
  const total = job.batches.length;
  const current = Math.min(job.batch + 1, total);
  const done = doneCount(job);
  switch (job.state) {
    case "running": {
      const where = job.phase === "batches" ? `Running batch ${current} of ${total}` : JOB_PHASE_LABELS[job.phase];
      const asked = job.cancelRequested ? "; cancel asked, the job takes it at its next poll" : job.pauseRequested ? "; pause asked, taken once this batch ends" : "";
      return `${where}${asked}`;
    }
    case "pausing":
      return `Pausing: batch ${current} of ${total} finishes first, then the job waits`;
    case "paused":
      return `Paused: ${done} of ${formatCountOf(total, "batch", "batches")} done; Resume runs batch ${current} next`;
    case "cancelling":
      return job.cancel?.stage === "reading-back"
        ? "Cancelling: configs put back; waiting for the moves Kafka did not cancel to settle before reading the cluster back"
        : "Cancelling: asking Kafka to cancel the moves in flight and putting back what the job set";
    case "cancelled": {
      const c = job.cancel;
      const head = `Cancelled: ${done} of ${formatCountOf(total, "batch", "batches")} done${done > 0 ? `, and ${done === 1 ? "it stays" : "they stay"} done` : ""}`;
      if (!c || c.stage !== "done") return head;
      const n = c.counts.finished + c.counts.reverted + c.counts.moving + c.counts.other;
      return `${head}; in batch ${c.batch + 1}, ${formatCount(c.counts.finished)} of ${formatCountOf(n, "partition")} had finished as planned when read back`;
    }
    case "done":
      return `Done: ${formatCountOf(total, "batch", "batches")} run, throttles put back`;
    case "failed": {
      // The phase the job failed in (a finished job's own phase is "finished", which is no place to fail).
      const where = job.failedIn ?? (job.phase === "finished" ? null : job.phase);
      const errors =
        job.errors.length === 0
          ? "see the log below"
          : job.errors.length === 1
            ? "the error below says what went wrong"
            : `the ${job.errors.length} errors below say what went wrong`;
      return where === null ? `Failed: ${errors}` : `Failed while ${JOB_PHASE_LABELS[where].toLowerCase()}: ${errors}`;
    }
  }
}

/** What the live region says: the state and the phase, nothing that changes with every poll. */
export function jobAnnouncement(job: Pick<JobFields, "state" | "phase">): string {
  return `Apply job ${JOB_STATE_LABELS[job.state].toLowerCase()}: ${JOB_PHASE_LABELS[job.phase].toLowerCase()}.`;
}

export interface PhaseStep {
  phase: JobPhase;
  label: string;
  /** done: it ran; failed: the job failed in it; skipped: the job went past it (or ended) without running it; unknown: not recorded. */
  status: "done" | "current" | "pending" | "skipped" | "failed" | "unknown";
}

/** What assistive technology hears after each phase's label. */
export const PHASE_STATUS_TEXT: Record<PhaseStep["status"], string> = {
  done: " (done)",
  current: " (now)",
  pending: "",
  skipped: " (not run)",
  failed: " (failed here)",
  unknown: " (not recorded)",
};

/**
 * The phases as steps, from the phases the job recorded as run: those it ran done (the one it failed
 * in, failed), its phase current while it runs, those it went past or never reached once it ended
 * skipped, the rest pending. A job stored before phases were recorded: those before its phase done
 * while it runs; once it has ended (cancelled or failed), what ran is unknown.
 */
export function phaseSteps(job: Pick<JobFields, "state" | "phase" | "phasesRun" | "failedIn">): PhaseStep[] {
  const at = JOB_PHASES.indexOf(job.phase);
  const ended = FINISHED.has(job.state);
  const ran = job.phasesRun ?? null;
  return JOB_PHASES.map((phase, i) => {
    const label = JOB_PHASE_LABELS[phase];
    if (ran === null) {
      if (job.state === "done") return { phase, label, status: "done" };
      if (ended) return { phase, label, status: phase === "finished" ? "done" : "unknown" };
      return { phase, label, status: i < at ? "done" : i === at ? "current" : "pending" };
    }
    if (ended) {
      if (phase === "finished") return { phase, label, status: "done" };
      if (job.state === "failed" && job.failedIn === phase) return { phase, label, status: "failed" };
      return { phase, label, status: ran.includes(phase) ? "done" : "skipped" };
    }
    if (i === at) return { phase, label, status: "current" };
    if (ran.includes(phase)) return { phase, label, status: "done" };
    return { phase, label, status: i < at ? "skipped" : "pending" };
  });
}

export interface JobControls {
  pause: boolean;
  resume: boolean;
  cancel: boolean;
  throttle: boolean;
  /** Why nothing can be asked, when nothing can. */
  note: string | null;
}

export function jobControls(job: Pick<JobFields, "state" | "phase" | "pauseRequested" | "cancelRequested">): JobControls {
  if (FINISHED.has(job.state))
    return { pause: false, resume: false, cancel: false, throttle: false, note: "The job has ended: there is nothing left to pause, resume, cancel or throttle." };
  if (job.state === "cancelling" || job.cancelRequested)
    return { pause: false, resume: false, cancel: false, throttle: false, note: "A cancel is under way: nothing else can be asked of this job." };
  const moving = MOVING.has(job.phase);
  return {
    pause: job.state === "running" && !job.pauseRequested && moving,
    resume: job.state === "pausing" || job.state === "paused" || (job.state === "running" && job.pauseRequested),
    cancel: true,
    throttle: moving,
    note: moving ? null : "The data has moved: the job is finishing (throttles put back, leaders elected); only a cancel can still be asked.",
  };
}

function configResource(r: SetConfig["resource"]): string {
  return r.kind === "broker" ? `broker ${r.id}` : `topic ${r.name}`;
}

/** Configs whose value is a byte rate: shown with their unit as well. */
const RATE_CONFIG = /(\.rate|\.bytes\.per\.second)$/;

function configValue(name: string, value: string): string {
  const n = Number(value);
  return RATE_CONFIG.test(name) && value.trim() !== "" && Number.isFinite(n) ? `${value} (${formatByteRate(n)})` : value;
}

export interface ConfigRow {
  key: string;
  resource: string;
  name: string;
  value: string;
  /** What the job puts back when it ends or is cancelled, or what it has put back. */
  restore: string;
  /** False while only intended: written to the job's record, not yet sent. */
  sent: boolean;
  restored: boolean;
}

function restoreText(c: SetConfig): string {
  const previous = c.previous === null ? null : configValue(c.name, c.previous);
  if (c.restored) return previous === null ? "Removed (nothing was set before)" : `Put back to ${previous}`;
  const back = previous === null ? "removes it (nothing was set before)" : `puts back ${previous}`;
  return c.name === CORDONED_LOG_DIRS ? `Stays when the job is done (the drained dirs stay cordoned); a cancel ${back}` : `When the job ends it ${back}`;
}

export function configRows(configs: ReadonlyArray<SetConfig>): ConfigRow[] {
  return configs.map((c, i) => ({
    key: `${i}-${configResource(c.resource)}-${c.name}`,
    resource: configResource(c.resource),
    name: c.name,
    value: configValue(c.name, c.value),
    restore: restoreText(c),
    sent: c.sent,
    restored: c.restored === true,
  }));
}

/**
 * What a cancel does, said before it is asked: the reassignments and dir moves in flight reverted by
 * Kafka, every config the job set put back (throttles, and cordons too: a cancelled drain is not a
 * drain), the batches already done left as they are, nothing further run.
 */
export function cancelConsequences(job: Pick<JobFields, "batch" | "batches">, configs: ReadonlyArray<SetConfig>): string[] {
  const lines: string[] = [];
  const total = job.batches.length;
  const current = job.batches[job.batch];
  const inFlight = current && (current.state === "submitting" || current.state === "running") ? current : null;
  if (inFlight) {
    const n = inFlight.index + 1;
    if (inFlight.partitionMoves > 0)
      lines.push(
        `Kafka cancels the partition reassignments of batch ${n} that are still in flight: each of those partitions goes back to the replicas it had before the job, and the replicas copied for it so far are deleted.`,
      );
    if (inFlight.dirMoves > 0) {
      lines.push(`The dir moves of batch ${n} that are still copying are cancelled: each of those replicas stays in the dir it is in now.`);
      // KIP-1066: a cancel points the replica back at its dir, which Kafka refuses for a cordoned one.
      if (configs.some((c) => c.name === CORDONED_LOG_DIRS && c.sent && !c.restored))
        lines.push(
          "Moves out of a dir the job cordoned are the exception: Kafka refuses to point a replica back at a cordoned dir (INVALID_REPLICA_ASSIGNMENT), so those moves go on to their new dir. The job reads the cluster back and says where each replica ends up.",
        );
    }
    if (inFlight.partitionMoves === 0 && inFlight.dirMoves === 0) lines.push(`Batch ${n} changes only replica order: its reassignments still in flight are cancelled.`);
    lines.push(
      `A move that finishes before the cancel reaches Kafka stays finished: once Kafka has answered, the job reads the cluster back and says where each partition of batch ${n} is.`,
    );
  } else {
    lines.push("No batch is in flight: nothing needs to be reverted.");
  }
  const set = configs.filter((c) => c.sent && !c.restored);
  if (set.length > 0) {
    const brokers = [...new Set(set.flatMap((c) => (c.resource.kind === "broker" ? [c.resource.id] : [])))].sort((a, b) => a - b);
    const topics = [...new Set(set.flatMap((c) => (c.resource.kind === "topic" ? [c.resource.name] : [])))];
    const where = [
      brokers.length > 0 ? `${brokers.length === 1 ? "broker" : "brokers"} ${brokers.join(", ")}` : null,
      topics.length > 0 ? formatCountOf(topics.length, "topic") : null,
    ]
      .filter(Boolean)
      .join(" and ");
    const cordons = set.some((c) => c.name === CORDONED_LOG_DIRS);
    const what = `${formatCountOf(set.length, "config")} the job set (${cordons ? "throttles and cordons" : "throttles"})`;
    lines.push(`The ${what} on ${where} ${set.length === 1 ? "is" : "are"} put back to what ${set.length === 1 ? "it was" : "they were"} before the job.`);
  } else {
    lines.push("The job has set no throttle or cordon yet: there is nothing to put back.");
  }
  const done = doneCount(job);
  const notRun = total - done - (inFlight ? 1 : 0);
  const stays =
    done > 0
      ? `The ${formatCountOf(done, "batch", "batches")} already done ${done === 1 ? "stays" : "stay"} done: ${done === 1 ? "its" : "their"} partitions stay where they moved. `
      : "";
  const rest =
    notRun > 0
      ? `The ${formatCountOf(notRun, "batch", "batches")} not started ${notRun === 1 ? "does" : "do"} not run, and no preferred-leader election runs.`
      : "No preferred-leader election runs.";
  lines.push(`${stays}${rest}`);
  return lines;
}

/** The preferred-leader election's outcome in one sentence, or null before it ran. */
export function electionText(election: { requested: number; elected: number; failed: ReadonlyArray<string> } | null): string | null {
  if (election === null) return null;
  const head = `Preferred-leader election: ${formatCount(election.elected)} of ${formatCountOf(election.requested, "partition")} now led by their preferred leader`;
  return election.failed.length > 0 ? `${head}; not elected: ${election.failed.join(", ")}.` : `${head}.`;
}

/**
 * What the job has left set on the cluster, from its configs (what Kafka accepted and the job has not
 * put back): for a job that has ended, one sentence; null while it runs (the config table says it).
 */
export function leftSetText(job: Pick<JobFields, "state">, configs: ReadonlyArray<SetConfig>): string | null {
  if (!FINISHED.has(job.state)) return null;
  const left = configs.filter((c) => c.sent && !c.restored);
  if (left.length === 0)
    return configs.some((c) => c.sent) ? "Nothing the job set is left on the cluster: every config it set is back to what it was before." : "The job set no config on the cluster.";
  const items = left.map((c) => `${c.name}=${c.value} on ${configResource(c.resource)}`);
  const cordonsOnly = left.every((c) => c.name === CORDONED_LOG_DIRS);
  const why = cordonsOnly && job.state === "done" ? " (the drained dirs stay cordoned)" : "";
  return `Left set on the cluster now: ${items.join("; ")}${why}.`;
}

export const CANCEL_OUTCOME_LABELS: Record<CancelReport["outcomes"][number]["outcome"], string> = {
  finished: "Finished as planned",
  reverted: "Back where it was",
  moving: "Still moving",
  other: "Neither",
};

export interface CancelOutcomeView {
  /** "Read back after the cancel of batch 2: 1 of 2 partitions finished as planned, 1 back where it was." */
  summary: string;
  rows: { key: string; partition: string; outcome: CancelReport["outcomes"][number]["outcome"]; outcomeText: string; lines: string[] }[];
  /** Partitions read back beyond the rows kept. */
  more: number;
  /** The cancels Kafka refused, each with its error. */
  refused: string[];
}

/** The cancel's report as the panel shows it: where each partition of the batch is, as read back; null before the read-back. */
export function cancelOutcomeView(cancel: CancelReport | null | undefined): CancelOutcomeView | null {
  if (!cancel || cancel.stage !== "done") return null;
  const c = cancel.counts;
  const n = c.finished + c.reverted + c.moving + c.other;
  const parts = [
    `${formatCount(c.finished)} of ${formatCountOf(n, "partition")} finished as planned`,
    c.reverted > 0 ? `${formatCount(c.reverted)} back where ${c.reverted === 1 ? "it was" : "they were"}` : null,
    c.moving > 0 ? `${formatCount(c.moving)} still moving when the job stopped waiting` : null,
    c.other > 0 ? `${formatCount(c.other)} neither as before nor as planned` : null,
  ].filter((x) => x !== null);
  return {
    summary: `Read back from the cluster after the cancel of batch ${cancel.batch + 1}: ${parts.join(", ")}.`,
    rows: cancel.outcomes.map((o) => ({
      key: `${o.topic}-${o.partition}`,
      partition: `${o.topic}-${o.partition}`,
      outcome: o.outcome,
      outcomeText: CANCEL_OUTCOME_LABELS[o.outcome],
      lines: o.lines,
    })),
    more: cancel.more,
    refused: cancel.refused.map((r) => `${r.topic}-${r.partition}${r.broker === null ? "" : ` on broker ${r.broker}`}: ${r.error}`),
  };
}
