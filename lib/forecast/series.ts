/**
 * The history of one log dir as the history store hands it over, and the cleaning every fit starts
 * from.
 *
 * Invariants:
 * - The contract with the store: points oldest first, gaps (failed scans) absent, bytes as numbers.
 *   Nothing else is trusted: a value that is not a finite number in [0, MAX_BYTES] (NaN, Infinity,
 *   negative, absurdly large, missing) is unknown, and a point without a finite time is skipped.
 * - `windowSamples` reads at most about MAX_WINDOW_SAMPLES points of the window when the input is
 *   sorted (it walks back from the newest point with a stride that keeps about one point per
 *   window/MAX_WINDOW_SAMPLES), so the cost follows neither the length of the history nor its scan
 *   rate. Input found not sorted (by the walk, or by two probes before the window) is copied and
 *   sorted: slower, never wrong. A few points out of order among those the walk skips can go unseen:
 *   they are then left out, which the contract (oldest first) allows. The walk is deterministic.
 * - No clock: the window's end is a parameter.
 */

import type { DirPoint } from "../model/dir-series";

export type { DirPoint, DirSeries } from "../model/dir-series";
export { DAY_MS } from "../model/units";

/**
 * 2^70 bytes (1 ZiB), a million times the largest disk sold today: a byte count past it is unknown.
 * The bound keeps every difference, slope and sum of the fits finite.
 */
export const MAX_BYTES = 2 ** 70;
/** 2^31: more partition directories than any broker can hold; a count past it is unknown. */
export const MAX_PARTITIONS = 2 ** 31;

/** A byte count as the fits may use it, or null when it is not one (NaN, ±Infinity, negative, past MAX_BYTES, not a number). */
export function bytesOrNull(x: unknown): number | null {
  return typeof x === "number" && x >= 0 && x <= MAX_BYTES ? x : null;
}

/** A partition count as the fits may use it, or null. */
export function countOrNull(x: unknown): number | null {
  return typeof x === "number" && x >= 0 && x <= MAX_PARTITIONS ? x : null;
}

// The hot loops read values as plain numbers, NaN for unknown: a function that may return null hands
// back every double boxed on the heap, and that garbage cost more than the reading itself.
function bytesOrNaN(x: unknown): number {
  return typeof x === "number" && x >= 0 && x <= MAX_BYTES ? x : NaN;
}

function countOrNaN(x: unknown): number {
  return typeof x === "number" && x >= 0 && x <= MAX_PARTITIONS ? x : NaN;
}

/** Which byte series a fit reads. */
export type ByteField = "usedBytes" | "kafkaBytes";

/**
 * At most about this many points of a window are read: one every 14.6 hours of a 14-day window, as
 * many as the fit uses (fit.ts). The store keeps 5-minute points for 2 days and hourly ones after;
 * the points are objects spread over the heap, and fetching one costs more than fitting it, so
 * reading every point would cost more than everything else the forecast does — for no better slope:
 * bytes grow over days, and a few wild or noisy points do not move a Theil–Sen fit.
 */
export const MAX_WINDOW_SAMPLES = 24;

/**
 * The window's points as columns, oldest first: time (ms), the byte field asked for, and the partition
 * count, NaN where a point's value is unknown. `length` is the number of points taken.
 */
export interface WindowSamples {
  t: Float64Array;
  /** The field read (`field`), NaN where unknown. */
  bytes: Float64Array;
  partitions: Float64Array;
  field: ByteField;
  length: number;
  /** Points in the window that were skipped to keep one per `(to − from) / capacity` or so (an estimate when the input is sorted). */
  skipped: number;
}

/** Buffers for `windowSamples`, reused from one dir to the next. */
export function emptySamples(capacity: number = MAX_WINDOW_SAMPLES): WindowSamples {
  return { t: new Float64Array(capacity), bytes: new Float64Array(capacity), partitions: new Float64Array(capacity), field: "usedBytes", length: 0, skipped: 0 };
}

function isPoint(p: unknown): p is DirPoint {
  return typeof p === "object" && p !== null;
}

