/**
 * A plan's goals table and quality figures, as text: each chosen goal met or not, what is outside its
 * tolerance and how far before → after, and why not; the dirs by the dir goal's own measure (the
 * summary's headline, so it never disagrees with the table); then the bytes moved against the lower
 * bound and against what Kafka's own `--generate` would move, with what each leaves undone.
 *
 * - Broker goals show the fullest and the emptiest broker over the mean (the emptiest counts: max ÷
 *   mean alone hides a new broker left nearly empty); dirs the worst distance from their target in
 *   points of capacity (or, with capacity unknown, as a share of an even split); topic spread the most
 *   replicas of one topic on one broker beyond its band.
 * - Nothing measurable is said as such, never as "0 → 0"; what could not be measured (offline dirs,
 *   brokers that did not answer) is said beside the figure.
 * - The ratio to the lower bound is printed only when it is at least 1: below, the plan stopped short
 *   of the goals (it moved less than a plan that meets them must), or the bound is wrong; either is
 *   said in words.
 * - `--generate` is compared by what it leaves undone, measured with the plan's own goals on its
 *   after-state, never by its bytes alone.
 * - A figure the plan makes worse is said, with why.
 */
import { formatBytes, formatCountOf, formatSkew } from "@/lib/model/format";
import { GOAL_LABELS, GOAL_NAMES, type GoalMeasure, type GoalResult } from "@/lib/plan/goals";
import type { Operation, SoftGoal } from "@/lib/plan/options";
import type { Evacuation, GenerateComparison } from "@/lib/plan/planner";
import { joinWords } from "./plan-operation";

export interface GoalRow {
  goal: SoftGoal;
  label: string;
  met: boolean;
  /** How many dirs, brokers or topic × broker pairs are outside the tolerance: before, after. */
  outside: { before: string; after: string };
  /** How far: the extremes over the mean, the worst points or replicas: before, after. */
  spread: { before: string; after: string };
  /** What the measure could not look at (offline dirs, brokers that did not answer); null when nothing. */
  unmeasured: string | null;
  reason: string | null;
}

function unitOf(goal: SoftGoal, n: number): string {
  if (goal === "dir-utilization") return formatCountOf(n, "dir");
  if (goal === "topic-spread") return formatCountOf(n, "topic × broker pair");
  return formatCountOf(n, "broker");
}

/** "not measurable": nothing the measure could look at. */
const NOT_MEASURABLE = "not measurable";

function outsideText(goal: SoftGoal, m: GoalMeasure): string {
  if (m.measured === 0 && m.outside === 0) return NOT_MEASURABLE;
  return unitOf(goal, m.outside);
}

function points(x: number): string {
  return `${(x * 100).toFixed(1)} points`;
}

function share(x: number): string {
  return `${Math.round(x * 100)}% off an even share`;
}

function spreadText(goal: SoftGoal, m: GoalMeasure): string {
  if (goal === "dir-utilization") {
    const parts = [m.worst !== null ? points(m.worst) : null, m.worstShare != null ? share(m.worstShare) : null].filter((x): x is string => x !== null);
    return parts.length === 0 ? NOT_MEASURABLE : `worst ${parts.join("; ")}`;
  }
  if (goal === "topic-spread") return m.worst === null ? NOT_MEASURABLE : m.worst === 0 ? "none beyond its band" : `worst ${formatCountOf(m.worst, "replica")} beyond its band`;
  if (m.maxOverMean === null || m.minOverMean === null) return NOT_MEASURABLE;
  const racks = m.rackTargets ? `; racks allow no better than max ${formatSkew(m.rackTargets.maxOverMean)}, min ${formatSkew(m.rackTargets.minOverMean)}` : "";
  return `max ${formatSkew(m.maxOverMean)}, min ${formatSkew(m.minOverMean)}${racks}`;
}

/** "1 offline dir not measured", "broker 4 did not answer: not measured"; null when everything was measured. */
function unmeasuredText(goal: SoftGoal, m: GoalMeasure): string | null {
  if (m.unmeasured === 0) {
    if (m.measured === 0 && goal === "dir-utilization") return "no broker has two open disks to compare, dirs on one filesystem being one";
    if (m.measured === 0) return "no broker can take data";
    return null;
  }
  if (goal === "dir-utilization")
    return `${formatCountOf(m.unmeasured, "dir")} offline or on a broker that did not answer: not measured (the snapshot has no bytes for ${m.unmeasured === 1 ? "it" : "them"})`;
  return `${formatCountOf(m.unmeasured, "broker")} that did not answer or ${m.unmeasured === 1 ? "is" : "are"} known only by name: not measured`;
}

export function goalRows(goals: readonly GoalResult[]): GoalRow[] {
  return goals.map((g) => ({
    goal: g.goal,
    label: GOAL_LABELS[g.goal],
    met: g.met,
    outside: { before: outsideText(g.goal, g.before), after: outsideText(g.goal, g.after) },
    spread: { before: spreadText(g.goal, g.before), after: spreadText(g.goal, g.after) },
    unmeasured: unmeasuredText(g.goal, g.after),
    reason: g.met ? null : g.reason,
  }));
}

