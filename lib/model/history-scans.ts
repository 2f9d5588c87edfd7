/**
 * The cluster-level history: one entry per scan (or, downsampled, per hour or day of scans) with its
 * outcome and the cluster's figures, and how entries fold into coarser ones.
 *
 * Invariants:
 * - A failed scan is an entry with no figures: a gap, never zeros. An entry folded from scans that all
 *   failed is still a gap; one with any success carries the mean of the successes' figures.
 * - Folding keeps the counts (`ok`, `failed` add up), so an hour shows "11 of 12 scans succeeded".
 * - The entry's time is the mean time of its successful scans (of all its scans when none succeeded),
 *   as for points (history-buckets.ts).
 */
import { meanFigures, type ClusterFigures } from "./history-figures";

export interface ScanEntry {
  at: number;
  /** Successful scans this entry stands for (1 or 0 for one scan). */
  ok: number;
  failed: number;
  durationMs: number;
  /** The last failure's message, when any failed. */
  error: string | null;
  figures: ClusterFigures | null;
}

/** Folds entries (oldest first) into buckets of `bucketMs` aligned to the epoch; oldest first. */
export function foldScans(entries: readonly ScanEntry[], bucketMs: number): ScanEntry[] {
  if (!(bucketMs > 0)) throw new RangeError(`foldScans: bucketMs must be positive, got ${bucketMs}`);
  const out: ScanEntry[] = [];
  let i = 0;
  while (i < entries.length) {
    const bucket = Math.floor(entries[i]!.at / bucketMs);
    let j = i;
    while (j < entries.length && Math.floor(entries[j]!.at / bucketMs) === bucket) j++;
    out.push(foldOne(entries.slice(i, j)));
    i = j;
  }
  return out;
}

function foldOne(group: readonly ScanEntry[]): ScanEntry {
  const succeeded = group.filter((e) => e.ok > 0);
  const timed = succeeded.length > 0 ? succeeded : group;
  const lastFailure = [...group].reverse().find((e) => e.failed > 0);
  return {
    at: Math.round(timed.reduce((s, e) => s + e.at, 0) / timed.length),
    ok: group.reduce((s, e) => s + e.ok, 0),
    failed: group.reduce((s, e) => s + e.failed, 0),
    durationMs: Math.round(group.reduce((s, e) => s + e.durationMs, 0) / group.length),
    error: lastFailure?.error ?? null,
    figures: meanFigures(succeeded.flatMap((e) => (e.figures ? [e.figures] : []))),
  };
}
