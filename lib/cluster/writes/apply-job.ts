/**
 * One apply at a time per process: start the reassignment with its throttles, watch it with live
 * scans, and remove the throttles it set once nothing of it is in flight.
 *
 * Invariants:
 * - Only one job runs at once (Kafka's tool likewise refuses a new reassignment while one is in
 *   flight unless told `--additional`); a finished job stays visible until the next one starts.
 * - The job never removes throttles it did not set.
 * - A pinned dir that Kafka never reaches (e.g. its AlterReplicaLogDirs gave up) does not keep the
 *   throttles forever: after `stuckPolls` polls with nothing copying, the job finishes and says so.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ReassignmentEntry, ThrottlePlan } from "@/lib/plan";
import type { KafkaConnection } from "../connection";
import { readCluster } from "../live";
import { describeFailure } from "../live/protocol";
import { reassignmentProgress, removeThrottles, startReassignment, type AppliedThrottles, type ReassignmentProgress } from "./apply-plan";

export type ApplyState = "starting" | "running" | "removing-throttles" | "done" | "failed";

export interface ApplyJob {
  id: string;
  state: ApplyState;
  startedAt: string;
  finishedAt: string | null;
  entries: ReassignmentEntry[];
  applied: AppliedThrottles;
  progress: ReassignmentProgress | null;
  /** What happened, in order, for the UI. */
  log: string[];
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
  now?: () => Date;
  /** Called after every poll (tests). */
  onPoll?: (job: ApplyJob, snapshot: ClusterSnapshot) => void;
}

/** Starts an apply; resolves once the reassignment has been sent (or refused). Watching goes on. */
export async function startApplyJob(
  connection: KafkaConnection,
  snapshot: ClusterSnapshot,
  entries: ReassignmentEntry[],
  throttles: ThrottlePlan,
  options: ApplyOptions = {},
): Promise<ApplyJob> {
  const running = registry.current;
  if (running && !["done", "failed"].includes(running.state)) {
    throw new ApplyBusyError(`An apply started at ${running.startedAt} is still ${running.state}; wait for it to finish.`);
  }
  const now = options.now ?? (() => new Date());
  const job: ApplyJob = {
    id: `${now().getTime().toString(36)}`,
    state: "starting",
    startedAt: now().toISOString(),
    finishedAt: null,
    entries,
    applied: { brokers: [], topics: [] },
    progress: null,
    log: [],
    errors: [],
  };
  registry.current = job;
  const finish = (state: "done" | "failed") => {
    job.state = state;
    job.finishedAt = now().toISOString();
  };
  const started = await startReassignment(connection, snapshot, entries, throttles).catch((error: unknown) => ({
    ok: false as const,
    stage: "throttles" as const,
    errors: [describeFailure(error)],
    applied: { brokers: [], topics: [] },
  }));
  job.applied = started.applied;
  if (!started.ok) {
    job.errors.push(...started.errors);
    job.log.push(`Refused at the ${started.stage} stage; throttles set so far were removed.`);
    finish("failed");
    return job;
  }
  job.log.push(
    `Throttles set on broker(s) ${started.applied.brokers.join(", ") || "none"} and topic(s) ${started.applied.topics.join(", ") || "none"}; ` +
      `${started.reassigned} partition reassignment(s) and ${started.dirMoves} dir move(s) started.`,
    ...started.warnings,
  );
  job.state = "running";
  void watch(connection, job, options, finish);
  return job;
}

async function watch(connection: KafkaConnection, job: ApplyJob, options: ApplyOptions, finish: (s: "done" | "failed") => void): Promise<void> {
  const pollMs = options.pollMs ?? 2000;
  const stuckPolls = options.stuckPolls ?? 15;
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
    job.errors.push(...errors);
    job.log.push("Removing the throttles failed; remove them by hand (see the plan's remove commands).");
    finish("failed");
    return;
  }
  job.log.push("Nothing in flight: the throttles this apply set were removed.");
  finish("done");
}
