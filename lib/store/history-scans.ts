/**
 * The history's per-cluster tables (sqlite.ts migration 4, postgres-migrations.ts migration 3): `history_scans` (each scan's outcome and figures,
 * folded per hour and day like the points) and `history_clusters` (the last scan, the last success
 * and the last compaction, exact whatever has been folded).
 */
import type { ClusterFigures } from "@/lib/model/history-figures";
import { foldScans, type ScanEntry } from "@/lib/model/history-scans";
import type { CompactionCuts } from "@/lib/model/history-settings";
import { DAY_MS, HOUR_MS } from "@/lib/model/history-settings";
import { Tier } from "./history-chunks";
import type { SqlDb } from "./sql";

export interface ScanSummary {
  cluster: string;
  at: number;
  ok: boolean;
  durationMs: number;
  error: string | null;
}

interface ScanRow {
  at: number;
  tier: number;
  ok: number;
  failed: number;
  duration_ms: number;
  error: string | null;
  figures: string | null;
}

interface ClusterRow {
  last_at: number | null;
  last_ok: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  success_at: number | null;
  success_duration_ms: number | null;
  compacted_at: number;
}

const entryOf = (r: ScanRow): ScanEntry => ({
  at: r.at,
  ok: r.ok,
  failed: r.failed,
  durationMs: r.duration_ms,
  error: r.error,
  figures: r.figures ? (JSON.parse(r.figures) as ClusterFigures) : null,
});

const SQL = {
  insert: `INSERT INTO history_scans (cluster, at, tier, ok, failed, duration_ms, error, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (cluster, at) DO UPDATE SET tier = excluded.tier, ok = excluded.ok, failed = excluded.failed, duration_ms = excluded.duration_ms, error = excluded.error, figures = excluded.figures`,
  between: `SELECT at, tier, ok, failed, duration_ms, error, figures FROM history_scans WHERE cluster = ? AND at >= ? AND at <= ? ORDER BY at`,
  tierBefore: `SELECT at, tier, ok, failed, duration_ms, error, figures FROM history_scans WHERE cluster = ? AND tier = ? AND at < ? ORDER BY at`,
  tierIn: `SELECT 1 AS found FROM history_scans WHERE cluster = ? AND tier = ? AND at >= ? AND at < ? LIMIT 1`,
  deleteTierBefore: `DELETE FROM history_scans WHERE cluster = ? AND tier = ? AND at < ?`,
  cluster: `SELECT last_at, last_ok, last_duration_ms, last_error, success_at, success_duration_ms, compacted_at FROM history_clusters WHERE cluster = ?`,
  success: `INSERT INTO history_clusters (cluster, last_at, last_ok, last_duration_ms, last_error, success_at, success_duration_ms) VALUES (?, ?, 1, ?, NULL, ?, ?)
    ON CONFLICT (cluster) DO UPDATE SET
      last_at = excluded.last_at, last_ok = 1, last_duration_ms = excluded.last_duration_ms, last_error = NULL,
      success_at = excluded.success_at, success_duration_ms = excluded.success_duration_ms
    WHERE history_clusters.last_at IS NULL OR history_clusters.last_at <= excluded.last_at`,
  failure: `INSERT INTO history_clusters (cluster, last_at, last_ok, last_duration_ms, last_error) VALUES (?, ?, 0, ?, ?)
    ON CONFLICT (cluster) DO UPDATE SET last_at = excluded.last_at, last_ok = 0, last_duration_ms = excluded.last_duration_ms, last_error = excluded.last_error
    WHERE history_clusters.last_at IS NULL OR history_clusters.last_at <= excluded.last_at`,
  compacted: `INSERT INTO history_clusters (cluster, compacted_at) VALUES (?, ?) ON CONFLICT (cluster) DO UPDATE SET compacted_at = excluded.compacted_at`,
  clusters: `SELECT cluster FROM history_clusters ORDER BY cluster`,
  recorded: `SELECT 1 AS found FROM history_scans WHERE cluster = ? AND at = ? AND ok > 0`,
} as const;

export class ScanTable {
  constructor(private readonly db: SqlDb) {}

