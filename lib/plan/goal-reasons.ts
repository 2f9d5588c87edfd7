/**
 * Why a soft goal is not met once the plan has run, in the operator's words: the byte cap or move
 * limit, a removal or drain that moves only what it must, a dir that cannot fit under the headroom, or
 * the hard constraints that leave no improving move. `planRebalance` (planner.ts) puts the reason
 * beside each unmet goal; plan-warnings.ts says what lies beyond the goals.
 */
import { formatBytes } from "../model/format";
import { bandOf, brokerBands, brokerValue, GOAL_LABELS, outOfBand, participants } from "./goals";
import { dirDeviationFloor, dirsOutsideTolerance } from "./intra-broker";
import type { PlanOptions, SoftGoal } from "./options";
import type { PlanState } from "./plan-state";
import type { PlanStop } from "./plan-types";

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** Why a goal is not met after the plan, naming the worst broker or dir. */
/** `receivers`: for a removal or a drain, the brokers it moved data to (the only ones whose dirs it evens out); null otherwise. */
export function goalReason(state: PlanState, goal: SoftGoal, options: PlanOptions, stop: PlanStop, receivers: ReadonlySet<number> | null): string {
  const label = GOAL_LABELS[goal];
  const evacuationOnly = receivers !== null;
  if (receivers && goal === "dir-utilization") {
    const left = [...state.brokers.values()]
      .filter((b) => !receivers.has(b.id) && dirsOutsideTolerance(state, b, options) > 0)
      .map((b) => b.id)
      .sort((a, b) => a - b);
    const what = options.operation.kind === "drain-dirs" ? "drain" : "removal";
    if (left.length > 0)
      return `${label}: a ${what} evens out only the dirs of the brokers it moves data to; ${left.length === 1 ? `broker ${left[0]} was` : `brokers ${left.join(", ")} were`} left as they are: plan a rebalance to even ${left.length === 1 ? "it" : "them"} out.`;
  }
  if (evacuationOnly && goal !== "dir-utilization") {
    const what = options.operation.kind === "drain-dirs" ? "drain" : "removal";
    // A removed broker that keeps replicas it cannot hand over is outside every broker goal, however even the rest are.
    const holding = [...state.brokers.values()]
      .filter((b) => b.removing && b.count > 0)
      .map((b) => b.id)
      .sort((a, b) => a - b);
    const kept =
      holding.length === 0
        ? null
        : `${holding.length === 1 ? `broker ${holding[0]} still holds` : `brokers ${holding.join(", ")} still hold`} replicas that cannot leave (listed with the ${what})`;
    let restOutside = true;
    if (goal !== "topic-spread") {
      const bands = brokerBands(state, options.tolerance);
      restOutside = participants(state).some((b) => outOfBand(brokerValue(b, goal), bandOf(bands, goal, b), false) > 0);
    }
    if (kept && !restOutside) return `${label}: ${kept}; the brokers that stay are within the tolerance.`;
    if (kept) return `${label}: ${kept}, and a ${what} moves only what it must: plan a rebalance to even out the rest.`;
    return `${label}: a ${what} moves only what it must; plan a rebalance to even this out.`;
  }
  if (stop === "byte_cap") return `${label}: the byte cap (${formatBytes(options.maxBytesToMove ?? 0)}) was reached first.`;
  if (stop === "max_moves") return `${label}: the move limit (${options.maxMoves.toLocaleString("en-US")}) was reached first.`;
  if (goal === "dir-utilization") {
    for (const b of [...state.brokers.values()].sort((x, y) => x.id - y.id)) {
      const dirs = state.openDirs(b).filter((d) => d.cap !== null);
      if (dirs.length < 2) continue;
      const cap = dirs.reduce((a, d) => a + d.cap!, 0);
      const used = dirs.reduce((a, d) => a + d.bytes + d.other, 0);
      if (used / cap > options.headroom) return `broker ${b.id}'s dirs cannot all fit under ${pct(options.headroom)}: its data fills ${pct(used / cap)} of their capacity.`;
    }
    // A replica so large that its dir cannot come near its broker's level wherever it sits (dirDeviationFloor).
    let worst: { b: number; points: number; r: NonNullable<ReturnType<typeof dirDeviationFloor>["replica"]> } | null = null;
    for (const b of options.intraObjective === "utilization" ? participants(state) : []) {
      const f = dirDeviationFloor(state, b);
      if (f.replica && f.points > options.tolerance && (!worst || f.points > worst.points)) worst = { b: b.id, points: f.points, r: f.replica };
    }
    if (worst) {
      const { r } = worst;
      return `${label}: on broker ${worst.b}, ${r.part.topic}-${r.part.partition} (${formatBytes(r.size)}) alone fills its dir ${Math.round(worst.points * 100)} points above the broker's level, and would in any of its dirs: no arrangement inside the broker brings that dir within ${Math.round(options.tolerance * 100)} points.`;
    }
    return `${label}: no move inside a broker lowers it further without passing the ${pct(options.headroom)} headroom (replicas too large for the gaps, or pinned by exclusions and moves in flight). While the plan runs a dir still holds what it held until its own moves out finish, so a dir that starts near full takes nothing; a plan made once this one has run may even it out.`;
  }
  if (goal === "broker-leaders") {
    return `${label}: no more leadership changes are possible without a data move: the brokers short of leaders hold no in-sync replica of a partition led by a broker with leaders to spare${options.moveLeaders ? "" : " (allow moving leaders to let data moves change leadership too)"}.`;
  }
  if (goal === "topic-spread" && options.operation.kind === "add-brokers") {
    return `${label}: when brokers are added only they receive data, so a broker left short of a topic's replicas cannot be topped up; plan a rebalance afterwards to even topics out.`;
  }
  const guarded = options.moveLeaders ? "" : " or moving a leader (allow moving leaders to widen the choice)";
  // Broker bytes also has exchanges (bytes-swap.ts): say which ones it will not make.
  const exchanges =
    goal === "broker-bytes" ? "; nor did the exchanges it tries (a follower for a smaller one, counts kept; within a topic at half the size or less) find one that helps" : "";
  return `${label}: no replica can move without two replicas on one broker, fewer racks, passing the headroom${guarded}, undoing a goal ranked above it, or taking a goal that was met outside its band (met goals stay met)${exchanges}.`;
}
