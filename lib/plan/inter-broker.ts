/**
 * Moves between brokers: emptying what must be emptied (brokers being removed, dirs being drained;
 * evacuate.ts), then balancing broker bytes, replica counts and each topic's spread together, in the
 * operator's priority order (this file: `balanceBrokers`, `spreadTopics`).
 *
 * Hard constraints, checked for every move (inter-move.ts `canMove`, `destinationDir`): never two
 * replicas of a partition on one broker, never fewer racks, only movable replicas, leaders stay unless
 * allowed, the destination dir open and within the headroom.
 *
 * Soft goals (goals.ts), lexicographically (inter-effect.ts `moveEffect`): a move is made only if the
 * first goal, in priority order, whose measure it changes gets better. So a move never worsens a goal
 * ranked above the one it helps, and every move strictly lowers the vector of goal costs: the passes end.
 *
 * Minimal movement: moves stop at the tolerance; a replica's size is chosen so that a destination's
 * bytes and replica count fill together (size ≈ the bytes it still needs ÷ the replicas it still
 * needs), from the source's fullest dir first, so one move also serves the source's dir balance
 * (inter-candidates.ts `nearestReplica`).
 */
import type { SoftGoal } from "./options";
import { bandOf, brokerBands, brokerValue, outOfBand, participants, topicBandFor, type BrokerBands } from "./goals";
import { dirsLoad, homeDir, replicaOn, type PlannedBroker, type PlannedReplica } from "./plan-state";
import { nearestReplica, PERFECT } from "./inter-candidates";
import { moveEffect, moveLimit, TopicBands } from "./inter-effect";
import { canMove, destinationDir, keepsRacks, spend, type InterContext, type InterStop } from "./inter-move";
import { mayExchange, swapForSpread } from "./spread-swap";
import { swapForBytes } from "./bytes-swap";
import { freeLedReplicas, LeaderSwaps } from "./spread-leaders";

export { destinationDir, type InterContext, type InterStop } from "./inter-move";
export { evacuate } from "./evacuate";

