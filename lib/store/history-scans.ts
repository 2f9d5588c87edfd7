/**
 * The history's per-cluster tables (migration 4): `history_scans` (each scan's outcome and figures,
 * folded per hour and day like the points) and `history_clusters` (the last scan, the last success
 * and the last compaction, exact whatever has been folded).
 */
import type Database from "better-sqlite3";
import type { ClusterFigures } from "@/lib/model/history-figures";
import { foldScans, type ScanEntry } from "@/lib/model/history-scans";
import type { CompactionCuts } from "@/lib/model/history-settings";
import { DAY_MS, HOUR_MS } from "@/lib/model/history-settings";
import { Tier } from "./history-chunks";

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

const entryOf = (r: ScanRow): ScanEntry => ({ at: r.at, ok: r.ok, failed: r.failed, durationMs: r.duration_ms, error: r.error, figures: r.figures ? (JSON.parse(r.figures) as ClusterFigures) : null });

export class ScanTable {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      insert: db.prepare(`INSERT OR REPLACE INTO history_scans (cluster, at, tier, ok, failed, duration_ms, error, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      between: db.prepare(`SELECT at, tier, ok, failed, duration_ms, error, figures FROM history_scans WHERE cluster = ? AND at >= ? AND at <= ? ORDER BY at`),
      tierBefore: db.prepare(`SELECT at, tier, ok, failed, duration_ms, error, figures FROM history_scans WHERE cluster = ? AND tier = ? AND at < ? ORDER BY at`),
      tierIn: db.prepare(`SELECT 1 FROM history_scans WHERE cluster = ? AND tier = ? AND at >= ? AND at < ? LIMIT 1`),
      deleteTierBefore: db.prepare(`DELETE FROM history_scans WHERE cluster = ? AND tier = ? AND at < ?`),
      cluster: db.prepare(`SELECT last_at, last_ok, last_duration_ms, last_error, success_at, success_duration_ms, compacted_at FROM history_clusters WHERE cluster = ?`),
      success: db.prepare(
        `INSERT INTO history_clusters (cluster, last_at, last_ok, last_duration_ms, last_error, success_at, success_duration_ms) VALUES (@cluster, @at, 1, @duration, NULL, @at, @duration)
         ON CONFLICT (cluster) DO UPDATE SET
           last_at = excluded.last_at, last_ok = 1, last_duration_ms = excluded.last_duration_ms, last_error = NULL,
           success_at = excluded.success_at, success_duration_ms = excluded.success_duration_ms
         WHERE history_clusters.last_at IS NULL OR history_clusters.last_at <= excluded.last_at`,
      ),
      failure: db.prepare(
        `INSERT INTO history_clusters (cluster, last_at, last_ok, last_duration_ms, last_error) VALUES (@cluster, @at, 0, @duration, @error)
         ON CONFLICT (cluster) DO UPDATE SET last_at = excluded.last_at, last_ok = 0, last_duration_ms = excluded.last_duration_ms, last_error = excluded.last_error
         WHERE history_clusters.last_at IS NULL OR history_clusters.last_at <= excluded.last_at`,
      ),
      compacted: db.prepare(
        `INSERT INTO history_clusters (cluster, compacted_at) VALUES (?, ?) ON CONFLICT (cluster) DO UPDATE SET compacted_at = excluded.compacted_at`,
      ),
      clusters: db.prepare(`SELECT cluster FROM history_clusters ORDER BY cluster`),
    };
  }

  /** Records a scan; the cluster's last scan (and last success) move only forwards in time. */
  record(cluster: string, at: number, durationMs: number, outcome: { figures: ClusterFigures } | { error: string }): void {
    const duration = Math.max(0, Math.round(durationMs));
    if ("figures" in outcome) {
      this.statements.insert.run(cluster, at, Tier.Raw, 1, 0, duration, null, JSON.stringify(outcome.figures));
      this.statements.success.run({ cluster, at, duration });
    } else {
      this.statements.insert.run(cluster, at, Tier.Raw, 0, 1, duration, outcome.error, null);
      this.statements.failure.run({ cluster, at, duration, error: outcome.error });
    }
  }

  /** Entries with fromMs ≤ at ≤ toMs, oldest first. */
  between(cluster: string, fromMs: number, toMs: number): ScanEntry[] {
    return (this.statements.between.all(cluster, fromMs, toMs) as ScanRow[]).map(entryOf);
  }

  /** The last scan and the last success (null when never). */
  last(cluster: string): { last: ScanSummary | null; lastSuccess: ScanSummary | null } {
    const row = this.statements.cluster.get(cluster) as ClusterRow | undefined;
    if (!row || row.last_at === null) return { last: null, lastSuccess: null };
    const last: ScanSummary = { cluster, at: row.last_at, ok: row.last_ok === 1, durationMs: row.last_duration_ms ?? 0, error: row.last_error };
    const lastSuccess: ScanSummary | null = row.success_at === null ? null : { cluster, at: row.success_at, ok: true, durationMs: row.success_duration_ms ?? 0, error: null };
    return { last, lastSuccess };
  }

  compactedAt(cluster: string): number {
    return (this.statements.cluster.get(cluster) as ClusterRow | undefined)?.compacted_at ?? 0;
  }

  setCompactedAt(cluster: string, nowMs: number): void {
    this.statements.compacted.run(cluster, nowMs);
  }

  /** Clusters the history has recorded (or compacted). */
  clusters(): string[] {
    return (this.statements.clusters.all() as { cluster: string }[]).map((r) => r.cluster);
  }

  /** Folds the cluster's entries as the cuts say (history-settings.ts); call inside a transaction. Returns entries folded or dropped. */
  compact(cluster: string, cuts: CompactionCuts): number {
    let changed = this.fold(cluster, Tier.Raw, Tier.Hourly, cuts.rawBefore, HOUR_MS);
    changed += this.fold(cluster, Tier.Hourly, Tier.Daily, cuts.hourlyBefore, DAY_MS);
    changed += this.statements.deleteTierBefore.run(cluster, Tier.Daily, cuts.dailyBefore).changes;
    return changed;
  }

  private fold(cluster: string, from: Tier, to: Tier, before: number, bucketMs: number): number {
    const rows = (this.statements.tierBefore.all(cluster, from, before) as ScanRow[]).map(entryOf);
    if (rows.length === 0) return 0;
    for (const e of foldScans(rows, bucketMs)) {
      const bucket = Math.floor(e.at / bucketMs) * bucketMs;
      // A bucket folded before keeps what it has: entries arriving for it later are late duplicates.
      if (this.statements.tierIn.get(cluster, to, bucket, bucket + bucketMs)) continue;
      this.statements.insert.run(cluster, e.at, to, e.ok, e.failed, e.durationMs, e.error, e.figures ? JSON.stringify(e.figures) : null);
    }
    return this.statements.deleteTierBefore.run(cluster, from, before).changes;
  }
}
