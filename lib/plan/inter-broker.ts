/**
 * Moves between brokers: emptying what must be emptied (brokers being removed, dirs being drained),
 * then balancing broker bytes, replica counts and each topic's spread together, in the operator's
 * priority order.
 *
 * Hard constraints, checked for every move (`canMove`, `destinationDir`):
 * - never two replicas of a partition on one broker; never fewer distinct racks for a partition;
 * - only movable replicas (PlanState); the current and preferred leader stay unless `moveLeaders`, or
 *   unless the replica must leave;
 * - the destination dir is open (online, not cordoned, not draining, on a broker that stays) and stays
 *   within the headroom; it is the one furthest under its share, pinned in `log_dirs`, so Kafka's
 *   count rule cannot recreate a skew.
 *
 * Soft goals (goals.ts), lexicographically: a move is made only if the first goal, in priority order,
 * whose measure it changes gets better. So a move never worsens a goal ranked above the one it helps,
 * and every move strictly lowers the vector of goal costs: the passes end.
 *
 * Minimal movement: moves stop at the tolerance; a replica's size is chosen so that a destination's
 * bytes and replica count fill together (size ≈ the bytes it still needs ÷ the replicas it still
 * needs), from the source's fullest dir first, so one move also serves the source's dir balance.
 */
import type { PlanOptions, SoftGoal } from "./options";
import { brokerBands, brokerValue, outOfBand, participants, topicBand, type Band, type BrokerBands, type BrokerGoal } from "./goals";
import { replicaOn, type PlannedBroker, type PlannedDir, type PlannedPartition, type PlanState, type PlannedReplica } from "./plan-state";

export interface InterContext {
  state: PlanState;
  options: PlanOptions;
  budget: { bytes: number; moves: number };
  /** Brokers that may receive (null = every participant). */
  destinations: ReadonlySet<number> | null;
}

export type InterStop = "balanced" | "byte_cap" | "max_moves" | "no_improving_move";

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
  if (!options.moveLeaders && (part.leader === replica.broker || part.replicas[0] === replica.broker) && !mustLeave(state, replica)) return false;
  return keepsRacks(state, part, replica.broker, to.id);
}

/** A move's effect on each goal's cost (goals.ts), in the order of `goals`. */
function costDeltas(state: PlanState, replica: PlannedReplica, to: PlannedBroker, goals: ReadonlyArray<SoftGoal>, bands: BrokerBands, topicBands: TopicBands): number[] {
  const from = state.brokers.get(replica.broker)!;
  const part = replica.part;
  const arriving = to.id === replica.originalBroker ? replica.originalSize : part.copySize;
  const out: number[] = [];
  for (const goal of goals) {
    if (goal === "dir-utilization") continue;
    if (goal === "topic-spread") {
      const band = topicBands.of(part.topic);
      const counts = state.topicCounts.get(part.topic)!;
      const cf = counts.get(from.id) ?? 0;
      const ct = counts.get(to.id) ?? 0;
      out.push(outOfBand(cf - 1, band, from.removing) - outOfBand(cf, band, from.removing) + outOfBand(ct + 1, band, false) - outOfBand(ct, band, false));
      continue;
    }
    let dFrom: number;
    let dTo: number;
    if (goal === "broker-bytes") {
      dFrom = -replica.size;
      dTo = arriving;
    } else if (goal === "broker-replicas") {
      dFrom = -1;
      dTo = 1;
    } else {
      const leads = part.replicas[0] === from.id ? 1 : 0;
      dFrom = -leads;
      dTo = leads;
    }
    const band = bands[goal];
    const vf = brokerValue(from, goal);
    const vt = brokerValue(to, goal);
    out.push(outOfBand(vf + dFrom, band, from.removing) - outOfBand(vf, band, from.removing) + outOfBand(vt + dTo, band, false) - outOfBand(vt, band, false));
  }
  return out;
}

/** Bytes below this are rounding, not a change (sizes are whole bytes; copy sizes may differ by a few). */
const EPSILON = 0.5;

/** The first goal the move changes gets better: -1; it gets worse: 1; it changes none: 0. */
function lexicographic(deltas: number[]): number {
  for (const d of deltas) {
    if (d < -EPSILON) return -1;
    if (d > EPSILON) return 1;
  }
  return 0;
}

/** Topic bands, computed once per topic per pass (a move changes a band's mean by at most 1/participants). */
class TopicBands {
  private readonly cache = new Map<string, Band>();
  constructor(
    private readonly state: PlanState,
    private readonly participantCount: number,
    private readonly tolerance: number,
  ) {}
  of(topic: string): Band {
    let band = this.cache.get(topic);
    if (!band) this.cache.set(topic, (band = topicBand(this.state, topic, this.participantCount, this.tolerance)));
    return band;
  }
}

