/**
 * The history of every collected cluster, in the store beside shared links and apply jobs
 * (sqlite.ts migration 4, postgres-migrations.ts migration 3): per log dir, per broker, per topic on a broker, and per cluster, over time.
 *
 * Storage (history-chunks.ts, history-codec.ts): an integer id per series; its points in delta-encoded
 * chunks (about 10 bytes a dir point), one BLOB (bytea) per series, tier and aligned span, in a table
 * keyed (series, tier, start), so one series' range is one index range. 1,000 brokers × 12 dirs
 * with 90 days take a few hundred MB (`npm run bench -- --only history`).
 *
 * Invariants:
 * - A failed scan is a gap: its entry in the cluster series has no figures and no point is written for
 *   any dir, broker or topic. A broker that did not answer has no points for that scan.
 * - Resolution falls with age (history-settings.ts): every scan, then hourly, then daily points, folded
 *   by `compact` (history-compact.ts; idempotent, run by the collector at most hourly). Points come
 *   back oldest first, at the finest resolution kept for each age.
 * - Topics are kept at hourly resolution only (the first successful scan of each hour) and, per
 *   broker, only its largest topics by bytes (KAFKA_BALANCE_HISTORY_TOPICS_PER_BROKER, default 10).
 * - Writes may be fenced by a lease (leases.ts): a collector that lost its lease writes nothing.
 * - Every write is one write transaction (sql.ts), committed durably before the promise resolves; a
 *   point written twice (two writers, a retried scan) is stored once.
 *
 * The whole design, with the collector: docs/history.md.
 */
import { currentEnv, type Env } from "@/lib/config";
import type { DirSeries as ForecastDirSeries } from "@/lib/forecast/series";
import { thinColumns, type SeriesColumns } from "@/lib/model/history-buckets";
import { scanFigures, type BrokerPoint, type ClusterFigures, type HistoryDirPoint, type TopicPoint } from "@/lib/model/history-figures";
import { foldScans } from "@/lib/model/history-scans";
import { historySettingsFromEnv, HOUR_MS, type HistorySettings } from "@/lib/model/history-settings";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { ChunkTable, LAYOUTS, SeriesKind, STATE_TAGS, storable, Tier } from "./history-chunks";
import { compactCluster, type CompactionResult } from "./history-compact";
import { ScanTable, type ScanSummary } from "./history-scans";
import { LeaseStore } from "./leases";
import type { SqlDb } from "./sql";

export type { ScanSummary } from "./history-scans";

/** The forecast's DirSeries (lib/model/dir-series.ts), its points with their state. */
export interface DirSeries extends ForecastDirSeries {
  points: HistoryDirPoint[];
}

export interface ClusterPoint {
  at: number;
  /** Whether any scan this point stands for succeeded; false is a gap. */
  ok: boolean;
  figures: ClusterFigures | null;
  /** Scans this point stands for, and how many of them failed. */
  scans: number;
  failed: number;
  /** The last failure's message, when any failed. */
  error: string | null;
}

/** A collector's proof that it still holds its cluster's lease (leases.ts). */
export interface Fence {
  lease: string;
  owner: string;
  token: number;
}

export interface AppliedPlan {
  id: string;
  startedAt: number;
  finishedAt: number | null;
  state: string;
}

/** A history setting of the environment the server cannot use (history-settings.ts names the variable): the operator fixes it. */
export class HistoryConfigError extends Error {
  readonly code = "invalid_config";

  constructor(message: string) {
    super(message);
    this.name = "HistoryConfigError";
  }
}

/** The most points one read returns unless asked for fewer: 90 days of hourly points per series and more. */
export const MAX_SERIES_POINTS = 100_000;

const dirPoint = (s: SeriesColumns, i: number): HistoryDirPoint => {
  const [kafka, used, partitions, total] = s.values as [number[], number[], number[], number[]];
  return {
    t: s.t[i]!,
    usedBytes: Number.isNaN(used[i]!) ? null : used[i]!,
    kafkaBytes: kafka[i]!,
    partitions: partitions[i]!,
    totalBytes: Number.isNaN(total[i]!) ? null : total[i]!,
    state: STATE_TAGS[s.tags[i]!] ?? "online",
  };
};

