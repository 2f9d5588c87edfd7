/**
 * Round axis ticks for byte charts. Charts otherwise split the range evenly and print
 * "232.8 GiB, 465.7 GiB"; an operator reads "200 GiB, 400 GiB" at a glance. Steps are 1, 2, 2.5
 * or 5 × 10ⁿ of the binary unit that fits the maximum, so labels stay short in formatBytes.
 */
import { formatBytes } from "@/lib/model/format";

const UNIT = 1024;

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** Ticks from 0 up to the first round value at or above `max`, about `count` of them. */
export function niceByteTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0];
  let unit = 1;
  while (max / unit >= UNIT && unit < UNIT ** 5) unit *= UNIT;
  const step = niceStep(max / unit / count) * unit;
  const ticks: number[] = [];
  for (let t = 0; t < max + step - 1e-9 * step; t += step) ticks.push(t);
  return ticks;
}

/** An axis label: formatBytes without a trailing ".0" ("250 GiB"), since ticks are round anyway. */
export function formatAxisBytes(bytes: number): string {
  return formatBytes(bytes).replace(/\.0 /, " ");
}