/**
 * The replica of `from` whose size is nearest `ideal` that `accept` takes, from its fullest dir that
 * has one: a move out of the fullest dir also serves the source's dir balance, so the dir pass that
 * follows has less to move.
 */
function nearestReplica(from: PlannedBroker, ideal: number, accept: (r: PlannedReplica) => boolean, score: (r: PlannedReplica) => number): PlannedReplica | null {
  const dirs = from.dirs.filter((d) => d.replicas.length > 0).sort((a, b) => fill(b) - fill(a));
  for (const d of dirs) {
    const r = nearest(d.replicas.all(), ideal, accept, score);
    if (r) return r;
  }
  return null;
}

function fill(d: PlannedDir): number {
  return d.cap !== null ? (d.bytes + d.other) / d.cap : d.bytes;
}

/** How many acceptable candidates around the ideal size are compared by `score` (lower is better). */
const CANDIDATES = 6;
/** How far from the ideal size the search looks before giving up on a source (candidates rejected). */
const SEARCH_LIMIT = 4000;

function nearest(list: readonly PlannedReplica[], ideal: number, accept: (r: PlannedReplica) => boolean, score: (r: PlannedReplica) => number): PlannedReplica | null {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.size < ideal) lo = mid + 1;
    else hi = mid;
  }
  let down = lo - 1;
  let up = lo;
  let best: PlannedReplica | null = null;
  let bestScore = Infinity;
  let found = 0;
  for (let looked = 0; looked < SEARCH_LIMIT && found < CANDIDATES && (down >= 0 || up < list.length); looked++) {
    const takeUp = down < 0 || (up < list.length && list[up]!.size - ideal <= ideal - list[down]!.size);
    const r = takeUp ? list[up++]! : list[down--]!;
    if (!accept(r)) continue;
    found += 1;
    const s = score(r);
    if (s < bestScore) {
      best = r;
      bestScore = s;
    }
  }
  return best;
}

function spend(ctx: InterContext, replica: PlannedReplica, to: PlannedDir): void {
  ctx.budget.bytes -= replica.part.copySize;
  ctx.budget.moves -= 1;
  ctx.state.moveToBroker(replica, to);
}

/**
 * Brokers and dirs being emptied: every movable replica on them goes, largest first, to the open dir
 * of its own broker with the most room (a drained dir), else to the participant the goals favour.
 * What cannot go anywhere is returned with the reason.
 */
export interface StuckReplica {
  topic: string;
  partition: number;
  broker: number;
  dir: string | null;
  reason: string;
}

export function evacuate(ctx: InterContext, goals: ReadonlyArray<SoftGoal>): { moved: number; bytes: number; stuck: StuckReplica[] } {
  const { state, options } = ctx;
  const stuck: StuckReplica[] = [];
  let moved = 0;
  let bytes = 0;
  const leaving: PlannedReplica[] = [];
  for (const part of state.partitions) {
    for (const r of part.members) {
      if (!mustLeave(state, r)) continue;
      if (!part.movable) {
        const excluded = options.excludeTopics.includes(part.topic);
        stuck.push({ topic: part.topic, partition: part.partition, broker: r.broker, dir: r.dir, reason: excluded ? "its topic is excluded from the plan" : "a reassignment or dir move of this partition is in flight" });
        continue;
      }
      const dir = r.dir === null ? undefined : state.brokers.get(r.broker)!.byPath.get(r.dir);
      if (dir && dir.state === "offline") {
        stuck.push({ topic: part.topic, partition: part.partition, broker: r.broker, dir: r.dir, reason: "its dir is offline, so Kafka cannot copy it from there" });
        continue;
      }
      leaving.push(r);
    }
  }
  leaving.sort((a, b) => b.size - a.size || a.uid - b.uid);
  const members = participants(state);
  const allowed = members.filter((b) => ctx.destinations === null || ctx.destinations.has(b.id));
  const primary = (goals.find((g) => g === "broker-bytes" || g === "broker-replicas" || g === "broker-leaders") ?? "broker-bytes") as BrokerGoal;
  for (const r of leaving) {
    if (ctx.budget.moves <= 0 || ctx.budget.bytes < r.part.copySize) {
      stuck.push({ topic: r.part.topic, partition: r.part.partition, broker: r.broker, dir: r.dir, reason: ctx.budget.moves <= 0 ? "the plan reached its move limit" : "the byte cap was reached" });
      continue;
    }
    const home = state.brokers.get(r.broker)!;
    // A drained dir's replica first tries the other dirs of its broker: a local copy, no network.
    if (!home.removing) {
      const local = destinationDir(state, home, r.size, options);
      if (local) {
        const from = home.byPath.get(r.dir!)!;
        if (from !== local) {
          ctx.state.moveWithinBroker(r, local);
          ctx.budget.bytes -= r.size;
          ctx.budget.moves -= 1;
          moved += 1;
          bytes += r.size;
          continue;
        }
      }
    }
    const bands = brokerBands(state, options.tolerance);
    const counts = state.topicCounts.get(r.part.topic)!;
    let best: { broker: PlannedBroker; dir: PlannedDir; key: [number, number, number] } | null = null;
    for (const b of allowed) {
      if (!canMove(state, r, b, options)) continue;
      const dir = destinationDir(state, b, r.part.copySize, options);
      if (!dir) continue;
      const band = bands[primary];
      const key: [number, number, number] = [brokerValue(b, primary) / Math.max(band.mean, 1), counts.get(b.id) ?? 0, b.id];
      if (!best || key[0] < best.key[0] - 1e-12 || (Math.abs(key[0] - best.key[0]) <= 1e-12 && (key[1] < best.key[1] || (key[1] === best.key[1] && key[2] < best.key[2])))) {
        best = { broker: b, dir, key };
      }
    }
    if (!best) {
      stuck.push({ topic: r.part.topic, partition: r.part.partition, broker: r.broker, dir: r.dir, reason: whyNowhere(state, r, allowed, options) });
      continue;
    }
    bytes += r.part.copySize;
    moved += 1;
    spend(ctx, r, best.dir);
  }
  return { moved, bytes, stuck };
}

