/**
 * The Theil–Sen slope (H. Theil 1950, P. K. Sen 1968): the median of the slopes between every pair of
 * points, with Sen's rank-based confidence interval: the slopes of rank (N ∓ C)/2 among the N pair
 * slopes, C = z·√(n(n−1)(2n+5)/18) (Kendall's S variance, no ties; Hollander & Wolfe §9.4).
 *
 * Why this fit: up to 29 % of the points can be wild (a spike, a half-written scan, a drop) without
 * moving the slope, it needs no model of the noise, and it is exact on exact lines. Its cost is the
 * square of the points, so callers resample first (resample.ts) and pass at most a few dozen.
 *
 * Invariants:
 * - Pairs closer in time than `minDtMs` are skipped, so no slope divides by (almost) zero; with finite
 *   inputs bounded by MAX_BYTES every slope is finite.
 * - The interval is Sen's, which assumes independent errors: on autocorrelated series (bursts,
 *   sawtooth) it is too narrow, and callers say so in their confidence rather than here.
 * - Null when fewer than two pairs remain.
 */
import { DAY_MS } from "../model/units";
import { selectKth } from "./order-statistics";

export interface SlopeFit {
  /** Median pair slope, per day (value units / day). */
  slope: number;
  /** Sen's interval at the requested level. */
  low: number;
  high: number;
  /** Points and pairs the fit used. */
  points: number;
  pairs: number;
}

/** z for a two-sided 80 % interval: the 90th percentile of the standard normal. */
export const Z_80 = 1.2815515655446004;

/**
 * Theil–Sen over the points [start, end) of (t in ms, y). `scratch` (length ≥ n(n−1)/2) avoids an
 * allocation per call when fitting many series.
 */
export function theilSen(
  t: Float64Array,
  y: Float64Array,
  start = 0,
  end = Math.min(t.length, y.length),
  options: { z?: number; minDtMs?: number; scratch?: Float64Array } = {},
): SlopeFit | null {
  const lo = Math.max(0, start);
  const hi = Math.min(end, t.length, y.length);
  const n = hi - lo;
  if (n < 2) return null;
  const z = options.z ?? Z_80;
  const minDt = options.minDtMs ?? 0;
  const need = (n * (n - 1)) / 2;
  const slopes = options.scratch && options.scratch.length >= need ? options.scratch : new Float64Array(need);
  // A local copy: an imported binding read in the inner loop can cost a getter call per pair.
  const perDay = DAY_MS;
  let m = 0;
  for (let i = lo; i < hi; i++) {
    const ti = t[i]!;
    const yi = y[i]!;
    for (let j = i + 1; j < hi; j++) {
      const dt = t[j]! - ti;
      if (!(dt > minDt)) continue;
      slopes[m++] = ((y[j]! - yi) / dt) * perDay;
    }
  }
  if (m < 2) return null;
  const mid = m >> 1;
  const upperMid = selectKth(slopes, mid, 0, m - 1);
  let slope = upperMid;
  if (m % 2 === 0) {
    let lowerMid = -Infinity;
    for (let i = 0; i < mid; i++) if (slopes[i]! > lowerMid) lowerMid = slopes[i]!;
    slope = lowerMid / 2 + upperMid / 2;
  }
  const c = z * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const lowIdx = Math.min(mid, Math.max(0, Math.floor((m - c) / 2)));
  const highIdx = Math.max(mid, Math.min(m - 1, Math.ceil((m + c) / 2)));
  const low = lowIdx === mid ? upperMid : selectKth(slopes, lowIdx, 0, mid - 1);
  const high = highIdx === mid ? upperMid : selectKth(slopes, highIdx, mid + 1, m - 1);
  return { slope, low: Math.min(low, slope), high: Math.max(high, slope), points: n, pairs: m };
}
