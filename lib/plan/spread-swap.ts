/**
 * Topic spread by exchange: when the topic-spread pass (inter-broker.ts `spreadTopics`) cannot move a
 * replica of a crowded topic to a broker that lacks it — the move would push either broker's replica
 * count or bytes out of band — the two brokers swap: the crowded topic's replica goes one way and a
 * replica of another topic, of about the same size, comes back. Replica counts do not change, leader
 * counts do not change (neither replica is its partition's preferred leader), and bytes change by the
 * two sizes' difference only.
 *
 * A swap is made only when it lowers the crowded topic's cost (goals.ts: the topic leaves a broker
 * above its band or reaches one below it, as the caller checked), leaves the other topic inside its
 * band on both brokers, takes neither broker's bytes further out of the broker-bytes band (when that is
 * a goal), and passes every hard constraint for both moves (inter-move.ts `canMove`, each destination
 * dir's headroom). So every swap strictly lowers the goals' costs in priority order, as every move of
 * the inter-broker passes does.
 */
import type { SoftGoal } from "./options";
import { bandOf, outOfBand, topicBandFor, type BrokerBands } from "./goals";
import { nearest } from "./inter-candidates";
import type { TopicBands } from "./inter-effect";
import { canMove, destinationDir, mayGoTo, spend, type InterContext } from "./inter-move";
import { arrivingSize, dirsLoad, homeDir, isOpen, type PlannedBroker, type PlannedDir, type PlannedReplica, type PlanState } from "./plan-state";
import type { PlanOptions } from "./options";

const arriving = (r: PlannedReplica, to: PlannedBroker) => arrivingSize(r, to.id);

/** Whether a broker may exchange at all: only brokers that may receive do (an add-brokers plan fills only the new ones). */
export function mayExchange(ctx: InterContext, broker: number): boolean {
  return ctx.destinations === null || ctx.destinations.has(broker);
}

/**
 * Swaps `r` (on a broker its topic crowds) with a replica of another topic on `to`; whether it did. Where only
 * some brokers receive (add-brokers), `to` may also be the broker `r` came from: `r` goes home into its own
 * dir (its move cancelled) and the replica that comes back goes onto the receiving broker, as the plan may.
 */
export function swapForSpread(ctx: InterContext, goals: ReadonlyArray<SoftGoal>, bands: BrokerBands, topics: TopicBands, r: PlannedReplica, to: PlannedBroker): boolean {
  const { state, options } = ctx;
  const from = state.brokers.get(r.broker)!;
  const goingHome = r.originalBroker === to.id && !mayExchange(ctx, to.id);
  if (!mayExchange(ctx, from.id) || (!mayExchange(ctx, to.id) && !goingHome)) return false;
  if (r.part.replicas[0] === from.id || !canMove(state, r, to, options)) return false;
  const toDir = (goingHome ? homeDir(to, r) : null) ?? destinationDir(state, to, arriving(r, to), options);
  if (!toDir) return false;
  const bytesBand = goals.includes("broker-bytes") ? { from: bandOf(bands, "broker-bytes", from), to: bandOf(bands, "broker-bytes", to) } : null;
  const topic = r.part.topic;
  const accept = (s: PlannedReplica): boolean => {
    if (s.part.topic === topic || s.part.replicas[0] === to.id) return false;
    if (r.part.copySize + s.part.copySize > ctx.budget.bytes) return false;
    const band = topics.of(s.part.topic);
    const counts = state.topicCounts.get(s.part.topic)!;
    if ((counts.get(from.id) ?? 0) + 1 > topicBandFor(band, from).hi || (counts.get(to.id) ?? 0) - 1 < topicBandFor(band, to).lo) return false;
    if (bytesBand) {
      const fromAfter = from.bytes - r.size + arriving(s, from);
      const toAfter = to.bytes - s.size + arriving(r, to);
      if (outOfBand(fromAfter, bytesBand.from, false) > outOfBand(from.bytes, bytesBand.from, false)) return false;
      if (outOfBand(toAfter, bytesBand.to, false) > outOfBand(to.bytes, bytesBand.to, false)) return false;
    }
    if (!canMove(state, s, from, options)) return false;
    const landing = destinationDir(state, from, arriving(s, from), options);
    return landing !== null && keepsDirs(state, from, landing, r, arriving(s, from), options);
  };
  const lists: (readonly PlannedReplica[])[] = [];
  for (const d of to.dirs) if (d.replicas.length > 0) lists.push(d.replicas.all());
  // Nearest in size first (every candidate scores 0: the first one accepted is taken), LOOK per dir at most.
  const back = nearest(lists, { ideal: r.size, maxSize: Infinity, eligible: (s) => mayGoTo(state, s, from), accept, score: () => 0, limit: LOOK * lists.length });
  if (!back) return false;
  const fromDir = destinationDir(state, from, arriving(back, from), options)!;
  spend(ctx, r, toDir);
  spend(ctx, back, fromDir);
  return true;
}

/**
 * Whether what comes back to `from` in an exchange (`bytes`, landing in `landing`, while `r` leaves) keeps
 * `landing` within the dir tolerance of its broker's level, or no further from it than before, where no other
 * dir of `from` has room while the plan runs: the dir pass could not even it out afterwards (uneven-racks:
 * a drained broker whose other dirs started above the headroom took every exchange's replica in its one open
 * dir). Elsewhere, or when dir utilisation is not a goal, any landing goes.
 */
function keepsDirs(state: PlanState, from: PlannedBroker, landing: PlannedDir, r: PlannedReplica, bytes: number, options: PlanOptions): boolean {
  if (!options.goals.includes("dir-utilization") || options.intraObjective !== "utilization" || landing.cap === null) return true;
  const open = from.dirs.filter((d) => isOpen(from, d));
  const load = dirsLoad(open);
  if (!load || open.some((d) => d !== landing && state.fits(d, 1, options.headroom))) return true;
  const { used, cap } = load;
  const leaves = r.dir === landing.path ? r.size : 0;
  const before = (landing.bytes + landing.other) / landing.cap - used / cap;
  const after = (landing.bytes + landing.other - leaves + bytes) / landing.cap - (used - r.size + bytes) / cap;
  return after <= options.tolerance || after <= before;
}

/**
 * Candidates the leader policy and the rack rule allow looked at per dir of the other broker (so the
 * work of one exchange is bounded): about what 24 per rack group came to on a cluster of 12 racks
 * (~35 groups a dir).
 */
const LOOK = 800;
