/**
 * What each broker can reach when the rack rule binds: per-broker targets for broker bytes and replica
 * counts, in place of the one mean of every participant.
 *
 * The rack rule (inter-move.ts `keepsRacks`) never lets a partition span fewer racks than it does. A
 * partition of RF replicas on k distinct racks can then hold at most RF − k + 1 replicas in one rack (the
 * other k − 1 racks keep one each), and when it already spans every rack it must keep one in each. So a
 * rack can hold no more than its ceiling, Σ over partitions of what each may put there, and no less than
 * its floor, Σ of what each must keep there; a partition the plan may not move holds exactly what it
 * holds. On three racks with RF 3, every rack holds exactly one replica of each partition: a rack of 9
 * brokers beside two of 12 holds a third of the data on fewer brokers, and its brokers cannot come down
 * to the mean of all 33, whatever the plan. Measured against that one mean, such a cluster can never be
 * balanced, and a balancing pass that only moves from brokers above the mean to brokers below it leaves
 * the brokers inside each rack as uneven as they were.
 *
 * The targets are what balance means under that rule: every rack at the same level per broker, clamped
 * between its floor and its ceiling, the level chosen so that the racks together hold everything (water
 * filling, by bisection: monotone, a fixed number of steps). A broker's target is its rack's share over
 * the rack's brokers. Where no rack's share at the one mean lies outside its floor and ceiling, there are
 * no targets and every broker is measured against the mean, as before.
 *
 * The same holds for each topic's replicas per broker (topic spread): a rack holds no more of a topic
 * than its partitions may put there, so on three zones of 12, 12 and 9 brokers a topic of 1,024
 * partitions keeps 1,024 replicas in the zone of 9, 114 a broker, where the mean of all is 93.
 *
 * Computed only where every broker is a participant (online, not being removed, with an open dir) and
 * has a rack: elsewhere the brokers outside the participants make what a rack must hold a different
 * question, and the one mean applies. And only where a rack can bind at all: no rack holds more than
 * 1 / RF of the brokers (for the largest RF) and there are more racks than replicas of any partition
 * (so none must be in every rack) mean every rack's share at the mean lies within its limits, for the
 * brokers and for every topic, and nothing is read. The brokers' limits are read once per plan (the
 * plan's moves can only add racks to a partition, which tightens them a little; targets stay targets);
 * a topic's, once per pass that asks.
 */
import type { PlannedBroker, PlannedPartition, PlanState } from "./plan-state";

/** One rack's limits in a measure: the least and the most it can hold. */
interface Limit {
  floor: number;
  ceiling: number;
}

/** Per broker id, the mean it is measured against in each measure (absent: the measure has no targets). */
export interface RackTargets {
  bytes: ReadonlyMap<number, number> | null;
  count: ReadonlyMap<number, number> | null;
}

/** A plan's racks: participants per rack, and what each rack can hold of the brokers' bytes and replicas. */
interface Racks {
  brokers: Map<string, number>;
  bytes: Map<string, Limit>;
  count: Map<string, Limit>;
}

const racksOf = new WeakMap<PlanState, Racks | null>();

/** Steps of the bisection for the level: the interval halves each step, so 64 reach far below a byte. */
const BISECTION_STEPS = 64;

/**
 * A state that measures without partitions (PlanState `forMeasuring`: Kafka's `--generate` after-state)
 * takes the racks of the plan's own state, so both are measured against the same targets.
 */
export function shareRackLimits(from: PlanState, to: PlanState): void {
  racksOf.set(
    to,
    racks(
      from,
      [...from.brokers.values()].filter((b) => from.hasOpenDir(b)),
    ),
  );
}

function racks(state: PlanState, members: ReadonlyArray<PlannedBroker>): Racks | null {
  if (racksOf.has(state)) return racksOf.get(state)!;
  let found: Racks | null = null;
  // Every broker a participant with a rack, or no targets; a state without partitions has none to read.
  if (state.partitions.length > 0 && members.length === state.brokers.size && members.every((b) => b.rack !== null)) {
    const brokers = new Map<string, number>();
    for (const b of members) brokers.set(b.rack!, (brokers.get(b.rack!) ?? 0) + 1);
    let rf = 0;
    for (const part of state.partitions) if (part.members.length > rf) rf = part.members.length;
    const largest = Math.max(...brokers.values());
    const mayBind = brokers.size <= rf || largest * rf > members.length;
    if (brokers.size >= 2 && mayBind) {
      found = { brokers, ...limitsOver(state, brokers, state.partitions, false) };
    }
  }
  racksOf.set(state, found);
  return found;
}