function whyNowhere(state: PlanState, r: PlannedReplica, allowed: PlannedBroker[], options: PlanOptions): string {
  const free = allowed.filter((b) => replicaOn(r.part, b.id) === undefined);
  if (free.length === 0) return `every broker that stays already holds a replica of ${r.part.topic}-${r.part.partition}`;
  const racked = free.filter((b) => keepsRacks(state, r.part, r.broker, b.id));
  if (racked.length === 0) return `no broker that stays would keep its replicas on as many racks`;
  return `no broker that could take it has a dir with room for ${r.part.copySize} bytes under the ${Math.round(options.headroom * 100)}% headroom`;
}

/**
 * Balances broker bytes, replica counts and (as a preference, and as a goal if chosen) topic spread
 * by moving replicas between brokers, until no move improves the goals in priority order.
 */
export function balanceBrokers(ctx: InterContext, goals: ReadonlyArray<SoftGoal>): InterStop {
  const { state, options } = ctx;
  const moveGoals = goals.filter((g): g is "broker-bytes" | "broker-replicas" => g === "broker-bytes" || g === "broker-replicas");
  if (moveGoals.length === 0) return "balanced";
  const members = participants(state);
  if (members.length < 2) return "balanced";
  const destinations = members.filter((b) => ctx.destinations === null || ctx.destinations.has(b.id));
  const sources = [...state.brokers.values()].filter((b) => b.online && (ctx.destinations === null || !ctx.destinations.has(b.id)));
  const topics = new TopicBands(state, members.length, options.tolerance);
  const wantsBytes = moveGoals.includes("broker-bytes");
  const wantsCount = moveGoals.includes("broker-replicas");
  let budgetBlocked = false;

  for (;;) {
    const bands = brokerBands(state, options.tolerance);
    const unmet = moveGoals.filter((g) => members.some((b) => outOfBand(brokerValue(b, g), bands[g], false) > 0));
    if (unmet.length === 0) return "balanced";
    if (ctx.budget.moves <= 0) return "max_moves";
    if (ctx.budget.bytes <= 0) return "byte_cap";
    let movedThisRound = 0;
    for (const goal of unmet) {
      const band = bands[goal];
      // Receivers: below the mean, neediest first; senders: above it, fullest first.
      const receivers = destinations.filter((b) => brokerValue(b, goal) < band.mean).sort((a, b) => brokerValue(a, goal) - brokerValue(b, goal) || a.id - b.id);
      const senders = sources.filter((b) => brokerValue(b, goal) > band.mean).sort((a, b) => brokerValue(b, goal) - brokerValue(a, goal) || a.id - b.id);
      if (receivers.length === 0 || senders.length === 0) continue;
      const receiverOut = receivers.some((b) => outOfBand(brokerValue(b, goal), band, false) > 0);
      for (const to of receivers) {
        // Only the brokers the goal says are out of band drive a round: one below band, or any receiver when a sender is above band.
        if (receiverOut && outOfBand(brokerValue(to, goal), band, false) === 0) continue;
        for (const from of senders) {
          if (!receiverOut && outOfBand(brokerValue(from, goal), band, false) === 0) continue;
          if (brokerValue(from, goal) <= band.mean) continue;
          const ideal = idealSize(from, to, bands, wantsBytes, wantsCount);
          const accept = (r: PlannedReplica) => {
            if (r.part.copySize > ctx.budget.bytes) {
              budgetBlocked = true;
              return false;
            }
            if (!canMove(state, r, to, options)) return false;
            if (lexicographic(costDeltas(state, r, to, goals, bands, topics)) >= 0) return false;
            return destinationDir(state, to, r.part.copySize, options) !== null;
          };
          const score = (r: PlannedReplica) => {
            const counts = state.topicCounts.get(r.part.topic)!;
            const tb = topics.of(r.part.topic);
            const spreadGain = (counts.get(from.id) ?? 0) > tb.lo ? 0 : 1;
            const spreadLoss = (counts.get(to.id) ?? 0) + 1 > tb.hi ? 1 : 0;
            return (spreadGain + spreadLoss) * 4 + Math.abs(r.size - ideal) / Math.max(ideal, 1);
          };
          const replica = nearestReplica(from, ideal, accept, score);
          if (!replica) continue;
          spend(ctx, replica, destinationDir(state, to, replica.part.copySize, options)!);
          movedThisRound += 1;
          break;
        }
        if (ctx.budget.moves <= 0 || ctx.budget.bytes <= 0) break;
      }
      if (movedThisRound > 0) break;
    }
    if (movedThisRound === 0) return budgetBlocked ? "byte_cap" : "no_improving_move";
  }
}

