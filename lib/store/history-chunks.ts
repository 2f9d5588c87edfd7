/**
 * The history's series and chunks tables (migration 4): series ids, and points appended to, read from
 * and rewritten in chunks (history-codec.ts). The history store (history.ts) and its compaction
 * (history-compact.ts) go through this one place.
 *
 * Layout:
 * - A series is a (cluster, kind, broker, name): a log dir (name = its path), a broker (name ""), or a
 *   topic on a broker (name = the topic). Its id is assigned once and cached by the process.
 * - A chunk holds one series' points of one tier inside one aligned span (TIER_SPAN_MS): every scan in
 *   3-hour chunks, hourly points in 1-day chunks, daily points in 16-day chunks, so a row stays a few
 *   hundred bytes (SQLite keeps rows under ~1,000 bytes in the b-tree page, larger ones spill to
 *   overflow pages). A chunk that reaches MAX_CHUNK_POINTS (a collector running every second) is
 *   followed by another in the same span, keyed by its first point's time. So a chunk's points always
 *   lie in [its start, the end of its aligned span).
 * - Stored columns are what encodes small: a dir keeps Kafka's bytes and the disk's other bytes
 *   (used − Kafka's, nearly constant) rather than used bytes; `logical` columns are what callers read.
 */
import type Database from "better-sqlite3";
import { emptyColumns, sortColumns, type FoldRule, type SeriesColumns } from "@/lib/model/history-buckets";
import { DAY_MS, HOUR_MS } from "@/lib/model/history-settings";
import type { LogDirState } from "@/lib/model/snapshot";
import { ChunkWriter, decodeChunk, MAX_CHUNK_VALUE, type ChunkSchema } from "./history-codec";

export const SeriesKind = { Dir: 0, Broker: 1, Topic: 2 } as const;
export type SeriesKind = (typeof SeriesKind)[keyof typeof SeriesKind];

export const Tier = { Raw: 0, Hourly: 1, Daily: 2 } as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

export const TIERS = [Tier.Raw, Tier.Hourly, Tier.Daily] as const;
export const TIER_SPAN_MS: Record<Tier, number> = { [Tier.Raw]: 3 * HOUR_MS, [Tier.Hourly]: DAY_MS, [Tier.Daily]: 16 * DAY_MS };
/** The bucket each tier's points stand for (raw: none, each scan). */
export const TIER_BUCKET_MS: Record<Tier, number> = { [Tier.Raw]: 0, [Tier.Hourly]: HOUR_MS, [Tier.Daily]: DAY_MS };
/** 64 points of about 10 bytes keep a row well under SQLite's in-page limit. */
export const MAX_CHUNK_POINTS = 64;

/** A dir's state as the point's tag. */
export const STATE_TAGS: readonly LogDirState[] = ["online", "cordoned", "offline"];

interface KindLayout {
  schema: ChunkSchema;
  /** How each logical column folds (history-buckets.ts). */
  rules: readonly FoldRule[];
  toStored: (logical: number[]) => number[];
  toLogical: (series: SeriesColumns) => SeriesColumns;
}

const same = (x: number[]) => x;
const identity = (s: SeriesColumns) => s;

/**
 * Dir, logical: [kafkaBytes, usedBytes, partitions, totalBytes]; stored: [kafkaBytes, usedBytes −
 * kafkaBytes, partitions, totalBytes]. Broker: [bytes, partitions, leaders]. Topic: [bytes].
 */
export const LAYOUTS: Record<SeriesKind, KindLayout> = {
  [SeriesKind.Dir]: {
    schema: { columns: [{ nullable: false }, { nullable: true }, { nullable: false }, { nullable: true }], tagBits: 2 },
    rules: ["mean", "mean", "last", "last"],
    toStored: ([kafka, used, partitions, total]) => [kafka!, Number.isNaN(used!) ? NaN : used! - kafka!, partitions!, total!],
    toLogical: (s) => {
      const [kafka, other] = s.values as [number[], number[]];
      return { t: s.t, values: [kafka, kafka.map((k, i) => k + other[i]!), s.values[2]!, s.values[3]!], tags: s.tags };
    },
  },
  [SeriesKind.Broker]: { schema: { columns: [{ nullable: false }, { nullable: false }, { nullable: false }], tagBits: 0 }, rules: ["mean", "last", "last"], toStored: same, toLogical: identity },
  [SeriesKind.Topic]: { schema: { columns: [{ nullable: false }], tagBits: 0 }, rules: ["mean"], toStored: same, toLogical: identity },
};

