/**
 * Review of a reassignment JSON someone already has.
 *
 * - First Kafka's own validation of the document (parseReassignmentJson): a refusal there is the
 *   ReviewResult's failure, with Kafka's message (and, for text that is not JSON, line and column).
 * - Then what Kafka would refuse against this cluster: a partition that does not exist, a broker not
 *   in the cluster, a dir its broker does not have or that is not online, and whatever the
 *   simulator's `reassign` step refuses (a move into a cordoned dir on 4.3+). A refused review is
 *   only its refusals: no estimate, no throttles, no after-state, since Kafka would run none of it.
 * - An accepted review has the throttles it needs, how long it takes, the cluster once it is done (the
 *   simulator's `reassign` step: a replica without a pinned dir goes where Kafka's count rule puts it)
 *   and how many dirs and brokers are then outside the goals' tolerance.
 */
import { balanceReport, type BrokerDirReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import type { Result } from "../model/result";
import { runReports, withoutTopicRows } from "./run-reports";
import { PolicySchema } from "./schema";
import { estimateExecution, planBatches, type BatchSummary, type ExecutionBatch, type ExecutionEstimate } from "../plan/batches";
import type { PlanOptions } from "../plan/options";
import { ANY_LOG_DIR, parseReassignmentJson, type ReassignmentEntry } from "../model/reassignment-json";
import { throttlePlan, type ThrottlePlan } from "../plan/throttle-plan";
import { snapshotOutsideTolerance, type OutsideTolerance } from "../plan/tolerance";
import { measureGoal, type GoalMeasure } from "../plan/goals";
import { PlanState } from "../plan/plan-state";
import { unreachableBrokers } from "../plan/dead-brokers";

/** Kafka would refuse the reassignment: each reason, in words. */
export interface RefusedReview {
  verdict: "refused";
  entries: ReassignmentEntry[];
  /** What was read from the paste when it was not the JSON alone (the part of the tool's output taken). */
  notes?: string[];
  refusals: string[];
}

/** Kafka would run the reassignment: what it needs, how long it takes, and the cluster after it. */
export interface AcceptedReview {
  verdict: "accepted";
  entries: ReassignmentEntry[];
  notes?: string[];
  /** What Kafka would accept but cannot finish: new replicas on a broker that does not answer. */
  warnings?: string[];
  throttles: ThrottlePlan;
  /** How the apply runs it (options.execution). */
  batches: ExecutionBatch[];
  estimate: ExecutionEstimate;
  before: BrokerDirReport;
  /** The cluster once the reassignment is complete. */
  after: BrokerDirReport;
  /** Dirs and brokers outside the goals' tolerance once it is complete (tolerance.ts). */
  outsideTolerance: OutsideTolerance;
  /** The dirs by the dir goal's own measure and tolerance (goals.ts), before and once it is complete: the summary's dir figure. */
  dirs: { before: GoalMeasure; after: GoalMeasure };
}

export type ReassignmentReview = RefusedReview | AcceptedReview;

/** A review as /api/plan sends it: the batches summarised (their entries are the review's entries; the page plans them again with planBatches). */
export type ReviewAnswer = RefusedReview | (Omit<AcceptedReview, "batches"> & { batches: BatchSummary[] });

/** The snapshot with the reassignment completed, as the simulator applies it; a message when it cannot be. */
function completed(snapshot: ClusterSnapshot, entries: ReassignmentEntry[]): { report: BrokerDirReport; snapshot: ClusterSnapshot } | { problem: string } {
  const step = { kind: "reassign" as const, partitions: entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })) };
  const run = runReports({ base: snapshot, policy: PolicySchema.parse({}), seed: 1, steps: [step] }, { stepReports: false, finalSnapshot: true });
  const failed = run.steps.find((s) => !s.ok);
  if (failed || !run.final.snapshot) return { problem: failed?.error?.message ?? "the reassignment cannot be applied" };
  return { report: run.final.report, snapshot: run.final.snapshot };
}

