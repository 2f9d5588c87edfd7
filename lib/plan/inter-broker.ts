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
import { groupAllows, replicaOn, type PlannedBroker, type PlannedDir, type PlannedPartition, type PlanState, type PlannedReplica } from "./plan-state";

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
  // Only replicas in a dir Kafka can copy from (online or cordoned) move.
  const dir = replica.dir === null ? undefined : state.brokers.get(replica.broker)?.byPath.get(replica.dir);
  if (!dir || (dir.state !== "online" && dir.state !== "cordoned")) return false;
  if (!options.moveLeaders && part.leader === replica.broker && !mustLeave(state, replica)) return false;
  return keepsRacks(state, part, replica.broker, to.id);
}

/**
 * A move's effect on the goals, lexicographically (goals.ts costs, in the order of `goals`): -1 when
 * the first goal it changes gets better, 1 when it gets worse, 0 when it changes none. Stops at the
 * first goal it changes, so the costlier topic lookups run only when the broker goals do not decide.
 */
function moveEffect(state: PlanState, replica: PlannedReplica, to: PlannedBroker, goals: ReadonlyArray<SoftGoal>, bands: BrokerBands, topicBands: TopicBands, metBefore: ReadonlySet<SoftGoal>): number {
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
      const counts = state.topicCounts.get(part.topic)!;
      const cf = counts.get(from.id) ?? 0;
      const ct = counts.get(to.id) ?? 0;
      d = outOfBand(cf - 1, band, from.removing) - outOfBand(cf, band, from.removing) + outOfBand(ct + 1, band, false) - outOfBand(ct, band, false);
    } else {
      let dFrom: number;
      let dTo: number;
      if (goal === "broker-bytes") {
        dFrom = -replica.size;
        dTo = to.id === replica.originalBroker ? replica.originalSize : part.copySize;
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
      d = outOfBand(vf + dFrom, band, from.removing) - outOfBand(vf, band, from.removing) + outOfBand(vt + dTo, band, false) - outOfBand(vt, band, false);
    }
    if (d > EPSILON && metBefore.has(goal) && outOfBandAfter(state, replica, to, goal, bands, topicBands)) return 1;
    if (decided === 0) decided = d < -EPSILON ? -1 : d > EPSILON ? 1 : 0;
    if (decided === 1) return 1;
  }
  return decided;
}

/** Whether, after the move, `from` or `to` is outside the goal's band (a met goal may get worse inside its band, not leave it). */
function outOfBandAfter(state: PlanState, replica: PlannedReplica, to: PlannedBroker, goal: SoftGoal, bands: BrokerBands, topicBands: TopicBands): boolean {
  const from = state.brokers.get(replica.broker)!;
  const part = replica.part;
  if (goal === "topic-spread") {
    const band = topicBands.of(part.topic);
    const counts = state.topicCounts.get(part.topic)!;
    return outOfBand((counts.get(from.id) ?? 0) - 1, band, from.removing) > 0 || outOfBand((counts.get(to.id) ?? 0) + 1, band, false) > 0;
  }
  if (goal === "dir-utilization") return false;
  const band = bands[goal];
  const dFrom = goal === "broker-bytes" ? replica.size : goal === "broker-replicas" ? 1 : part.replicas[0] === from.id ? 1 : 0;
  const dTo = goal === "broker-bytes" ? (to.id === replica.originalBroker ? replica.originalSize : part.copySize) : dFrom;
  return outOfBand(brokerValue(from, goal) - dFrom, band, from.removing) > 0 || outOfBand(brokerValue(to, goal) + dTo, band, false) > 0;
}

