/**
 * Topic spread past the leader policy: when a topic crowds a broker and the replicas it could move away
 * are too few because the broker leads the rest (leaders stay unless `moveLeaders`; inter-move.ts
 * `canMove`), two leadership changes free one: the broker hands leadership of a partition of the crowded
 * topic to another of its replicas, and takes back the leadership of a partition that other broker leads
 * and it follows. Every broker keeps its leader count (the broker-leaders goal does not change), no byte
 * moves, and the next round of passes (planner.ts: the plan's election is adopted, PlanState
 * `adoptPreferredLeaders`) finds the crowded topic's replica a follower, free to move.
 *
 * Rules, as the leader pass's (leadership.ts): only partitions whose preferred leader leads them; a
 * replica becomes preferred only if it was in sync before the plan or is one the plan adds, on an online
 * broker that stays. The other broker is one
 * the crowded topic does not crowd (so the change does not lock another crowded cell), and the partition
 * it gives back is of a topic that does not crowd the first broker.
 *
 * Bounded: at most the topic's excess on each broker, less the replicas it could already move, and
 * MAX_STEPS partitions looked at per call in all.
 */
import { eligibleLeader } from "./leadership";
import { replicaOn, type PlannedBroker, type PlannedPartition, type PlannedReplica, type PlanState } from "./plan-state";

/** Partitions looked at per pass of the topic-spread pass, in all: bounded work on any cluster. */
const MAX_STEPS = 2_000_000;

/**
 * What the swaps of one topic-spread pass share: the work left (`steps`), and per broker the partitions it
 * holds and follows, by the broker that leads them, read once per pass (an entry is checked again when
 * used: a move or an earlier swap may have changed it since).
 */
export class LeaderSwaps {
  steps = MAX_STEPS;
  private readonly held = new Map<number, Map<number, PlannedPartition[]>>();

  constructor(private readonly state: PlanState) {}

  /** The partitions `broker` follows that `leader` leads and may hand to it. */
  ledBy(broker: PlannedBroker, leader: number): PlannedPartition[] {
    let byLeader = this.held.get(broker.id);
    if (!byLeader) {
      this.held.set(broker.id, (byLeader = new Map()));
      for (const d of broker.dirs)
        for (const r of d.replicas.all()) {
          if (--this.steps < 0) return [];
          const q = r.part;
          if (!swappable(q) || q.replicas[0] === broker.id || !eligibleLeader(this.state, q, broker.id)) continue;
          const lead = q.replicas[0]!;
          let list = byLeader.get(lead);
          if (!list) byLeader.set(lead, (list = []));
          list.push(q);
        }
    }
    return byLeader.get(leader) ?? [];
  }
}

/**
 * Frees up to `wanted` replicas of `topic` on `broker` from leadership by swaps; `crowds(topic, broker)`
 * says whether a topic is above its band on a broker, `wouldMove(replica)` whether the topic-spread pass
 * would move the replica once it no longer leads (a swap that frees a replica with nowhere to go would
 * only change leadership). Returns how many it freed.
 */
export function freeLedReplicas(
  state: PlanState,
  topic: string,
  broker: PlannedBroker,
  wanted: number,
  crowds: (topic: string, broker: number) => boolean,
  wouldMove: (replica: PlannedReplica) => boolean,
  swaps: LeaderSwaps,
): number {
  if (wanted <= 0) return 0;
  let freed = 0;
  for (const p of state.topicPartitions.get(topic) ?? []) {
    if (freed >= wanted || swaps.steps <= 0) break;
    swaps.steps -= 1;
    if (!swappable(p) || p.replicas[0] !== broker.id) continue;
    let mine: PlannedReplica | undefined;
    for (const other of p.replicas) {
      if (other === broker.id || crowds(topic, other) || !eligibleLeader(state, p, other)) continue;
      // A partition `other` leads and `broker` still follows, of a topic that does not crowd `broker`.
      const list = swaps.ledBy(broker, other);
      let q: PlannedPartition | undefined;
      for (let i = 0; i < list.length && swaps.steps > 0; i++) {
        swaps.steps -= 1;
        const c = list[i]!;
        if (c.replicas[0] !== other || !swappable(c) || !c.replicas.includes(broker.id)) {
          list.splice(i--, 1);
          continue;
        }
        if (c.topic !== topic && !crowds(c.topic, broker.id)) {
          q = c;
          list.splice(i, 1);
          break;
        }
      }
      if (!q) continue;
      // Only now the costlier question: whether a move waits for the freed replica (if not, `q` goes back).
      mine ??= replicaOn(p, broker.id);
      if (!mine || !wouldMove(mine)) {
        list.push(q);
        break;
      }
      state.makePreferred(p, other);
      state.makePreferred(q, broker.id);
      freed += 1;
      break;
    }
  }
  return freed;
}

/**
 * A partition whose leadership a swap may change: movable, led by its preferred leader. One whose leader an
 * earlier round settled may change too (its leader's replica is where the plan put it, and the other is
 * eligible): a plan of this plan's result, which has no such rounds, would be free to change it.
 */
function swappable(part: PlannedPartition): boolean {
  return part.movable && part.leader !== null && part.leader === part.replicas[0];
}