/** The most replicas a receiver takes per visit in a round of the broker pass. */
const MAX_VISIT_MOVES = 16;
/** Passes of the topic-spread pass; after the first, only topics the previous pass moved are visited again. */
const SPREAD_PASSES = 4;
/** Replicas of a crowded topic on one broker tried for an exchange (spread-swap.ts) when none can move alone. */
const SWAP_TRIES = 4;
/** Exchanges tried per call of the topic-spread pass at most, so its work stays bounded on any cluster. */
const MAX_SWAP_ATTEMPTS = 20_000;
/** Exchanges that bring a replica home (add-brokers) tried per call at most: each searches an old broker's replicas. */
const MAX_HOME_SWAP_ATTEMPTS = 1_000;

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
  const topics = new TopicBands(state, members);
  const wantsBytes = moveGoals.includes("broker-bytes");
  const wantsCount = moveGoals.includes("broker-replicas");
  const addOnly = ctx.destinations !== null && goals.includes("topic-spread");
  // Add-brokers: per receiver, the topics at the top of their band there, by topicIndex (built when first asked,
  // kept as moves arrive).
  const full = new Map<number, Uint8Array>();
  const atTop = (topic: string, to: PlannedBroker) => (state.topicCounts.get(topic)!.get(to.id) ?? 0) >= topicBandFor(topics.of(topic), to).hi;
  const fullTopics = (to: PlannedBroker): Uint8Array => {
    let flags = full.get(to.id);
    if (!flags) {
      flags = new Uint8Array(state.topicPartitions.size);
      for (const parts of state.topicPartitions.values()) if (parts.length > 0 && atTop(parts[0]!.topic, to)) flags[parts[0]!.topicIndex] = 1;
      full.set(to.id, flags);
    }
    return flags;
  };
  let budgetBlocked = false;

  for (;;) {
    const bands = brokerBands(state, options.tolerance, members);
    const unmet = moveGoals.filter((g) => members.some((b) => outOfBand(brokerValue(b, g), bandOf(bands, g, b), false) > 0));
    if (unmet.length === 0) return "balanced";
    if (ctx.budget.moves <= 0) return "max_moves";
    if (ctx.budget.bytes <= 0) return "byte_cap";
    let movedThisRound = 0;
    for (const goal of unmet) {
      // Each broker's band: the one of all, or its own where racks bind (rack-targets.ts); `gap` is how far below its mean.
      const band = (b: PlannedBroker) => bandOf(bands, goal, b);
      const gap = (b: PlannedBroker) => brokerValue(b, goal) - band(b).mean;
      // How much more a broker may take before it leaves its band.
      const room = (b: PlannedBroker) => band(b).hi - brokerValue(b, goal);
      // Senders: above their mean, fullest first. Receivers: below their mean, neediest first; or, when
      // that moved nothing (`widen`: a sender out of band whose replicas the rack rule lets reach only
      // brokers at or above their mean, as on racks of unequal size), any broker with room left in its
      // band, emptiest first, for the senders out of band alone. Such a move takes a sender towards its
      // band and keeps the receiver in its own, so the goal's cost still falls; the receiver, now above
      // its mean, passes the excess on in a later round.
      const senders = sources.filter((b) => gap(b) > 0).sort((a, b) => gap(b) - gap(a) || a.id - b.id);
      for (const widen of [false, true]) {
        if (widen && (movedThisRound > 0 || !senders.some((b) => outOfBand(brokerValue(b, goal), band(b), false) > 0))) break;
        const receivers = widen
          ? destinations
              .filter((b) => gap(b) >= 0 && room(b) >= (goal === "broker-replicas" ? 1 : 0) && outOfBand(brokerValue(b, goal), band(b), false) === 0)
              .sort((a, b) => room(b) - room(a) || a.id - b.id)
          : destinations.filter((b) => gap(b) < 0).sort((a, b) => gap(a) - gap(b) || a.id - b.id);
        if (receivers.length === 0 || senders.length === 0) continue;
        const receiverOut = receivers.some((b) => outOfBand(brokerValue(b, goal), band(b), false) > 0);
        // Senders on the receiver's rack first: a move inside a rack never changes a partition's racks,
        // so it passes the rack rule whatever the partition (with one replica per rack, only those can).
        const byRack = new Map<string | null, PlannedBroker[]>();
        const sendersFor = (rack: string | null): PlannedBroker[] => {
          let list = byRack.get(rack);
          if (!list) byRack.set(rack, (list = rack === null ? senders : [...senders.filter((b) => b.rack === rack), ...senders.filter((b) => b.rack !== rack)]));
          return list;
        };
        // A sender none of whose replicas up to a size may go to a rack at all (rack rule, leader policy), as
        // a full search found, is not searched again for that rack and size in this round: on a cluster whose
        // racks bind, most searches for the capped racks would otherwise walk every list to find nothing.
        const barren = new Map<string, number>();
        /** One move onto `to` from the first sender that has a replica the goals accept. */
        const pullOne = (to: PlannedBroker): boolean => {
          for (const from of sendersFor(to.rack)) {
            if (!receiverOut && outOfBand(brokerValue(from, goal), band(from), false) === 0) continue;
            if (gap(from) <= 0) continue;
            const ideal = widen ? overflowSize(from, to, bands, goal) : idealSize(from, to, bands, wantsBytes, wantsCount);
            const typical = from.count === 0 ? 0 : from.bytes / from.count;
            // When broker bytes rank above this round's goal, a move may not push either broker out of its band.
            const maxSize =
              wantsBytes && goals.indexOf("broker-bytes") < goals.indexOf(goal)
                ? Math.max(0, Math.min(from.bytes - bandOf(bands, "broker-bytes", from).lo, bandOf(bands, "broker-bytes", to).hi - to.bytes))
                : Infinity;
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
              const spreadGain = (counts.get(from.id) ?? 0) > topicBandFor(tb, from).lo ? 0 : 1;
              const spreadLoss = (counts.get(to.id) ?? 0) + 1 > topicBandFor(tb, to).hi ? 1 : 0;
              // Size distance is capped below one penalty, so spread decides first among candidates the search found.
              // The distance is relative to the ideal, or to the sender's typical replica when the ideal is
              // tiny (counts alone), so 16 KiB and 40 GiB do not look alike next to an ideal of 0.
              return (spreadGain + spreadLoss) * PERFECT + Math.min(PERFECT - 0.01, Math.abs(r.size - ideal) / Math.max(ideal, typical, 1));
            };
            // Within this round's own goal, first a replica that keeps both brokers in its band (no overshoot
            // that a later move must undo); only if none, any that still lowers the goals' cost.
            const fits = goal === "broker-bytes" ? Math.max(0, Math.min(from.bytes - band(from).lo, band(to).hi - to.bytes)) : Infinity;
            if (barren.size > 0 && maxSize <= (barren.get(barrenKey(from, to)) ?? -1)) continue;
            const looks = { eligible: 0 };
            // Where only new brokers receive (add-brokers), a replica whose topic is already at the top of its band
            // on the receiver is passed over, not weighed (as the rack rule's refusals are): nothing that comes
            // later sends it back (the old brokers take back only their own, by exchange), so the fill itself must
            // keep topics spread.
            const spreads = addOnly ? fullTopics(to) : undefined;
            const replica =
              (fits < maxSize ? nearestReplica(state, from, to, Math.min(ideal, fits), fits, accept, score, looks, spreads) : null) ??
              nearestReplica(state, from, to, ideal, maxSize, accept, score, looks, spreads);
            if (!replica) {
              if (looks.eligible === 0) barren.set(barrenKey(from, to), Math.max(maxSize, barren.get(barrenKey(from, to)) ?? -1));
              continue;
            }
            spend(ctx, replica, destinationDir(state, to, replica.part.copySize, options)!);
            if (addOnly && atTop(replica.part.topic, to)) fullTopics(to)[replica.part.topicIndex] = 1;
            return true;
          }
          return false;
        };
        const typicalReplica = bands["broker-bytes"].mean / Math.max(1, bands["broker-replicas"].mean);
        for (const to of receivers) {
          // A receiver far below the mean takes a few replicas per visit (one for every 16 it still needs, at
          // most MAX_VISIT_MOVES): the bands move by far less than that meanwhile. Near the mean, one per round,
          // so the next round re-reads the bands and which goal leads.
          const need = goal === "broker-bytes" ? -gap(to) / Math.max(1, typicalReplica) : -gap(to);
          const visits = Math.max(1, Math.min(MAX_VISIT_MOVES, Math.floor(need / 16)));
          for (let visit = 0; visit < visits; visit++) {
            // Only the brokers the goal says are out of band drive a round: one below band, or any receiver when a sender is above band.
            if (receiverOut && outOfBand(brokerValue(to, goal), band(to), false) === 0) break;
            if (widen ? room(to) <= 0 : gap(to) >= 0) break;
            if (ctx.budget.moves <= 0 || ctx.budget.bytes <= 0 || !pullOne(to)) break;
            movedThisRound += 1;
          }
          if (ctx.budget.moves <= 0 || ctx.budget.bytes <= 0) break;
        }
      }
      if (movedThisRound > 0) break;
    }
    // No move helps: a broker still above its bytes band may exchange a large replica for a small one (bytes-swap.ts).
    if (movedThisRound === 0 && unmet.includes("broker-bytes")) {
      movedThisRound = swapForBytes(ctx, goals, members, bands, topics);
      // An exchange may take a replica off a receiver: its full topics are read afresh.
      if (movedThisRound > 0) full.clear();
    }
    if (movedThisRound === 0) return budgetBlocked ? "byte_cap" : "no_improving_move";
  }
}

