/**
 * Axis ticks for skew charts (max ÷ mean, 1.00× is even): from 0 to the first tick at or above the
 * largest value and at least 1.5×, 0.5× apart up to 4× and 1× apart up to 10×, so 1.00× is always a
 * tick. Past 10× the step is 1, 2 or 5 × 10ⁿ, keeping at most 11 steps, with 1× added as a tick of
 * its own. Values that are not finite (a mean that overflowed or underflowed) are left out, so the
 * list stays short and finite for every input.
 */

/** Largest number of steps past 10×; the first rule gives at most 10 (1× apart up to 10×). */
const MAX_STEPS = 10;

function roundStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

export function skewTicks(values: Iterable<number>): number[] {
  let top = 1.5;
  for (const v of values) if (Number.isFinite(v) && v > top) top = v;
  if (top <= 10) {
    const step = top > 4 ? 1 : 0.5;
    return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
  }
  // top ≤ Number.MAX_VALUE: a step of at least top / MAX_STEPS reaches it in MAX_STEPS, and stays finite below 1.8e307.
  const step = roundStep(top / MAX_STEPS);
  const ticks = [0, 1];
  for (let i = 1; i <= MAX_STEPS + 1; i++) {
    const t = i * step;
    if (!Number.isFinite(t)) {
      ticks.push(top);
      break;
    }
    if (t > 1) ticks.push(t);
    if (t >= top) break;
  }
  return ticks;
}
