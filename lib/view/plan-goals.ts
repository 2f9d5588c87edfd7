/**
 * A plan's goals table and quality figures, as text: each chosen goal met or not, what is outside its
 * tolerance and how far before → after, and why not; then the bytes moved against the lower bound and
 * against what Kafka's own `--generate` would move.
 *
 * - Broker goals show the fullest and the emptiest broker over the mean (the emptiest counts: max ÷
 *   mean alone hides a new broker left nearly empty); dirs the worst distance from the broker's
 *   utilisation in points; topic spread the most replicas of one topic on one broker beyond its band.
 * - The ratio to the lower bound is shown only when the bound is above 0.
 */
import { formatBytes, formatCountOf, formatSkew } from "@/lib/model/format";
import { GOAL_LABELS, type GoalMeasure, type GoalResult } from "@/lib/plan/goals";
import type { SoftGoal } from "@/lib/plan/options";
import type { GenerateComparison } from "@/lib/plan/planner";

export interface GoalRow {
  goal: SoftGoal;
  label: string;
  met: boolean;
  /** How many dirs, brokers or topic × broker pairs are outside the tolerance: before, after. */
  outside: { before: string; after: string };
  /** How far: the extremes over the mean, the worst points or replicas: before, after. */
  spread: { before: string; after: string };
  reason: string | null;
}

function outsideText(goal: SoftGoal, n: number): string {
  if (goal === "dir-utilization") return formatCountOf(n, "dir");
  if (goal === "topic-spread") return formatCountOf(n, "topic × broker pair");
  return formatCountOf(n, "broker");
}

function spreadText(goal: SoftGoal, m: GoalMeasure): string {
  if (goal === "dir-utilization") return m.worst === null ? "–" : `worst ${(m.worst * 100).toFixed(1)} points`;
  if (goal === "topic-spread") return m.worst === null ? "–" : m.worst === 0 ? "none beyond its band" : `worst ${formatCountOf(m.worst, "replica")} beyond its band`;
  if (m.maxOverMean === null || m.minOverMean === null) return "–";
  return `max ${formatSkew(m.maxOverMean)}, min ${formatSkew(m.minOverMean)}`;
}

export function goalRows(goals: readonly GoalResult[]): GoalRow[] {
  return goals.map((g) => ({
    goal: g.goal,
    label: GOAL_LABELS[g.goal],
    met: g.met,
    outside: { before: outsideText(g.goal, g.before.outside), after: outsideText(g.goal, g.after.outside) },
    spread: { before: spreadText(g.goal, g.before), after: spreadText(g.goal, g.after) },
    reason: g.met ? null : g.reason,
  }));
}

export interface QualityFigure {
  label: string;
  value: string;
  hint: string;
}

/** Bytes moved, the lower bound, their ratio, and Kafka's `--generate` (or why it refuses). */
export function qualityFigures(plan: { bytesMoved: { intra: number; inter: number; total: number }; lowerBound: number; kafkaGenerate: GenerateComparison }): QualityFigure[] {
  const moved = plan.bytesMoved.total;
  const lb = plan.lowerBound;
  const g = plan.kafkaGenerate;
  return [
    { label: "Bytes moved", value: formatBytes(moved), hint: `${formatBytes(plan.bytesMoved.intra)} within brokers, ${formatBytes(plan.bytesMoved.inter)} between` },
    { label: "Lower bound", value: formatBytes(lb), hint: "no plan for these goals moves less" },
    {
      label: "Moved ÷ lower bound",
      value: lb > 0 ? formatSkew(moved / lb) : "–",
      hint: lb > 0 ? "1.00× is the least possible" : moved > 0 ? "the bound is 0: no byte had to move for these goals" : "nothing had to move",
    },
    "error" in g
      ? { label: "Kafka's --generate", value: "refused", hint: g.error }
      : {
          label: "Kafka's --generate",
          value: formatBytes(g.bytes),
          hint: `${formatCountOf(g.replicas, "replica")} copied by its ${g.placer === "striped" ? "striped placer" : "AdminUtils"} assignment${moved > 0 && g.bytes > 0 ? ` (${formatSkew(g.bytes / moved)} this plan)` : ""}`,
        },
  ];
}
