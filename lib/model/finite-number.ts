/**
 * Numbers from user data as the view helpers may loop, step or scale by them. A snapshot's byte
 * counts are any finite doubles ≥ 0, and helpers that divide, take logarithms or step by them must
 * stay finite and terminate for all of them: below the smallest normal double (2^-1022) powers of
 * ten underflow to 0 and ratios to Infinity, so such values count as 0.
 */

/** The smallest positive normal double, 2^-1022 ≈ 2.2e-308 (Number.MIN_VALUE, 5e-324, is subnormal). */
export const MIN_NORMAL = 2 ** -1022;

/** `x` when it is a finite normal double, else 0 (NaN, ±Infinity, ±0 and subnormals). */
export function normalOrZero(x: number): number {
  return Number.isFinite(x) && Math.abs(x) >= MIN_NORMAL ? x : 0;
}
