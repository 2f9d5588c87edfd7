/**
 * The broker-leaders goal by leadership changes alone: a partition's first replica (its preferred
 * leader) is swapped with another of its replicas, and a preferred-leader election after the moves
 * makes it the leader. No byte moves, so this runs after the data moves and changes no other goal.
 *
 * - A replica may become preferred only if it is on an online broker that stays and was in sync
 *   before the plan, or is one the plan adds (it is in sync once its move completes).
 * - Brokers below the band take leadership from the partition's preferred leader with the most
 *   leaders; then brokers above the band hand it to the replica with the fewest. A change is made
 *   only if it lowers the goal's cost (goals.ts), so the pass ends, and stops at the tolerance.
 * - `onlyTo`: the brokers that may gain leadership (add-brokers: the new ones), null = any.
 */
import { brokerBands, outOfBand, participants, type Band } from "./goals";
import type { PlanOptions } from "./options";
import type { PlannedBroker, PlannedPartition, PlanState } from "./plan-state";

export interface LeadershipChange {
  topic: string;
  partition: number;
  from: number;
  to: number;
}

function eligible(state: PlanState, part: PlannedPartition, broker: number): boolean {
  const b = state.brokers.get(broker);
  if (!b || !b.online || b.removing) return false;
  return part.isr.includes(broker) || !part.original.includes(broker);
}

function gain(state: PlanState, band: Band, from: PlannedBroker, to: PlannedBroker): number {
  const before = outOfBand(from.leaders, band, from.removing) + outOfBand(to.leaders, band, false);
  const after = outOfBand(from.leaders - 1, band, from.removing) + outOfBand(to.leaders + 1, band, false);
  return before - after;
}

export function balanceLeaders(state: PlanState, options: PlanOptions, onlyTo: ReadonlySet<number> | null): void {
  const members = participants(state);
  if (members.length < 2) return;
  const band = brokerBands(state, options.tolerance)["broker-leaders"];
  // Each broker's partitions, in partition order (deterministic).
  const held = new Map<number, PlannedPartition[]>();
  for (const part of state.partitions) {
    // A leader an earlier round settled (PlanState.adoptPreferredLeaders) stays: its old leader may have left.
    if (!part.movable || part.leaderSettled) continue;
    for (const b of part.replicas) {
      let list = held.get(b);
      if (!list) held.set(b, (list = []));
      list.push(part);
    }
  }
  const brokerOf = (id: number) => state.brokers.get(id);

  // Brokers below the band take leadership, from the preferred leader with the most leaders.
  const takers = members.filter((b) => (onlyTo === null || onlyTo.has(b.id)) && b.leaders < band.lo).sort((a, b) => a.leaders - b.leaders || a.id - b.id);
  for (const to of takers) {
    for (const part of held.get(to.id) ?? []) {
      if (to.leaders >= band.lo) break;
      const first = part.replicas[0]!;
      if (first === to.id || !eligible(state, part, to.id)) continue;
      const from = brokerOf(first);
      if (!from || gain(state, band, from, to) <= 0) continue;
      state.makePreferred(part, to.id);
    }
  }
  if (onlyTo !== null) return;
  // Brokers above the band hand leadership to the replica with the fewest leaders.
  const givers = members.filter((b) => b.leaders > band.hi).sort((a, b) => b.leaders - a.leaders || a.id - b.id);
  for (const from of givers) {
    for (const part of held.get(from.id) ?? []) {
      if (from.leaders <= band.hi) break;
      if (part.replicas[0] !== from.id) continue;
      let best: PlannedBroker | null = null;
      for (const id of part.replicas) {
        const b = brokerOf(id);
        if (!b || id === from.id || !eligible(state, part, id)) continue;
        if (!best || b.leaders < best.leaders) best = b;
      }
      if (best && gain(state, band, from, best) > 0) state.makePreferred(part, best.id);
    }
  }
}

/** The partitions whose preferred leader the plan changes. */
export function leadershipChanges(state: PlanState): LeadershipChange[] {
  const out: LeadershipChange[] = [];
  for (const part of state.partitions) {
    const from = part.original[0];
    const to = part.replicas[0];
    if (from === undefined || to === undefined) continue;
    // A moved first replica carries its slot: the broker changes, but that is a data move, not an election.
    const firstMoved = part.members.some((r) => r.originalBroker === from && r.broker === to);
    if (from !== to && !firstMoved) out.push({ topic: part.topic, partition: part.partition, from, to });
  }
  return out;
}
