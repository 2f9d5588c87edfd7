/**
 * The growth of one dir's bytes over its recent window: a robust slope with an interval, and what the
 * dir holds now.
 *
 * Priorities, in order:
 * 1. Never extrapolate what is not growth. A drop (data moved out, steps.ts) is not a trend: with
 *    enough history after it the fit uses only that (the dir's growth may have changed with the data
 *    that left); otherwise the drop is taken out of the points before it ("added back" to the trend). Three or more drop events
 *    in a window are a sawtooth (retention deleting big segments) and are left as they are. A plateau
 *    or a recent shrink (plateau.ts) replaces the window's slope by the recent one.
 * 2. Robust: Theil–Sen over at most FIT_BUCKETS resampled points, so a few wild points do not move it
 *    and the cost is bounded whatever the scan rate. The 80 % range is the wider of Sen's rank interval
 *    and a batch-means range (BATCHES blocks), which widens it for bursty or rhythmic growth.
 * 3. Say what was used: the points, the time span, how drops were handled.
 *
 * Invariants: input compact (no NaN), oldest first, values in [0, MAX_BYTES]; the result's numbers are
 * finite; null when there are fewer than MIN_FIT_POINTS points or they span less than MIN_FIT_SPAN_MS.
 */
import { DAY_MS, HOUR_MS } from "../model/units";
import { resample, resampleBuffers, type ResampleBuffers } from "./resample";
import { findDrops, SCALE_SAMPLES, type DropEvent } from "./steps";
import { flatTail, type FlatTail } from "./plateau";
import { theilSen, type SlopeFit } from "./theil-sen";

/**
 * Points per fit: more are resampled onto this many (21 hours each over 14 days). 16 points give 120
 * pair slopes, enough for a stable median; the cost of a fit grows with the square of this, and
 * selecting the median and the interval's ranks among the pair slopes is most of a fit's time.
 */
export const FIT_BUCKETS = 16;
export const MIN_FIT_POINTS = 3;
/** Six hours: less than that says nothing about a daily rhythm. */
export const MIN_FIT_SPAN_MS = 6 * HOUR_MS;
/** Three drop events or more in one window: a sawtooth, not moves. */
export const SAWTOOTH_EVENTS = 3;
/** After a drop, fit only what follows it when that covers 2 days and a quarter of the window… */
const AFTER_DROP_MIN_MS = 2 * DAY_MS;
const AFTER_DROP_MIN_SHARE = 0.25;
/** …and this many points. */
const AFTER_DROP_MIN_POINTS = 6;
/**
 * The interval also covers a batch-means range: the fitted stretch cut into BATCHES blocks, the growth
 * rate across each, and slope ± t·sd/√BATCHES. Sen's interval assumes independent errors; bursts,
 * a daily rhythm or a drifting rate are not, and their block-to-block spread shows it.
 */
const BATCHES = 4;
/** Student's t, 90th percentile, BATCHES − 1 = 3 degrees of freedom (two-sided 80 %). */
const T90_DF3 = 1.6377443572159063;
/** A block needs at least this many resampled points. */
const MIN_BATCH_POINTS = 4;

/** slope ± t·sd/√k over the block rates of (t, y)[from..n), or null when the stretch is too short. */
function batchRange(t: Float64Array, y: Float64Array, from: number, n: number, slope: number): { low: number; high: number } | null {
  const len = n - from;
  if (len < BATCHES * MIN_BATCH_POINTS) return null;
  let sum = 0;
  let sumSq = 0;
  for (let b = 0; b < BATCHES; b++) {
    const a = from + Math.floor((b * len) / BATCHES);
    const e = from + Math.floor(((b + 1) * len) / BATCHES);
    const dt = (t[e - 1]! + t[e - 2]! - t[a]! - t[a + 1]!) / 2;
    const rate = dt > 0 ? (((y[e - 1]! + y[e - 2]! - y[a]! - y[a + 1]!) / 2) * DAY_MS) / dt : slope;
    sum += rate;
    sumSq += rate * rate;
  }
  const mean = sum / BATCHES;
  const variance = Math.max(0, (sumSq - BATCHES * mean * mean) / (BATCHES - 1));
  const half = (T90_DF3 * Math.sqrt(variance)) / Math.sqrt(BATCHES);
  return Number.isFinite(half) ? { low: slope - half, high: slope + half } : null;
}

/** The level now is the median of the newest three points, each moved along the slope to now. */
const LEVEL_POINTS = 3;

export type DropHandling = "none" | "fit-after" | "added-back" | "sawtooth";

export interface GrowthFit extends SlopeFit {
  /** Bytes the dir holds at `nowMs`, from its newest points. */
  levelBytes: number;
  /** Raw points behind the fit, and the time they span (ms). */
  rawPoints: number;
  fromMs: number;
  toMs: number;
  /** Whether the points were resampled before the fit. */
  resampled: boolean;
  drops: DropEvent[];
  dropHandling: DropHandling;
  /** Growth stopped recently: the slope (and interval) are the recent stretch's. */
  stop: (Omit<FlatTail, "fit" | "start"> & { windowSlope: number }) | null;
}

