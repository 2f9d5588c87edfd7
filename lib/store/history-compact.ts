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
 * Compacts one cluster's history, one write transaction per BATCH series, letting the event loop run
 * between them (a 1,000-broker cluster's compaction is a few seconds of work). Resolves with what it folded.
 */
export async function compactCluster(chunks: ChunkTable, scans: ScanTable, cluster: string, nowMs: number, retention: HistoryRetention): Promise<CompactionResult> {
  const cuts = cutsAt(nowMs, retention);
  const db = chunks.database;
  const series = await chunks.allSeriesOf(cluster);
  let folded = 0;
  for (let i = 0; i < series.length; i += BATCH) {
    await db.transaction(async () => {
      for (const { id, kind } of series.slice(i, i + BATCH)) {
        await chunks.flushTails(id, cuts.rawBefore);
        folded += await foldTier(chunks, id, kind, Tier.Raw, Tier.Hourly, cuts.rawBefore);
        folded += await foldTier(chunks, id, kind, Tier.Hourly, Tier.Daily, cuts.hourlyBefore);
        folded += await dropBefore(chunks, id, kind, cuts.dailyBefore);
      }
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  const scanEntries = await db.transaction(async () => {
    const n = await scans.compact(cluster, cuts);
    await scans.setCompactedAt(cluster, nowMs);
    return n;
  });
  return { chunks: folded, scans: scanEntries };
}

/** Folds the series' `from` chunks that lie before `before` into `to`; returns the chunks folded. */
async function foldTier(chunks: ChunkTable, id: number, kind: SeriesKind, from: Tier, to: Tier, before: number): Promise<number> {
  const { series, starts } = await chunks.readBefore(id, kind, from, before);
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
    const existing = await chunks.readSpan(id, kind, to, spanStart);
    const have = new Set(existing.t.map((t) => Math.floor(t / bucketMs)));
    const added: number[] = [];
    for (let k = i; k < j; k++) if (!have.has(Math.floor(folded.t[k]! / bucketMs))) added.push(k);
    if (added.length > 0) await chunks.writeSpan(id, kind, to, spanStart, merge(existing, folded, added), bucketMs);
    i = j;
  }
  await chunks.deleteBefore(id, from, before);
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
async function dropBefore(chunks: ChunkTable, id: number, kind: SeriesKind, before: number): Promise<number> {
  const { starts } = await chunks.readBefore(id, kind, Tier.Daily, before);
  if (starts.length === 0) return 0;
  const span = TIER_SPAN_MS[Tier.Daily];
  let changed = 0;
  for (const spanStart of new Set(starts.map((s) => Math.floor(s / span) * span))) {
    const kept = await chunks.readSpan(id, kind, Tier.Daily, spanStart);
    const keep = kept.t.map((t, i) => (t >= before ? i : -1)).filter((i) => i >= 0);
    if (keep.length === kept.t.length) continue;
    await chunks.writeSpan(id, kind, Tier.Daily, spanStart, merge({ t: [], values: kept.values.map(() => []), tags: [] }, kept, keep), TIER_BUCKET_MS[Tier.Daily]);
    changed += 1;
  }
  return changed;
}
