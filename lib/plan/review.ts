/**
 * Review of a reassignment JSON someone already has: Kafka's own validation, then the same checks the
 * planner guarantees for its plans, the throttles it needs, how long it takes, and the cluster once it
 * is done (the simulator's `reassign` step: a replica without a pinned dir goes where Kafka's
 * count rule puts it).
 */
import { balanceReport, type BrokerDirReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import type { Result } from "../model/result";
import { runReports, withoutTopicRows } from "../simulate/run-reports";
import { PolicySchema } from "../simulate/schema";
import { estimateReassignment, type DurationEstimate } from "./estimate";
import type { PlanOptions } from "./options";
import { ANY_LOG_DIR, parseReassignmentJson, type ReassignmentEntry } from "./reassignment-json";
import { throttlePlan, type ThrottlePlan } from "./throttle-plan";

export interface ReassignmentReview {
  entries: ReassignmentEntry[];
  problems: string[];
  throttles: ThrottlePlan;
  estimate: DurationEstimate;
  before: BrokerDirReport;
  /** The cluster once the reassignment is complete; null when a problem stops Kafka from running it. */
  after: BrokerDirReport | null;
}

/** The snapshot with the reassignment completed, as the simulator applies it; a message when it cannot be. */
function completed(snapshot: ClusterSnapshot, entries: ReassignmentEntry[]): { report: BrokerDirReport } | { problem: string } {
  const step = { kind: "reassign" as const, partitions: entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })) };
  const run = runReports({ base: snapshot, policy: PolicySchema.parse({}), seed: 1, steps: [step] }, { stepReports: false, finalSnapshot: false });
  const failed = run.steps.find((s) => !s.ok);
  return failed ? { problem: failed.error?.message ?? "the reassignment cannot be applied" } : { report: run.final.report };
}

/** The review, or the refusal of Kafka's tool (code and message as `parseReassignmentJson` gives them). */
export type ReviewResult = Result<ReassignmentReview>;

export function reviewReassignment(snapshot: ClusterSnapshot, json: string, options: PlanOptions): ReviewResult {
  const parsed = parseReassignmentJson(json);
  if (!parsed.ok) return parsed;
  const problems: string[] = [];
  const brokers = new Map(snapshot.brokers.map((b) => [b.id, b]));
  const partitions = new Map<string, ClusterSnapshot["topics"][number]["partitions"][number]>(
    snapshot.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}-${p.id}`, p] as const)),
  );
  for (const e of parsed.value) {
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
  const done = problems.length === 0 && parsed.value.length > 0 ? completed(snapshot, parsed.value) : null;
  if (done && "problem" in done) problems.push(done.problem);
  const rates = {
    replicationBytesPerSecond: options.throttle.replicationBytesPerSecond,
    alterLogDirsBytesPerSecond: options.throttle.alterLogDirsBytesPerSecond,
  };
  return {
    ok: true,
    value: {
      entries: parsed.value,
      problems,
      throttles: throttlePlan(snapshot, parsed.value.filter((e) => partitions.has(`${e.topic}-${e.partition}`)), rates, options.bootstrapServer),
      estimate: estimateReassignment(snapshot, parsed.value, rates),
      before: withoutTopicRows(balanceReport(snapshot)),
      after: done && "report" in done ? done.report : null,
    },
  };
}
