/**
 * Bytes skew with the size floor (lib/plan/balanced.ts): the simulator's timeline, its cards and its
 * verdicts call a bytes spread skew only when it is at least the floor, so 3.00× of 16 KiB is not
 * printed as skew, and the skew shows when the real data lands.
 *
 * - Dirs: within each broker (its dirs compete for its partitions), over its dirs that are not
 *   offline, as the report measures dir skew. A broker's floor is measured on its smallest disk (its
 *   capacity when every dir reports one, else the absolute floor). The figure is the worst max ÷ mean
 *   among the brokers whose spread reaches their floor.
 * - Brokers: over the brokers that were read (state `online`), each one's capacity being the sum of its
 *   live dirs'; the floor is measured on the smallest broker.
 * - Below the floor there is no ratio: `tooLittleData` says whether that is because the dirs hold
 *   almost nothing (the fullest holds less than the floor) or because they hold about the same.
 */
import { formatBytes, formatSkew } from "../model/format";
import { SKEW_FLOOR_SHARE, skewFloorBytes } from "../plan/balanced";
import type { BrokerFigures, DirFigures } from "../model/report";
import { skewOf } from "../model/skew";

export type FlooredSkew =
  | { kind: "skew"; ratio: number; spread: number; floor: number; broker: number | null }
  | { kind: "below-floor"; spread: number; floor: number; capacity: number | null; tooLittleData: boolean };

interface Figures {
  brokers: readonly Pick<BrokerFigures, "id" | "state" | "bytes">[];
  dirs: readonly Pick<DirFigures, "broker" | "path" | "state" | "bytes" | "totalBytes">[];
}

/** The capacity of the smallest of these disks, or null when any of them reports none. */
function smallest(capacities: readonly (number | null)[]): number | null {
  let min: number | null = null;
  for (const c of capacities) {
    if (c === null || !(c > 0)) return null;
    if (min === null || c < min) min = c;
  }
  return min;
}

function belowFloor(spread: number, max: number, capacity: number | null): FlooredSkew {
  const floor = skewFloorBytes(capacity);
  return { kind: "below-floor", spread, floor, capacity, tooLittleData: max < floor };
}

/** The worst broker's dir-bytes skew, counted only where the broker's dirs differ by at least the floor. */
export function dirBytesSkew(report: Figures): FlooredSkew {
  const read = new Set(report.brokers.filter((b) => b.state === "online").map((b) => b.id));
  const byBroker = new Map<number, Figures["dirs"][number][]>();
  for (const d of report.dirs) {
    if (d.state === "offline" || !read.has(d.broker)) continue;
    const own = byBroker.get(d.broker);
    if (own) own.push(d);
    else byBroker.set(d.broker, [d]);
  }
  let worst: Extract<FlooredSkew, { kind: "skew" }> | null = null;
  // Below the floor everywhere: the broker that comes closest speaks for the cluster.
  let closest: { spread: number; max: number; capacity: number | null } | null = null;
  for (const [broker, own] of byBroker) {
    const s = skewOf(own.map((d) => [d.path, d.bytes] as const));
    const capacity = smallest(own.map((d) => d.totalBytes));
    const floor = skewFloorBytes(capacity);
    if (s.spread >= floor && s.spread > 0) {
      if (!worst || s.maxOverMean > worst.ratio) worst = { kind: "skew", ratio: s.maxOverMean, spread: s.spread, floor, broker };
    } else if (!closest || s.spread / floor > closest.spread / skewFloorBytes(closest.capacity)) {
      closest = { spread: s.spread, max: s.max, capacity };
    }
  }
  if (worst) return worst;
  return closest ? belowFloor(closest.spread, closest.max, closest.capacity) : belowFloor(0, 0, null);
}

/** Bytes per broker, max ÷ mean over the brokers that were read, when they differ by at least the floor. */
export function brokerBytesSkew(report: Figures): FlooredSkew {
  const read = report.brokers.filter((b) => b.state === "online");
  const capacities = read.map((b) => {
    const own = report.dirs.filter((d) => d.broker === b.id && d.state !== "offline");
    const c = smallest(own.map((d) => d.totalBytes));
    return own.length === 0 || c === null ? null : own.reduce((sum, d) => sum + d.totalBytes!, 0);
  });
  const s = skewOf(read.map((b) => [b.id, b.bytes] as const));
  const capacity = smallest(capacities);
  const floor = skewFloorBytes(capacity);
  if (s.spread >= floor && s.spread > 0) return { kind: "skew", ratio: s.maxOverMean, spread: s.spread, floor, broker: s.worst };
  return belowFloor(s.spread, s.max, capacity);
}

/**
 * A figure in words: "1.51×", or, below the floor, why there is no ratio: "too little data to call
 * skew (the dirs differ by 800.0 KiB, under the 5.1 GiB floor (1% of a 512.0 GiB disk))" when the
 * fullest holds less than the floor, else "even (the dirs differ by 3.0 MiB, under …)". `what` names the things compared ("dirs", "brokers").
 */
export function flooredSkewText(skew: FlooredSkew, what: "dirs" | "brokers"): string {
  if (skew.kind === "skew") return formatSkew(skew.ratio);
  const floor =
    skew.capacity === null
      ? `the ${formatBytes(skew.floor)} floor (capacity unknown)`
      : `the ${formatBytes(skew.floor)} floor (${Math.round(SKEW_FLOOR_SHARE * 100)}% of a ${formatBytes(skew.capacity)} ${what === "dirs" ? "disk" : "broker"})`;
  if (skew.tooLittleData) return `too little data to call skew (the ${what} differ by ${formatBytes(skew.spread)}, under ${floor})`;
  return `even (the ${what} differ by ${formatBytes(skew.spread)}, under ${floor})`;
}

/** The same figure for a narrow cell: "1.51×", "too little data" or "even (under the floor)"; the full words go in its title. */
export function flooredSkewShort(skew: FlooredSkew): string {
  if (skew.kind === "skew") return formatSkew(skew.ratio);
  return skew.tooLittleData ? "too little data" : "even (under the floor)";
}
