/**
 * One status sentence for a plan and one for a review: what the operator reads first, and what the
 * page announces when the result arrives.
 *
 * Invariants:
 * - Exactly one sentence, built from facts the core counted (moves, bytes, dirs and brokers outside
 *   the tolerance after the plan or the review; tolerance.ts), never from the planner's per-phase stop
 *   reasons alone: those can disagree with the final state (a broker pass after the dir pass), so they
 *   only explain *why* something is still outside, never *whether*.
 * - "Nothing to move" appears only with zero moves, "within the tolerance" only when nothing is
 *   outside it, and a count of what is outside always comes with why.
 * - A review Kafka would refuse says only that (and how many reasons): no duration, no tolerance.
 */
import { formatBytes, formatCountOf } from "@/lib/model/format";
import type { OutsideTolerance } from "@/lib/plan/tolerance";
import type { InterStop } from "@/lib/plan/inter-broker";
import type { IntraStop } from "@/lib/plan/intra-broker";

export type StatusTone = "ok" | "partial" | "refused";

export interface ResultStatus {
  tone: StatusTone;
  sentence: string;
}

export interface PlanStatusInput {
  moves: number;
  bytes: number;
  /** After the plan. */
  outside: OutsideTolerance;
  stoppedBecause: { inter: InterStop | null; intra: IntraStop | null };
}

export type ReviewStatusInput =
  | { verdict: "refused"; refusals: number }
  | { verdict: "accepted"; partitions: number; bytes: number; outside: OutsideTolerance };

/** "every dir", "every broker", "every dir and broker": what the goals balance. */
function everything(outside: OutsideTolerance): string {
  if (outside.dirs === null && outside.brokers === null) return "everything";
  if (outside.dirs === null) return "every broker";
  if (outside.brokers === null) return "every dir";
  return "every dir and broker";
}

function outsideCount(outside: OutsideTolerance): number {
  return (outside.dirs ?? 0) + (outside.brokers ?? 0);
}

/** "3 dirs are", "1 broker is", "2 dirs and 1 broker are". */
function outsideText(outside: OutsideTolerance): string {
  const parts = [
    outside.dirs ? formatCountOf(outside.dirs, "dir") : null,
    outside.brokers ? formatCountOf(outside.brokers, "broker") : null,
  ].filter((p): p is string => p !== null);
  return `${parts.join(" and ")} ${outsideCount(outside) === 1 ? "is" : "are"}`;
}

type Reason = InterStop | "order";

/**
 * Why something is still outside: the stop of each pass that left something outside, the most
 * binding first (a cap over "no move helps"). A pass that ended balanced while its dirs are outside
 * again was undone by the pass after it (the broker pass moves replicas into dirs).
 */
function reasonFor(input: PlanStatusInput): Reason {
  const moved = input.moves > 0;
  const why = (stop: Reason | null): Reason => (stop === "balanced" || stop === null ? (moved ? "order" : "no_improving_move") : stop);
  const reasons: Reason[] = [];
  if (input.outside.dirs) reasons.push(why(input.stoppedBecause.intra));
  if (input.outside.brokers) reasons.push(why(input.stoppedBecause.inter));
  const rank: Reason[] = ["max_moves", "byte_cap", "no_improving_move", "order", "balanced"];
  return reasons.sort((a, b) => rank.indexOf(a) - rank.indexOf(b))[0] ?? "no_improving_move";
}

function reasonText(reason: Reason, moved: boolean): string {
  switch (reason) {
    case "byte_cap":
      return moved ? "the byte cap stopped the plan" : "every move that would help is larger than the byte cap";
    case "max_moves":
      return moved ? "the plan reached its move limit" : "the move limit allows no move";
    case "order":
      return "the plan's later pass moved replicas back out of balance; try the other order";
    default:
      return `${moved ? "no further move or swap helps: " : ""}each candidate is too large for the gap or would break the headroom, leader, rack or exclusion rules`;
  }
}

function movesText(moves: number, bytes: number): string {
  return `${formatCountOf(moves, "move")} (${formatBytes(bytes)})`;
}

export function planStatus(input: PlanStatusInput): ResultStatus {
  const outside = outsideCount(input.outside);
  const moved = input.moves > 0;
  if (!moved && outside === 0) return { tone: "ok", sentence: `Nothing to move: ${everything(input.outside)} is already within the tolerance.` };
  if (!moved) {
    return { tone: "partial", sentence: `Nothing to move: ${outsideText(input.outside)} outside the tolerance, but no move can improve them (${reasonText(reasonFor(input), false)}).` };
  }
  if (outside === 0) return { tone: "ok", sentence: `${movesText(input.moves, input.bytes)} bring ${everything(input.outside)} within the tolerance.` };
  return {
    tone: "partial",
    sentence: `${movesText(input.moves, input.bytes)}, after which ${outsideText(input.outside)} outside the tolerance (${reasonText(reasonFor(input), true)}).`,
  };
}

export function reviewStatus(input: ReviewStatusInput): ResultStatus {
  if (input.verdict === "refused") {
    return { tone: "refused", sentence: `Kafka would refuse this reassignment: ${formatCountOf(input.refusals, "problem")}, listed below; fix ${input.refusals === 1 ? "it" : "them"} and review again.` };
  }
  const what = `Kafka would accept this reassignment of ${formatCountOf(input.partitions, "partition")}`;
  const moves = input.bytes > 0 ? `, which copies ${formatBytes(input.bytes)}` : `, but it moves no data`;
  const outside = outsideCount(input.outside);
  if (outside === 0) return { tone: "ok", sentence: `${what}${moves}; afterwards ${everything(input.outside)} is within the tolerance.` };
  return { tone: "partial", sentence: `${what}${moves}; afterwards ${outsideText(input.outside)} outside the tolerance.` };
}
