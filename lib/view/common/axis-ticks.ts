/**
 * Round axis ticks for byte charts. Charts otherwise split the range evenly and print
 * "232.8 GiB, 465.7 GiB"; an operator reads "200 GiB, 400 GiB" at a glance. Steps are 1, 2, 2.5
 * or 5 × 10ⁿ of the binary unit that fits the maximum, so labels stay short in formatBytes.
 *
 * The maximum comes from a snapshot anyone can share, so every finite double must give a short,
 * finite list: a maximum below the smallest normal double (0, -0, subnormals such as 5e-324,
 * negatives) draws the single tick 0, since 10 ** n underflows to 0 there and a zero step never
 * advances; the list never holds more than `count` + 2 ticks; and a tick that would overflow to
 * Infinity near Number.MAX_VALUE is replaced by the maximum itself.
 */
import { formatBytes } from "@/lib/model/format";
import { MIN_NORMAL } from "@/lib/model/finite-number";

const UNIT = 1024;
/** Ticks a caller may ask for: an axis with more is unreadable, and the loop stays short. */
const MAX_COUNT = 50;

/** The round step at or above `raw`, a positive normal double (never 0). */
function niceStep(raw: number): number {
  if (!(raw >= MIN_NORMAL)) return MIN_NORMAL;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** Ticks from 0 up to the first round value at or above `max`, about `count` of them. */
export function niceByteTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || !(max >= MIN_NORMAL)) return [0];
  const n = Number.isFinite(count) ? Math.min(MAX_COUNT, Math.max(1, Math.round(count))) : 4;
  let unit = 1;
  while (max / unit >= UNIT && unit < UNIT ** 5) unit *= UNIT;
  const step = niceStep(max / unit / n) * unit;
  if (!Number.isFinite(step)) return [0, max];
  const ticks: number[] = [];
  // step ≥ max / n, so n + 1 ticks reach max; the bound only guards against rounding.
  for (let i = 0; i < n + 2; i++) {
    const t = i * step;
    if (!Number.isFinite(t)) {
      ticks.push(max);
      break;
    }
    ticks.push(t);
    if (t >= max - 1e-9 * step) break;
  }
  return ticks;
}

/** An axis label: formatBytes without a trailing ".0" ("250 GiB"), since ticks are round anyway. */
export function formatAxisBytes(bytes: number): string {
  return formatBytes(bytes).replace(/\.0 /, " ");
}

/**
 * Round ticks for counts (partitions, leaders): 0 up to the first multiple of a 1, 2, 2.5 or 5 × 10ⁿ
 * step at or above `max`, about `count` steps, whole numbers only (a step is never below 1).
 */
export function niceCountTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || !(max > 0)) return [0, 1];
  const n = Number.isFinite(count) ? Math.min(MAX_COUNT, Math.max(1, Math.round(count))) : 4;
  const raw = max / n;
  const power = 10 ** Math.floor(Math.log10(raw));
  let step = 10 * power;
  for (const m of [1, 2, 2.5, 5]) {
    if (m * power >= raw) {
      step = m * power;
      break;
    }
  }
  step = Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let i = 0; i < n + 2; i++) {
    ticks.push(i * step);
    if (i * step >= max) break;
  }
  return ticks;
}
