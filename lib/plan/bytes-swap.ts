/**
 * Broker bytes by exchange: when the broker pass (inter-broker.ts `balanceBrokers`) finds no move that
 * lowers a broker's bytes — every replica it could send would take its replica count below the band, as
 * on a broker that holds a few very large partitions and already has no more replicas than the floor —
 * that broker swaps a large replica for a small one with a broker that has room in its bytes band. Replica
 * counts do not change, leader counts do not change (neither replica is its partition's preferred leader,
 * neither leads), and each broker's bytes change by the two sizes' difference.
 *
 * A swap is made only when it takes the sender's bytes towards its band, keeps the receiver's inside its
 * own (or no further out), pushes no topic × broker count above its topic's band on the broker that gains it
 * (nor, once topic spread is met, below it on the one that loses it; bytes rank above spread, as for a move of
 * the broker pass), and passes every hard constraint for both moves (inter-move.ts `canMove`, each
 * destination dir's headroom, the byte budget). So every swap strictly lowers the broker-bytes cost and
 * leaves every goal that must stay met in its band: the passes still end. Where the offered replica's topic
 * is at the top of its band on the receiver, only a replica of the same topic may come back, and only one of
 * at most SAME_TOPIC_SHARE of its size.
 *
 * Least movement: the sender offers the replica nearest the bytes it must shed (as far as the roomiest
 * receiver can take; larger ones after, where what comes back makes up the difference), and takes back the
 * smallest replica the receiver can give. Work is bounded: at most `MAX_LOOKS` replicas looked at per call.
 */
import type { SoftGoal } from "./options";
import { bandOf, outOfBand, topicBandFor, type BrokerBands } from "./goals";
import { nearest } from "./inter-candidates";
import type { TopicBands } from "./inter-effect";
import { canMove, destinationDir, spend, type InterContext } from "./inter-move";
import { arrivingSize, type PlannedBroker, type PlannedReplica, type PlanState } from "./plan-state";
import { mayExchange } from "./spread-swap";

/** Replicas of a sender offered per swap at most (largest that fits first). */
const OFFERS = 400;
/** Receivers tried per offered replica at most (roomiest first). */
const RECEIVERS = 6;
/** Replicas of a receiver looked at for the one that comes back, per dir. */
const LOOK = 200;
/**
 * The largest share of the offered replica's size a replica of its own topic may have to come back: a swap
 * then sheds at least a third of what it moves (measured on huge-partitions, docs/planner.md).
 */
const SAME_TOPIC_SHARE = 1 / 2;
/** Replicas looked at per call at most, over every search, so the work stays bounded on any cluster. */
const MAX_LOOKS = 2_000_000;

/** Whether a replica may take part in an exchange from `b`: a follower there (not the preferred leader, not leading). */
function follower(ctx: InterContext, r: PlannedReplica, b: PlannedBroker): boolean {
  return r.part.movable && r.part.replicas[0] !== b.id && r.part.leader !== b.id && ctx.state.mayLeave(r);
}

/**
 * Swaps replicas between brokers above their bytes band and brokers with room in theirs, until no swap
 * helps or the work bound is reached; returns how many swaps it made.
 */
