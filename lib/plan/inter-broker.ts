/**
 * Inter-broker balancing: move replicas from over-loaded brokers to under-loaded ones.
 *
 * Invariants and priorities:
 * - Load is bytes or replica count; the target is the mean over online brokers; a broker within
 *   `tolerance` × mean of it is balanced (±1 replica in count mode).
 * - A move never puts two replicas of a partition on one broker, never lowers the number of distinct
 *   racks of a partition, and by default never moves the current or preferred leader (no leadership
 *   change); it moves only movable replicas (see PlanState).
 * - The destination dir is chosen explicitly: the open dir of the destination broker furthest under
 *   its share that stays within the headroom. It is pinned in `log_dirs`, so Kafka's count rule
 *   cannot recreate a skew.
 * - Every move strictly lowers Σ|load − target| over brokers; bytes mode picks the replica whose size
 *   best fits the smaller gap, count mode the smallest replica (cheapest to copy).
 */
import type { PlanOptions } from "./options";
import { replicaOn, type PlannedBroker, type PlannedDir, type PlanState, type PlannedReplica } from "./plan-state";

export interface InterContext {
  state: PlanState;
  options: PlanOptions;
  budget: { bytes: number; moves: number };
}

export type InterStop = "balanced" | "byte_cap" | "max_moves" | "no_improving_move";

function load(b: PlannedBroker, options: PlanOptions): number {
  return options.interObjective === "bytes" ? b.bytes : b.count;
}

function distinctRacks(state: PlanState, brokers: number[]): number {
  const racks = new Set<string>();
  for (const id of brokers) {
    const rack = state.brokers.get(id)?.rack;
    if (rack) racks.add(rack);
  }
  return racks.size;
}

/** The destination dir on `broker` for `bytes`: furthest under its capacity share, within headroom. */
export function destinationDir(state: PlanState, broker: PlannedBroker, bytes: number, options: PlanOptions): PlannedDir | null {
  let best: PlannedDir | null = null;
  let bestScore = Infinity;
  for (const d of state.openDirs(broker)) {
    if (!state.fits(d, bytes, options.headroom)) continue;
    const score = d.cap !== null ? (d.bytes + d.other) / d.cap : d.bytes;
    if (score < bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function canMove(state: PlanState, replica: PlannedReplica, to: PlannedBroker, options: PlanOptions): boolean {
  const part = replica.part;
  if (!part.movable || replicaOn(part, to.id) !== undefined) return false;
  if (!options.moveLeaders && (part.leader === replica.broker || part.original[0] === replica.broker)) return false;
  const after = part.replicas.map((b) => (b === replica.broker ? to.id : b));
  return distinctRacks(state, after) >= distinctRacks(state, part.replicas);
}

/** The brokers that take part (online, with an open dir), their mean load and the tolerance around it. */
function brokerTargets(state: PlanState, options: PlanOptions): { online: PlannedBroker[]; mean: number; tolerance: number } {
  const online = [...state.brokers.values()].filter((b) => b.online && state.openDirs(b).length > 0);
  const mean = online.length === 0 ? 0 : online.reduce((a, b) => a + load(b, options), 0) / online.length;
  const tolerance = options.interObjective === "bytes" ? options.tolerance * mean : Math.max(1, options.tolerance * mean);
  return { online, mean, tolerance };
}

/** How many brokers are outside the tolerance, by the rule this pass balances to. */
export function brokersOutsideTolerance(state: PlanState, options: PlanOptions): number {
  const { online, mean, tolerance } = brokerTargets(state, options);
  if (online.length < 2) return 0;
  return online.filter((b) => Math.abs(load(b, options) - mean) > tolerance).length;
}

export function balanceBrokers(ctx: InterContext): InterStop {
  const { state, options } = ctx;
  const { online, mean, tolerance } = brokerTargets(state, options);
  if (online.length < 2) return "balanced";
  let budgetBlocked = false;
  for (;;) {
    const sorted = [...online].sort((a, b) => load(b, options) - load(a, options) || a.id - b.id);
    if (sorted.every((b) => Math.abs(load(b, options) - mean) <= tolerance)) return "balanced";
    if (ctx.budget.bytes <= 0) return "byte_cap";
    if (ctx.budget.moves <= 0) return "max_moves";
    let moved = false;
    outer: for (const over of sorted) {
      const eOver = load(over, options) - mean;
      if (eOver <= 0) break;
      for (let i = sorted.length - 1; i >= 0; i--) {
        const under = sorted[i]!;
        const eUnder = mean - load(under, options);
        if (eUnder <= 0) break;
        const accept = (r: PlannedReplica) =>
          r.size <= ctx.budget.bytes && canMove(state, r, under, options) && destinationDir(state, under, r.size, options) !== null;
        let replica: PlannedReplica | null;
        if (options.interObjective === "bytes") {
          const gap = Math.min(eOver, eUnder);
          replica = over.movable.largestAtMost(gap, 0, accept) ?? over.movable.smallestAbove(gap, eOver + eUnder, accept);
        } else {
          // One replica moves one unit of load; it lowers Σ|excess| only while eOver + eUnder > 1.
          replica = eOver + eUnder > 1 ? over.movable.smallestAbove(-1, Infinity, accept) : null;
        }
        if (!replica) {
          if (ctx.budget.bytes !== Infinity && over.movable.smallestAbove(-1, Infinity, (r) => canMove(state, r, under, options) && destinationDir(state, under, r.size, options) !== null)) {
            budgetBlocked = true;
          }
          continue;
        }
        const to = destinationDir(state, under, replica.size, options)!;
        state.moveToBroker(replica, to);
        ctx.budget.bytes -= replica.size;
        ctx.budget.moves -= 1;
        moved = true;
        break outer;
      }
    }
    if (!moved) return budgetBlocked ? "byte_cap" : "no_improving_move";
  }
}