/** The broker's online dirs fuller than its level (used ÷ capacity); none where a capacity is unknown. */
function fullerDirs(b: PlannedBroker): Set<string | null> {
  const online = b.dirs.filter((d) => d.state === "online");
  const load = dirsLoad(online);
  return new Set(load ? online.filter((d) => (d.bytes + d.other) / d.cap! > load.used / load.cap).map((d) => d.path) : []);
}

/** The key of a sender and a receiver's rack in a round's record of searches that found nothing eligible. */
function barrenKey(from: PlannedBroker, to: PlannedBroker): string {
  return `${from.id}\u0000${to.rack}`;
}

/** The size that fills a receiver's bytes and replica count together. */
function idealSize(from: PlannedBroker, to: PlannedBroker, bands: BrokerBands, wantsBytes: boolean, wantsCount: boolean): number {
  const b = (x: PlannedBroker) => bandOf(bands, "broker-bytes", x).mean;
  const c = (x: PlannedBroker) => bandOf(bands, "broker-replicas", x).mean;
  const bytes = Math.max(0, Math.min(b(to) - to.bytes, from.bytes - b(from)));
  const count = Math.max(0, Math.min(c(to) - to.count, from.count - c(from)));
  if (wantsBytes && wantsCount) return count >= 1 ? bytes / count : bytes;
  if (wantsBytes) return bytes;
  return 0;
}