export function swapForBytes(ctx: InterContext, goals: ReadonlyArray<SoftGoal>, members: ReadonlyArray<PlannedBroker>, bands: BrokerBands, topics: TopicBands): number {
  const { state, options } = ctx;
  if (!goals.includes("broker-bytes")) return 0;
  const spread = goals.includes("topic-spread");
  const band = (b: PlannedBroker) => bandOf(bands, "broker-bytes", b);
  const over = (b: PlannedBroker) => outOfBand(b.bytes, band(b), false);
  const room = (b: PlannedBroker) => band(b).hi - b.bytes;
  const senders = members.filter((b) => !b.removing && b.bytes > band(b).hi && mayExchange(ctx, b.id)).sort((a, b) => over(b) - over(a) || a.id - b.id);
  const takers = members.filter((b) => !b.removing && mayExchange(ctx, b.id));
  let swaps = 0;
  let looks = 0;
  // A topic's count may not rise above its band on the broker that gains a replica (topic excess is what
  // spread is judged by); on the one that loses it, it may drop below, as a move of the broker pass may
  // (bytes rank above spread), unless spread was met before the plan and must stay met.
  const strict = ctx.metBefore.has("topic-spread");
  const topicKept = (topic: string, losing: PlannedBroker, gaining: PlannedBroker): boolean => {
    if (!spread) return true;
    const b = topics.of(topic);
    const counts = state.topicCounts.get(topic)!;
    const cg = counts.get(gaining.id) ?? 0;
    if (outOfBand(cg + 1, topicBandFor(b, gaining), false) > outOfBand(cg, topicBandFor(b, gaining), false)) return false;
    if (!strict) return true;
    const cl = counts.get(losing.id) ?? 0;
    return outOfBand(cl - 1, topicBandFor(b, losing), false) <= outOfBand(cl, topicBandFor(b, losing), false);
  };
  for (const from of senders) {
    for (;;) {
      if (looks >= MAX_LOOKS || ctx.budget.moves < 2 || ctx.budget.bytes <= 0) return swaps;
      const excess = from.bytes - band(from).hi;
      if (excess <= 0) break;
      const receivers = takers.filter((b) => b.id !== from.id && room(b) > 0).sort((a, b) => room(b) - room(a) || a.id - b.id);
      if (receivers.length === 0) return swaps;
      // The offer nearest what the sender must shed, as far as the roomiest receiver can take it; larger ones
      // too, further out (what comes back then makes up the difference).
      const ideal = Math.min(excess, room(receivers[0]!));
      let done: { r: PlannedReplica; to: PlannedBroker; back: PlannedReplica } | null = null;
      const lists = from.dirs.filter((d) => d.replicas.length > 0).map((d) => d.replicas.all());
      const accept = (r: PlannedReplica): boolean => {
        let tried = 0;
        for (const to of receivers) {
          if (tried >= RECEIVERS || looks >= MAX_LOOKS) return false;
          const size = arrivingSize(r, to.id);
          // What must come back so that `to` stays in its band; the rest of `r` is what the sender sheds.
          const least = Math.max(0, to.bytes + size - band(to).hi);
          if (least >= r.size) continue;
          looks += 1;
          if (!canMove(state, r, to, options)) continue;
          // A topic already at the top of its band on `to` can still trade: a smaller replica of the same topic comes back.
          const sameTopicOnly = !topicKept(r.part.topic, from, to);
          if (r.part.copySize > ctx.budget.bytes || destinationDir(state, to, size, options) === null) continue;
          tried += 1;
          const before = over(from);
          const give = (s: PlannedReplica): boolean => {
            looks += 1;
            if (s.part.topic !== r.part.topic && (sameTopicOnly || !topicKept(s.part.topic, to, from))) return false;
            if (r.part.copySize + s.part.copySize > ctx.budget.bytes) return false;
            const fromAfter = from.bytes - r.size + arrivingSize(s, from.id);
            const toAfter = to.bytes - s.size + size;
            if (outOfBand(fromAfter, band(from), false) >= before) return false;
            if (outOfBand(toAfter, band(to), false) > outOfBand(to.bytes, band(to), false)) return false;
            if (!canMove(state, s, from, options)) return false;
            return destinationDir(state, from, arrivingSize(s, from.id), options) !== null;
          };
          const backLists = to.dirs.filter((d) => d.replicas.length > 0).map((d) => d.replicas.all());
          // The smallest replica that keeps `to` in its band comes back: the least bytes moved for the most shed.
          const back = sameTopicOnly
            ? smallestOfTopic(state, r.part.topic, to, least, Math.min(r.size - 1, r.size * SAME_TOPIC_SHARE), (s) => follower(ctx, s, to) && give(s))
            : nearest(backLists, { ideal: least, maxSize: r.size - 1, eligible: (s) => follower(ctx, s, to), accept: give, score: () => 0, limit: LOOK * backLists.length });
          if (back) {
            done = { r, to, back };
            return true;
          }
        }
        return false;
      };
      nearest(lists, { ideal, maxSize: Infinity, eligible: (r) => follower(ctx, r, from), accept, score: () => 0, limit: OFFERS });
      if (!done) break;
      const { r, to, back } = done as { r: PlannedReplica; to: PlannedBroker; back: PlannedReplica };
      const toDir = destinationDir(state, to, arrivingSize(r, to.id), options)!;
      spend(ctx, r, toDir);
      spend(ctx, back, destinationDir(state, from, arrivingSize(back, from.id), options)!);
      swaps += 1;
    }
  }
  return swaps;
}

/** The smallest replica of `topic` on broker `on` of size in [least, maxSize] that `accept` takes (its partitions walked once). */
function smallestOfTopic(state: PlanState, topic: string, on: PlannedBroker, least: number, maxSize: number, accept: (s: PlannedReplica) => boolean): PlannedReplica | null {
  const mine: PlannedReplica[] = [];
  for (const part of state.topicPartitions.get(topic) ?? []) {
    const s = part.members.find((m) => m.broker === on.id);
    if (s && s.listed && s.size >= least && s.size <= maxSize) mine.push(s);
  }
  mine.sort((a, b) => a.size - b.size || a.uid - b.uid);
  return mine.find(accept) ?? null;
}
