/**
 * A move's effect on the soft goals (goals.ts), the rule every inter-broker pass (inter-broker.ts)
 * applies before it moves: lexicographically, a move is made only if the first goal, in priority
 * order, whose measure it changes gets better, and no goal met before the plan leaves its band. So a
 * move never worsens a goal ranked above the one it helps, and every move strictly lowers the vector
 * of goal costs: the passes end. Topic bands are cached per pass here too (`TopicBands`).
 */
import type { SoftGoal } from "./options";
import { bandOf, brokerValue, outOfBand, spreadCounted, topicBand, topicBandFor, type BrokerBands, type TopicBand } from "./goals";
import { arrivingSize, type PlannedBroker, type PlanState, type PlannedReplica } from "./plan-state";

/**
 * A move's effect on the goals, lexicographically (goals.ts costs, in the order of `goals`): -1 when
 * the first goal it changes gets better, 1 when it gets worse, 0 when it changes none. Stops at the
 * first goal it changes, so the costlier topic lookups run only when the broker goals do not decide.
 */
export function moveEffect(
  state: PlanState,
  replica: PlannedReplica,
  to: PlannedBroker,
  goals: ReadonlyArray<SoftGoal>,
  bands: BrokerBands,
  topicBands: TopicBands,
  metBefore: ReadonlySet<SoftGoal>,
): number {
  const from = state.brokers.get(replica.broker)!;
  const part = replica.part;
  let decided = 0;
  for (const goal of goals) {
    if (goal === "dir-utilization") continue;
    // Once the first goal the move changes has decided, only goals met before the plan still matter (they must stay met).
    if (decided !== 0 && !metBefore.has(goal)) continue;
    let d: number;
    if (goal === "topic-spread") {
      const band = topicBands.of(part.topic);
      const bf = topicBandFor(band, from);
      const bt = topicBandFor(band, to);
      const counts = state.topicCounts.get(part.topic)!;
      const cf = counts.get(from.id) ?? 0;
      const ct = counts.get(to.id) ?? 0;
      d = outOfBand(cf - 1, bf, from.removing) - outOfBand(cf, bf, from.removing) + outOfBand(ct + 1, bt, false) - outOfBand(ct, bt, false);
    } else {
      let dFrom: number;
      let dTo: number;
      if (goal === "broker-bytes") {
        dFrom = -replica.size;
        dTo = arrivingSize(replica, to.id);
      } else if (goal === "broker-replicas") {
        dFrom = -1;
        dTo = 1;
      } else {
        const leads = part.replicas[0] === from.id ? 1 : 0;
        dFrom = -leads;
        dTo = leads;
      }
      const bf = bandOf(bands, goal, from);
      const bt = bandOf(bands, goal, to);
      const vf = brokerValue(from, goal);
      const vt = brokerValue(to, goal);
      d = outOfBand(vf + dFrom, bf, from.removing) - outOfBand(vf, bf, from.removing) + outOfBand(vt + dTo, bt, false) - outOfBand(vt, bt, false);
    }
    if (d > EPSILON && metBefore.has(goal) && outOfBandAfter(state, replica, to, goal, bands, topicBands)) return 1;
    if (decided === 0) decided = d < -EPSILON ? -1 : d > EPSILON ? 1 : 0;
    if (decided === 1) return 1;
  }
  return decided;
}

/**
 * What `moveEffect` can take of the moves from `from` to `to` at all, from what does not depend on the
 * replica (for the topic-spread pass, which tries a crowded topic's replicas smallest first): null
 * when it refuses every one, else the largest size on `from` it may take (Infinity: no limit found).
 * Exact, never a guess: it follows the goals in order while each is one the move cannot improve —
 * broker bytes with both brokers inside the band (the move can only push one out: a replica larger
 * than `from`'s bytes above the band's floor is refused), replica counts refused or neutral for every
 * replica alike — and stops at the first goal that could take some replica.
 */
export function moveLimit(from: PlannedBroker, to: PlannedBroker, goals: ReadonlyArray<SoftGoal>, bands: BrokerBands): number | null {
  if (from.removing) return Infinity;
  let limit = Infinity;
  for (const goal of goals) {
    if (goal === "dir-utilization") continue;
    if (goal === "broker-bytes") {
      const bf = bandOf(bands, goal, from);
      if (outOfBand(from.bytes, bf, false) > 0 || outOfBand(to.bytes, bandOf(bands, goal, to), false) > 0) return limit;
      // Both inside: the bytes cost can only rise, and it rises past EPSILON once `from` drops that far below the floor.
      limit = Math.min(limit, from.bytes - bf.lo + EPSILON);
      continue;
    }
    if (goal === "broker-replicas") {
      const bf = bandOf(bands, goal, from);
      const bt = bandOf(bands, goal, to);
      const d = outOfBand(from.count - 1, bf, false) - outOfBand(from.count, bf, false) + outOfBand(to.count + 1, bt, false) - outOfBand(to.count, bt, false);
      if (d > EPSILON) return null;
      if (d < -EPSILON) return limit;
      continue;
    }
    // Leaders depend on whether the replica leads, topic spread on its topic: either may take some replica.
    return limit;
  }
  return limit;
}

/** Whether, after the move, `from` or `to` is outside the goal's band (a met goal may get worse inside its band, not leave it). */
function outOfBandAfter(state: PlanState, replica: PlannedReplica, to: PlannedBroker, goal: SoftGoal, bands: BrokerBands, topicBands: TopicBands): boolean {
  const from = state.brokers.get(replica.broker)!;
  const part = replica.part;
  if (goal === "topic-spread") {
    const band = topicBands.of(part.topic);
    const counts = state.topicCounts.get(part.topic)!;
    return outOfBand((counts.get(from.id) ?? 0) - 1, topicBandFor(band, from), from.removing) > 0 || outOfBand((counts.get(to.id) ?? 0) + 1, topicBandFor(band, to), false) > 0;
  }
  if (goal === "dir-utilization") return false;
  const dFrom = goal === "broker-bytes" ? replica.size : goal === "broker-replicas" ? 1 : part.replicas[0] === from.id ? 1 : 0;
  const dTo = goal === "broker-bytes" ? arrivingSize(replica, to.id) : dFrom;
  return outOfBand(brokerValue(from, goal) - dFrom, bandOf(bands, goal, from), from.removing) > 0 || outOfBand(brokerValue(to, goal) + dTo, bandOf(bands, goal, to), false) > 0;
}

/** Bytes below this are rounding, not a change (sizes are whole bytes; copy sizes may differ by a few). */
const EPSILON = 0.5;

/** Topic bands, computed once per topic per pass (a move changes a band's mean by at most 1/participants). */
export class TopicBands {
  private readonly cache = new Map<string, TopicBand>();
  private readonly counted: ReadonlySet<number>;
  constructor(
    private readonly state: PlanState,
    private readonly members: ReadonlyArray<PlannedBroker>,
  ) {
    this.counted = spreadCounted(state);
  }
  of(topic: string): TopicBand {
    let band = this.cache.get(topic);
    if (!band) this.cache.set(topic, (band = topicBand(this.state, topic, this.members, this.counted)));
    return band;
  }
}
