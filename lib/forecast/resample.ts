/**
 * Resampling a series onto at most `buckets` equal time buckets: the mean time and the median value of
 * the points in each bucket, empty buckets left out.
 *
 * Why: the store mixes 5-minute, hourly and daily points, and a fit over pairs of points costs the
 * square of their number. Equal buckets weigh each stretch of time the same whatever its scan rate and
 * bound the fit's cost whatever the input's length. The median (not the mean) keeps a wild point from
 * spoiling its bucket, so the fit's robustness survives resampling.
 *
 * Invariants:
 * - The input is in time order (callers pass windowSamples' columns); a point older than the one before
 *   it is counted in the current bucket, so the result still has at most `buckets` points, in order.
 * - Deterministic and linear in the points; NaN values are skipped; at most `buckets` results
 *   (at most 4,096, and at most the buffers' length when buffers are passed).
 * - Bucket i covers [from + i·w, from + (i+1)·w), the last one closed at `to`; points outside
 *   [from, to] are ignored.
 */
import { medianInPlace } from "./order-statistics";

export interface Resampled {
  /** Mean time of each non-empty bucket (ms), increasing. */
  t: Float64Array;
  /** Median value in the bucket. */
  y: Float64Array;
  length: number;
  /** Bucket width (ms). */
  widthMs: number;
}

/** Buffers for `resample`, reused between calls; the result's t and y are these buffers' t and y. */
export interface ResampleBuffers {
  t: Float64Array;
  y: Float64Array;
  /** Room for one bucket's values; grown when a bucket holds more. */
  values: Float64Array;
}

export function resampleBuffers(buckets: number, valuesPerBucket = 16): ResampleBuffers {
  const b = Math.max(1, Math.min(4096, Math.floor(buckets) || 1));
  return { t: new Float64Array(b), y: new Float64Array(b), values: new Float64Array(Math.max(1, valuesPerBucket)) };
}

/** The points [start, end) of (t, y), resampled onto `buckets` buckets spanning [fromMs, toMs]. */
export function resample(
  t: Float64Array,
  y: Float64Array,
  start: number,
  end: number,
  fromMs: number,
  toMs: number,
  buckets: number,
  buffers: ResampleBuffers = resampleBuffers(buckets),
): Resampled {
  const b = Math.max(1, Math.min(4096, buffers.t.length, buffers.y.length, Math.floor(buckets) || 1));
  const span = toMs - fromMs;
  const widthMs = span > 0 && Number.isFinite(span) ? span / b : 0;
  const lo = Math.max(0, start);
  const hi = Math.min(end, t.length, y.length);
  // No closure over these: a captured mutable double is boxed on every update.
  let n = 0;
  let bucket = -1;
  let sumT = 0;
  let count = 0;
  for (let i = lo; i < hi; i++) {
    const ti = t[i]!;
    const yi = y[i]!;
    if (yi !== yi || !(ti >= fromMs && ti <= toMs)) continue;
    let k = widthMs > 0 ? Math.floor((ti - fromMs) / widthMs) : 0;
    if (k >= b) k = b - 1;
    if (k < bucket) k = bucket;
    if (k !== bucket) {
      if (count > 0) {
        buffers.t[n] = fromMs + sumT / count;
        buffers.y[n] = medianInPlace(buffers.values, count);
        n++;
      }
      bucket = k;
      sumT = 0;
      count = 0;
    }
    if (count === buffers.values.length) {
      const grown = new Float64Array(buffers.values.length * 2);
      grown.set(buffers.values);
      buffers.values = grown;
    }
    buffers.values[count++] = yi;
    sumT += ti - fromMs;
  }
  if (count > 0) {
    buffers.t[n] = fromMs + sumT / count;
    buffers.y[n] = medianInPlace(buffers.values, count);
    n++;
  }
  return { t: buffers.t, y: buffers.y, length: n, widthMs };
}