/** Bytes below this are rounding, not a change (sizes are whole bytes; copy sizes may differ by a few). */
const EPSILON = 0.5;

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
function nearestReplica(from: PlannedBroker, to: PlannedBroker, ideal: number, maxSize: number, accept: (r: PlannedReplica) => boolean, score: (r: PlannedReplica) => number): PlannedReplica | null {
  const dirs = from.dirs.filter((d) => d.movers.size > 0).sort((a, b) => fill(b) - fill(a));
  let best: PlannedReplica | null = null;
  let bestScore = Infinity;
  for (const d of dirs) {
    const lists: (readonly PlannedReplica[])[] = [];
    for (const group of d.movers.values()) if (group.replicas.length > 0 && groupAllows(group, to)) lists.push(group.replicas.all());
    const r = nearest(lists, ideal, maxSize, accept, score);
    if (r) {
      const s = score(r);
      if (s < bestScore) {
        best = r;
        bestScore = s;
      }
    }
    // A good fit from the fullest dir that has one wins (it also serves the dir balance); otherwise
    // the other dirs are searched too and the best fit of all is taken.
    if (best && bestScore % PERFECT <= GOOD_FIT) return best;
  }
  return best;
}

function fill(d: PlannedDir): number {
  return d.cap !== null ? (d.bytes + d.other) / d.cap : d.bytes;
}

/** How many acceptable candidates around the ideal size are compared by `score` (lower is better). */
const CANDIDATES = 8;
/** The most replicas a receiver takes per visit in a round of the broker pass. */
const MAX_VISIT_MOVES = 16;
/** Passes of the topic-spread pass; after the first, only topics the previous pass moved are visited again. */
const SPREAD_PASSES = 4;
/** A score below this has no topic-spread penalty (penalties are whole multiples of it). */
const PERFECT = 4;
/** A replica within half a typical size of the ideal is a good fit. */
const GOOD_FIT = 0.5;
/** How far from the ideal size the search looks before giving up on a source (candidates rejected). */
const SEARCH_LIMIT = 1000;

/** Index of the first replica of `list` (sorted by size) with size ≥ `size`. */
function firstAtLeast(list: readonly PlannedReplica[], size: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.size < size) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Up to CANDIDATES replicas `accept` takes, nearest `ideal` first across all `lists` (each sorted by
 * size; one per rack group of a dir) and no larger than `maxSize`; the best by `score`. The lists are
 * walked outwards from the ideal together, so the candidates looked at are the nearest of all, however
 * many groups there are.
 */
