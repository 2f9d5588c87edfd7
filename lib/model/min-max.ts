/**
 * The smallest and largest of many numbers, in one loop. `Math.min(...xs)` and `Math.max(...xs)`
 * pass every element as a call argument and throw a RangeError (call stack exceeded) from about
 * 100,000 elements, a size a snapshot or scenario may have; these never do.
 *
 * Same answers as Math.min / Math.max otherwise: NaN if any value is NaN, -0 below +0, and for no
 * values at all Infinity (minOf) or -Infinity (maxOf), so `Math.max(0, maxOf(xs))` reads as before.
 */

/** The smallest value; Infinity when there are none. */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    if (v < min || (v === min && Object.is(v, -0))) min = v;
  }
  return min;
}

/** The largest value; -Infinity when there are none. */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    if (v > max || (v === max && Object.is(max, -0))) max = v;
  }
  return max;
}