/** What Kafka would refuse in these entries against this cluster, in words; empty when it would run them. */
function refusals(snapshot: ClusterSnapshot, entries: ReassignmentEntry[]): string[] {
  const problems: string[] = [];
  const brokers = new Map(snapshot.brokers.map((b) => [b.id, b]));
  const partitions = new Set(snapshot.topics.flatMap((t) => t.partitions.map((p) => `${t.name}-${p.id}`)));
  for (const e of entries) {
    const key = `${e.topic}-${e.partition}`;
    if (!partitions.has(key)) problems.push(`${key} does not exist in this snapshot.`);
    e.replicas.forEach((b, i) => {
      const broker = brokers.get(b);
      if (!broker) {
        problems.push(`${key}: broker ${b} is not in the cluster (Kafka answers "Unknown broker id ${b}").`);
        return;
      }
      const dir = e.logDirs[i]!;
      if (dir !== ANY_LOG_DIR) {
        const d = broker.logDirs.find((x) => x.path === dir);
        if (!d) problems.push(`${key}: broker ${b} has no log dir ${dir}.`);
        else if (d.state !== "online") problems.push(`${key}: log dir ${dir} on broker ${b} is ${d.state}.`);
      }
    });
  }
  return problems;
}

/**
 * New replicas on brokers that did not answer the scan, one line per broker. The controller accepts a
 * reassignment onto a broker that is registered but down, and the move then waits: the new replica
 * cannot copy until its broker is back, so the reassignment stays in progress.
 */
function deadTargets(snapshot: ClusterSnapshot, entries: ReassignmentEntry[]): string[] {
  const dead = unreachableBrokers(snapshot);
  if (dead.size === 0) return [];
  const current = new Map(snapshot.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}\u0000${p.id}`, new Set(p.replicas.map((r) => r.broker))] as const)));
  const count = new Map<number, number>();
  for (const e of entries) {
    const had = current.get(`${e.topic}\u0000${e.partition}`);
    for (const b of e.replicas) if (dead.has(b) && !had?.has(b)) count.set(b, (count.get(b) ?? 0) + 1);
  }
  return [...count]
    .sort(([a], [b]) => a - b)
    .map(
      ([b, n]) =>
        `Broker ${b} did not answer the scan, and ${n} partition${n === 1 ? "" : "s"} would get a new replica on it: Kafka accepts that while the broker is registered, but the move cannot finish until broker ${b} is back (its new replicas cannot copy), and the reassignment stays in progress meanwhile.`,
    );
}

/** The review, or the refusal of Kafka's tool (code and message as `parseReassignmentJson` gives them). */
export type ReviewResult = Result<ReassignmentReview>;

export function reviewReassignment(snapshot: ClusterSnapshot, json: string, options: PlanOptions): ReviewResult {
  const parsed = parseReassignmentJson(json);
  if (!parsed.ok) return parsed;
  const entries = parsed.value;
  const notes = parsed.warnings?.length ? { notes: parsed.warnings.map((w) => w.message) } : {};
  const refused = refusals(snapshot, entries);
  const done = refused.length === 0 ? completed(snapshot, entries) : null;
  if (!done || "problem" in done) return { ok: true, value: { verdict: "refused", entries, refusals: done ? [done.problem] : refused, ...notes } };
  const rates = {
    replicationBytesPerSecond: options.throttle.replicationBytesPerSecond,
    alterLogDirsBytesPerSecond: options.throttle.alterLogDirsBytesPerSecond,
  };
  const batches = planBatches(snapshot, entries, options.execution);
  const warned = deadTargets(snapshot, entries);
  return {
    ok: true,
    value: {
      verdict: "accepted",
      entries,
      ...notes,
      ...(warned.length > 0 ? { warnings: warned } : {}),
      throttles: throttlePlan(snapshot, entries, rates, options.bootstrapServer),
      batches,
      estimate: estimateExecution(batches, rates),
      before: withoutTopicRows(balanceReport(snapshot)),
      after: done.report,
      outsideTolerance: snapshotOutsideTolerance(done.snapshot, options),
      dirs: {
        before: measureGoal(new PlanState(snapshot, new Set()), "dir-utilization", options),
        after: measureGoal(new PlanState(done.snapshot, new Set()), "dir-utilization", options),
      },
    },
  };
}
