/**
 * Order statistics without sorting: the k-th smallest of a Float64Array in linear expected time
 * (Hoare's selection with a median-of-three pivot), and a median on top of it.
 *
 * Invariants:
 * - `selectKth` rearranges a[lo..hi] in place so that a[k] holds the k-th smallest (0-based) of that
 *   range, everything before it is ≤ a[k] and everything after is ≥ a[k].
 * - The values must not be NaN (the callers only pass finite numbers). Every loop shrinks the range,
 *   so it ends for any input; a crafted input can make it quadratic, which on the fits' bounded
 *   arrays (a few thousand values) stays small.
 */

function swap(a: Float64Array, i: number, j: number): void {
  const tmp = a[i]!;
  a[i] = a[j]!;
  a[j] = tmp;
}

/** Puts the k-th smallest of a[lo..hi] (inclusive) at a[k]; returns it. */
export function selectKth(a: Float64Array, k: number, lo = 0, hi = a.length - 1): number {
  if (hi < lo || k < lo || k > hi) return NaN;
  while (hi > lo) {
    const mid = lo + ((hi - lo) >> 1);
    // Median of three as the pivot, moved to a[lo].
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    swap(a, lo, mid);
    const pivot = a[lo]!;
    let i = lo;
    let j = hi + 1;
    for (;;) {
      do i++;
      while (i <= hi && a[i]! < pivot);
      do j--;
      while (a[j]! > pivot);
      if (i >= j) break;
      swap(a, i, j);
    }
    swap(a, lo, j);
    if (j === k) return a[k]!;
    if (j > k) hi = j - 1;
    else lo = j + 1;
  }
  return a[k]!;
}

/** The median of a[0..length), rearranging a (unless there are at most three); NaN for no values. Even counts average the two middle values. */
export function medianInPlace(a: Float64Array, length: number = a.length): number {
  const n = Math.min(length, a.length);
  if (n <= 0) return NaN;
  // The fits take many medians of one to three values (a resampled bucket, a stretch's ends).
  if (n === 1) return a[0]!;
  if (n === 2) return a[0]! / 2 + a[1]! / 2;
  if (n === 3) {
    const x = a[0]!;
    const y = a[1]!;
    const z = a[2]!;
    return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
  }
  const upper = n >> 1;
  const hi = selectKth(a, upper, 0, n - 1);
  if (n % 2 === 1) return hi;
  let lo = -Infinity;
  for (let i = 0; i < upper; i++) if (a[i]! > lo) lo = a[i]!;
  return lo / 2 + hi / 2;
}

/** The median of some numbers (copied, not rearranged); NaN values are skipped; NaN when none is left. */
export function median(values: ArrayLike<number>): number {
  const copy = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === v) copy[n++] = v;
  }
  return medianInPlace(copy, n);
}
