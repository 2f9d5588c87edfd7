/**
 * One status sentence for a plan and one for a review: what the operator reads first, and what the
 * page announces when the result arrives.
 *
 * Invariants:
 * - Exactly one sentence, built from facts the core counted: the data moves and their bytes, the
 *   leadership changes, each chosen goal met or not after the plan (goals.ts) with the planner's
 *   reason, and the replicas an evacuation could not move. Whether a goal is met comes from the
 *   measure after the plan, never from why a pass stopped.
 * - "Nothing to move" appears only with no data move and no leadership change; "within the tolerance"
 *   only when every chosen goal is met; a goal outside the tolerance, or a replica that cannot leave,
 *   always comes with why (the first in priority order).
 * - When the snapshot has no figures for some dirs or brokers (offline, did not answer), the sentence
 *   says it holds as far as the snapshot shows, and for what it has no figures.
 * - A review Kafka would refuse says only that (and how many reasons): no duration, no tolerance.
 */
import { formatBytes, formatCountOf } from "@/lib/model/format";
import { GOAL_LABELS, GOAL_NAMES } from "@/lib/plan/goals";
import type { Operation, SoftGoal } from "@/lib/plan/options";
import type { PlanResponse } from "@/lib/plan/response";
import type { OutsideTolerance } from "@/lib/plan/tolerance";
import { joinWords, operationPhrase } from "./plan-operation";

export type StatusTone = "ok" | "partial" | "refused";

export interface ResultStatus {
  tone: StatusTone;
  sentence: string;
}

export interface PlanStatusInput {
  operation: Operation;
  /** Replica moves (between brokers or dirs) and the bytes they copy. */
  moves: number;
  bytes: number;
  /** Preferred leaders changed by reordering replicas (no bytes). */
  leadershipChanges: number;
  /** Each chosen goal after the plan, in priority order. */
  goals: ReadonlyArray<{ goal: SoftGoal; met: boolean; reason: string | null }>;
  /** What an evacuation could not move, and the first reasons; null for a rebalance or a fill. */
  evacuation: { stuckTotal: number; stuck: ReadonlyArray<{ reason: string }> } | null;
  /** Offline dirs and brokers that did not answer (or are known only by name): the snapshot has no figures for them. */
  unmeasured?: { dirs: number; brokers: number };
}

export type ReviewStatusInput = { verdict: "refused"; refusals: number } | { verdict: "accepted"; partitions: number; bytes: number; outside: OutsideTolerance };

/** A reason as a clause inside brackets: no full stop, and naming its goal. */
function reasonClause(goal: SoftGoal | null, reason: string): string {
  const text = reason.trim().replace(/\.$/, "");
  if (goal === null || text.startsWith(GOAL_LABELS[goal])) return text;
  return `${GOAL_LABELS[goal]}: ${text}`;
}

/** "12 moves (24.0 GiB)", "12 moves (24.0 GiB) and 3 leadership changes", "3 leadership changes (no data moves)". */
function changesText(input: PlanStatusInput): string {
  const leaders = formatCountOf(input.leadershipChanges, "leadership change");
  if (input.moves === 0) return `${leaders} (no data moves)`;
  const moves = `${formatCountOf(input.moves, "move")} (${formatBytes(input.bytes)})`;
  return input.leadershipChanges > 0 ? `${moves} and ${leaders}` : moves;
}

/** "broker 3 is", "brokers 3 and 4 are", "/data/d3 on broker 2 is", "2 log dirs are": what an evacuation empties. */
function emptiedSubject(operation: Operation): string {
  if (operation.kind === "remove-brokers")
    return `${operation.brokers.length === 1 ? "broker" : "brokers"} ${joinWords(operation.brokers.map(String))} ${operation.brokers.length === 1 ? "is" : "are"}`;
  if (operation.kind === "drain-dirs")
    return operation.dirs.length === 1 ? `${operation.dirs[0]!.path} on broker ${operation.dirs[0]!.broker} is` : `${formatCountOf(operation.dirs.length, "log dir")} are`;
  return "nothing is";
}

/** "empty … and bring …" said of one change: "empties … and brings …". */
function singularVerbs(phrase: string): string {
  return phrase
    .replace(/^empty /, "empties ")
    .replace(/^fill /, "fills ")
    .replace(/(^| and )bring /, "$1brings ");
}

/** "1 of 3 goals is", "2 of 5 goals are". */
function unmetText(unmet: number, of: number): string {
  return `${unmet} of ${formatCountOf(of, "goal")} ${unmet === 1 ? "is" : "are"}`;
}

/** The sentence, qualified when the snapshot lacks figures: ", as far as the snapshot shows (it has no figures for 1 offline dir)." */
function qualified(status: ResultStatus, unmeasured: PlanStatusInput["unmeasured"]): ResultStatus {
  if (!unmeasured || unmeasured.dirs + unmeasured.brokers === 0) return status;
  const what = [
    unmeasured.dirs > 0 ? formatCountOf(unmeasured.dirs, "offline dir") : null,
    unmeasured.brokers > 0 ? `${formatCountOf(unmeasured.brokers, "broker")} that did not answer` : null,
  ].filter((x): x is string => x !== null);
  return { ...status, sentence: `${status.sentence.replace(/\.$/, "")}, as far as the snapshot shows (it has no figures for ${joinWords(what)}).` };
}

