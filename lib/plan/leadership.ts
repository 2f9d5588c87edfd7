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
 * - Then chains (chainLeaders): leadership handed along brokers in band from one above the band to
 *   one below it, where no single change helps.
 * - `onlyTo`: the brokers that may gain leadership (add-brokers: the new ones, from brokers below the band
 *   and above it alike), null = any; no chains then.
 */
import { brokerBands, outOfBand, participants, topicBandFor, type Band } from "./goals";
import { TopicBands } from "./inter-effect";
import type { PlanOptions } from "./options";
import type { PlannedBroker, PlannedPartition, PlanState } from "./plan-state";

export interface LeadershipChange {
  topic: string;
  partition: number;
  from: number;
  to: number;
}

/** Whether `broker` may become the partition's preferred leader: online, staying, and in sync before the plan or added by it. */
export function eligibleLeader(state: PlanState, part: PlannedPartition, broker: number): boolean {
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

  // A broker a partition's topic crowds (above its band there, when topic spread is a goal): leading that
  // partition keeps the replica in place while leaders stay (inter-move.ts `canMove`), so a broker takes
  // such leaderships last and hands them over first, and the topic-spread pass can still move the replica.
  const topics = options.goals.includes("topic-spread") ? new TopicBands(state, members) : null;
  const crowds = (part: PlannedPartition, broker: PlannedBroker): boolean =>
    topics !== null && (state.topicCounts.get(part.topic)?.get(broker.id) ?? 0) > topicBandFor(topics.of(part.topic), broker).hi;

  // Brokers below the band take leadership, from the preferred leader with the most leaders.
  const takers = members.filter((b) => (onlyTo === null || onlyTo.has(b.id)) && b.leaders < band.lo).sort((a, b) => a.leaders - b.leaders || a.id - b.id);
  for (const to of takers) {
    for (const crowded of [false, true])
      for (const part of held.get(to.id) ?? []) {
        if (to.leaders >= band.lo) break;
        const first = part.replicas[0]!;
        if (first === to.id || crowds(part, to) !== crowded || !eligibleLeader(state, part, to.id)) continue;
        const from = brokerOf(first);
        if (!from || gain(state, band, from, to) <= 0) continue;
        state.makePreferred(part, to.id);
      }
  }
  // Brokers above the band hand leadership to the replica with the fewest leaders (of those that may gain it).
  const givers = members.filter((b) => b.leaders > band.hi).sort((a, b) => b.leaders - a.leaders || a.id - b.id);
  for (const from of givers) {
    for (const crowded of [true, false])
      for (const part of held.get(from.id) ?? []) {
        if (from.leaders <= band.hi) break;
        if (part.replicas[0] !== from.id || crowds(part, from) !== crowded) continue;
        let best: PlannedBroker | null = null;
        for (const id of part.replicas) {
          const b = brokerOf(id);
          if (!b || id === from.id || (onlyTo !== null && !onlyTo.has(id)) || !eligibleLeader(state, part, id)) continue;
          // One the partition's topic does not crowd, if any gains; of those, the fewest leaders.
          if (gain(state, band, from, b) <= 0) continue;
          if (!best || (crowds(part, best) ? !crowds(part, b) || b.leaders < best.leaders : !crowds(part, b) && b.leaders < best.leaders)) best = b;
        }
        if (best) state.makePreferred(part, best.id);
      }
  }
  if (onlyTo !== null) return;
  chainLeaders(state, band, held, members, crowds);
}

/** Brokers a chain search may pass through at most, in all (CHAIN_STEPS partitions looked at): bounded work on any cluster. */
const CHAIN_STEPS = 20_000_000;

/**
 * What no single change can do, a chain does: leadership handed along s → x₁ → … → t, each link a
 * partition whose preferred leader is the broker before and which the next holds in sync. Only the
 * ends' counts change (the brokers between give one and take one), so a broker above the band reaches
 * one below it through brokers that are in band. Breadth first from each broker above the band (the
 * shortest chain: fewest elections), then backwards from each broker below it; a chain is made only if
 * it lowers the goal's cost, so the searches end (at most the cost's value succeed, each start fails
 * once) and CHAIN_STEPS bounds their work.
 */
function chainLeaders(
  state: PlanState,
  band: Band,
  held: ReadonlyMap<number, PlannedPartition[]>,
  members: PlannedBroker[],
  crowds: (part: PlannedPartition, broker: PlannedBroker) => boolean,
): void {
  let steps = 0;
  // A broker's partitions in the order a chain tries them: forward (it gives leadership) those whose topic
  // crowds it first, backwards (it takes leadership) those last; crowding does not change here (no move).
  const orders = new Map<string, PlannedPartition[]>();
  const ordered = (at: number, forward: boolean): PlannedPartition[] => {
    const key = `${at}:${forward}`;
    let list = orders.get(key);
    if (!list) {
      const all = held.get(at) ?? [];
      const b = state.brokers.get(at);
      const crowded = b ? all.filter((p) => crowds(p, b)) : [];
      const rest = crowded.length === 0 ? all : all.filter((p) => !crowds(p, b!));
      orders.set(key, (list = crowded.length === 0 ? all : forward ? [...crowded, ...rest] : [...rest, ...crowded]));
    }
    return list;
  };
  const search = (start: PlannedBroker, forward: boolean): boolean => {
    // For each broker reached: the broker before it on the chain and the partition of the link.
    const via = new Map<number, { prev: number; part: PlannedPartition }>([[start.id, { prev: -1, part: null as unknown as PlannedPartition }]]);
    const queue = [start.id];
    for (let q = 0; q < queue.length; q++) {
      const at = queue[q]!;
      for (const part of ordered(at, forward)) {
        if (++steps > CHAIN_STEPS) return false;
        if (part.leaderSettled) continue;
        const first = part.replicas[0]!;
        // Forward: `at` leads `part` and hands it to another replica; backwards: `part`'s leader hands it to `at`.
        const nexts = forward
          ? first === at
            ? part.replicas.filter((b) => b !== at && eligibleLeader(state, part, b))
            : []
          : first !== at && eligibleLeader(state, part, at)
            ? [first]
            : [];
        for (const next of nexts) {
          if (via.has(next)) continue;
          const b = state.brokers.get(next);
          if (!b || !b.online || b.removing) continue;
          via.set(next, { prev: at, part });
          const [from, to] = forward ? [start, b] : [b, start];
          if (gain(state, band, from, to) > 0) {
            // Make the chain's changes, end first back to the start.
            for (let x = next; x !== start.id;) {
              const link = via.get(x)!;
              state.makePreferred(link.part, forward ? x : link.prev);
              x = link.prev;
            }
            return true;
          }
          queue.push(next);
        }
      }
    }
    return false;
  };
  const above = members.filter((b) => b.leaders > band.hi).sort((a, b) => b.leaders - a.leaders || a.id - b.id);
  for (const s of above) while (s.leaders > band.hi && search(s, true));
  const below = members.filter((b) => b.leaders < band.lo).sort((a, b) => a.leaders - b.leaders || a.id - b.id);
  for (const t of below) while (t.leaders < band.lo && search(t, false));
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