/** A byte count or count as the codec stores it: a whole number in [0, 2^52]; NaN (unknown) stays NaN. */
export function storable(v: number | null): number {
  if (v === null || Number.isNaN(v)) return NaN;
  return Math.round(Math.min(MAX_CHUNK_VALUE, Math.max(0, v)));
}

interface ChunkRow {
  start: number;
  data: Buffer;
}

export class ChunkTable {
  private readonly ids = new Map<string, number>();
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      findSeries: db.prepare(`SELECT id FROM history_series WHERE cluster = ? AND kind = ? AND broker = ? AND name = ?`),
      insertSeries: db.prepare(`INSERT INTO history_series (cluster, kind, broker, name) VALUES (?, ?, ?, ?) RETURNING id`),
      seriesOf: db.prepare(`SELECT id, kind, broker, name FROM history_series WHERE cluster = ? AND kind = ? ORDER BY broker, name`),
      allSeriesOf: db.prepare(`SELECT id, kind FROM history_series WHERE cluster = ? ORDER BY id`),
      chunkAtOrBefore: db.prepare(`SELECT start, data FROM history_chunks WHERE series = ? AND tier = ? AND start <= ? ORDER BY start DESC LIMIT 1`),
      insertChunk: db.prepare(`INSERT INTO history_chunks (series, tier, start, data) VALUES (?, ?, ?, ?)`),
      updateChunk: db.prepare(`UPDATE history_chunks SET data = ? WHERE series = ? AND tier = ? AND start = ?`),
      chunksBetween: db.prepare(`SELECT start, data FROM history_chunks WHERE series = ? AND tier = ? AND start >= ? AND start <= ? ORDER BY start`),
      chunksBefore: db.prepare(`SELECT start, data FROM history_chunks WHERE series = ? AND tier = ? AND start < ? ORDER BY start`),
      deleteBefore: db.prepare(`DELETE FROM history_chunks WHERE series = ? AND tier = ? AND start < ?`),
      deleteBetween: db.prepare(`DELETE FROM history_chunks WHERE series = ? AND tier = ? AND start >= ? AND start < ?`),
      deleteChunk: db.prepare(`DELETE FROM history_chunks WHERE series = ? AND tier = ? AND start = ?`),
    };
  }

  /** The series' id; with `create`, a new one when it has none (else null). */
  seriesId(cluster: string, kind: SeriesKind, broker: number, name: string, create: boolean): number | null {
    const key = `${cluster}\u0000${kind}\u0000${broker}\u0000${name}`;
    const cached = this.ids.get(key);
    if (cached !== undefined) return cached;
    let row = this.statements.findSeries.get(cluster, kind, broker, name) as { id: number } | undefined;
    if (!row && create) row = this.statements.insertSeries.get(cluster, kind, broker, name) as { id: number };
    if (!row) return null;
    this.ids.set(key, row.id);
    return row.id;
  }

  /** The cluster's series of one kind, by broker then name. */
  seriesOf(cluster: string, kind: SeriesKind): { id: number; broker: number; name: string }[] {
    return this.statements.seriesOf.all(cluster, kind) as { id: number; broker: number; name: string }[];
  }

  allSeriesOf(cluster: string): { id: number; kind: SeriesKind }[] {
    return this.statements.allSeriesOf.all(cluster) as { id: number; kind: SeriesKind }[];
  }

  /**
   * Appends one point (logical values, NaN for unknown) to the series' chunk of `tier` that covers `t`,
   * or starts one. `stepMs` is how far apart points usually are (the collector's interval for raw
   * points): it makes times cheap to store, nothing depends on it.
   */
  append(id: number, kind: SeriesKind, tier: Tier, t: number, logical: number[], tag: number, stepMs: number): void {
    const layout = LAYOUTS[kind];
    const span = TIER_SPAN_MS[tier];
    const aligned = Math.floor(t / span) * span;
    const row = this.statements.chunkAtOrBefore.get(id, tier, t) as ChunkRow | undefined;
    const stored = layout.toStored(logical);
    if (row && row.start >= aligned) {
      const writer = ChunkWriter.resume(layout.schema, row.start, row.data);
      if (writer.count < MAX_CHUNK_POINTS) {
        writer.append(t, stored, tag);
        this.statements.updateChunk.run(Buffer.from(writer.bytes()), id, tier, row.start);
        return;
      }
      // A full chunk starting exactly at t: more than MAX_CHUNK_POINTS points in one millisecond; keep the first.
      if (row.start === t) return;
    }
    const start = row && row.start >= aligned ? t : aligned;
    const writer = ChunkWriter.create(layout.schema, start, stepMs);
    writer.append(t, stored, tag);
    this.statements.insertChunk.run(id, tier, start, Buffer.from(writer.bytes()));
  }

  /** The series' points of `tier` with fromMs ≤ t ≤ toMs, as stored columns (unsorted across chunks), appended to `into`. */
  private readTier(id: number, kind: SeriesKind, tier: Tier, fromMs: number, toMs: number, into: SeriesColumns): void {
    const rows = this.statements.chunksBetween.all(id, tier, fromMs - TIER_SPAN_MS[tier], toMs) as ChunkRow[];
    for (const row of rows) decodeChunk(LAYOUTS[kind].schema, row.start, row.data, into, fromMs, toMs);
  }

  /** The series' points with fromMs ≤ t ≤ toMs from every tier, oldest first, as logical columns. */
  read(id: number, kind: SeriesKind, fromMs: number, toMs: number): SeriesColumns {
    const layout = LAYOUTS[kind];
    const out = emptyColumns(layout.schema.columns.length);
    for (const tier of [Tier.Daily, Tier.Hourly, Tier.Raw]) this.readTier(id, kind, tier, fromMs, toMs, out);
    return layout.toLogical(sortColumns(out));
  }

  /** The series' points of `tier` in chunks that start before `beforeMs`, oldest first, as logical columns, and those chunks' starts. */
  readBefore(id: number, kind: SeriesKind, tier: Tier, beforeMs: number): { series: SeriesColumns; starts: number[] } {
    const layout = LAYOUTS[kind];
    const out = emptyColumns(layout.schema.columns.length);
    const rows = this.statements.chunksBefore.all(id, tier, beforeMs) as ChunkRow[];
    for (const row of rows) decodeChunk(layout.schema, row.start, row.data, out);
    return { series: layout.toLogical(sortColumns(out)), starts: rows.map((r) => r.start) };
  }

  deleteBefore(id: number, tier: Tier, beforeMs: number): number {
    return this.statements.deleteBefore.run(id, tier, beforeMs).changes;
  }

  /** The points of `tier` in the aligned span starting at `spanStart`, logical columns, oldest first. */
  readSpan(id: number, kind: SeriesKind, tier: Tier, spanStart: number): SeriesColumns {
    const layout = LAYOUTS[kind];
    const out = emptyColumns(layout.schema.columns.length);
    const rows = this.statements.chunksBetween.all(id, tier, spanStart, spanStart + TIER_SPAN_MS[tier] - 1) as ChunkRow[];
    for (const row of rows) decodeChunk(layout.schema, row.start, row.data, out);
    return layout.toLogical(sortColumns(out));
  }

  /**
   * Replaces everything of `tier` in the aligned span starting at `spanStart` with `series` (logical
   * columns, oldest first, every point inside the span), in chunks of at most MAX_CHUNK_POINTS.
   */
  writeSpan(id: number, kind: SeriesKind, tier: Tier, spanStart: number, series: SeriesColumns, stepMs: number): void {
    const layout = LAYOUTS[kind];
    this.statements.deleteBetween.run(id, tier, spanStart, spanStart + TIER_SPAN_MS[tier]);
    const n = series.t.length;
    for (let from = 0; from < n; from += MAX_CHUNK_POINTS) {
      const start = from === 0 ? spanStart : series.t[from]!;
      const writer = ChunkWriter.create(layout.schema, start, stepMs);
      for (let i = from; i < Math.min(n, from + MAX_CHUNK_POINTS); i++) {
        writer.append(series.t[i]!, layout.toStored(series.values.map((col) => col[i]!)), series.tags[i]!);
      }
      this.statements.insertChunk.run(id, tier, start, Buffer.from(writer.bytes()));
    }
  }

  /** Forgets cached ids (another connection may have reset the tables: tests). */
  clearCache(): void {
    this.ids.clear();
  }

  get database(): Database.Database {
    return this.db;
  }
}