/** The point's time, NaN when it has no usable one. */
function timeOf(p: unknown): number {
  if (!isPoint(p)) return NaN;
  const t = p.t;
  return typeof t === "number" && t - t === 0 ? t : NaN;
}

function put(out: WindowSamples, k: number, p: DirPoint, t: number): void {
  out.t[k] = t;
  out.bytes[k] = bytesOrNaN(out.field === "usedBytes" ? p.usedBytes : p.kafkaBytes);
  out.partitions[k] = countOrNaN(p.partitions);
}

/** What the newest points say, read apart from the window's samples: the capacity and the latest bytes. */
export interface Newest {
  /** Time of the newest point with a usable time, or null when there is none. */
  t: number | null;
  /** Its capacity when known and positive. */
  totalBytes: number | null;
  /** Median of the (up to) three newest known values of each field, at or before `toMs`. */
  usedBytes: number | null;
  kafkaBytes: number | null;
}

/** The median of the known values among a, b, c (filled in that order); null when none is known. */
function medianOfKnown(a: number, b: number, c: number): number | null {
  if (a !== a) return null;
  if (b !== b) return a;
  if (c !== c) return a / 2 + b / 2;
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/** The newest points at or before `toMs` (from the end of the array, the order the store promises). */
export function newestOf(points: readonly DirPoint[], toMs: number, look = 16): Newest {
  const list: readonly unknown[] = Array.isArray(points) ? points : [];
  let u0 = NaN;
  let u1 = NaN;
  let u2 = NaN;
  let k0 = NaN;
  let k1 = NaN;
  let k2 = NaN;
  let nu = 0;
  let nk = 0;
  let t: number | null = null;
  let totalBytes: number | null = null;
  let seen = 0;
  for (let i = list.length - 1; i >= 0 && seen < look && (nu < 3 || nk < 3); i--) {
    const p = list[i];
    const ti = timeOf(p);
    if (!(ti <= toMs)) continue;
    seen++;
    const point = p as DirPoint;
    if (t === null) {
      t = ti;
      const total = bytesOrNaN(point.totalBytes);
      totalBytes = total > 0 ? total : null;
    }
    const u = bytesOrNaN(point.usedBytes);
    const k = bytesOrNaN(point.kafkaBytes);
    if (u === u && nu < 3) {
      if (nu === 0) u0 = u;
      else if (nu === 1) u1 = u;
      else u2 = u;
      nu++;
    }
    if (k === k && nk < 3) {
      if (nk === 0) k0 = k;
      else if (nk === 1) k1 = k;
      else k2 = k;
      nk++;
    }
  }
  return { t, totalBytes, usedBytes: medianOfKnown(u0, u1, u2), kafkaBytes: medianOfKnown(k0, k1, k2) };
}

function reverse(a: Float64Array, n: number): void {
  for (let i = 0, j = n - 1; i < j; i++, j--) {
    const x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
  }
}

/** Largest jump (in indexes) the walk takes at once; any bound works, this one keeps it an int. */
const MAX_JUMP = 1 << 30;

/** Whether the first point and the one halfway to `index` are no newer than each other and than `t` (where their times are usable). */
function olderBefore(list: readonly unknown[], index: number, t: number): boolean {
  if (index <= 0) return true;
  const first = timeOf(list[0]);
  const middle = timeOf(list[index >> 1]);
  // NaN compares false: an unusable time proves nothing either way.
  if (middle > t) return false;
  if (first > (middle === middle ? middle : t)) return false;
  return true;
}

/**
 * Sorted input: walks back from the newest point, keeping about one point per `step` ms. After each
 * kept point it jumps as many indexes as the local scan interval says one step spans; a jump that
 * lands more than two steps back (a denser stretch ends) is halved until it does not. False when the
 * walk finds a point newer than the one after it, or probes before the window find one newer than
 * the window's start (not sorted).
 */
function strideWalk(list: readonly unknown[], fromMs: number, toMs: number, out: WindowSamples): boolean {
  const step = (toMs - fromMs) / Math.max(1, out.t.length - 1);
  let n = 0;
  let i = (list.length - 1) | 0;
  let lastT = Infinity;
  let lastI = -1;
  let jump = 1;
  let skipped = 0;
  while (n < out.t.length) {
    if (i < 0) {
      if (jump > 1 && lastI >= 0) {
        jump >>= 1;
        i = lastI - jump;
        continue;
      }
      break;
    }
    const p = list[i];
    const t = timeOf(p);
    if (t !== t || t > toMs) {
      if (t > lastT) return false;
      i -= 1;
      continue;
    }
    if (t > lastT) return false;
    if (jump > 1 && (t < fromMs || lastT - t > 2 * step)) {
      jump >>= 1;
      i = lastI - jump;
      continue;
    }
    if (t < fromMs) {
      // Everything before this point should be older still: two probes catch input in no order at all.
      if (!olderBefore(list, i, t)) return false;
      break;
    }
    put(out, n++, p as DirPoint, t);
    if (lastI >= 0) {
      skipped += lastI - i - 1;
      const perIndex = (lastT - t) / (lastI - i);
      // Rounded up, so kept points are at least a step apart and the buffer spans the whole window.
      // `| 0` keeps the indexes small integers, which V8 keeps unboxed.
      jump = (perIndex > 0 ? Math.max(1, Math.min(MAX_JUMP, Math.ceil(step / perIndex))) : Math.min(MAX_JUMP, jump * 2)) | 0;
    }
    lastT = t;
    lastI = i;
    i -= jump;
  }
  out.length = n;
  out.skipped = skipped;
  reverse(out.t, n);
  reverse(out.bytes, n);
  reverse(out.partitions, n);
  return true;
}

/** Any order: every point is read, the window's points sorted, and at most out.t.length of them kept, evenly by index. */
function sortedCopy(list: readonly unknown[], fromMs: number, toMs: number, out: WindowSamples): void {
  const chosen: { p: DirPoint; t: number }[] = [];
  for (const p of list) {
    const t = timeOf(p);
    if (t >= fromMs && t <= toMs) chosen.push({ p: p as DirPoint, t });
  }
  chosen.sort((a, b) => a.t - b.t);
  const cap = out.t.length;
  const take = Math.min(cap, chosen.length);
  for (let k = 0; k < take; k++) {
    // Evenly spread over the sorted points, always ending with the newest.
    const idx = take === chosen.length ? k : Math.round(((k + 1) * chosen.length) / take) - 1;
    const c = chosen[idx]!;
    put(out, k, c.p, c.t);
  }
  out.length = take;
  out.skipped = chosen.length - take;
}

/**
 * The points of `points` with fromMs ≤ t ≤ toMs, oldest first, as columns (time, `field`, partitions):
 * all of them when they are few, else about one per (toMs − fromMs) / capacity, always with the newest.
 * Points after `toMs` (a clock ahead of the caller's) are left out. Never throws, whatever the array
 * holds. Fills and returns `out` (emptySamples()), whose capacity bounds the points read on sorted
 * input. Only the one byte field is read: each value is a separate heap number to fetch.
 */
export function windowSamples(points: readonly DirPoint[], fromMs: number, toMs: number, field: ByteField = "usedBytes", out: WindowSamples = emptySamples()): WindowSamples {
  const list: readonly unknown[] = Array.isArray(points) ? points : [];
  out.length = 0;
  out.skipped = 0;
  out.field = field;
  if (!(toMs >= fromMs) || out.t.length === 0) return out;
  if (!strideWalk(list, fromMs, toMs, out)) sortedCopy(list, fromMs, toMs, out);
  return out;
}

/** The newest finite time in the series, or null: what "now" means when the caller's clock is unusable. */
export function latestTime(points: readonly DirPoint[]): number | null {
  const list = Array.isArray(points) ? points : [];
  let latest: number | null = null;
  for (const p of list) {
    const t = timeOf(p);
    if (t === t && (latest === null || t > latest)) latest = t;
  }
  return latest;
}