/** The size that fills a receiver's bytes and replica count together. */
function idealSize(from: PlannedBroker, to: PlannedBroker, bands: BrokerBands, wantsBytes: boolean, wantsCount: boolean): number {
  const b = bands["broker-bytes"];
  const c = bands["broker-replicas"];
  const bytes = Math.max(0, Math.min(b.mean - to.bytes, from.bytes - b.mean));
  const count = Math.max(0, Math.min(c.mean - to.count, from.count - c.mean));
  if (wantsBytes && wantsCount) return count >= 1 ? bytes / count : bytes;
  if (wantsBytes) return bytes;
  return 0;
}

/**
 * Evens out each topic's replicas over brokers: a topic's replica moves from a broker above its band
 * to one below it (or to the emptiest that stays in band), when the goals ranked above allow it.
 */
export function spreadTopics(ctx: InterContext, goals: ReadonlyArray<SoftGoal>): InterStop {
  const { state, options } = ctx;
  if (!goals.includes("topic-spread")) return "balanced";
  const members = participants(state);
  if (members.length < 2) return "balanced";
  const destinations = members.filter((b) => ctx.destinations === null || ctx.destinations.has(b.id));
  const topicNames = [...state.topicPartitions.keys()].sort();
  let budgetBlocked = false;
  for (let pass = 0; pass < 4; pass++) {
    let moved = 0;
    const bands = brokerBands(state, options.tolerance);
    const topics = new TopicBands(state, members.length, options.tolerance);
    for (const topic of topicNames) {
      const band = topics.of(topic);
      const counts = state.topicCounts.get(topic)!;
      const parts = state.topicPartitions.get(topic)!;
      const count = (id: number) => counts.get(id) ?? 0;
      const needy = destinations.filter((b) => count(b.id) < band.lo);
      const crowded = [...state.brokers.values()].filter((b) => b.online && (ctx.destinations === null || !ctx.destinations.has(b.id)) && count(b.id) > (needy.length > 0 ? band.lo : band.hi));
      if (crowded.length === 0) continue;
      if (needy.length === 0 && !crowded.some((b) => count(b.id) > band.hi)) continue;
      const targets = needy.length > 0 ? needy : destinations.filter((b) => count(b.id) < band.hi);
      for (const to of targets.sort((a, b) => count(a.id) - count(b.id) || a.id - b.id)) {
        crowded.sort((a, b) => count(b.id) - count(a.id) || a.id - b.id);
        let best: { r: PlannedReplica; dir: PlannedDir } | null = null;
        for (const from of crowded) {
          if (count(from.id) <= band.lo) continue;
          for (const part of parts) {
            const r = replicaOn(part, from.id);
            if (!r || (best && r.size >= best.r.size)) continue;
            if (r.part.copySize > ctx.budget.bytes) {
              budgetBlocked = true;
              continue;
            }
            if (!canMove(state, r, to, options) || lexicographic(costDeltas(state, r, to, goals, bands, topics)) >= 0) continue;
            const dir = destinationDir(state, to, r.part.copySize, options);
            if (dir) best = { r, dir };
          }
          if (best) break;
        }
        if (!best) continue;
        spend(ctx, best.r, best.dir);
        moved += 1;
        if (ctx.budget.moves <= 0) return "max_moves";
      }
    }
    if (moved === 0) return budgetBlocked ? "byte_cap" : "no_improving_move";
  }
  return "no_improving_move";
}