/** What each rack can hold of `parts` (counts, and bytes unless `countsOnly`), by the rack rule. */
function limitsOver(
  state: PlanState,
  brokers: ReadonlyMap<string, number>,
  parts: Iterable<PlannedPartition>,
  countsOnly: boolean,
): { bytes: Map<string, Limit>; count: Map<string, Limit> } {
  const bytes = new Map<string, Limit>();
  const count = new Map<string, Limit>();
  for (const rack of brokers.keys()) {
    bytes.set(rack, { floor: 0, ceiling: 0 });
    count.set(rack, { floor: 0, ceiling: 0 });
  }
  const here = new Map<string, { count: number; bytes: number }>();
  for (const part of parts) {
    here.clear();
    let largest = part.copySize;
    let smallest = part.copySize;
    for (const m of part.members) {
      const rack = state.brokers.get(m.broker)!.rack!;
      const h = here.get(rack) ?? { count: 0, bytes: 0 };
      h.count += 1;
      h.bytes += m.size;
      here.set(rack, h);
      if (m.size > largest) largest = m.size;
      if (m.size < smallest) smallest = m.size;
    }
    if (!part.movable) {
      for (const [rack, h] of here) {
        const c = count.get(rack)!;
        c.floor += h.count;
        c.ceiling += h.count;
        if (countsOnly) continue;
        const b = bytes.get(rack)!;
        b.floor += h.bytes;
        b.ceiling += h.bytes;
      }
      continue;
    }
    const most = part.members.length - here.size + 1;
    const inEvery = here.size >= brokers.size;
    for (const [rack, n] of brokers) {
      const ceiling = Math.min(most, n);
      const c = count.get(rack)!;
      c.ceiling += ceiling;
      if (inEvery) c.floor += 1;
      if (countsOnly) continue;
      const b = bytes.get(rack)!;
      b.ceiling += ceiling * largest;
      if (inEvery) b.floor += smallest;
    }
  }
  return { bytes, count };
}

/**
 * Each rack's per-broker target in one measure: its share of `total` at a common level per broker,
 * clamped to the rack's floor and ceiling; null when no rack is clamped at the plain mean.
 */
function targetsOf(limits: ReadonlyMap<string, Limit>, brokers: ReadonlyMap<string, number>, total: number): Map<string, number> | null {
  let n = 0;
  for (const k of brokers.values()) n += k;
  const mean = total / n;
  let binds = false;
  for (const [rack, l] of limits) {
    const share = brokers.get(rack)! * mean;
    if (share < l.floor || share > l.ceiling) binds = true;
  }
  if (!binds) return null;
  const clampAt = (rack: string, level: number) => {
    const l = limits.get(rack)!;
    return Math.min(l.ceiling, Math.max(l.floor, brokers.get(rack)! * level));
  };
  // Σ clampAt(level) rises with the level: find where it reaches the total.
  let lo = 0;
  let hi = total;
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const mid = (lo + hi) / 2;
    let sum = 0;
    for (const rack of limits.keys()) sum += clampAt(rack, mid);
    if (sum < total) lo = mid;
    else hi = mid;
  }
  const level = (lo + hi) / 2;
  const byRack = new Map<string, number>();
  for (const [rack, k] of brokers) byRack.set(rack, clampAt(rack, level) / k);
  return byRack;
}

function perBroker(members: ReadonlyArray<PlannedBroker>, byRack: ReadonlyMap<string, number> | null): Map<number, number> | null {
  if (!byRack) return null;
  const targets = new Map<number, number>();
  for (const b of members) targets.set(b.id, byRack.get(b.rack!)!);
  return targets;
}

/**
 * The per-broker targets of broker bytes and replica counts where the rack rule keeps some rack from
 * the plain mean; `members` are the participants, `bytes` and `count` what they hold in all.
 */
export function rackTargets(state: PlanState, members: ReadonlyArray<PlannedBroker>, bytes: number, count: number): RackTargets | null {
  if (members.length === 0) return null;
  const r = racks(state, members);
  if (!r) return null;
  const t: RackTargets = {
    bytes: perBroker(members, targetsOf(r.bytes, r.brokers, bytes)),
    count: perBroker(members, targetsOf(r.count, r.brokers, count)),
  };
  return t.bytes || t.count ? t : null;
}

/**
 * Per rack, the target of one topic's replicas per broker where the rack rule keeps some rack from the
 * topic's plain mean (`total` replicas over the participants); null where none does.
 */
export function topicRackTargets(state: PlanState, members: ReadonlyArray<PlannedBroker>, topic: string, total: number): ReadonlyMap<string, number> | null {
  if (members.length === 0) return null;
  const r = racks(state, members);
  if (!r) return null;
  const { count } = limitsOver(state, r.brokers, state.topicPartitions.get(topic) ?? [], true);
  return targetsOf(count, r.brokers, total);
}
