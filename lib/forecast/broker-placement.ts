/**
 * A broker's new partitions and where Kafka's count rule sends them: the arrival rate from the net
 * growth of the broker's partition count over the window (moves between its dirs cancel out; a dir
 * first seen after the window's first day started empty), an 80 % range for it as a Poisson count, the
 * bytes each new partition grows per day (the median over the broker's dirs of their growth per
 * partition), and the water-filling plan among the live dirs (placement.ts) under the broker's Kafka
 * version's rule (tie order, cordons).
 *
 * Invariants: a dir that is offline, not scanned within a day of its broker's newest scan, or a second
 * series with the same name takes no new partitions; a broker with less than a day of history, or
 * whose count did not grow, adds none.
 */
import { kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import { maxOf, minOf } from "../model/min-max";
import type { DirWork } from "./dir-work";
import type { BrokerFacts } from "./types";
import { median } from "./order-statistics";
import { placementPlan, type ArrivalPhase, type PlacementRule } from "./placement";
import { DAY_MS } from "../model/units";
import { Z_80 } from "./theil-sen";

/** A dir not scanned within a day of its broker's newest scan takes no new partitions. */
const STALE_MS = DAY_MS;
/** A dir first seen more than a day after its broker's first scan in the window is new: it started empty. */
const NEW_DIR_MS = DAY_MS;
/** Partition arrival rates need at least a day of history. */
const MIN_RATE_SPAN_MS = DAY_MS;

export interface BrokerPlacement {
  rate: number;
  rateLow: number;
  rateHigh: number;
  bytesPerPartitionDay: number;
  arrivals: Map<string, ArrivalPhase[]>;
  order: string[];
  /** The partition counts of the live dirs, for the note. */
  counts: Map<string, number>;
}

/** The count rule of the broker's version (its own, else the cluster's; the newest line it could be when unknown). */
export function ruleFor(facts: BrokerFacts | undefined, clusterVersion: string | null | undefined): PlacementRule {
  const version = facts?.kafkaVersion ?? clusterVersion ?? null;
  const behaviour = kafkaBehaviour(pickKafkaLine(typeof version === "string" ? version : null).line);
  const cordoned = behaviour.cordonedLogDirs && Array.isArray(facts?.cordoned) ? facts.cordoned.map(String) : [];
  return { tieOrder: behaviour.logDirTieOrder, cordoned };
}

/** The broker's arrivals; `enabled` false gives none (`ForecastOptions.placement`). */
export function brokerPlacement(work: readonly DirWork[], facts: BrokerFacts | undefined, clusterVersion: string | null | undefined, enabled: boolean): BrokerPlacement {
  const firsts = work.map((w) => w.firstMs).filter((x): x is number => x !== null);
  const lasts = work.map((w) => w.lastMs).filter((x): x is number => x !== null);
  const first = firsts.length ? minOf(firsts) : 0;
  const last = lasts.length ? maxOf(lasts) : 0;
  const offline = new Set(Array.isArray(facts?.offline) ? facts.offline.map(String) : []);
  const live = (w: DirWork) => !w.duplicate && w.lastMs !== null && w.lastMs >= last - STALE_MS && !offline.has(w.series.dir);

  // Net new partitions on the broker over the window; moves between its dirs cancel out.
  let start = 0;
  let end = 0;
  for (const w of work) {
    if (w.duplicate) continue;
    if (w.firstMs !== null && w.firstMs <= first + NEW_DIR_MS) start += w.partitionsStart ?? 0;
    if (live(w)) end += w.partitionsNow ?? 0;
  }
  // The end counts are medians of three samples: they stand for the middle sample's time.
  const starts = work.map((w) => w.partitionsStartMs).filter((x): x is number => x !== null);
  const ends = work.map((w) => w.partitionsNowMs).filter((x): x is number => x !== null);
  const span = (ends.length ? maxOf(ends) : 0) - (starts.length ? minOf(starts) : 0);
  const spanDays = span / DAY_MS;
  const k = end - start;
  const usable = enabled && last - first >= MIN_RATE_SPAN_MS && span > 0 && k > 0 && Number.isFinite(k);
  // Arrivals as a Poisson count: an 80 % range of ±z·√k around k.
  const rate = usable ? k / spanDays : 0;
  const rateLow = usable ? Math.max(0, k - Z_80 * Math.sqrt(k)) / spanDays : 0;
  const rateHigh = usable ? (k + Z_80 * Math.sqrt(k)) / spanDays : 0;

  const perPartition: number[] = [];
  for (const w of work) {
    if (w.duplicate || !w.fit || !(w.partitionsNow !== null && w.partitionsNow >= 1)) continue;
    perPartition.push(Math.max(0, w.fit.slope) / w.partitionsNow);
  }
  const liveDirs = work.filter(live).map((w) => ({ dir: w.series.dir, partitions: w.partitionsNow ?? 0, live: true }));
  const plan = placementPlan(liveDirs, rate, ruleFor(facts, clusterVersion));
  return {
    rate,
    rateLow,
    rateHigh,
    bytesPerPartitionDay: perPartition.length ? median(perPartition) : 0,
    arrivals: plan.arrivals,
    order: plan.order,
    counts: new Map(liveDirs.map((d) => [d.dir, d.partitions])),
  };
}
