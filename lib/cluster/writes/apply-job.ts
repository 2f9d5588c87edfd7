/**
 * One apply at a time per process: cordon the dirs a drain empties, start the reassignment with its
 * throttles, watch it with live scans, remove the throttles it set once nothing of it is in flight,
 * then elect the new preferred leaders.
 *
 * Invariants:
 * - Only one job runs at once (Kafka's tool likewise refuses a new reassignment while one is in
 *   flight unless told `--additional`); a finished job stays visible until the next one starts.
 * - The job never removes throttles it did not set.
 * - Cordons it set stay after it ends (the dir was drained to take it out of service); the job says
 *   so in its warnings, with the command that lifts them.
 * - A pinned dir that Kafka never reaches (e.g. its AlterReplicaLogDirs gave up) does not keep the
 *   throttles forever: after `stuckPolls` polls with nothing copying, the job finishes and says so.
 * - The job reports `done` only when every partition whose preferred leader changed is led by it
 *   (elected, or ELECTION_NOT_NEEDED); otherwise it ends `failed` and says which and how to retry.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ReassignmentEntry } from "@/lib/plan";
import type { KafkaConnection } from "../connection";
import { readCluster } from "../live";
import { describeFailure } from "../live/protocol";
import { electPreferred, reassignmentProgress, removeThrottles, startReassignment, CORDONED_LOG_DIRS, type AppliedCordon, type AppliedThrottles, type ElectionOutcome, type ReassignmentProgress } from "./apply-plan";
import { electionTargets, type ApplyWork } from "./apply-work";

export type ApplyState = "starting" | "running" | "removing-throttles" | "electing-leaders" | "done" | "failed";

export interface ApplyJob {
  id: string;
  state: ApplyState;
  startedAt: string;
  finishedAt: string | null;
  entries: ReassignmentEntry[];
  applied: AppliedThrottles;
  /** `cordoned.log.dirs` this job set before moving data, and left in place. */
  cordons: AppliedCordon[];
  /** Partitions whose preferred leader changes, and how their PREFERRED election went (null until it ran). */
  leadership: { partitions: { topic: string; partition: number; to: number }[]; outcome: ElectionOutcome | null };
  progress: ReassignmentProgress | null;
  /** What happened, in order, for the UI. */
  log: string[];
  /** What stays changed after the job, or needs the operator's eye, even when it is done. */
  warnings: string[];
  errors: string[];
}

interface Registry {
  current: ApplyJob | null;
}
const key = Symbol.for("kafka-balance.apply-job");
const registry: Registry = ((globalThis as Record<symbol, unknown>)[key] as Registry | undefined) ?? { current: null };
(globalThis as Record<symbol, unknown>)[key] = registry;

export function currentApplyJob(): ApplyJob | null {
  return registry.current;
}

export class ApplyBusyError extends Error {}

export interface ApplyOptions {
  pollMs?: number;
  stuckPolls?: number;
  /** How long a PREFERRED election is asked again while the new leader is not in the ISR yet. Default 30 s. */
  electionRetryForMs?: number;
  now?: () => Date;
  /** Called after every poll (tests). */
  onPoll?: (job: ApplyJob, snapshot: ClusterSnapshot) => void;
}

/** Whether a job has ended (done or failed). */
export function applyFinished(job: Pick<ApplyJob, "state">): boolean {
  return job.state === "done" || job.state === "failed";
}

/**
 * Starts an apply of `work` (a `Plan`, or a reviewed reassignment with what the route derived);
 * resolves once the reassignment has been sent (or refused). Watching goes on.
 */