export interface QualityFigure {
  label: string;
  value: string;
  hint: string;
}

/** The largest distance a measure reports, in its own unit (for "worse"): points, shares, the max over mean, replicas beyond the band. */
function farthest(goal: SoftGoal, m: GoalMeasure): number | null {
  if (goal === "dir-utilization") return m.worst ?? m.worstShare ?? null;
  if (goal === "topic-spread") return m.worst;
  if (m.maxOverMean === null || m.minOverMean === null) return null;
  return Math.max(m.maxOverMean - 1, 1 - m.minOverMean);
}

/** Whether the measure after is worse than before: more outside the tolerance, or farther out while some are outside. */
export function worseAfter(goal: SoftGoal, before: GoalMeasure, after: GoalMeasure): boolean {
  if (after.outside > before.outside) return true;
  if (after.outside === 0) return false;
  const b = farthest(goal, before);
  const a = farthest(goal, after);
  return a !== null && b !== null && a > b + 1e-9;
}

export interface PlanFigures {
  options: { operation: Operation; goals: readonly SoftGoal[]; tolerance: number };
  bytesMoved: { intra: number; inter: number; total: number };
  lowerBound: number;
  kafkaGenerate: GenerateComparison;
  goals: readonly GoalResult[];
  evacuation: Pick<Evacuation, "stuckTotal"> | null;
  dirs: { before: GoalMeasure; after: GoalMeasure };
}

/**
 * The summary's dir figures, by the dir goal's measure and tolerance (the same as the goals table):
 * dirs outside the tolerance and the worst, before → after, and, when the plan makes them worse, why.
 */
export function dirFigures(plan: Pick<PlanFigures, "options" | "dirs">): QualityFigure[] {
  const { before, after } = plan.dirs;
  const chosen = plan.options.goals.includes("dir-utilization");
  const t = `${Math.round(plan.options.tolerance * 1000) / 10}`;
  const rule = `the dir goal's tolerance: ${t} points of capacity from its broker's utilisation (${t}% of an even share where capacity is unknown)`;
  const outsideHint = chosen ? rule : `${rule}; the dir goal was not chosen, so the plan did not even them out`;
  const figures: QualityFigure[] = [
    { label: "Dirs outside the tolerance", value: before.measured === 0 && after.measured === 0 ? NOT_MEASURABLE : `${before.outside} → ${after.outside}`, hint: outsideHint },
    {
      label: "Worst dir",
      value: `${spreadText("dir-utilization", before)} → ${spreadText("dir-utilization", after)}`.replace(/worst /g, ""),
      hint: "from its broker's utilisation (or, capacity unknown, from an even share of its broker's bytes)",
    },
  ];
  const missing = unmeasuredText("dir-utilization", after);
  if (missing && after.unmeasured > 0) figures[0]!.hint = `${figures[0]!.hint}; ${missing}`;
  if (worseAfter("dir-utilization", before, after)) {
    figures[1]!.hint = `worse after the plan: ${worseReason("dir-utilization", plan.options)}`;
  }
  return figures;
}

/**
 * The review's dir sentence, by the dir goal's measure (the one the goals use): "Dirs outside the
 * tolerance: 9 → 0 (worst 52.9 points → 1.9 points)." or "Dirs: not measurable (…)."
 */
export function dirSentence(dirs: { before: GoalMeasure; after: GoalMeasure }): string {
  const { before, after } = dirs;
  if (before.measured === 0 && after.measured === 0) return `Dirs: not measurable (${unmeasuredText("dir-utilization", after)}).`;
  const missing = after.unmeasured > 0 ? `; ${unmeasuredText("dir-utilization", after)}` : "";
  const worse = worseAfter("dir-utilization", before, after) ? " — worse after it" : "";
  return `Dirs outside the tolerance: ${before.outside} → ${after.outside} (${spreadText("dir-utilization", before)} → ${spreadText("dir-utilization", after).replace(/^worst /, "")}${missing})${worse}.`;
}

/** Why a goal can end worse than it started: what the plan was asked that comes before it. */
function worseReason(goal: SoftGoal, options: PlanFigures["options"]): string {
  const op = options.operation;
  const chosen = options.goals.includes(goal);
  if (op.kind === "remove-brokers" || op.kind === "drain-dirs") {
    const what = op.kind === "remove-brokers" ? "the brokers being removed" : "the dirs being drained";
    return `everything on ${what} must go somewhere, and it lands where the goals ranked first allow${chosen ? "" : ` (${GOAL_NAMES[goal]} is not a chosen goal)`}; plan a rebalance afterwards to even this out`;
  }
  if (!chosen) return `${GOAL_NAMES[goal]} is not a chosen goal, so moves made for the others may worsen it`;
  const above = options.goals.slice(0, options.goals.indexOf(goal));
  return above.length > 0 ? `moves for the goals ranked above it (${joinWords(above.map((g) => GOAL_NAMES[g]))}) come first` : "no move could keep it as it was";
}

