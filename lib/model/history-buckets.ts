/**
 * Folding a series into coarser points: the one rule the history store downsamples with (5-minute
 * points into hours, hours into days) and thins a long series to a number of points a chart or a
 * forecast can take.
 *
 * The rule, per bucket of `stepMs` aligned to the epoch (UTC hours and days):
 * - the point's time is the mean of the times folded, so a gap inside the bucket moves it towards the
 *   scans that happened, and for steady growth the folded value sits on the line at that time;
 * - byte columns ("mean") are the mean of their known values: a retention sawtooth or a noisy scan
 *   becomes its level, which is what capacity planning reads (a last value would alias the sawtooth's
 *   phase); unknown values are left out, and a column unknown in the whole bucket stays unknown;
 * - counts, capacity and state ("last") are the bucket's last observation: a real value (no
 *   fractional partitions), and a disk resize or a dir going offline shows from the bucket it happened in.
 *
 * Series are columns (one array per column, NaN for unknown) so millions of points fold without one
 * object each. Input oldest first; output oldest first, one point per bucket that had any.
 */

export type FoldRule = "mean" | "last";

export interface SeriesColumns {
  /** ms since the epoch, oldest first */
  t: number[];
  /** One array per column, aligned with `t`; NaN where the value is unknown. */
  values: number[][];
  /** A small code per point (a dir's state), folded as a "last" column. */
  tags: number[];
}

export function emptyColumns(columns: number): SeriesColumns {
  return { t: [], values: Array.from({ length: columns }, () => []), tags: [] };
}

/**
 * Folds points, given one at a time oldest first, into buckets of `stepMs` (see the header), appending
 * one point per bucket to `out`. "mean" values are rounded to whole numbers when `round` is set
 * (bytes); times are always whole milliseconds. What bucketColumns runs, and what a reader streams
 * decoded points through when it needs no more than a number of points.
 */
export class BucketFolder {
  private bucket = NaN;
  private count = 0;
  private tSum = 0;
  private readonly sums: number[];
  private readonly known: number[];
  private readonly last: number[];
  private lastTag = 0;
  private readonly mean: boolean[];

  constructor(
    private readonly stepMs: number,
    rules: readonly FoldRule[],
    private readonly out: SeriesColumns,
    private readonly round = false,
  ) {
    if (!(stepMs > 0)) throw new RangeError(`bucketColumns: stepMs must be positive, got ${stepMs}`);
    if (rules.length !== out.values.length) throw new RangeError(`bucketColumns: ${rules.length} rules for ${out.values.length} columns`);
    this.mean = rules.map((r) => r === "mean");
    this.sums = rules.map(() => 0);
    this.known = rules.map(() => 0);
    this.last = rules.map(() => NaN);
  }

  add(t: number, values: ArrayLike<number>, tag: number): void {
    const bucket = Math.floor(t / this.stepMs);
    if (bucket !== this.bucket) {
      this.flush();
      this.bucket = bucket;
    }
    this.count += 1;
    this.tSum += t;
    for (let c = 0; c < this.mean.length; c++) {
      const v = values[c]!;
      this.last[c] = v;
      if (this.mean[c] && !Number.isNaN(v)) {
        this.sums[c]! += v;
        this.known[c]! += 1;
      }
    }
    this.lastTag = tag;
  }

  /** Ends the bucket in progress; returns the output. */
  flush(): SeriesColumns {
    if (this.count === 0) return this.out;
    this.out.t.push(Math.round(this.tSum / this.count));
    for (let c = 0; c < this.mean.length; c++) {
      if (this.mean[c]) {
        const known = this.known[c]!;
        const mean = known > 0 ? this.sums[c]! / known : NaN;
        this.out.values[c]!.push(this.round && known > 0 ? Math.round(mean) : mean);
        this.sums[c] = 0;
        this.known[c] = 0;
      } else {
        this.out.values[c]!.push(this.last[c]!);
      }
    }
    this.out.tags.push(this.lastTag);
    this.count = 0;
    this.tSum = 0;
    return this.out;
  }
}

/** Folds `series` into buckets of `stepMs` (see the header and BucketFolder). */
export function bucketColumns(series: SeriesColumns, stepMs: number, rules: readonly FoldRule[], options: { round?: boolean } = {}): SeriesColumns {
  if (rules.length !== series.values.length) throw new RangeError(`bucketColumns: ${rules.length} rules for ${series.values.length} columns`);
  const folder = new BucketFolder(stepMs, rules, emptyColumns(rules.length), options.round);
  const row = new Array<number>(rules.length);
  for (let i = 0; i < series.t.length; i++) {
    for (let c = 0; c < row.length; c++) row[c] = series.values[c]![i]!;
    folder.add(series.t[i]!, row, series.tags[i]!);
  }
  return folder.flush();
}

/**
 * The smallest whole-millisecond step whose aligned buckets over [firstMs, lastMs] number at most
 * `maxPoints` (at least 3); 0 when `count` points already fit. Buckets touched by a span are at most
 * floor(span / step) + 2, hence span / (maxPoints − 2).
 */
export function stepForMaxPoints(firstMs: number, lastMs: number, count: number, maxPoints: number): number {
  if (maxPoints < 3) throw new RangeError(`stepForMaxPoints: maxPoints must be at least 3, got ${maxPoints}`);
  if (count <= maxPoints) return 0;
  return Math.max(1, Math.ceil((lastMs - firstMs) / (maxPoints - 2)));
}

/** `series` thinned to at most `maxPoints` by bucketColumns (unchanged when it fits). */
export function thinColumns(series: SeriesColumns, maxPoints: number, rules: readonly FoldRule[], options: { round?: boolean } = {}): { series: SeriesColumns; stepMs: number } {
  const n = series.t.length;
  const step = n === 0 ? 0 : stepForMaxPoints(series.t[0]!, series.t[n - 1]!, n, maxPoints);
  return step === 0 ? { series, stepMs: 0 } : { series: bucketColumns(series, step, rules, options), stepMs: step };
}

/** The series ordered by time, stable: itself when already sorted, else a sorted copy (a clock stepping back can append out of order). */
export function sortColumns(series: SeriesColumns): SeriesColumns {
  const n = series.t.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (series.t[i]! < series.t[i - 1]!) sorted = false;
  if (sorted) return series;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => series.t[a]! - series.t[b]! || a - b);
  return { t: order.map((i) => series.t[i]!), values: series.values.map((col) => order.map((i) => col[i]!)), tags: order.map((i) => series.tags[i]!) };
}