export async function startApplyJob(connection: KafkaConnection, snapshot: ClusterSnapshot, work: ApplyWork, options: ApplyOptions = {}): Promise<ApplyJob> {
  const running = registry.current;
  if (running && !applyFinished(running)) {
    throw new ApplyBusyError(`An apply started at ${running.startedAt} is still ${running.state}; wait for it to finish.`);
  }
  const now = options.now ?? (() => new Date());
  const job: ApplyJob = {
    id: `${now().getTime().toString(36)}`,
    state: "starting",
    startedAt: now().toISOString(),
    finishedAt: null,
    entries: [...work.entries],
    applied: { brokers: [], topics: [] },
    cordons: [],
    leadership: { partitions: electionTargets(snapshot, work), outcome: null },
    progress: null,
    log: [],
    warnings: [],
    errors: [],
  };
  registry.current = job;
  const finish = (state: "done" | "failed") => {
    job.state = state;
    job.finishedAt = now().toISOString();
  };
  const started = await startReassignment(connection, snapshot, work).catch((error: unknown) => ({
    ok: false as const,
    stage: "cordons" as const,
    errors: [describeFailure(error)],
    applied: { brokers: [], topics: [] },
    cordons: [],
    undone: true,
  }));
  job.applied = started.applied;
  job.cordons = started.cordons;
  if (!started.ok && started.stage !== "log_dirs") {
    job.errors.push(...started.errors);
    if (started.undone) {
      job.log.push(`Refused at the ${started.stage} stage; the cordons and throttles set before it were put back, and nothing moved.`);
    } else {
      job.log.push(`No answer at the ${started.stage} stage; the cordons and throttles set before it were left in place (see the errors), since the reassignment may be running.`);
      if (started.applied.brokers.length + started.applied.topics.length > 0) job.warnings.push("Throttles are still set: remove them with the plan's remove commands once kafka-reassign-partitions --list shows nothing of this plan.");
      if (started.cordons.length > 0) job.warnings.push(cordonWarning(started.cordons));
    }
    finish("failed");
    return job;
  }
  for (const c of started.cordons) {
    job.log.push(`Broker ${c.broker}: ${CORDONED_LOG_DIRS} set to ${c.dirs.join(",")} before any data moved.`);
  }
  if (started.cordons.length > 0) job.warnings.push(cordonWarning(started.cordons));
  if (started.ok) {
    job.log.push(
      `Throttles set on broker(s) ${started.applied.brokers.join(", ") || "none"} and topic(s) ${started.applied.topics.join(", ") || "none"}; ` +
        `${started.reassigned} partition reassignment(s) and ${started.dirMoves} dir move(s) started.`,
      ...started.warnings,
    );
  } else {
    // The reassignment is running; some dir moves were refused. Watch it to the end and clean up.
    job.errors.push(...started.errors);
    job.log.push("The reassignment started, but some dir moves were refused; watching it to the end to remove the throttles.");
  }
  job.state = "running";
  void watch(connection, job, options, finish);
  return job;
}

function cordonWarning(cordons: AppliedCordon[]): string {
  const list = cordons.map((c) => `broker ${c.broker} (${c.dirs.join(", ")})`).join("; ");
  return (
    `The cordon stays: ${CORDONED_LOG_DIRS} is left as set on ${list}, so Kafka puts nothing new in the drained dir(s) until the disk is taken out. ` +
    `To use a dir again, set the broker's ${CORDONED_LOG_DIRS} without it (kafka-configs.sh --entity-type brokers --entity-name <id> --alter --add-config ${CORDONED_LOG_DIRS}=<dirs>, or --delete-config ${CORDONED_LOG_DIRS}).`
  );
}

async function watch(connection: KafkaConnection, job: ApplyJob, options: ApplyOptions, finish: (s: "done" | "failed") => void): Promise<void> {
  const pollMs = options.pollMs ?? 2000;
  const stuckPolls = options.stuckPolls ?? 15;
  // Refused dir moves fail the job; a progress scan that failed once does not (the next one counts).
  let failed = job.errors.length > 0;
  let idle = 0;
  let last: ClusterSnapshot | null = null;
  for (;;) {
    await new Promise((r) => setTimeout(r, pollMs));
    try {
      last = await readCluster(connection);
    } catch (error) {
      job.errors.push(`Progress scan failed: ${describeFailure(error)}`);
      continue;
    }
    const progress = reassignmentProgress(last, job.entries);
    job.progress = progress;
    options.onPoll?.(job, last);
    const copying = progress.reassigning.length > 0 || progress.dirMoves.length > 0;
    idle = copying ? 0 : idle + 1;
    if (progress.done || (!copying && idle >= stuckPolls)) {
      if (!progress.done) job.log.push(`${progress.waitingDirs} pinned dir(s) were never reached; check them with kafka-log-dirs.`);
      break;
    }
  }
  job.state = "removing-throttles";
  const errors = await removeThrottles(connection, last!, job.applied);
  if (errors.length > 0) {
    failed = true;
    job.errors.push(...errors);
    job.log.push("Removing the throttles failed; remove them by hand (see the plan's remove commands).");
  } else {
    job.log.push("Nothing in flight: the throttles this apply set were removed.");
  }
  if (job.leadership.partitions.length > 0) {
    job.state = "electing-leaders";
    const outcome = await electPreferred(connection, last!, job.leadership.partitions, { retryForMs: options.electionRetryForMs });
    job.leadership.outcome = outcome;
    if (outcome.failed.length > 0) {
      failed = true;
      job.errors.push(...outcome.failed.map((f) => `Preferred leader election: ${f}`));
      job.log.push(
        `${outcome.elected} of ${outcome.requested} partition(s) are led by their new preferred replica; the rest did not get it. ` +
          "Run the plan's leader-election command (kafka-leader-election.sh --election-type PREFERRED) once their new replicas are in sync.",
      );
    } else {
      job.log.push(`Preferred leader election: ${outcome.requested} partition(s) are led by their new preferred replica (${outcome.notNeeded} already were).`);
    }
  }
  finish(failed ? "failed" : "done");
}
