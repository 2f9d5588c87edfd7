/**
 * One move between brokers: the context every inter-broker pass shares (state, options, budget,
 * allowed destinations, goals met before), the hard constraints each move is checked against, its
 * destination dir, and making it against the budget. The passes (inter-broker.ts, evacuate.ts) choose
 * which moves to make; this file decides only whether one may be made and where it lands.
 *
 * Hard constraints, checked for every move (`canMove`, `destinationDir`):
 * - never two replicas of a partition on one broker; never fewer distinct racks for a partition;
 * - only movable replicas (PlanState); the current and preferred leader stay unless `moveLeaders`, or
 *   unless the replica must leave;
 * - the destination dir is open (online, not cordoned, not draining, on a broker that stays) and stays
 *   within the headroom; it is the one furthest under its share, pinned in `log_dirs`, so Kafka's
 *   count rule cannot recreate a skew.
 */
import type { PlanOptions, SoftGoal } from "./options";
import { isOpen, replicaOn, type PlannedBroker, type PlannedDir, type PlannedPartition, type PlanState, type PlannedReplica } from "./plan-state";

export interface InterContext {
  state: PlanState;
  options: PlanOptions;
  budget: { bytes: number; moves: number };
  /** Brokers that may receive (null = every participant). */
  destinations: ReadonlySet<number> | null;
  /** Goals met before the plan: no move may take one out of its tolerance, whatever it ranks. */
  metBefore: ReadonlySet<SoftGoal>;
}

export type InterStop = "balanced" | "byte_cap" | "max_moves" | "no_improving_move";

/** The destination dir on `broker` for `bytes`: furthest under its capacity share, within headroom. */
export function destinationDir(state: PlanState, broker: PlannedBroker, bytes: number, options: PlanOptions): PlannedDir | null {
  let best: PlannedDir | null = null;
  let bestScore = Infinity;
  for (const d of broker.dirs) {
    if (!isOpen(broker, d) || !state.fits(d, bytes, options.headroom)) continue;
    const score = d.cap !== null ? (d.bytes + d.other) / d.cap : d.bytes;
    if (score < bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Whether moving `part`'s replica from broker `from` to `to` keeps at least as many distinct racks. */
export function keepsRacks(state: PlanState, part: PlannedPartition, from: number, to: number): boolean {
  const rFrom = state.brokers.get(from)?.rack ?? null;
  const rTo = state.brokers.get(to)?.rack ?? null;
  if (rFrom === rTo) return true;
  let fromElsewhere = false;
  let toElsewhere = false;
  for (const b of part.replicas) {
    if (b === from) continue;
    const r = state.brokers.get(b)?.rack ?? null;
    if (r === rFrom) fromElsewhere = true;
    if (r === rTo) toElsewhere = true;
  }
  const lose = rFrom !== null && !fromElsewhere;
  const gain = rTo !== null && !toElsewhere;
  return !lose || gain;
}

/**
 * Whether a search should weigh `replica` for broker `to` at all: the leader policy lets it leave its
 * broker (PlanState `mayLeave`) and the rack rule lets it reach `to` (`keepsRacks`). `canMove` checks both
 * again with the rest of the hard constraints; the searches ask this first so that a replica they refuse
 * does not count as a look.
 */
export function mayGoTo(state: PlanState, replica: PlannedReplica, to: PlannedBroker): boolean {
  return state.mayLeave(replica) && keepsRacks(state, replica.part, replica.broker, to.id);
}

/** Whether the replica must leave where it is (its broker is being removed or its dir drained). */
export function mustLeave(state: PlanState, replica: PlannedReplica): boolean {
  const b = state.brokers.get(replica.broker);
  if (!b) return false;
  return b.removing || (replica.dir !== null && b.byPath.get(replica.dir)?.draining === true);
}

/** The hard constraints of moving `replica` to broker `to` (the dir is checked apart). */
export function canMove(state: PlanState, replica: PlannedReplica, to: PlannedBroker, options: PlanOptions): boolean {
  const part = replica.part;
  if (!part.movable || to.id === replica.broker || replicaOn(part, to.id) !== undefined) return false;
  // Only replicas in a dir Kafka can copy from (online or cordoned) move.
  const dir = replica.dir === null ? undefined : state.brokers.get(replica.broker)?.byPath.get(replica.dir);
  if (!dir || (dir.state !== "online" && dir.state !== "cordoned")) return false;
  if (!options.moveLeaders && part.leader === replica.broker && !mustLeave(state, replica)) return false;
  return keepsRacks(state, part, replica.broker, to.id);
}

/** Makes the move: charges its copy size and one move to the budget. */
export function spend(ctx: InterContext, replica: PlannedReplica, to: PlannedDir): void {
  ctx.budget.bytes -= replica.part.copySize;
  ctx.budget.moves -= 1;
  ctx.state.moveToBroker(replica, to);
}