export class HistoryStore {
  readonly chunks: ChunkTable;
  readonly scans: ScanTable;
  readonly leases: LeaseStore;

  constructor(
    private readonly db: SqlDb,
    readonly settings: HistorySettings,
  ) {
    this.chunks = new ChunkTable(db);
    this.scans = new ScanTable(db);
    this.leases = new LeaseStore(db);
  }

  private fenced<T>(fence: Fence | undefined, write: () => Promise<T>): Promise<T | false> {
    return this.db.transaction(async () => {
      if (fence && !(await this.leases.holds(fence.lease, fence.owner, fence.token))) return false as const;
      return write();
    });
  }

  /**
   * Records one successful scan of a cluster at `at` (ms): per broker and per log dir figures, per topic
   * bytes per broker (the first scan of each hour), and the cluster's figures. False, writing nothing,
   * when `fence` is given and its lease has changed hands.
   */
  recordScan(cluster: string, at: number, snapshot: ClusterSnapshot, durationMs: number, options: { fence?: Fence } = {}): Promise<boolean> {
    const t = Math.round(at);
    const figures = scanFigures(snapshot, { topicsPerBroker: this.settings.topicsPerBroker });
    const step = this.settings.collectIntervalMs;
    return this.fenced(options.fence, async () => {
      // The same scan written again (a retry, a second writer) stores nothing twice: the scan's key says it is in.
      if (await this.scans.recorded(cluster, t)) return true;
      const previous = (await this.scans.last(cluster)).lastSuccess;
      for (const d of figures.dirs) {
        const id = (await this.chunks.seriesId(cluster, SeriesKind.Dir, d.broker, d.dir, true))!;
        const kafka = storable(d.kafkaBytes);
        await this.chunks.append(
          id,
          SeriesKind.Dir,
          Tier.Raw,
          t,
          [kafka, storable(d.usedBytes), storable(d.partitions), storable(d.totalBytes)],
          STATE_TAGS.indexOf(d.state),
          step,
        );
      }
      for (const b of figures.brokers) {
        const id = (await this.chunks.seriesId(cluster, SeriesKind.Broker, b.broker, "", true))!;
        await this.chunks.append(id, SeriesKind.Broker, Tier.Raw, t, [storable(b.bytes), storable(b.partitions), storable(b.leaders)], 0, step);
      }
      // The first scan of an hour (a scan arriving late, for an hour already past, records none).
      if (!previous || Math.floor(previous.at / HOUR_MS) < Math.floor(t / HOUR_MS)) {
        for (const s of figures.topics) {
          const id = (await this.chunks.seriesId(cluster, SeriesKind.Topic, s.broker, s.topic, true))!;
          await this.chunks.append(id, SeriesKind.Topic, Tier.Hourly, t, [storable(s.bytes)], 0, HOUR_MS);
        }
      }
      await this.scans.record(cluster, t, durationMs, { figures: figures.cluster });
      return true;
    });
  }

  /** Records a failed scan: a gap, never zeros. False, writing nothing, when `fence`'s lease has changed hands. */
  recordFailure(cluster: string, at: number, durationMs: number, error: string, options: { fence?: Fence } = {}): Promise<boolean> {
    return this.fenced(options.fence, async () => {
      await this.scans.record(cluster, Math.round(at), durationMs, { error: error.slice(0, 2000) });
      return true;
    });
  }

  private async columns(cluster: string, kind: SeriesKind, broker: number, name: string, fromMs: number, toMs: number): Promise<SeriesColumns | null> {
    const id = await this.chunks.seriesId(cluster, kind, broker, name, false);
    return id === null ? null : this.chunks.read(id, kind, fromMs, toMs);
  }

  private thin(series: SeriesColumns, kind: SeriesKind, maxPoints: number | undefined): SeriesColumns {
    return thinColumns(series, Math.min(maxPoints ?? MAX_SERIES_POINTS, MAX_SERIES_POINTS), LAYOUTS[kind].rules, { round: true }).series;
  }

