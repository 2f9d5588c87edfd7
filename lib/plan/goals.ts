/**
 * How the planner measures its soft goals, on any cluster state: what "balanced" means for each, and
 * how far from it a broker, a dir or a topic is. The passes (inter-broker.ts, intra-broker.ts,
 * leadership.ts) accept a move only when these measures say it helps; the plan reports them before
 * and after.
 *
 * - Participants: online brokers with an open dir that the operation keeps (not being removed). Means
 *   are over participants, of everything on participants and on brokers being removed (whose load
 *   must go to the participants).
 * - broker-bytes: Kafka bytes per broker within `tolerance` × mean of the mean.
 * - broker-replicas, broker-leaders (partitions whose first replica — the preferred leader — is the
 *   broker), and topic-spread (each topic's replicas per broker): counts within the tolerance band
 *   rounded inwards, [⌈m·(1−t)⌉, ⌊m·(1+t)⌋], widened to hold [⌊m⌋, ⌈m⌉] (which any total can reach).
 * - dir-utilization: each open disk within `tolerance` points of its broker's utilisation (intra-broker.ts);
 *   dirs on one filesystem are one disk (lib/model/disks.ts), so `outside`, `worst` and `measured` count disks.
 * - A broker being removed is out of band by everything it still holds; cost 0 means the goal is met.
 */
import type { PlanOptions, SoftGoal } from "./options";
import { dirGoalDeviations, dirsOutsideTolerance } from "./intra-broker";
import type { PlannedBroker, PlanState } from "./plan-state";
import { rackTargets, topicRackTargets } from "./rack-targets";

export const BROKER_GOALS = ["broker-bytes", "broker-replicas", "broker-leaders"] as const;
export type BrokerGoal = (typeof BROKER_GOALS)[number];

export interface Band {
  mean: number;
  lo: number;
  hi: number;
}

/** Brokers that can take data and stay: online, not being removed, with an open dir. */
export function participants(state: PlanState): PlannedBroker[] {
  return [...state.brokers.values()].filter((b) => state.hasOpenDir(b)).sort((a, b) => a.id - b.id);
}

export function byteBand(mean: number, tolerance: number): Band {
  return { mean, lo: mean * (1 - tolerance), hi: mean * (1 + tolerance) };
}

export function countBand(mean: number, tolerance: number): Band {
  // Whole counts: the band rounded inwards, but never narrower than [⌊mean⌋, ⌈mean⌉], which any total can reach.
  const lo = Math.min(Math.ceil(mean * (1 - tolerance) - 1e-9), Math.floor(mean));
  const hi = Math.max(Math.floor(mean * (1 + tolerance) + 1e-9), Math.ceil(mean));
  return { mean, lo, hi };
}

export function brokerValue(b: PlannedBroker, goal: BrokerGoal): number {
  return goal === "broker-bytes" ? b.bytes : goal === "broker-replicas" ? b.count : b.leaders;
}

/**
 * The three broker bands around the mean of every participant and, where the rack rule keeps some rack
 * from that mean (rack-targets.ts), each broker's own band of bytes and replicas around its target.
 */
export type BrokerBands = Record<BrokerGoal, Band> & {
  readonly byBroker?: ReadonlyMap<number, Partial<Record<BrokerGoal, Band>>>;
};

/** The band broker `b` is measured against for `goal`: its own where racks bind, else the one of all. */
export function bandOf(bands: BrokerBands, goal: BrokerGoal, b: PlannedBroker): Band {
  return (bands.byBroker && bands.byBroker.get(b.id)?.[goal]) ?? bands[goal];
}

/**
 * The three broker bands, from the current state. `members`: the participants, when the caller has
 * them (they do not change while a pass runs).
 */
export function brokerBands(state: PlanState, tolerance: number, members?: ReadonlyArray<PlannedBroker>): BrokerBands {
  const list = members ?? participants(state);
  const n = list.length;
  let bytes = 0;
  let replicas = 0;
  let leaders = 0;
  // Participants, then brokers being removed (never participants): each counted once.
  const counted = [...list, ...[...state.brokers.values()].filter((b) => b.removing)];
  for (const b of counted) {
    bytes += b.bytes;
    replicas += b.count;
    leaders += b.leaders;
  }
  const mean = (x: number) => (n === 0 ? 0 : x / n);
  const targets = rackTargets(state, list, bytes, replicas);
  let byBroker: Map<number, Partial<Record<BrokerGoal, Band>>> | undefined;
  if (targets) {
    byBroker = new Map();
    for (const b of list) {
      const own: Partial<Record<BrokerGoal, Band>> = {};
      if (targets.bytes) own["broker-bytes"] = byteBand(targets.bytes.get(b.id)!, tolerance);
      if (targets.count) own["broker-replicas"] = countBand(targets.count.get(b.id)!, tolerance);
      byBroker.set(b.id, own);
    }
  }
  return {
    "broker-bytes": byteBand(mean(bytes), tolerance),
    "broker-replicas": countBand(mean(replicas), tolerance),
    "broker-leaders": countBand(mean(leaders), tolerance),
    ...(byBroker ? { byBroker } : {}),
  };
}

