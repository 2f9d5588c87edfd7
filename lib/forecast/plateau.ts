/**
 * Recognising that growth has stopped: a retention plateau (topics reached retention.ms or
 * retention.bytes and now delete as much as they write, so the bytes stay flat at a ceiling) or a dir
 * that has started to shrink. Extrapolating the ramp that led up to it would predict a full disk that
 * never comes.
 *
 * The test: over the window the series grows, but over its most recent half (or, failing that, third)
 * the Theil–Sen slope is at most PLATEAU_SLOPE_SHARE of the whole window's, and that recent stretch
 * is long enough (PLATEAU_MIN_MS and PLATEAU_MIN_BUCKETS) not to be the quiet time between two
 * bursts. The longest such stretch wins.
 *
 * Invariants: pure, bounded (two Theil–Sen fits on at most half the points, skipped when the medians
 * of a stretch's first and last thirds already show growth); null when growth has not stopped or there
 * are too few points to tell.
 */
import { DAY_MS } from "../model/units";
import { medianInPlace } from "./order-statistics";
import { theilSen, type SlopeFit } from "./theil-sen";

/** The recent slope must be at most 20 % of the window's for growth to count as stopped. */
export const PLATEAU_SLOPE_SHARE = 0.2;
/** A stop must last 3 days: bursty dirs often rest for a day or two between bursts. */
export const PLATEAU_MIN_MS = 3 * DAY_MS;
/** …and cover at least 6 resampled points. */
export const PLATEAU_MIN_BUCKETS = 6;
/** The recent stretches tried, longest first (shares of the window's points). */
const TAIL_SHARES = [1 / 2, 1 / 3] as const;

export interface FlatTail {
  /** Index of the stretch's first point. */
  start: number;
  /** Time of its first point (ms). */
  sinceMs: number;
  /** The slope over the stretch. */
  fit: SlopeFit;
  kind: "plateau" | "shrinking";
}

/** A stretch whose last third sits this far above its first third (as a slope, a share of the window's) is still growing: no need to fit it. */
const STILL_GROWING_SHARE = 0.6;

/** The median of y[from..to) (a few values), using `buffer`. */
function medianOf(y: Float64Array, from: number, to: number, buffer: Float64Array): number {
  const n = to - from;
  for (let i = 0; i < n; i++) buffer[i] = y[from + i]!;
  return medianInPlace(buffer, n);
}

/**
 * A cheap look before the fit: the rise between the medians of the stretch's first and last thirds.
 * Clearly growing stretches (most of them) skip the Theil–Sen fit.
 */
function clearlyGrowing(t: Float64Array, y: Float64Array, start: number, n: number, windowSlope: number, buffer: Float64Array): boolean {
  const third = Math.max(1, Math.floor((n - start) / 3));
  const head = medianOf(y, start, start + third, buffer);
  const tail = medianOf(y, n - third, n, buffer);
  const dt = medianOf(t, n - third, n, buffer) - medianOf(t, start, start + third, buffer);
  return dt > 0 && ((tail - head) / dt) * DAY_MS > STILL_GROWING_SHARE * windowSlope;
}

/** The recent stretch of (t, y)[0..n) over which growth has stopped, or null. `windowSlope` is the fit of the whole. */
export function flatTail(t: Float64Array, y: Float64Array, n: number, windowSlope: number, options: { minDtMs?: number; scratch?: Float64Array } = {}): FlatTail | null {
  if (!(windowSlope > 0) || n < 2 * PLATEAU_MIN_BUCKETS) return null;
  const buffer = options.scratch && options.scratch.length >= n ? options.scratch : new Float64Array(n);
  for (const share of TAIL_SHARES) {
    const start = n - Math.max(PLATEAU_MIN_BUCKETS, Math.ceil(n * share));
    if (t[n - 1]! - t[start]! < PLATEAU_MIN_MS) continue;
    if (clearlyGrowing(t, y, start, n, windowSlope, buffer)) continue;
    const fit = theilSen(t, y, start, n, options);
    if (!fit || !(fit.slope <= PLATEAU_SLOPE_SHARE * windowSlope)) continue;
    const kind = fit.high < 0 ? "shrinking" : "plateau";
    return { start, sinceMs: t[start]!, fit, kind };
  }
  return null;
}
