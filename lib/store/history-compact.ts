/**
 * Downsampling with age (history-settings.ts for the tiers, history-buckets.ts for the folding rule):
 * every-scan points older than the raw cut fold into hourly points, hourly points older than the
 * hourly cut into daily points, daily points older than the daily cut are dropped; the cluster's scan
 * entries likewise.
 *
 * Invariants:
 * - Idempotent: a compaction folds only chunks wholly before a cut, deletes them in the same
 *   transaction, and never folds into a bucket the coarser tier already has (points arriving for it
 *   later are late duplicates and are dropped). Running it again at the same time changes nothing.
 * - Bounded work per transaction: series are folded `BATCH` at a time, so a writer waits at most one
 *   batch (and a failure midway leaves every batch before it done, the rest for the next run).
 */
import { bucketColumns, type SeriesColumns } from "@/lib/model/history-buckets";
import { compactionCuts, type CompactionCuts, type HistoryRetention } from "@/lib/model/history-settings";
import { ChunkTable, LAYOUTS, TIER_BUCKET_MS, TIER_SPAN_MS, Tier, type SeriesKind } from "./history-chunks";
import type { ScanTable } from "./history-scans";

/** 256 series a transaction: a few milliseconds of work each time the lock is held. */
const BATCH = 256;

export interface CompactionResult {
  /** Chunks folded into a coarser tier or dropped. */
  chunks: number;
  /** Scan entries folded or dropped. */
  scans: number;
}

export function cutsAt(nowMs: number, retention: HistoryRetention): CompactionCuts {
  return compactionCuts(nowMs, retention, { rawChunkMs: TIER_SPAN_MS[Tier.Raw], hourlyChunkMs: TIER_SPAN_MS[Tier.Hourly] });
}

/**
 * Compacts one cluster's history, one transaction per BATCH series; yields after each, so a caller on a
 * server's thread can let requests through in between (`compactCluster` runs it through at once).
 * Returns what it folded.
 */
export function* compactClusterSteps(chunks: ChunkTable, scans: ScanTable, cluster: string, nowMs: number, retention: HistoryRetention): Generator<void, CompactionResult> {
  const cuts = cutsAt(nowMs, retention);
  const db = chunks.database;
  const series = chunks.allSeriesOf(cluster);
  let folded = 0;
  const batch = db.transaction((ids: { id: number; kind: SeriesKind }[]) => {
    for (const { id, kind } of ids) {
      chunks.flushTails(id, cuts.rawBefore);
      folded += foldTier(chunks, id, kind, Tier.Raw, Tier.Hourly, cuts.rawBefore);
      folded += foldTier(chunks, id, kind, Tier.Hourly, Tier.Daily, cuts.hourlyBefore);
      folded += dropBefore(chunks, id, kind, cuts.dailyBefore);
    }
  });
  for (let i = 0; i < series.length; i += BATCH) {
    batch.immediate(series.slice(i, i + BATCH));
    yield;
  }
  let scanEntries = 0;
  db.transaction(() => {
    scanEntries = scans.compact(cluster, cuts);
    scans.setCompactedAt(cluster, nowMs);
  }).immediate();
  return { chunks: folded, scans: scanEntries };
}

export function compactCluster(chunks: ChunkTable, scans: ScanTable, cluster: string, nowMs: number, retention: HistoryRetention): CompactionResult {
  const steps = compactClusterSteps(chunks, scans, cluster, nowMs, retention);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Folds the series' `from` chunks that lie before `before` into `to`; returns the chunks folded. */
function foldTier(chunks: ChunkTable, id: number, kind: SeriesKind, from: Tier, to: Tier, before: number): number {
  const { series, starts } = chunks.readBefore(id, kind, from, before);
  if (starts.length === 0) return 0;
  const bucketMs = TIER_BUCKET_MS[to];
  const span = TIER_SPAN_MS[to];
  const folded = bucketColumns(series, bucketMs, LAYOUTS[kind].rules, { round: true });
  const n = folded.t.length;
  let i = 0;
  while (i < n) {
    const spanStart = Math.floor(folded.t[i]! / span) * span;
    let j = i;
    while (j < n && Math.floor(folded.t[j]! / span) * span === spanStart) j++;
    const existing = chunks.readSpan(id, kind, to, spanStart);
    const have = new Set(existing.t.map((t) => Math.floor(t / bucketMs)));
    const added: number[] = [];
    for (let k = i; k < j; k++) if (!have.has(Math.floor(folded.t[k]! / bucketMs))) added.push(k);
    if (added.length > 0) chunks.writeSpan(id, kind, to, spanStart, merge(existing, folded, added), bucketMs);
    i = j;
  }
  chunks.deleteBefore(id, from, before);
  return starts.length;
}

/** `existing` with the points of `extra` at `indexes`, oldest first. */
function merge(existing: SeriesColumns, extra: SeriesColumns, indexes: number[]): SeriesColumns {
  const order = [...existing.t.map((t, i) => ({ t, from: existing, i })), ...indexes.map((i) => ({ t: extra.t[i]!, from: extra, i }))].sort((a, b) => a.t - b.t);
  return {
    t: order.map((o) => o.t),
    values: existing.values.map((_, c) => order.map((o) => o.from.values[c]![o.i]!)),
    tags: order.map((o) => o.from.tags[o.i]!),
  };
}

/** Drops the series' daily points before `before` (rewriting a chunk that straddles it); returns the spans changed. */
function dropBefore(chunks: ChunkTable, id: number, kind: SeriesKind, before: number): number {
  const { starts } = chunks.readBefore(id, kind, Tier.Daily, before);
  if (starts.length === 0) return 0;
  const span = TIER_SPAN_MS[Tier.Daily];
  let changed = 0;
  for (const spanStart of new Set(starts.map((s) => Math.floor(s / span) * span))) {
    const kept = chunks.readSpan(id, kind, Tier.Daily, spanStart);
    const keep = kept.t.map((t, i) => (t >= before ? i : -1)).filter((i) => i >= 0);
    if (keep.length === kept.t.length) continue;
    chunks.writeSpan(id, kind, Tier.Daily, spanStart, merge({ t: [], values: kept.values.map(() => []), tags: [] }, kept, keep), TIER_BUCKET_MS[Tier.Daily]);
    changed += 1;
  }
  return changed;
}
