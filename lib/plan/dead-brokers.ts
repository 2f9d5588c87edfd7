/**
 * Brokers that do not answer (state `unreachable`: listed, or holding replicas, but silent) in a plan.
 * Such a broker can take no config (a throttle, a cordon) and serves no copy, so:
 * - every partition with a replica on one is left alone by any plan — moving another of its replicas
 *   copies while it is already short of a replica, and Kafka's `--throttle` would set rates on the
 *   silent broker — unless that broker is being removed (Remove brokers → it: the dead broker's
 *   replicas are re-created on brokers that stay, each copied from its partition's live leader);
 * - no throttle rate is set on one (throttle-plan.ts), and no replica moves onto one (plan-state.ts).
 * Its replicas have no reported size: the planner counts each at its leader's size (plan-state.ts).
 */
import type { ClusterSnapshot } from "../model/snapshot";
import type { PlanState } from "./plan-state";

/** The ids of the brokers that did not answer. */
export function unreachableBrokers(snapshot: ClusterSnapshot): Set<number> {
  return new Set(snapshot.brokers.filter((b) => b.state === "unreachable").map((b) => b.id));
}

/** Whether the partition has a replica on a dead broker that is not being removed (so the plan must leave it alone). */
function heldBack(replicas: readonly number[], dead: ReadonlySet<number>, removing: ReadonlySet<number>): boolean {
  for (const b of replicas) if (dead.has(b) && !removing.has(b)) return true;
  return false;
}

/**
 * Marks every partition with a replica on a dead broker that stays (not in `removing`) as not movable,
 * and returns how many were movable before.
 */
export function holdBackDeadPartitions(state: PlanState, dead: ReadonlySet<number>, removing: ReadonlySet<number>): number {
  if (dead.size === 0) return 0;
  let held = 0;
  for (const part of state.partitions) {
    if (!heldBack(part.original, dead, removing)) continue;
    if (part.movable) held += 1;
    part.movable = false;
  }
  return held;
}

/** The partitions a plan leaves alone because a replica of theirs is on a dead broker that stays. */
export function heldBackCount(state: PlanState, dead: ReadonlySet<number>, removing: ReadonlySet<number>): number {
  if (dead.size === 0) return 0;
  let n = 0;
  for (const part of state.partitions) if (heldBack(part.original, dead, removing)) n += 1;
  return n;
}

/** A dead broker's replicas that are counted at their leader's size (it reported none): how many, and their bytes. */
export function borrowedSizes(snapshot: ClusterSnapshot, dead: ReadonlySet<number>): Map<number, { replicas: number; bytes: number; leaderless: number }> {
  const out = new Map<number, { replicas: number; bytes: number; leaderless: number }>();
  if (dead.size === 0) return out;
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        if (!dead.has(r.broker) || r.sizeBytes !== null) continue;
        const entry = out.get(r.broker) ?? { replicas: 0, bytes: 0, leaderless: 0 };
        const leader = p.replicas.find((x) => x.broker === p.leader && !dead.has(x.broker));
        entry.replicas += 1;
        if (leader?.sizeBytes != null) entry.bytes += leader.sizeBytes;
        else entry.leaderless += 1;
        out.set(r.broker, entry);
      }
    }
  }
  return out;
}