  /**
   * One dir's points with fromMs ≤ t ≤ toMs, oldest first, at the finest resolution kept for each
   * age; folded further (history-buckets.ts) when there are more than `maxPoints`.
   */
  async dirSeries(cluster: string, broker: number, dir: string, fromMs: number, toMs: number, options: { maxPoints?: number } = {}): Promise<HistoryDirPoint[]> {
    const raw = await this.columns(cluster, SeriesKind.Dir, broker, dir, fromMs, toMs);
    if (!raw) return [];
    const s = this.thin(raw, SeriesKind.Dir, options.maxPoints);
    return s.t.map((_, i) => dirPoint(s, i));
  }

  /**
   * Every dir's series of the cluster (for the forecast table), by broker then path. Points taken while
   * a dir was offline are left out unless `includeOffline` (they measure nothing: the broker reports
   * no size for an offline dir). `maxPointsPerDir` folds each series into buckets that give at most
   * that many points from its first stored point (or `fromMs`) to `toMs`, in one pass.
   */
  async allDirSeries(cluster: string, fromMs: number, toMs: number, options: { maxPointsPerDir?: number; includeOffline?: boolean } = {}): Promise<DirSeries[]> {
    const offline = STATE_TAGS.indexOf("offline");
    const out: DirSeries[] = [];
    const max = options.maxPointsPerDir;
    for (const { id, broker, name } of await this.chunks.seriesOf(cluster, SeriesKind.Dir)) {
      const s =
        max === undefined
          ? await this.chunks.read(id, SeriesKind.Dir, fromMs, toMs)
          : await this.chunks.readFolded(id, SeriesKind.Dir, fromMs, toMs, Math.max(3, Math.min(max, MAX_SERIES_POINTS)), options.includeOffline ? -1 : offline);
      const points: HistoryDirPoint[] = [];
      for (let i = 0; i < s.t.length; i++) if (options.includeOffline || s.tags[i] !== offline) points.push(dirPoint(s, i));
      if (points.length > 0) out.push({ broker, dir: name, points });
    }
    return out;
  }

  /** The dirs the history knows for the cluster, by broker then path. */
  async dirs(cluster: string): Promise<{ broker: number; dir: string }[]> {
    return (await this.chunks.seriesOf(cluster, SeriesKind.Dir)).map((s) => ({ broker: s.broker, dir: s.name }));
  }

  /** Broker-level figures over time (scans the broker did not answer are gaps). */
  async brokerSeries(cluster: string, broker: number, fromMs: number, toMs: number, options: { maxPoints?: number } = {}): Promise<BrokerPoint[]> {
    const raw = await this.columns(cluster, SeriesKind.Broker, broker, "", fromMs, toMs);
    if (!raw) return [];
    const s = this.thin(raw, SeriesKind.Broker, options.maxPoints);
    const [bytes, partitions, leaders] = s.values as [number[], number[], number[]];
    return s.t.map((at, i) => ({ at, bytes: bytes[i]!, partitions: partitions[i]!, leaders: leaders[i]! }));
  }

  /** The broker's topics' bytes over time (hourly; a topic has points for the hours it was among the broker's largest). */
  async topicSeries(cluster: string, broker: number, fromMs: number, toMs: number, options: { maxPoints?: number } = {}): Promise<{ topic: string; points: TopicPoint[] }[]> {
    const out: { topic: string; points: TopicPoint[] }[] = [];
    for (const { id, broker: b, name } of await this.chunks.seriesOf(cluster, SeriesKind.Topic)) {
      if (b !== broker) continue;
      const s = this.thin(await this.chunks.read(id, SeriesKind.Topic, fromMs, toMs), SeriesKind.Topic, options.maxPoints);
      if (s.t.length > 0) out.push({ topic: name, points: s.t.map((at, i) => ({ at, bytes: s.values[0]![i]! })) });
    }
    return out;
  }

