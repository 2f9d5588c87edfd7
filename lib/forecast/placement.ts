/**
 * Where a broker's next partitions go, over time, by Kafka's count rule (`LogManager.nextLogDirs`,
 * ported in lib/placement): each new partition replica lands in the live dir with the fewest
 * partition directories, ties in the version's tie order, cordoned dirs skipped (4.3+).
 *
 * The model: new partitions arrive on the broker at a steady rate λ (partitions/day). The rule fills
 * the emptiest dir first; once its count reaches the next dir's, the two take turns, and so on. As a
 * flow ("water-filling"), the dirs in candidate order c₁ ≤ c₂ ≤ … ≤ c_m receive in phases: in phase j
 * the first j dirs each get λ/j per day, from T_j until their count reaches c_{j+1}, at
 * T_{j+1} = T_j + j·(c_{j+1} − c_j)/λ; the last phase never ends. A dir's arrivals are a list of
 * phases with a constant rate each, so what they add by a given day has a closed form.
 *
 * Each new partition then grows from empty at the broker's bytes per partition per day, so a dir that
 * receives r partitions a day from day a gains g·r·(t − a)²/2 bytes by day t: the quadratic that makes a
 * receiving dir fill faster than its own history shows.
 *
 * Invariants: the candidate order is nextLogDirs' own (dirs that are not live get nothing; duplicate
 * names are counted once); the rates of a broker's dirs add up to λ in every phase; no loop runs more
 * than m² times for m dirs; every number is finite for finite input.
 */
import { nextLogDirs, type TieOrder } from "../placement/next-log-dirs";

export interface ArrivalPhase {
  /** Days from now. */
  fromDay: number;
  /** End of the phase, or null: it lasts for ever. */
  toDay: number | null;
  partitionsPerDay: number;
}

export interface PlacementDir {
  dir: string;
  /** Partition directories in it now (what the rule counts). */
  partitions: number;
  /** Online, and scanned recently: a dir that is not live takes no new partitions. */
  live: boolean;
}

export interface PlacementRule {
  tieOrder: TieOrder;
  /** Cordoned dirs (KIP-1066), for the versions that honour cordons; empty otherwise. */
  cordoned: readonly string[];
}

export interface PlacementPlan {
  /** Candidate order of the rule now, best first: where the next partition goes is order[0]. */
  order: string[];
  /** Arrival phases per dir (dirs in `order`); other dirs receive nothing. */
  arrivals: Map<string, ArrivalPhase[]>;
}

/** Below one partition a million days, nothing arrives. */
const MIN_RATE = 1e-6;

/** The count rule's arrivals on one broker's dirs at `partitionsPerDay` new partitions a day. */
export function placementPlan(dirs: readonly PlacementDir[], partitionsPerDay: number, rule: PlacementRule): PlacementPlan {
  const counts: Record<string, number> = Object.create(null) as Record<string, number>;
  const live: string[] = [];
  for (const d of dirs) {
    if (!d.live || Object.hasOwn(counts, d.dir)) continue;
    counts[d.dir] = Number.isFinite(d.partitions) && d.partitions > 0 ? d.partitions : 0;
    live.push(d.dir);
  }
  const order = nextLogDirs(live, counts, { cordoned: rule.cordoned, tieOrder: rule.tieOrder });
  const arrivals = new Map<string, ArrivalPhase[]>(order.map((d) => [d, []]));
  const rate = Number.isFinite(partitionsPerDay) ? partitionsPerDay : 0;
  if (rate < MIN_RATE || order.length === 0) return { order, arrivals };
  const c = order.map((d) => counts[d]!);
  // Phase j (0-based: j+1 dirs share) starts at starts[j].
  const starts: number[] = [0];
  for (let j = 0; j + 1 < c.length; j++) starts.push(starts[j]! + ((j + 1) * (c[j + 1]! - c[j]!)) / rate);
  for (let i = 0; i < order.length; i++) {
    const phases = arrivals.get(order[i]!)!;
    for (let j = i; j < order.length; j++) {
      const fromDay = starts[j]!;
      const toDay = j + 1 < order.length ? starts[j + 1]! : null;
      if (toDay !== null && !(toDay > fromDay)) continue;
      phases.push({ fromDay, toDay, partitionsPerDay: rate / (j + 1) });
    }
  }
  return { order, arrivals };
}

/** Partitions the phases bring by `days` from now. */
export function arrivalsBy(phases: readonly ArrivalPhase[], days: number): number {
  let n = 0;
  for (const p of phases) {
    if (!(days > p.fromDay)) continue;
    const end = p.toDay === null ? days : Math.min(days, p.toDay);
    n += p.partitionsPerDay * (end - p.fromDay);
  }
  return n;
}

/**
 * Bytes the phases' partitions hold by `days`, each growing `bytesPerPartitionDay` from its arrival:
 * a partition that arrived at τ holds g·(days − τ), so a phase [a, e] at rate r adds g·r·((days−a)² − (days−e)²)/2.
 */
export function arrivalBytesBy(phases: readonly ArrivalPhase[], bytesPerPartitionDay: number, days: number): number {
  if (!(bytesPerPartitionDay > 0)) return 0;
  let bytes = 0;
  for (const p of phases) {
    if (!(days > p.fromDay)) continue;
    const end = p.toDay === null ? days : Math.min(days, p.toDay);
    const a = days - p.fromDay;
    const e = days - end;
    bytes += (p.partitionsPerDay * (a * a - e * e)) / 2;
  }
  return bytesPerPartitionDay * bytes;
}

/**
 * The same arrivals at `factor` times the rate: the rule fills the same counts, so every phase
 * boundary comes 1/factor as late and every rate is factor times as high. Factor 0 (or less): none.
 */
export function scaleArrivals(phases: readonly ArrivalPhase[], factor: number): ArrivalPhase[] {
  if (!(factor > 0) || !Number.isFinite(factor)) return [];
  return phases.map((p) => ({ fromDay: p.fromDay / factor, toDay: p.toDay === null ? null : p.toDay / factor, partitionsPerDay: p.partitionsPerDay * factor }));
}