/** How far `value` is outside `band`; everything, for a broker being removed. */
export function outOfBand(value: number, band: Band, removing: boolean): number {
  if (removing) return value;
  return value > band.hi ? value - band.hi : value < band.lo ? band.lo - value : 0;
}

/** The brokers whose replicas a topic's band counts: those with an open dir, and those being removed (spreadCounted). */
export function spreadCounted(state: PlanState): Set<number> {
  const ids = new Set<number>();
  for (const b of state.brokers.values()) if (b.removing || state.hasOpenDir(b)) ids.add(b.id);
  return ids;
}

/**
 * One topic's band of replicas per broker: around its mean over the participants and, where the rack
 * rule keeps some rack from that mean (rack-targets.ts), each rack's own band (`topicBandFor`).
 */
export type TopicBand = Band & { readonly byRack?: ReadonlyMap<string, Band> };

/**
 * A topic's band of replicas per broker around `mean`: one replica either side of [⌊mean⌋, ⌈mean⌉], whatever
 * the tolerance — the limit issue #30 set ("within ⌈mean⌉ + 1 replicas of each topic per broker"). A tolerance
 * of 5% would let a broker hold several more of a topic of hundreds of replicas per broker than another (each
 * a partition's traffic on that broker), and none more of a topic of ten per broker, where a band of exactly
 * the mean leaves a heavy broker no exchange but one within the topic (bytes-swap.ts; measured in
 * docs/planner.md).
 */
export function spreadBand(mean: number): Band {
  return { mean, lo: Math.max(0, Math.floor(mean + 1e-9) - 1), hi: Math.ceil(mean - 1e-9) + 1 };
}

/** The band of one topic's replicas per broker; `counted` is `spreadCounted(state)`, computed once by the caller. */
export function topicBand(state: PlanState, topic: string, members: ReadonlyArray<PlannedBroker>, counted: ReadonlySet<number>): TopicBand {
  let total = 0;
  for (const [id, c] of state.topicCounts.get(topic) ?? []) if (counted.has(id)) total += c;
  const band = spreadBand(members.length === 0 ? 0 : total / members.length);
  const targets = topicRackTargets(state, members, topic, total);
  if (!targets) return band;
  const byRack = new Map<string, Band>();
  for (const [rack, mean] of targets) byRack.set(rack, spreadBand(mean));
  return { ...band, byRack };
}

/** The band of a topic's replicas that broker `b` is measured against: its rack's where racks bind, else the topic's. */
export function topicBandFor(band: TopicBand, b: PlannedBroker | undefined): Band {
  return (band.byRack && b && b.rack !== null && band.byRack.get(b.rack)) || band;
}

/** One goal's state: how many brokers (dirs, topic × broker cells) are outside, and the extremes. */
export interface GoalMeasure {
  outside: number;
  /** Broker goals: the fullest and the emptiest participant over the mean. */
  maxOverMean: number | null;
  minOverMean: number | null;
  /**
   * dir-utilization: the largest |dir − its target| in utilisation points of capacity (0.05 = 5), over
   * brokers whose dirs' capacity is known (null: none); topic-spread: the most replicas of one topic on
   * one broker beyond its band.
   */
  worst: number | null;
  /** dir-utilization only: the largest |dir − its even share| ÷ that share, over brokers measured by bytes (capacity unknown, or bytes mode); null: none. */
  worstShare?: number | null;
  /**
   * Broker bytes and replicas where the rack rule keeps some rack from the mean (rack-targets.ts): each
   * broker is measured against its own target, and these are the lowest and the highest target over the
   * mean, the best any plan can reach. Absent where every broker's target is the mean.
   */
  rackTargets?: { minOverMean: number; maxOverMean: number };
  /** How many dirs (dir goal) or brokers (broker goals, topic spread) the measure could look at. */
  measured: number;
  /**
   * How many it could not, because the snapshot has no figures for them: offline dirs and the dirs of
   * brokers that did not answer (dir goal); brokers that did not answer or are known only by name
   * (broker goals, topic spread). Their bytes are missing from every figure of this measure.
   */
  unmeasured: number;
}

