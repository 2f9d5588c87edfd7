/**
 * Finding the drops in a dir's bytes: data moved out (an intra- or inter-broker reassignment), a topic
 * deleted, retention shortened. A drop is a fall between consecutive points that is both large for the
 * dir (at least DROP_MIN_SHARE of its bytes) and large for the series (DROP_SIGMAS robust standard
 * deviations of its point-to-point changes), and that lasts: the median of the (up to) three points
 * after it sits below the median of the three before it by as much, once the typical change between
 * them is allowed for. A single low or high point is an
 * outlier, not a drop.
 *
 * Drops closer than DROP_MERGE_MS form one event (a reassignment moves partitions one after the other).
 *
 * Invariants: the input is compact (no NaN) and oldest first; one pass plus a median of at most
 * SCALE_SAMPLES differences, so linear in the points.
 */
import { HOUR_MS } from "../model/units";
import { medianInPlace } from "./order-statistics";

/** 1.5 %: below this a fall is retention deleting a segment or noise, not data leaving the dir. */
export const DROP_MIN_SHARE = 0.015;
/** How many robust standard deviations of the point-to-point changes a drop must exceed. */
export const DROP_SIGMAS = 8;
/** Drops within 6 hours of each other are one event (one reassignment's batches). */
export const DROP_MERGE_MS = 6 * HOUR_MS;
/** The noise scale is measured on at most this many evenly spaced differences. */
export const SCALE_SAMPLES = 63;
/** 1.4826: the median absolute deviation of a normal distribution is 1/1.4826 of its σ. */
const MAD_TO_SIGMA = 1.4826;

export interface DropStep {
  /** Index of the first point after the fall. */
  index: number;
  bytes: number;
}

export interface DropEvent {
  /** Time of the first point after the event's first fall (ms). */
  atMs: number;
  /** Index of the first point after the event's last fall. */
  endIndex: number;
  /** Bytes that left, over all its falls. */
  bytes: number;
  steps: DropStep[];
}

function medianOfFew(y: Float64Array, from: number, to: number): number {
  const n = to - from;
  if (n <= 0) return NaN;
  if (n === 1) return y[from]!;
  if (n === 2) return y[from]! / 2 + y[from + 1]! / 2;
  const a = y[from]!;
  const b = y[from + 1]!;
  const c = y[from + 2]!;
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/** The median point-to-point change of y[0..n) and a robust σ of the changes. `buffer` (≥ SCALE_SAMPLES long) is reused. */
export function changeScale(y: Float64Array, n: number, buffer: Float64Array = new Float64Array(SCALE_SAMPLES)): { median: number; sigma: number } {
  if (n < 3) return { median: 0, sigma: 0 };
  const diffs = n - 1;
  const k = Math.min(diffs, SCALE_SAMPLES, buffer.length);
  const sample = buffer;
  for (let s = 0; s < k; s++) {
    const i = 1 + Math.floor((s * diffs) / k);
    sample[s] = y[i]! - y[i - 1]!;
  }
  const mid = medianInPlace(sample, k);
  for (let s = 0; s < k; s++) sample[s] = Math.abs(sample[s]! - mid);
  return { median: mid, sigma: MAD_TO_SIGMA * medianInPlace(sample, k) };
}

/** The drop events in (t, y)[0..n), oldest first. */
export function findDrops(t: Float64Array, y: Float64Array, n: number = Math.min(t.length, y.length), buffer?: Float64Array): DropEvent[] {
  const len = Math.min(n, t.length, y.length);
  const events: DropEvent[] = [];
  if (len < 3) return events;
  const scale = changeScale(y, len, buffer);
  const floor = DROP_SIGMAS * scale.sigma;
  // A drop needs two points after it to show it lasts: the newest point alone could be an outlier.
  for (let i = 1; i <= len - 2; i++) {
    const prev = y[i - 1]!;
    const threshold = Math.max(DROP_MIN_SHARE * prev, floor);
    if (!(y[i]! - prev < -threshold)) continue;
    const from = Math.max(0, i - 3);
    const to = Math.min(len, i + 3);
    const before = medianOfFew(y, from, i);
    const after = medianOfFew(y, i, to);
    // The two medians sit (centre to centre) this many steps apart; the typical change over them is growth, not drop.
    const steps = (i + to - 1) / 2 - (from + i - 1) / 2;
    const bytes = before - after + scale.median * steps;
    if (!(bytes > threshold)) continue;
    const last = events[events.length - 1];
    if (last && t[i]! - t[last.endIndex]! <= DROP_MERGE_MS) {
      last.endIndex = i;
      last.bytes += bytes;
      last.steps.push({ index: i, bytes });
    } else {
      events.push({ atMs: t[i]!, endIndex: i, bytes, steps: [{ index: i, bytes }] });
    }
    i += 2;
  }
  return events;
}