/** The size that takes a sender out of band towards its band without taking the receiver out of its own (a widened round). */
function overflowSize(from: PlannedBroker, to: PlannedBroker, bands: BrokerBands, goal: "broker-bytes" | "broker-replicas"): number {
  const b = (x: PlannedBroker) => bandOf(bands, "broker-bytes", x);
  if (goal === "broker-bytes") return Math.max(0, Math.min(from.bytes - b(from).hi, b(to).hi - to.bytes));
  return from.count === 0 ? 0 : from.bytes / from.count;
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
  let swapAttempts = 0;
  let homeSwapAttempts = 0;
  // Topic bands and the leader trades' index, read afresh each pass.
  let leaderSwaps = new LeaderSwaps(state);
  // A replica a swap frees moves as a follower: its move changes no broker's leaders.
  const followerGoals = goals.filter((g) => g !== "broker-leaders");
  let topics = new TopicBands(state, members);
  const crowds = (topic: string, broker: number): boolean => {
    const b = state.brokers.get(broker);
    return (state.topicCounts.get(topic)?.get(broker) ?? 0) > topicBandFor(topics.of(topic), b).hi;
  };
  let visit = topicNames;
  for (let pass = 0; pass < SPREAD_PASSES; pass++) {
    let moved = 0;
    const movedTopics: string[] = [];
    const bands = brokerBands(state, options.tolerance, members);
    // Whether some dir of a broker has no room while the plan runs (its dir pass cannot help), read once a pass.
    const blocked = new Map<number, boolean>();
    if (pass > 0) {
      topics = new TopicBands(state, members);
      leaderSwaps = new LeaderSwaps(state);
    }
    for (const topic of visit) {
      const movedBefore = moved;
      const band = topics.of(topic);
      const counts = state.topicCounts.get(topic)!;
      const count = (id: number) => counts.get(id) ?? 0;
      // Each broker's band: the topic's, or its rack's where racks bind (rack-targets.ts).
      const racked = band.byRack !== undefined;
      const lo = (id: number) => (racked ? topicBandFor(band, state.brokers.get(id)).lo : band.lo);
      const hi = (id: number) => (racked ? topicBandFor(band, state.brokers.get(id)).hi : band.hi);
      // No broker above its band's floor: nothing crowded whichever floor applies (the common case, found without the filter below).
      let crowdedAtAll = false;
      for (const [id, c] of counts)
        if (c > lo(id)) {
          crowdedAtAll = true;
          break;
        }
      if (!crowdedAtAll) continue;
      // No broker can hold fewer than none: with a floor of 0 (a topic of fewer replicas than brokers) none is needy.
      const needy = racked || band.lo > 0 ? destinations.filter((b) => count(b.id) < lo(b.id)) : [];
      const floor = needy.length > 0 ? lo : hi;
      // How far a broker is above the floor that applies (sources) or above its band's bottom (targets).
      const over = (id: number) => count(id) - floor(id);
      // Crowded brokers at all, and (add-brokers) whether a broker that receives is one of them: only such a
      // broker holds replicas the plan brought, which alone may go home.
      let anyCrowded = false;
      let receiverCrowded = false;
      for (const [id, c] of counts) {
        const b = state.brokers.get(id);
        if (!b || !b.online || c <= floor(id)) continue;
        anyCrowded = true;
        if (ctx.destinations !== null && ctx.destinations.has(id)) receiverCrowded = true;
      }
      if (!anyCrowded) continue;
      const targets = (needy.length > 0 ? needy : destinations.filter((b) => count(b.id) < hi(b.id))).sort(
        (x, y) => count(x.id) - lo(x.id) - (count(y.id) - lo(y.id)) || x.id - y.id,
      );
      // Where only some brokers receive (add-brokers), the others below the same line take back what the
      // plan took from them, and only that: a replica going home cancels its move.
      const homeOnly = ctx.destinations;
      if (homeOnly !== null && receiverCrowded) for (const b of members) if (!homeOnly.has(b.id) && count(b.id) < (needy.length > 0 ? lo : hi)(b.id)) targets.push(b);
      if (targets.length === 0) continue;
      // The topic's movable replicas on each crowded broker, smallest first.
      const onBroker = new Map<number, PlannedReplica[]>();
      for (const part of state.topicPartitions.get(topic)!) {
        if (!part.movable) continue;
        for (const r of part.members) {
          if (!r.listed || !state.mayLeave(r) || over(r.broker) <= 0) continue;
          let list = onBroker.get(r.broker);
          if (!list) onBroker.set(r.broker, (list = []));
          list.push(r);
        }
      }
      // Smallest first; on a broker whose dirs the dir pass cannot even out while the plan runs (some dir has no
      // room), those in its dirs above its level first, so the topic's moves out of it also even its dirs.
      for (const [id, list] of onBroker) {
        const b = state.brokers.get(id)!;
        let pinned = blocked.get(id);
        if (pinned === undefined) blocked.set(id, (pinned = b.dirs.some((d) => d.state === "online" && !state.fits(d, 1, options.headroom))));
        const o = pinned ? fullerDirs(b) : null;
        if (!o || o.size === 0) list.sort((x, y) => x.size - y.size || x.uid - y.uid);
        else list.sort((x, y) => (o.has(y.dir) ? 1 : 0) - (o.has(x.dir) ? 1 : 0) || x.size - y.size || x.uid - y.uid);
      }
      // Add-brokers: the replicas on receiving brokers that the plan brought, by the broker they came from
      // (smallest first), so a broker that may only take its own back looks at those alone.
      const goingHome = new Map<number, PlannedReplica[]>();
      if (homeOnly !== null && receiverCrowded)
        for (const [id, list] of onBroker) {
          if (!homeOnly.has(id)) continue;
          for (const r of list) {
            if (r.originalBroker === id || homeOnly.has(r.originalBroker)) continue;
            let home = goingHome.get(r.originalBroker);
            if (!home) goingHome.set(r.originalBroker, (home = []));
            home.push(r);
          }
        }
      for (const list of goingHome.values()) list.sort((x, y) => x.size - y.size || x.uid - y.uid);
      // The brokers the topic crowds, most crowded first; a move or an exchange lowers one broker's count
      // by one (settle: it slides back to its place, or leaves the list at the floor).
      const sources = [...onBroker.keys()].filter((id) => over(id) > 0).sort((x, y) => over(y) - over(x) || x - y);
      const settle = (id: number): void => {
        let i = sources.indexOf(id);
        if (i < 0) return;
        const c = over(id);
        if (c <= 0) {
          sources.splice(i, 1);
          return;
        }
        while (i + 1 < sources.length && (over(sources[i + 1]!) > c || (over(sources[i + 1]!) === c && sources[i + 1]! < id))) {
          sources[i] = sources[i + 1]!;
          i++;
        }
        sources[i] = id;
      };
      /** Moves `r` onto `to` if the hard constraints and the goals allow it (`home`: back into its own dir when that is open); whether it did. */
      const place = (r: PlannedReplica, to: PlannedBroker, home: boolean): boolean => {
        if (!canMove(state, r, to, options) || moveEffect(state, r, to, goals, bands, topics, ctx.metBefore) >= 0) return false;
        const dir = (home ? homeDir(to, r) : null) ?? destinationDir(state, to, r.part.copySize, options);
        if (!dir) return false;
        spend(ctx, r, dir);
        moved += 1;
        return true;
      };
      /** One move of the topic's replica onto `to` from the most crowded source that has one the goals accept: that source, or -1. */
      const moveOne = (to: PlannedBroker): number => {
        if (homeOnly !== null && !homeOnly.has(to.id)) {
          // Its own replicas, from the receiving brokers the topic still crowds, smallest first.
          for (const r of goingHome.get(to.id) ?? []) {
            const id = r.broker;
            if (!homeOnly.has(id) || over(id) <= 0) continue;
            const limit = moveLimit(state.brokers.get(id)!, to, goals, bands);
            if (limit === null || r.size > limit || r.part.copySize > ctx.budget.bytes) continue;
            if (place(r, to, true)) return id;
          }
          return -1;
        }
        for (const id of sources) {
          // What the broker goals let through from this source at all (inter-effect.ts `moveLimit`): none, or replicas up to a size.
          const limit = moveLimit(state.brokers.get(id)!, to, goals, bands);
          if (limit === null) continue;
          for (const r of onBroker.get(id)!) {
            if (r.broker !== id) continue;
            if (r.size > limit) break;
            if (r.part.copySize > ctx.budget.bytes) {
              budgetBlocked = true;
              break;
            }
            if (place(r, to, false)) return id;
          }
        }
        return -1;
      };
      for (const to of targets) {
        if (sources.length === 0) break;
        let gave = moveOne(to);
        let done = gave >= 0;
        // A target below its floor takes more by moves alone, up to its floor (each lowers a source's excess
        // by one, so this ends; the first search that finds none ends it); exchanges stay one a target a pass.
        let more = false;
        while (done && needy.length > 0 && count(to.id) < lo(to.id) && ctx.budget.moves > 0) {
          settle(gave);
          more = true;
          gave = sources.length > 0 ? moveOne(to) : -1;
          if (gave < 0) break;
        }
        if (more && gave < 0) continue;
        // No move the goals allow: an exchange with a replica of another topic keeps both brokers' counts. A
        // broker that only takes back its own (add-brokers) exchanges so too: its replica comes home and one of
        // another topic goes to the receiving broker in its place.
        if (!done && homeOnly !== null && !homeOnly.has(to.id)) {
          // More of its own may come home the same way this pass (each lowers a source's excess by one), up to
          // MAX_VISIT_MOVES; SWAP_TRIES exchanges that fail end the visit.
          let failed = 0;
          let made = 0;
          for (const r of goingHome.get(to.id) ?? []) {
            const id = r.broker;
            if (r.broker === to.id || !homeOnly.has(id) || over(id) <= 0 || count(to.id) >= hi(to.id)) continue;
            if (failed >= SWAP_TRIES || made >= MAX_VISIT_MOVES || ctx.budget.moves < 2 || homeSwapAttempts++ >= MAX_HOME_SWAP_ATTEMPTS) break;
            if (!swapForSpread(ctx, goals, bands, topics, r, to)) {
              failed += 1;
              continue;
            }
            moved += 2;
            made += 1;
            done = true;
            settle(id);
          }
          gave = -1;
        }
        for (const id of done || (homeOnly !== null && !homeOnly.has(to.id)) ? [] : sources) {
          // A broker that may not exchange (spread-swap.ts `mayExchange`) is not tried, nor counted against the budget.
          if (!mayExchange(ctx, id)) continue;
          const mine = onBroker.get(id)!;
          let tries = 0;
          for (const r of mine) {
            if (r.broker !== id) continue;
            if (tries++ >= SWAP_TRIES || ctx.budget.moves < 2 || swapAttempts++ >= MAX_SWAP_ATTEMPTS) break;
            if (swapForSpread(ctx, goals, bands, topics, r, to)) {
              moved += 2;
              done = true;
              gave = id;
              break;
            }
          }
          if (done) break;
        }
        if (ctx.budget.moves <= 0) return "max_moves";
        if (done && gave >= 0) settle(gave);
      }
      // What leadership keeps in place: a broker the topic still crowds, with fewer replicas free to move
      // than its excess, trades leaderships to free more for the next round (spread-leaders.ts).
      if (!state.leadersMove)
        for (const [id, c] of counts) {
          const excess = c - hi(id);
          if (excess <= 0) continue;
          const b = state.brokers.get(id);
          if (!b || !b.online || (ctx.destinations !== null && ctx.destinations.has(id))) continue;
          let free = 0;
          for (const r of onBroker.get(id) ?? []) if (r.broker === id) free += 1;
          // Freed only if a move the goals accept waits for it (each look counts against the swaps' budget).
          const wouldMove = (r: PlannedReplica): boolean =>
            targets.some(
              (to) =>
                --leaderSwaps.steps > 0 &&
                count(to.id) < hi(to.id) &&
                replicaOn(r.part, to.id) === undefined &&
                keepsRacks(state, r.part, id, to.id) &&
                moveEffect(state, r, to, followerGoals, bands, topics, ctx.metBefore) < 0 &&
                destinationDir(state, to, r.part.copySize, options) !== null,
            );
          freeLedReplicas(state, topic, b, excess - free, crowds, wouldMove, leaderSwaps);
        }
      if (moved > movedBefore) movedTopics.push(topic);
    }
    if (moved === 0) return budgetBlocked ? "byte_cap" : "no_improving_move";
    visit = movedTopics;
  }
  return "no_improving_move";
}