export function measureGoal(state: PlanState, goal: SoftGoal, options: PlanOptions): GoalMeasure {
  const members = participants(state);
  const absent = [...state.brokers.values()].filter((b) => !b.online);
  if (goal === "dir-utilization") {
    let outside = 0;
    let worst: number | null = null;
    let worstShare: number | null = null;
    let measured = 0;
    let unmeasured = 0;
    for (const b of state.brokers.values()) {
      if (!b.online) {
        unmeasured += b.dirs.length;
        continue;
      }
      unmeasured += b.dirs.filter((d) => d.state === "offline").length;
      outside += dirsOutsideTolerance(state, b, options);
      const dev = dirGoalDeviations(state, b, options);
      if (!dev) continue;
      measured += dev.values.length;
      const top = Math.max(...dev.values);
      if (dev.unit === "points") worst = Math.max(worst ?? 0, top);
      else worstShare = Math.max(worstShare ?? 0, top);
    }
    return { outside, maxOverMean: null, minOverMean: null, worst, worstShare, measured, unmeasured };
  }
  if (goal === "topic-spread") {
    let outside = 0;
    let worst = 0;
    const ids = new Set(members.map((b) => b.id));
    const counted = spreadCounted(state);
    for (const [topic, counts] of state.topicCounts) {
      const band = topicBand(state, topic, members, counted);
      let seen = 0;
      for (const [id, c] of counts) {
        const b = state.brokers.get(id);
        if (!b) continue;
        const off = ids.has(id) ? outOfBand(c, topicBandFor(band, b), false) : b.removing ? c : 0;
        if (ids.has(id)) seen += 1;
        if (off > 0) outside += 1;
        worst = Math.max(worst, off);
      }
      if (seen < members.length) {
        if (band.byRack) {
          // A broker holding none of the topic is outside when its rack's band has a floor.
          for (const b of members) {
            const lo = topicBandFor(band, b).lo;
            if (lo > 0 && !counts.has(b.id)) {
              outside += 1;
              worst = Math.max(worst, lo);
            }
          }
        } else if (band.lo > 0) {
          outside += members.length - seen;
          worst = Math.max(worst, band.lo);
        }
      }
    }
    return { outside, maxOverMean: null, minOverMean: null, worst: members.length === 0 ? null : worst, measured: members.length, unmeasured: absent.length };
  }
  const bands = brokerBands(state, options.tolerance, members);
  const band = bands[goal];
  let outside = 0;
  let max = -Infinity;
  let min = Infinity;
  for (const b of state.brokers.values()) {
    const v = brokerValue(b, goal);
    if (b.removing) {
      if (v > 0) outside += 1;
      continue;
    }
    if (!state.hasOpenDir(b)) continue;
    if (outOfBand(v, bandOf(bands, goal, b), false) > 0) outside += 1;
    max = Math.max(max, v);
    min = Math.min(min, v);
  }
  const ratio = (v: number) => (members.length === 0 || !Number.isFinite(v) ? null : band.mean === 0 ? 1 : v / band.mean);
  const measure: GoalMeasure = { outside, maxOverMean: ratio(max), minOverMean: ratio(min), worst: null, measured: members.length, unmeasured: absent.length };
  const own = members.map((b) => bands.byBroker?.get(b.id)?.[goal]?.mean).filter((m): m is number => m !== undefined);
  if (own.length > 0 && band.mean > 0) measure.rackTargets = { minOverMean: Math.min(...own) / band.mean, maxOverMean: Math.max(...own) / band.mean };
  return measure;
}

export interface GoalResult {
  goal: SoftGoal;
  /** Within tolerance after the plan. */
  met: boolean;
  before: GoalMeasure;
  after: GoalMeasure;
  /** Why the goal is not met, in the operator's words; null when it is. */
  reason: string | null;
}

/** Words for each goal, for reasons and the page. */
export const GOAL_LABELS: Record<SoftGoal, string> = {
  "dir-utilization": "Dir utilisation within each broker",
  "broker-bytes": "Broker bytes",
  "broker-replicas": "Broker replica counts",
  "broker-leaders": "Broker leader counts",
  "topic-spread": "Each topic's replicas spread over brokers",
};

/** Short names for each goal, for lists inside a sentence ("goals: dir utilisation, broker bytes"). */
export const GOAL_NAMES: Record<SoftGoal, string> = {
  "dir-utilization": "dir utilisation",
  "broker-bytes": "broker bytes",
  "broker-replicas": "broker replicas",
  "broker-leaders": "broker leaders",
  "topic-spread": "topic spread",
};
