// What the forecast tests share: builders of log-dir histories in the history store's form (DirPoint,
// oldest first), exact or with seeded noise, and a few hostile inputs.
import { JavaRandom } from "@/lib/placement";
import type { DirPoint, DirSeries } from "@/lib/forecast";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const GiB = 2 ** 30;
export const TiB = 2 ** 40;
/** A fixed "now" for every test: 2026-01-31T00:00:00Z. */
export const NOW = Date.UTC(2026, 0, 31);

export interface SeriesSpec {
  /** Used bytes at `t` (days from NOW, ≤ 0). */
  used: (day: number) => number;
  /** Partition count at `t`; default 10. */
  partitions?: (day: number) => number;
  /** Capacity; default 1 TiB; null = unknown (usedBytes null too). */
  capacity?: number | null;
  days?: number;
  stepMs?: number;
  /** Bytes that are not Kafka's; default 1 GiB. */
  other?: number;
}

/** Points every `stepMs` (default hourly) over the last `days` (default 14), ending at NOW. */
export function points(spec: SeriesSpec): DirPoint[] {
  const capacity = spec.capacity === undefined ? TiB : spec.capacity;
  const step = spec.stepMs ?? HOUR;
  const days = spec.days ?? 14;
  const other = spec.other ?? GiB;
  const out: DirPoint[] = [];
  for (let t = NOW - days * DAY; t <= NOW; t += step) {
    const day = (t - NOW) / DAY;
    const used = spec.used(day);
    out.push({ t, usedBytes: capacity === null ? null : used, kafkaBytes: Math.max(0, used - other), partitions: spec.partitions?.(day) ?? 10, totalBytes: capacity });
  }
  return out;
}

export function series(dir: string, spec: SeriesSpec, broker = 1): DirSeries {
  return { broker, dir, points: points(spec) };
}

/** A seeded source of standard normal draws (Box–Muller on java.util.Random). */
export function gaussians(seed: number): () => number {
  const rng = new JavaRandom(seed);
  const uniform = () => (rng.nextInt(1 << 30) + 0.5) / 2 ** 30;
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Columns (t in ms, y) of a line y = a + b·day, hourly over `days`, with optional noise. */
export function lineColumns(a: number, bytesPerDay: number, days = 14, noise: () => number = () => 0, stepMs = HOUR): { t: Float64Array; y: Float64Array } {
  const t: number[] = [];
  const y: number[] = [];
  for (let x = NOW - days * DAY; x <= NOW; x += stepMs) {
    const day = (x - NOW) / DAY;
    t.push(x);
    y.push(a + bytesPerDay * day + noise());
  }
  return { t: Float64Array.from(t), y: Float64Array.from(y) };
}

/** Values no byte count, count or time should be: every one must read as unknown, never throw. */
export const HOSTILE_NUMBERS: readonly unknown[] = [NaN, Infinity, -Infinity, -1, -0.5, 1e308, Number.MAX_VALUE, 2 ** 80, null, undefined, "12", {}, [], true];