/** Each chosen goal the plan leaves worse than it found it, with why. */
export function worsenedGoals(plan: Pick<PlanFigures, "options" | "goals">): string[] {
  return plan.goals
    .filter((g) => worseAfter(g.goal, g.before, g.after))
    .map((g) => `${GOAL_LABELS[g.goal]} is worse after the plan (${spreadText(g.goal, g.before)} → ${spreadText(g.goal, g.after)}): ${worseReason(g.goal, plan.options)}.`);
}

/** "dir utilisation (9 dirs outside, worst 53.2 points) and broker bytes (max 1.20×, min 0.80×)": what a measure leaves outside the tolerance. */
function undone(goals: ReadonlyArray<{ goal: SoftGoal; met: boolean; measure: GoalMeasure }>): string[] {
  return goals.filter((g) => !g.met).map((g) => `${GOAL_NAMES[g.goal]} (${unitOf(g.goal, g.measure.outside)} outside, ${spreadText(g.goal, g.measure)})`);
}

/** Bytes moved, the lower bound, their ratio, and Kafka's `--generate` (or why it refuses), each with what it leaves undone. */
export function qualityFigures(
  plan: Pick<PlanFigures, "bytesMoved" | "lowerBound" | "kafkaGenerate" | "goals" | "evacuation"> & { options?: { operation: Operation } },
): QualityFigure[] {
  const moved = plan.bytesMoved.total;
  const lb = plan.lowerBound;
  const g = plan.kafkaGenerate;
  const unmet = plan.goals.filter((x) => !x.met);
  const stuck = plan.evacuation?.stuckTotal ?? 0;
  const short = [
    stuck > 0 ? `${formatCountOf(stuck, "replica")} cannot leave` : null,
    unmet.length > 0 ? `${unmet.length} of ${formatCountOf(plan.goals.length, "goal")} ${unmet.length === 1 ? "is" : "are"} not met` : null,
  ].filter((x): x is string => x !== null);
  let ratio: QualityFigure;
  if (lb <= 0) ratio = { label: "Moved ÷ lower bound", value: "–", hint: moved > 0 ? "the bound is 0: no byte had to move for these goals" : "nothing had to move" };
  else if (moved >= lb * (1 - 1e-9)) ratio = { label: "Moved ÷ lower bound", value: formatSkew(Math.max(1, moved / lb)), hint: "1.00× is the least possible" };
  else if (short.length > 0)
    ratio = {
      label: "Moved ÷ lower bound",
      value: "below the bound",
      hint: `the plan stops short of the goals (${joinWords(short)}): it moves less than a plan that meets them must`,
    };
  else
    ratio = {
      label: "Moved ÷ lower bound",
      value: "below the bound",
      hint: "every goal is met with less than the bound, so the bound is wrong for this cluster: do not read the plan's quality from it",
    };
  const planUndone = undone(plan.goals.map((x) => ({ goal: x.goal, met: x.met, measure: x.after })));
  const planLeaves = planUndone.length > 0 ? `this plan leaves ${joinWords(planUndone)}` : plan.goals.length > 0 ? "this plan meets every goal" : null;
  let generate: QualityFigure;
  if ("error" in g) generate = { label: "Kafka's --generate", value: "refused", hint: g.error };
  else {
    const left = undone(g.goals);
    const parts = [
      `${formatCountOf(g.replicas, "replica")} copied by its ${g.placer === "striped" ? "striped placer" : "AdminUtils"} assignment, with no log dirs pinned (each broker picks the dir with the fewest partitions)`,
      g.goals.length === 0 ? null : left.length > 0 ? `it leaves ${joinWords(left)}` : "it meets every goal too",
      g.leftBehind > 0
        ? `it leaves ${formatCountOf(g.leftBehind, "replica")} ${plan.options?.operation.kind === "drain-dirs" ? "in the dirs being drained (it pins no dir)" : plan.options?.operation.kind === "remove-brokers" ? "on the brokers being removed" : "where the operation empties"}`
        : null,
      g.unplaced > 0 ? `${formatCountOf(g.unplaced, "partition")} it could not place ${g.unplaced === 1 ? "is" : "are"} left out` : null,
      planLeaves,
    ].filter((x): x is string => x !== null);
    generate = { label: "Kafka's --generate", value: formatBytes(g.bytes), hint: parts.join("; ") };
  }
  return [
    { label: "Bytes moved", value: formatBytes(moved), hint: `${formatBytes(plan.bytesMoved.intra)} within brokers, ${formatBytes(plan.bytesMoved.inter)} between` },
    { label: "Lower bound", value: formatBytes(lb), hint: "no plan that meets these goals moves less, whichever brokers it moves data onto" },
    ratio,
    generate,
  ];
}