  /** Cluster-level figures over time, failed scans as gaps (`ok` false, no figures), folded when more than `maxPoints`. */
  async clusterSeries(cluster: string, fromMs: number, toMs: number, options: { maxPoints?: number } = {}): Promise<ClusterPoint[]> {
    let entries = await this.scans.between(cluster, fromMs, toMs);
    const max = Math.min(options.maxPoints ?? MAX_SERIES_POINTS, MAX_SERIES_POINTS);
    if (entries.length > max) {
      const first = entries[0]!.at;
      const last = entries[entries.length - 1]!.at;
      entries = foldScans(entries, Math.max(1, Math.ceil((last - first) / Math.max(1, max - 2))));
    }
    return entries.map((e) => ({ at: e.at, ok: e.ok > 0, figures: e.figures, scans: e.ok + e.failed, failed: e.failed, error: e.error }));
  }

  /** The latest scan's summary (success or failure) and the last successful one. */
  lastScan(cluster: string): Promise<{ last: ScanSummary | null; lastSuccess: ScanSummary | null }> {
    return this.scans.last(cluster);
  }

  /**
   * Downsamples every cluster's history (or one's) as of `nowMs`; idempotent. One write transaction per
   * batch of series, letting the event loop run in between (history-compact.ts).
   */
  async compact(nowMs: number, options: { cluster?: string } = {}): Promise<CompactionResult> {
    const total: CompactionResult = { chunks: 0, scans: 0 };
    for (const cluster of options.cluster !== undefined ? [options.cluster] : await this.scans.clusters()) {
      const r = await compactCluster(this.chunks, this.scans, cluster, nowMs, this.settings.retention);
      total.chunks += r.chunks;
      total.scans += r.scans;
    }
    return total;
  }

  /** Compacts one cluster like `compact`: what the collector calls. */
  compactCluster(cluster: string, nowMs: number): Promise<CompactionResult> {
    return compactCluster(this.chunks, this.scans, cluster, nowMs, this.settings.retention);
  }

  /** When the cluster's history was last compacted (0: never). */
  compactedAt(cluster: string): Promise<number> {
    return this.scans.compactedAt(cluster);
  }

  /** The apply jobs of the cluster that ran at some time in [fromMs, toMs]: the moments plans were applied. */
  async appliedPlans(cluster: string, fromMs: number, toMs: number): Promise<AppliedPlan[]> {
    const rows = await this.db.all<{ id: string; created_at: string; finished_at: string | null; status: string }>(
      `SELECT id, created_at, finished_at, status FROM apply_jobs WHERE cluster = ? AND created_at <= ? AND (finished_at IS NULL OR finished_at >= ?) ORDER BY created_at, id LIMIT 1000`,
      [cluster, new Date(toMs).toISOString(), new Date(fromMs).toISOString()],
    );
    return rows.map((r) => ({
      id: r.id,
      startedAt: Date.parse(r.created_at),
      finishedAt: r.finished_at === null ? null : Date.parse(r.finished_at),
      state: (JSON.parse(r.status) as { state: string }).state,
    }));
  }

  /** Bytes the history's tables and indexes take (pages, including their free space). */
  async sizeBytes(): Promise<number> {
    const sql =
      this.db.dialect === "sqlite"
        ? `SELECT coalesce(sum(pgsize), 0) AS bytes FROM dbstat WHERE name IN ('history_series', 'history_series_key', 'history_chunks', 'history_scans', 'history_clusters', 'leases') OR name LIKE 'sqlite_autoindex_history%' OR name LIKE 'sqlite_autoindex_leases%'`
        : `SELECT coalesce(sum(pg_total_relation_size(t::regclass)), 0) AS bytes FROM unnest(ARRAY['history_series', 'history_chunks', 'history_tail', 'history_scans', 'history_clusters', 'leases']) AS t`;
    return (await this.db.get<{ bytes: number }>(sql))!.bytes;
  }
}

/** The history's settings from the environment; throws HistoryConfigError naming the variable that is wrong. */
export function historySettings(env: Env = currentEnv()): HistorySettings {
  const parsed = historySettingsFromEnv(env);
  if (!parsed.ok) throw new HistoryConfigError(parsed.error.message);
  return parsed.value;
}