/** Buffers a fit reuses from one series to the next (fitScratch()). */
export interface FitScratch {
  buckets: number;
  pairs: Float64Array;
  resample: ResampleBuffers;
  scale: Float64Array;
}

export function fitScratch(buckets: number = FIT_BUCKETS): FitScratch {
  const b = Math.max(2, Math.min(256, Math.floor(buckets) || FIT_BUCKETS));
  return { buckets: b, pairs: new Float64Array((b * (b - 1)) / 2), resample: resampleBuffers(b), scale: new Float64Array(SCALE_SAMPLES) };
}

/**
 * Takes each drop out of the series: the points before a drop are lowered by its bytes (and every
 * later drop's), so the newest points keep their real values and the series reads as one trend.
 */
function addBack(y: Float64Array, n: number, drops: readonly DropEvent[]): Float64Array {
  const out = new Float64Array(n);
  const steps = drops.flatMap((d) => d.steps);
  // Walking from the newest point back: a point before a step loses that step's bytes, and every later step's.
  let later = 0;
  let s = steps.length - 1;
  for (let i = n - 1; i >= 0; i--) {
    while (s >= 0 && i < steps[s]!.index) later += steps[s--]!.bytes;
    out[i] = y[i]! - later;
  }
  return out;
}

/** The level at `nowMs`: median of the newest points of y[from..n), each carried along `slope` to now. */
function carried(t: Float64Array, y: Float64Array, i: number, slope: number, nowMs: number): number {
  return y[i]! + (slope * (nowMs - t[i]!)) / DAY_MS;
}

function levelAt(t: Float64Array, y: Float64Array, from: number, n: number, slope: number, nowMs: number): number {
  const k = Math.min(LEVEL_POINTS, n - from);
  let level: number;
  if (k >= 3) {
    const a = carried(t, y, n - 3, slope, nowMs);
    const b = carried(t, y, n - 2, slope, nowMs);
    const c = carried(t, y, n - 1, slope, nowMs);
    level = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  } else if (k === 2) level = carried(t, y, n - 2, slope, nowMs) / 2 + carried(t, y, n - 1, slope, nowMs) / 2;
  else level = carried(t, y, n - 1, slope, nowMs);
  return Math.max(0, level);
}

/** The growth of (t, y)[0..n), compact and oldest first, seen from `nowMs`. */
export function fitGrowth(t: Float64Array, y: Float64Array, n: number, nowMs: number, scratch: FitScratch = fitScratch()): GrowthFit | null {
  if (n < MIN_FIT_POINTS || !(t[n - 1]! - t[0]! >= MIN_FIT_SPAN_MS)) return null;
  const buckets = scratch.buckets;
  const drops = findDrops(t, y, n, scratch.scale);
  let start = 0;
  let values = y;
  let dropHandling: DropHandling = "none";
  if (drops.length >= SAWTOOTH_EVENTS) dropHandling = "sawtooth";
  else if (drops.length > 0) {
    const after = drops[drops.length - 1]!.endIndex;
    const spanAfter = t[n - 1]! - t[after]!;
    if (spanAfter >= Math.max(AFTER_DROP_MIN_MS, AFTER_DROP_MIN_SHARE * (t[n - 1]! - t[0]!)) && n - after >= AFTER_DROP_MIN_POINTS) {
      start = after;
      dropHandling = "fit-after";
    } else {
      values = addBack(y, n, drops);
      dropHandling = "added-back";
    }
  }

  const resampled = n - start > buckets;
  const series = resampled ? resample(t, values, start, n, t[start]!, t[n - 1]!, buckets, scratch.resample) : null;
  const ft = series ? series.t : t.subarray(start, n);
  const fy = series ? series.y : values.subarray(start, n);
  const fn = series ? series.length : n - start;
  const minDtMs = series ? series.widthMs / 4 : 0;
  const whole = theilSen(ft, fy, 0, fn, { minDtMs, scratch: scratch.pairs });
  if (!whole) return null;
  const tail = flatTail(ft, fy, fn, whole.slope, { minDtMs, scratch: scratch.pairs });
  const fit = tail ? tail.fit : whole;
  const batches = batchRange(ft, fy, tail ? tail.start : 0, fn, fit.slope);
  // Carry the newest real points (not the added-back ones) to now.
  const levelBytes = levelAt(t, y, start, n, fit.slope, nowMs);
  // Built property by property: an object spread here costs more than the fit.
  return {
    slope: fit.slope,
    low: batches ? Math.min(fit.low, batches.low) : fit.low,
    high: batches ? Math.max(fit.high, batches.high) : fit.high,
    points: fit.points,
    pairs: fit.pairs,
    levelBytes,
    rawPoints: n - start,
    fromMs: t[start]!,
    toMs: t[n - 1]!,
    resampled,
    drops,
    dropHandling,
    stop: tail ? { kind: tail.kind, sinceMs: tail.sinceMs, windowSlope: whole.slope } : null,
  };
}