function nearest(lists: ReadonlyArray<readonly PlannedReplica[]>, ideal: number, maxSize: number, accept: (r: PlannedReplica) => boolean, score: (r: PlannedReplica) => number): PlannedReplica | null {
  const n = lists.length;
  const down = new Array<number>(n);
  const up = new Array<number>(n);
  const end = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const list = lists[i]!;
    end[i] = maxSize === Infinity ? list.length : firstAtLeast(list, Math.floor(maxSize) + 1);
    const start = Math.min(firstAtLeast(list, ideal), end[i]!);
    down[i] = start - 1;
    up[i] = start;
  }
  let best: PlannedReplica | null = null;
  let bestScore = Infinity;
  let found = 0;
  for (let looked = 0; looked < SEARCH_LIMIT && found < CANDIDATES; looked++) {
    // The nearest next candidate over every list, above or below the ideal.
    let pick = -1;
    let pickUp = false;
    let pickDistance = Infinity;
    for (let i = 0; i < n; i++) {
      const list = lists[i]!;
      if (up[i]! < end[i]!) {
        const dist = list[up[i]!]!.size - ideal;
        if (dist < pickDistance) {
          pick = i;
          pickUp = true;
          pickDistance = dist;
        }
      }
      if (down[i]! >= 0) {
        const dist = ideal - list[down[i]!]!.size;
        if (dist < pickDistance) {
          pick = i;
          pickUp = false;
          pickDistance = dist;
        }
      }
    }
    if (pick < 0) break;
    const r = pickUp ? lists[pick]![up[pick]!++]! : lists[pick]![down[pick]!--]!;
    if (!accept(r)) continue;
    found += 1;
    const s = score(r);
    if (s < bestScore) {
      best = r;
      bestScore = s;
    }
    // A candidate that costs the lower goals nothing is the nearest such: take it.
    if (s < PERFECT) break;
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
        stuck.push({ topic: part.topic, partition: part.partition, broker: r.broker, dir: r.dir, reason: "its dir is offline, so the snapshot has no figures for it and the plan leaves it: Kafka can rebuild it on a broker that stays only by copying from the partition's leader (reassign the partition by hand)" });
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
    const bands = brokerBands(state, options.tolerance, members);
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
    const bands = brokerBands(state, options.tolerance, members);
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
      // Senders on the receiver's rack first: a move inside a rack never changes a partition's racks,
      // so it passes the rack rule whatever the partition (with one replica per rack, only those can).
      const byRack = new Map<string | null, PlannedBroker[]>();
      const sendersFor = (rack: string | null): PlannedBroker[] => {
        let list = byRack.get(rack);
        if (!list) byRack.set(rack, (list = rack === null ? senders : [...senders.filter((b) => b.rack === rack), ...senders.filter((b) => b.rack !== rack)]));
        return list;
      };
      /** One move onto `to` from the first sender that has a replica the goals accept. */
      const pullOne = (to: PlannedBroker): boolean => {
        for (const from of sendersFor(to.rack)) {
          if (!receiverOut && outOfBand(brokerValue(from, goal), band, false) === 0) continue;
          if (brokerValue(from, goal) <= band.mean) continue;
          const ideal = idealSize(from, to, bands, wantsBytes, wantsCount);
          const typical = from.count === 0 ? 0 : from.bytes / from.count;
          // When broker bytes rank above this round's goal, a move may not push either broker out of its band.
          const bytesBand = bands["broker-bytes"];
          const maxSize = wantsBytes && goals.indexOf("broker-bytes") < goals.indexOf(goal) ? Math.max(0, Math.min(from.bytes - bytesBand.lo, bytesBand.hi - to.bytes)) : Infinity;
          const accept = (r: PlannedReplica) => {
            if (r.part.copySize > ctx.budget.bytes) {
              budgetBlocked = true;
              return false;
            }
            if (!canMove(state, r, to, options)) return false;
            if (moveEffect(state, r, to, goals, bands, topics, ctx.metBefore) >= 0) return false;
            return destinationDir(state, to, r.part.copySize, options) !== null;
          };
          const score = (r: PlannedReplica) => {
            const counts = state.topicCounts.get(r.part.topic)!;
            const tb = topics.of(r.part.topic);
            const spreadGain = (counts.get(from.id) ?? 0) > tb.lo ? 0 : 1;
            const spreadLoss = (counts.get(to.id) ?? 0) + 1 > tb.hi ? 1 : 0;
            // Size distance is capped below one penalty, so spread decides first among candidates the search found.
            // The distance is relative to the ideal, or to the sender's typical replica when the ideal is
            // tiny (counts alone), so 16 KiB and 40 GiB do not look alike next to an ideal of 0.
            return (spreadGain + spreadLoss) * PERFECT + Math.min(PERFECT - 0.01, Math.abs(r.size - ideal) / Math.max(ideal, typical, 1));
          };
          // Within this round's own goal, first a replica that keeps both brokers in its band (no overshoot
          // that a later move must undo); only if none, any that still lowers the goals' cost.
          const fits = goal === "broker-bytes" ? Math.max(0, Math.min(from.bytes - band.lo, band.hi - to.bytes)) : Infinity;
          const replica =
            (fits < maxSize ? nearestReplica(from, to, Math.min(ideal, fits), fits, accept, score) : null) ?? nearestReplica(from, to, ideal, maxSize, accept, score);
          if (!replica) continue;
          spend(ctx, replica, destinationDir(state, to, replica.part.copySize, options)!);
          return true;
        }
        return false;
      };
      const typicalReplica = bands["broker-bytes"].mean / Math.max(1, bands["broker-replicas"].mean);
      for (const to of receivers) {
        // A receiver far below the mean takes a few replicas per visit (one for every 16 it still needs, at
        // most MAX_VISIT_MOVES): the bands move by far less than that meanwhile. Near the mean, one per round,
        // so the next round re-reads the bands and which goal leads.
        const need = goal === "broker-bytes" ? (band.mean - to.bytes) / Math.max(1, typicalReplica) : band.mean - brokerValue(to, goal);
        const visits = Math.max(1, Math.min(MAX_VISIT_MOVES, Math.floor(need / 16)));
        for (let visit = 0; visit < visits; visit++) {
          // Only the brokers the goal says are out of band drive a round: one below band, or any receiver when a sender is above band.
          if (receiverOut && outOfBand(brokerValue(to, goal), band, false) === 0) break;
          if (brokerValue(to, goal) >= band.mean) break;
          if (ctx.budget.moves <= 0 || ctx.budget.bytes <= 0 || !pullOne(to)) break;
          movedThisRound += 1;
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
 * (or above its floor, when another is below it) to one below it (or, failing that, the emptiest
 * that stays in band), smallest replica first, when the goals ranked above allow it. Work is linear
 * in the topic's replicas per pass; at most SPREAD_PASSES passes run, each after the first only over the
 * topics the one before moved.
 */
export function spreadTopics(ctx: InterContext, goals: ReadonlyArray<SoftGoal>): InterStop {
  const { state, options } = ctx;
  if (!goals.includes("topic-spread")) return "balanced";
  const members = participants(state);
  if (members.length < 2) return "balanced";
  const destinations = members.filter((b) => ctx.destinations === null || ctx.destinations.has(b.id));
  const topicNames = [...state.topicPartitions.keys()].sort();
  let budgetBlocked = false;
  let visit = topicNames;
  for (let pass = 0; pass < SPREAD_PASSES; pass++) {
    let moved = 0;
    const movedTopics: string[] = [];
    const bands = brokerBands(state, options.tolerance, members);
    const topics = new TopicBands(state, members.length, options.tolerance);
    for (const topic of visit) {
      const movedBefore = moved;
      const band = topics.of(topic);
      const counts = state.topicCounts.get(topic)!;
      const count = (id: number) => counts.get(id) ?? 0;
      const needy = destinations.filter((b) => count(b.id) < band.lo);
      const floor = needy.length > 0 ? band.lo : band.hi;
      let anyCrowded = false;
      for (const [id, c] of counts) {
        const b = state.brokers.get(id);
        if (b && b.online && c > floor && (ctx.destinations === null || !ctx.destinations.has(id))) anyCrowded = true;
      }
      if (!anyCrowded) continue;
      const targets = (needy.length > 0 ? needy : destinations.filter((b) => count(b.id) < band.hi)).sort((x, y) => count(x.id) - count(y.id) || x.id - y.id);
      if (targets.length === 0) continue;
      // The topic's movable replicas on each crowded broker, smallest first.
      const onBroker = new Map<number, PlannedReplica[]>();
      for (const part of state.topicPartitions.get(topic)!) {
        if (!part.movable) continue;
        for (const r of part.members) {
          if (r.moverKey === null || count(r.broker) <= floor) continue;
          let list = onBroker.get(r.broker);
          if (!list) onBroker.set(r.broker, (list = []));
          list.push(r);
        }
      }
      for (const list of onBroker.values()) list.sort((x, y) => x.size - y.size || x.uid - y.uid);
      for (const to of targets) {
        const sources = [...onBroker.keys()].filter((id) => count(id) > floor).sort((x, y) => count(y) - count(x) || x - y);
        let done = false;
        for (const id of sources) {
          for (const r of onBroker.get(id)!) {
            if (r.broker !== id) continue;
            if (r.part.copySize > ctx.budget.bytes) {
              budgetBlocked = true;
              break;
            }
            if (!canMove(state, r, to, options) || moveEffect(state, r, to, goals, bands, topics, ctx.metBefore) >= 0) continue;
            const dir = destinationDir(state, to, r.part.copySize, options);
            if (!dir) continue;
            spend(ctx, r, dir);
            moved += 1;
            done = true;
            break;
          }
          if (done) break;
        }
        if (ctx.budget.moves <= 0) return "max_moves";
      }
      if (moved > movedBefore) movedTopics.push(topic);
    }
    if (moved === 0) return budgetBlocked ? "byte_cap" : "no_improving_move";
    visit = movedTopics;
  }
  return "no_improving_move";
}