export function planStatus(input: PlanStatusInput): ResultStatus {
  return qualified(unqualifiedPlanStatus(input), input.unmeasured);
}

function unqualifiedPlanStatus(input: PlanStatusInput): ResultStatus {
  const changed = input.moves > 0 || input.leadershipChanges > 0;
  const unmet = input.goals.filter((g) => !g.met);
  const stuck = input.evacuation?.stuckTotal ?? 0;
  const phrase = operationPhrase(input.operation);
  const evacuates = input.operation.kind === "remove-brokers" || input.operation.kind === "drain-dirs";
  const anyGoal = input.goals.length > 0;

  if (unmet.length === 0 && stuck === 0) {
    if (!changed) {
      const goals = anyGoal ? "every goal is" : null;
      const empty = evacuates ? `${emptiedSubject(input.operation)} already empty` : null;
      if (empty && goals) return { tone: "ok", sentence: `Nothing to move: ${empty} and ${goals} within the tolerance.` };
      if (empty) return { tone: "ok", sentence: `Nothing to move: ${empty}.` };
      return { tone: "ok", sentence: goals ? `Nothing to move: ${goals} already within the tolerance.` : "Nothing to move: no goal was chosen." };
    }
    if (!phrase && !anyGoal)
      return { tone: "ok", sentence: `${changesText(input)}, with no goal chosen to measure ${input.moves + input.leadershipChanges === 1 ? "it" : "them"} by.` };
    const what = phrase && anyGoal ? `${phrase} and bring every goal within the tolerance` : (phrase ?? "bring every goal within the tolerance");
    return { tone: "ok", sentence: `${changesText(input)} ${input.moves + input.leadershipChanges === 1 ? singularVerbs(what) : what}.` };
  }

  // What is still wrong, and why the first of it is, in priority order: stuck replicas before goals.
  const problems: string[] = [];
  if (stuck > 0) problems.push(`${formatCountOf(stuck, "replica")} cannot ${input.operation.kind === "drain-dirs" ? "leave the drained dirs" : "leave the brokers being removed"}`);
  if (unmet.length > 0) problems.push(`${unmetText(unmet.length, input.goals.length)} outside the tolerance`);
  const firstStuck = input.evacuation?.stuck[0]?.reason;
  const firstUnmet = unmet[0];
  const why =
    stuck > 0 && firstStuck ? reasonClause(null, firstStuck) : firstUnmet ? reasonClause(firstUnmet.goal, firstUnmet.reason ?? "no move improves it") : "no move improves it";
  if (!changed) return { tone: "partial", sentence: `Nothing to move: ${joinWords(problems)}, and no move can change that (${why}).` };
  return { tone: "partial", sentence: `${changesText(input)}, after which ${joinWords(problems)} (${why}).` };
}

/** The status of a plan as /api/plan answers it. */
export function planResultStatus(
  plan: Pick<PlanResponse, "options" | "movesTotal" | "bytesMoved" | "leadership" | "goals" | "evacuation"> & { unmeasured?: PlanResponse["unmeasured"] },
): ResultStatus {
  const unmeasured = plan.unmeasured ? { dirs: plan.unmeasured.dirs.length, brokers: plan.unmeasured.brokers.length } : undefined;
  return planStatus({
    operation: plan.options.operation,
    moves: plan.movesTotal,
    bytes: plan.bytesMoved.total,
    leadershipChanges: plan.leadership.changes.length,
    goals: plan.goals,
    evacuation: plan.evacuation,
    unmeasured,
  });
}

/** "3 dirs", "1 broker", "4 topic × broker pairs": what a goal counts outside its tolerance. */
function outsideUnit(goal: SoftGoal, n: number): string {
  if (goal === "dir-utilization") return formatCountOf(n, "dir");
  if (goal === "topic-spread") return formatCountOf(n, "topic × broker pair");
  return formatCountOf(n, "broker");
}

export function reviewStatus(input: ReviewStatusInput): ResultStatus {
  if (input.verdict === "refused") {
    return {
      tone: "refused",
      sentence: `Kafka would refuse this reassignment: ${formatCountOf(input.refusals, "problem")}, listed below; fix ${input.refusals === 1 ? "it" : "them"} and review again.`,
    };
  }
  const what = `Kafka would accept this reassignment of ${formatCountOf(input.partitions, "partition")}`;
  const moves = input.bytes > 0 ? `, which copies ${formatBytes(input.bytes)}` : `, but it moves no data`;
  const outside = input.outside.filter((o) => o.outside > 0);
  if (input.outside.length === 0) return { tone: "ok", sentence: `${what}${moves}.` };
  if (outside.length === 0) return { tone: "ok", sentence: `${what}${moves}; afterwards every goal is within the tolerance.` };
  const list = joinWords(outside.map((o) => `${GOAL_NAMES[o.goal]} (${outsideUnit(o.goal, o.outside)})`));
  return { tone: "partial", sentence: `${what}${moves}; afterwards ${list} ${outside.length === 1 ? "is" : "are"} outside the tolerance.` };
}
