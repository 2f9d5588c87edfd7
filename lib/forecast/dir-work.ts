/**
 * One dir's window read and fitted: what the forecast needs from its history, gathered in one pass so
 * the points (objects spread over the heap) are read once.
 *
 * Invariants: the byte series fitted is the disk's used bytes when the newest point knows the dir's
 * capacity and used bytes, else Kafka's bytes (and Kafka's too when used bytes were reported only
 * lately); the buffers in `DirScratch` are reused from one dir to the next and nothing returned points
 * into them.
 */
import { fitGrowth, fitScratch, FIT_BUCKETS, MIN_FIT_POINTS, type FitScratch, type GrowthFit } from "./fit";
import { MAX_WINDOW_SAMPLES, emptySamples, newestOf, windowSamples, type ByteField, type DirSeries, type WindowSamples } from "./series";

export interface DirWork {
  series: DirSeries;
  /** Points the window held (read or skipped). */
  windowPoints: number;
  capacity: number | null;
  latestUsed: number | null;
  latestKafka: number | null;
  field: ByteField | null;
  fit: GrowthFit | null;
  /** Partition counts at the start and end of the window (medians of the first and last three samples) and when (the middle sample's time). */
  partitionsStart: number | null;
  partitionsNow: number | null;
  partitionsStartMs: number | null;
  partitionsNowMs: number | null;
  firstMs: number | null;
  lastMs: number | null;
  duplicate: boolean;
}

/** Buffers reused from one dir to the next: the sampled window and the compacted series a fit reads. */
export interface DirScratch {
  samples: WindowSamples;
  t: Float64Array;
  y: Float64Array;
  fit: FitScratch;
}

export function dirScratch(): DirScratch {
  return { samples: emptySamples(MAX_WINDOW_SAMPLES), t: new Float64Array(MAX_WINDOW_SAMPLES), y: new Float64Array(MAX_WINDOW_SAMPLES), fit: fitScratch(FIT_BUCKETS) };
}

/** Median of the first or last (up to) three known values of a column. */
export function endValue(values: Float64Array, length: number, fromEnd: boolean): number | null {
  let a = NaN;
  let b = NaN;
  let c = NaN;
  let found = 0;
  for (let k = 0; k < length && found < 3; k++) {
    const v = values[fromEnd ? length - 1 - k : k]!;
    if (v !== v) continue;
    if (found === 0) a = v;
    else if (found === 1) b = v;
    else c = v;
    found++;
  }
  if (found === 0) return null;
  if (found === 1) return a;
  if (found === 2) return a / 2 + b / 2;
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/** The known values of y[0..n) with their times, into the scratch buffers; returns how many. */
function compact(t: Float64Array, y: Float64Array, n: number, scratch: DirScratch): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = y[i]!;
    if (v !== v) continue;
    scratch.t[m] = t[i]!;
    scratch.y[m] = v;
    m++;
  }
  return m;
}

/** Reads and fits one dir's window ending at `nowMs`. */
export function readDir(series: DirSeries, nowMs: number, windowMs: number, scratch: DirScratch): DirWork {
  const newest = newestOf(series.points, nowMs);
  // The disk's own bytes when its capacity and used bytes are known now; else Kafka's.
  let field: ByteField | null =
    newest.totalBytes !== null && newest.usedBytes !== null ? "usedBytes" : newest.kafkaBytes !== null ? "kafkaBytes" : newest.usedBytes !== null ? "usedBytes" : null;
  let samples = windowSamples(series.points, nowMs - windowMs, nowMs, field ?? "kafkaBytes", scratch.samples);
  let m = compact(samples.t, samples.bytes, samples.length, scratch);
  if (field === "usedBytes" && m < MIN_FIT_POINTS && newest.kafkaBytes !== null) {
    // Used bytes reported only lately (capacity became known): Kafka's bytes have the history.
    field = "kafkaBytes";
    samples = windowSamples(series.points, nowMs - windowMs, nowMs, field, scratch.samples);
    m = compact(samples.t, samples.bytes, samples.length, scratch);
  }
  const n = samples.length;
  return {
    series,
    windowPoints: n + samples.skipped,
    capacity: newest.totalBytes,
    latestUsed: newest.usedBytes,
    latestKafka: newest.kafkaBytes,
    field,
    fit: field ? fitGrowth(scratch.t, scratch.y, m, nowMs, scratch.fit) : null,
    partitionsStart: endValue(samples.partitions, n, false),
    partitionsNow: endValue(samples.partitions, n, true),
    partitionsStartMs: n > 0 ? samples.t[Math.min(1, n - 1)]! : null,
    partitionsNowMs: n > 0 ? samples.t[Math.max(0, n - 2)]! : null,
    firstMs: n > 0 ? samples.t[0]! : null,
    lastMs: n > 0 ? samples.t[n - 1]! : null,
    duplicate: false,
  };
}