  /** Records a scan; the cluster's last scan (and last success) move only forwards in time. */
  async record(cluster: string, at: number, durationMs: number, outcome: { figures: ClusterFigures } | { error: string }): Promise<void> {
    const duration = Math.max(0, Math.round(durationMs));
    if ("figures" in outcome) {
      await this.db.run(SQL.insert, [cluster, at, Tier.Raw, 1, 0, duration, null, JSON.stringify(outcome.figures)]);
      await this.db.run(SQL.success, [cluster, at, duration, at, duration]);
    } else {
      await this.db.run(SQL.insert, [cluster, at, Tier.Raw, 0, 1, duration, outcome.error, null]);
      await this.db.run(SQL.failure, [cluster, at, duration, outcome.error]);
    }
  }

  /** Whether a successful scan at exactly `at` is recorded: its points are stored (the key a repeated write is recognised by). */
  async recorded(cluster: string, at: number): Promise<boolean> {
    return (await this.db.get(SQL.recorded, [cluster, at])) !== undefined;
  }

  /** Entries with fromMs ≤ at ≤ toMs, oldest first. */
  async between(cluster: string, fromMs: number, toMs: number): Promise<ScanEntry[]> {
    return (await this.db.all<ScanRow>(SQL.between, [cluster, fromMs, toMs])).map(entryOf);
  }

  /** The last scan and the last success (null when never). */
  async last(cluster: string): Promise<{ last: ScanSummary | null; lastSuccess: ScanSummary | null }> {
    const row = await this.db.get<ClusterRow>(SQL.cluster, [cluster]);
    if (!row || row.last_at === null) return { last: null, lastSuccess: null };
    const last: ScanSummary = { cluster, at: row.last_at, ok: row.last_ok === 1, durationMs: row.last_duration_ms ?? 0, error: row.last_error };
    const lastSuccess: ScanSummary | null = row.success_at === null ? null : { cluster, at: row.success_at, ok: true, durationMs: row.success_duration_ms ?? 0, error: null };
    return { last, lastSuccess };
  }

  async compactedAt(cluster: string): Promise<number> {
    return (await this.db.get<ClusterRow>(SQL.cluster, [cluster]))?.compacted_at ?? 0;
  }

  async setCompactedAt(cluster: string, nowMs: number): Promise<void> {
    await this.db.run(SQL.compacted, [cluster, nowMs]);
  }

  /** Clusters the history has recorded (or compacted). */
  async clusters(): Promise<string[]> {
    return (await this.db.all<{ cluster: string }>(SQL.clusters)).map((r) => r.cluster);
  }

  /** Folds the cluster's entries as the cuts say (history-settings.ts); call inside a transaction. Resolves with the entries folded or dropped. */
  async compact(cluster: string, cuts: CompactionCuts): Promise<number> {
    let changed = await this.fold(cluster, Tier.Raw, Tier.Hourly, cuts.rawBefore, HOUR_MS);
    changed += await this.fold(cluster, Tier.Hourly, Tier.Daily, cuts.hourlyBefore, DAY_MS);
    changed += (await this.db.run(SQL.deleteTierBefore, [cluster, Tier.Daily, cuts.dailyBefore])).changes;
    return changed;
  }

  private async fold(cluster: string, from: Tier, to: Tier, before: number, bucketMs: number): Promise<number> {
    const rows = (await this.db.all<ScanRow>(SQL.tierBefore, [cluster, from, before])).map(entryOf);
    if (rows.length === 0) return 0;
    for (const e of foldScans(rows, bucketMs)) {
      const bucket = Math.floor(e.at / bucketMs) * bucketMs;
      // A bucket folded before keeps what it has: entries arriving for it later are late duplicates.
      if (await this.db.get(SQL.tierIn, [cluster, to, bucket, bucket + bucketMs])) continue;
      await this.db.run(SQL.insert, [cluster, e.at, to, e.ok, e.failed, e.durationMs, e.error, e.figures ? JSON.stringify(e.figures) : null]);
    }
    return (await this.db.run(SQL.deleteTierBefore, [cluster, from, before])).changes;
  }
}
