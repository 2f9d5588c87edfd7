/**
 * The history's series and chunks tables (sqlite.ts migration 4, postgres-migrations.ts migration 3): series ids, and points appended to, read from
 * and rewritten in chunks (history-codec.ts). The history store (history.ts) and its compaction
 * (history-compact.ts) go through this one place.
 *
 * Layout:
 * - A series is a (cluster, kind, broker, name): a log dir (name = its path), a broker (name ""), or a
 *   topic on a broker (name = the topic). Its id is assigned once and cached by the process.
 * - A chunk holds one series' points of one tier inside one aligned span (TIER_SPAN_MS): every scan in
 *   6-hour chunks, hourly points in 4-day chunks, daily points in 32-day chunks: a month of a dir is
 *   about 20 rows (reading a row costs more than decoding its points). A row stays under
 *   MAX_CHUNK_BYTES: SQLite keeps a row of a 4 KiB page in the page up to about 1,000 bytes and spills
 *   the rest to an overflow page of its own, which would waste most of a page per chunk. A chunk that is
 *   full (a noisy series, a collector running every second) is followed by another in the same span,
 *   keyed by its first point's time. So a chunk's points always lie in [its start, the end of its
 *   aligned span).
 * - The chunk a series is being appended to is its tail (`history_tail`, keyed by series and tier):
 *   tails of one cluster are neighbours in the file, so a scan rewrites a few hundred pages rather than
 *   one per series. A tail moves to `history_chunks` when a point arrives for a later span, when it is
 *   full, or when compaction reaches its span. A point for a span older than the tail's (a clock that
 *   stepped back) goes straight into `history_chunks`.
 * - Every-scan chunks keep exact times and bytes; hourly and daily ones (means) whole seconds and 64 KiB.
 * - Stored columns are what encodes small: a dir keeps Kafka's bytes and the disk's other bytes
 *   (used − Kafka's, nearly constant) rather than used bytes; `logical` columns are what callers read.
 */
import { BucketFolder, emptyColumns, sortColumns, stepForMaxPoints, type FoldRule, type SeriesColumns } from "@/lib/model/history-buckets";
import { DAY_MS, HOUR_MS } from "@/lib/model/history-settings";
import type { LogDirState } from "@/lib/model/snapshot";
import { ChunkWriter, decodeChunk, EXACT, MAX_CHUNK_VALUE, type ChunkSchema, type ChunkUnits } from "./history-codec";
import type { SqlDb } from "./sql";

export const SeriesKind = { Dir: 0, Broker: 1, Topic: 2 } as const;
export type SeriesKind = (typeof SeriesKind)[keyof typeof SeriesKind];

export const Tier = { Raw: 0, Hourly: 1, Daily: 2 } as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

export const TIER_SPAN_MS: Record<Tier, number> = { [Tier.Raw]: 6 * HOUR_MS, [Tier.Hourly]: 4 * DAY_MS, [Tier.Daily]: 32 * DAY_MS };
/** The bucket each tier's points stand for (raw: none, each scan). */
export const TIER_BUCKET_MS: Record<Tier, number> = { [Tier.Raw]: 0, [Tier.Hourly]: HOUR_MS, [Tier.Daily]: DAY_MS };
/** 64 KiB: a mean's precision (0.000002 % of a 4 TiB disk). */
export const MEAN_QUANTUM_BYTES = 64 * 1024;
export const TIER_UNITS: Record<Tier, Omit<ChunkUnits, "stepMs">> = {
  [Tier.Raw]: EXACT,
  [Tier.Hourly]: { unitMs: 1000, quantum: MEAN_QUANTUM_BYTES },
  [Tier.Daily]: { unitMs: 1000, quantum: MEAN_QUANTUM_BYTES },
};
/** Under the ~1,000 bytes SQLite keeps in a 4 KiB page, with room for the row's key. */
export const MAX_CHUNK_BYTES = 900;

/** A dir's state as the point's tag. */
export const STATE_TAGS: readonly LogDirState[] = ["online", "cordoned", "offline"];

interface KindLayout {
  schema: ChunkSchema;
  /** How each logical column folds (history-buckets.ts). */
  rules: readonly FoldRule[];
  /** Logical columns → stored columns (the same arrays when they are the same). */
  toStored: (logical: SeriesColumns) => SeriesColumns;
  toLogical: (stored: SeriesColumns) => SeriesColumns;
  /** One stored point's values → logical, in place. */
  toLogicalPoint: (values: number[]) => void;
}

const identity = (s: SeriesColumns) => s;
const BYTES = { nullable: false, bytes: true };
const COUNT = { nullable: false, bytes: false };

/**
 * Dir, logical: [kafkaBytes, usedBytes, partitions, totalBytes]; stored: [kafkaBytes, usedBytes −
 * kafkaBytes, partitions, totalBytes]. Broker: [bytes, partitions, leaders]. Topic: [bytes].
 */
export const LAYOUTS: Record<SeriesKind, KindLayout> = {
  [SeriesKind.Dir]: {
    schema: { columns: [BYTES, { nullable: true, bytes: true }, COUNT, { nullable: true, bytes: true }], tagBits: 2 },
    rules: ["mean", "mean", "last", "last"],
    toStored: (s) => {
      const [kafka, used] = s.values as [number[], number[]];
      return { t: s.t, values: [kafka, used.map((u, i) => u - kafka[i]!), s.values[2]!, s.values[3]!], tags: s.tags };
    },
    toLogical: (s) => {
      const [kafka, other] = s.values as [number[], number[]];
      return { t: s.t, values: [kafka, other.map((o, i) => o + kafka[i]!), s.values[2]!, s.values[3]!], tags: s.tags };
    },
    toLogicalPoint: (v) => {
      v[1] = v[1]! + v[0]!;
    },
  },
  [SeriesKind.Broker]: {
    schema: { columns: [BYTES, COUNT, COUNT], tagBits: 0 },
    rules: ["mean", "last", "last"],
    toStored: identity,
    toLogical: identity,
    toLogicalPoint: () => undefined,
  },
  [SeriesKind.Topic]: { schema: { columns: [BYTES], tagBits: 0 }, rules: ["mean"], toStored: identity, toLogical: identity, toLogicalPoint: () => undefined },
};

/** A byte count or count as the codec stores it: a whole number in [0, 2^52]; NaN (unknown) stays NaN. */
export function storable(v: number | null): number {
  if (v === null || Number.isNaN(v)) return NaN;
  return Math.round(Math.min(MAX_CHUNK_VALUE, Math.max(0, v)));
}

interface ChunkRow {
  tier?: Tier;
  start: number;
  data: Buffer;
}

/** Decoded stored points → logical → a folder. */
class FoldingSink {
  private readonly logical: number[];
  constructor(
    readonly folder: BucketFolder,
    private readonly layout: KindLayout,
    /** Points with this tag are left out (-1: none). */
    private readonly skipTag: number,
  ) {
    this.logical = layout.schema.columns.map(() => 0);
  }
  point(t: number, values: ArrayLike<number>, tag: number): void {
    if (tag === this.skipTag) return;
    const logical = this.logical;
    for (let c = 0; c < logical.length; c++) logical[c] = values[c]!;
    this.layout.toLogicalPoint(logical);
    this.folder.add(t, logical, tag);
  }
}

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const aligned = (t: number, tier: Tier) => Math.floor(t / TIER_SPAN_MS[tier]) * TIER_SPAN_MS[tier];

/** The statements, one home for both databases. The range read takes each tier from its own lower bound (a chunk starts at most its span before the range). */
const SQL = {
  findSeries: `SELECT id FROM history_series WHERE cluster = ? AND kind = ? AND broker = ? AND name = ?`,
  insertSeries: `INSERT INTO history_series (cluster, kind, broker, name) VALUES (?, ?, ?, ?) ON CONFLICT (cluster, kind, broker, name) DO NOTHING RETURNING id`,
  seriesOf: `SELECT id, broker, name FROM history_series WHERE cluster = ? AND kind = ? ORDER BY broker, name`,
  allSeriesOf: `SELECT id, kind FROM history_series WHERE cluster = ? ORDER BY id`,
  tail: `SELECT start, data FROM history_tail WHERE series = ? AND tier = ?`,
  tails: `SELECT tier, start, data FROM history_tail WHERE series = ?`,
  upsertTail: `INSERT INTO history_tail (series, tier, start, data) VALUES (?, ?, ?, ?) ON CONFLICT (series, tier) DO UPDATE SET start = excluded.start, data = excluded.data`,
  updateTail: `UPDATE history_tail SET data = ? WHERE series = ? AND tier = ?`,
  deleteTail: `DELETE FROM history_tail WHERE series = ? AND tier = ?`,
  chunkAtOrBefore: `SELECT start, data FROM history_chunks WHERE series = ? AND tier = ? AND start <= ? ORDER BY start DESC LIMIT 1`,
  insertChunk: `INSERT INTO history_chunks (series, tier, start, data) VALUES (?, ?, ?, ?)`,
  updateChunk: `UPDATE history_chunks SET data = ? WHERE series = ? AND tier = ? AND start = ?`,
  deleteChunk: `DELETE FROM history_chunks WHERE series = ? AND tier = ? AND start = ?`,
  seriesChunks: `SELECT tier, start, data FROM history_chunks WHERE series = ? AND start <= ? AND ((tier = 0 AND start >= ?) OR (tier = 1 AND start >= ?) OR (tier = 2 AND start >= ?))`,
  chunksBetween: `SELECT start, data FROM history_chunks WHERE series = ? AND tier = ? AND start >= ? AND start <= ? ORDER BY start`,
  chunksBefore: `SELECT start, data FROM history_chunks WHERE series = ? AND tier = ? AND start < ? ORDER BY start`,
  deleteBefore: `DELETE FROM history_chunks WHERE series = ? AND tier = ? AND start < ?`,
  deleteBetween: `DELETE FROM history_chunks WHERE series = ? AND tier = ? AND start >= ? AND start < ?`,
} as const;

export class ChunkTable {
  private readonly ids = new Map<string, number>();
  constructor(private readonly db: SqlDb) {}

  /** The series' id; with `create`, a new one when it has none (else null). */
  async seriesId(cluster: string, kind: SeriesKind, broker: number, name: string, create: boolean): Promise<number | null> {
    const key = `${cluster}\u0000${kind}\u0000${broker}\u0000${name}`;
    const cached = this.ids.get(key);
    if (cached !== undefined) return cached;
    let row = (await this.db.get(SQL.findSeries, [cluster, kind, broker, name])) as { id: number } | undefined;
    // Another writer may have named it in between: then the insert returns nothing and the find does.
    if (!row && create)
      row = ((await this.db.get(SQL.insertSeries, [cluster, kind, broker, name])) ?? (await this.db.get(SQL.findSeries, [cluster, kind, broker, name]))) as { id: number };
    if (!row) return null;
    this.ids.set(key, row.id);
    return row.id;
  }

  /** The cluster's series of one kind, by broker then name. */
  async seriesOf(cluster: string, kind: SeriesKind): Promise<{ id: number; broker: number; name: string }[]> {
    return (await this.db.all(SQL.seriesOf, [cluster, kind])) as { id: number; broker: number; name: string }[];
  }

  async allSeriesOf(cluster: string): Promise<{ id: number; kind: SeriesKind }[]> {
    return (await this.db.all(SQL.allSeriesOf, [cluster])) as { id: number; kind: SeriesKind }[];
  }

  /**
   * Appends one point (logical values, NaN for unknown) to the series' chunk of `tier` that covers `t`,
   * or starts one (see the header). `stepMs`: how far apart points usually are.
   */
  async append(id: number, kind: SeriesKind, tier: Tier, t: number, logical: number[], tag: number, stepMs: number): Promise<void> {
    const layout = LAYOUTS[kind];
    const stored = layout.toStored({ t: [t], values: logical.map((v) => [v]), tags: [tag] }).values.map((c) => c[0]!);
    const span = aligned(t, tier);
    const tail = (await this.db.get(SQL.tail, [id, tier])) as ChunkRow | undefined;
    if (tail && (t < tail.start || aligned(tail.start, tier) > span)) {
      // Older than the tail: a late point, into the chunks.
      await this.appendToChunks(id, kind, tier, t, stored, tag, stepMs);
      return;
    }
    if (tail && aligned(tail.start, tier) === span) {
      const writer = ChunkWriter.resume(layout.schema, tail.start, tail.data);
      if (writer.fits(MAX_CHUNK_BYTES)) {
        writer.append(t, stored, tag);
        await this.db.run(SQL.updateTail, [toBuffer(writer.bytes()), id, tier]);
        return;
      }
      if (tail.start === t) return; // a full chunk of points in one millisecond: keep the first
    }
    if (tail) {
      await this.db.run(SQL.insertChunk, [id, tier, tail.start, tail.data]);
      await this.db.run(SQL.deleteTail, [id, tier]);
    }
    // A new tail: the span's chunk if the chunks hold one with room (a tail moved there by compaction), else a new one.
    const existing = (await this.db.get(SQL.chunkAtOrBefore, [id, tier, t])) as ChunkRow | undefined;
    if (existing && existing.start >= span) {
      const writer = ChunkWriter.resume(layout.schema, existing.start, existing.data);
      if (writer.fits(MAX_CHUNK_BYTES)) {
        writer.append(t, stored, tag);
        await this.db.run(SQL.deleteChunk, [id, tier, existing.start]);
        await this.db.run(SQL.upsertTail, [id, tier, existing.start, toBuffer(writer.bytes())]);
        return;
      }
      if (existing.start === t) return;
    }
    const start = existing && existing.start >= span ? t : span;
    const writer = ChunkWriter.create(layout.schema, start, { stepMs, ...TIER_UNITS[tier] });
    writer.append(t, stored, tag);
    await this.db.run(SQL.upsertTail, [id, tier, start, toBuffer(writer.bytes())]);
  }

  /** A point older than the series' tail: into the chunk of its span in `history_chunks`, or a new one. */
  private async appendToChunks(id: number, kind: SeriesKind, tier: Tier, t: number, stored: number[], tag: number, stepMs: number): Promise<void> {
    const schema = LAYOUTS[kind].schema;
    const span = aligned(t, tier);
    const row = (await this.db.get(SQL.chunkAtOrBefore, [id, tier, t])) as ChunkRow | undefined;
    if (row && row.start >= span) {
      const writer = ChunkWriter.resume(schema, row.start, row.data);
      if (writer.fits(MAX_CHUNK_BYTES)) {
        writer.append(t, stored, tag);
        await this.db.run(SQL.updateChunk, [toBuffer(writer.bytes()), id, tier, row.start]);
        return;
      }
      if (row.start === t) return;
    }
    const start = row && row.start >= span ? t : span;
    const writer = ChunkWriter.create(schema, start, { stepMs, ...TIER_UNITS[tier] });
    writer.append(t, stored, tag);
    await this.db.run(SQL.insertChunk, [id, tier, start, toBuffer(writer.bytes())]);
  }

  /** Moves the series' tails that start before `beforeMs` into the chunks (compaction folds chunks only). */
  async flushTails(id: number, beforeMs: number): Promise<void> {
    for (const row of (await this.db.all(SQL.tails, [id])) as Required<ChunkRow>[]) {
      if (row.start >= beforeMs) continue;
      await this.db.run(SQL.insertChunk, [id, row.tier, row.start, row.data]);
      await this.db.run(SQL.deleteTail, [id, row.tier]);
    }
  }

  /**
   * The rows that may hold points in [fromMs, toMs], chunks and tails, oldest tier first and each in
   * time order (so points come out sorted unless a clock stepped back). One statement for the three
   * tiers (a statement costs more than a row).
   */
  private async rows(id: number, fromMs: number, toMs: number): Promise<Required<ChunkRow>[]> {
    const rows = [
      ...((await this.db.all(SQL.seriesChunks, [
        id,
        toMs,
        fromMs - TIER_SPAN_MS[Tier.Raw],
        fromMs - TIER_SPAN_MS[Tier.Hourly],
        fromMs - TIER_SPAN_MS[Tier.Daily],
      ])) as Required<ChunkRow>[]),
      ...((await this.db.all(SQL.tails, [id])) as Required<ChunkRow>[]),
    ];
    return rows.filter((r) => r.start <= toMs && r.start >= fromMs - TIER_SPAN_MS[r.tier]).sort((a, b) => b.tier - a.tier || a.start - b.start);
  }

  /** The series' points with fromMs ≤ t ≤ toMs from every tier and its tails, oldest first, as logical columns. */
  async read(id: number, kind: SeriesKind, fromMs: number, toMs: number): Promise<SeriesColumns> {
    const layout = LAYOUTS[kind];
    const out = emptyColumns(layout.schema.columns.length);
    for (const row of await this.rows(id, fromMs, toMs)) decodeChunk(layout.schema, row.start, row.data, out, fromMs, toMs);
    return layout.toLogical(sortColumns(out));
  }

  /**
   * The series' points with fromMs ≤ t ≤ toMs folded (history-buckets.ts) into buckets that give at most
   * `maxPoints` over the span from its first stored chunk (or `fromMs`) to `toMs`, decoded and folded
   * in one pass without holding every point: how the forecast reads 12,000 dirs' month. Points tagged
   * `skipTag` (a dir's offline state) are left out before folding.
   */
  async readFolded(id: number, kind: SeriesKind, fromMs: number, toMs: number, maxPoints: number, skipTag = -1): Promise<SeriesColumns> {
    const layout = LAYOUTS[kind];
    const out = emptyColumns(layout.schema.columns.length);
    const rows = await this.rows(id, fromMs, toMs);
    if (rows.length === 0) return out;
    const first = Math.max(fromMs, Math.min(...rows.map((r) => r.start)));
    const sink = new FoldingSink(new BucketFolder(stepForMaxPoints(first, toMs, Infinity, maxPoints), layout.rules, out, true), layout, skipTag);
    for (const row of rows) decodeChunk(layout.schema, row.start, row.data, sink, fromMs, toMs);
    return sortColumns(sink.folder.flush());
  }

  /** The series' points of `tier` in chunks that start before `beforeMs`, oldest first, as logical columns, and those chunks' starts. */
  async readBefore(id: number, kind: SeriesKind, tier: Tier, beforeMs: number): Promise<{ series: SeriesColumns; starts: number[] }> {
    const layout = LAYOUTS[kind];
    const out = emptyColumns(layout.schema.columns.length);
    const rows = (await this.db.all(SQL.chunksBefore, [id, tier, beforeMs])) as ChunkRow[];
    for (const row of rows) decodeChunk(layout.schema, row.start, row.data, out);
    return { series: layout.toLogical(sortColumns(out)), starts: rows.map((r) => r.start) };
  }

  async deleteBefore(id: number, tier: Tier, beforeMs: number): Promise<number> {
    return (await this.db.run(SQL.deleteBefore, [id, tier, beforeMs])).changes;
  }

  /** The points of `tier` in the aligned span starting at `spanStart` (chunks only), logical columns, oldest first. */
  async readSpan(id: number, kind: SeriesKind, tier: Tier, spanStart: number): Promise<SeriesColumns> {
    const layout = LAYOUTS[kind];
    const out = emptyColumns(layout.schema.columns.length);
    const rows = (await this.db.all(SQL.chunksBetween, [id, tier, spanStart, spanStart + TIER_SPAN_MS[tier] - 1])) as ChunkRow[];
    for (const row of rows) decodeChunk(layout.schema, row.start, row.data, out);
    return layout.toLogical(sortColumns(out));
  }

  /**
   * Replaces the chunks of `tier` in the aligned span starting at `spanStart` with `series` (logical
   * columns, oldest first, every point inside the span), in chunks of at most MAX_CHUNK_BYTES.
   */
  async writeSpan(id: number, kind: SeriesKind, tier: Tier, spanStart: number, series: SeriesColumns, stepMs: number): Promise<void> {
    const layout = LAYOUTS[kind];
    await this.db.run(SQL.deleteBetween, [id, tier, spanStart, spanStart + TIER_SPAN_MS[tier]]);
    const stored = layout.toStored(series);
    const row = new Array<number>(stored.values.length);
    let writer: ChunkWriter | null = null;
    for (let i = 0; i < stored.t.length; i++) {
      if (writer && !writer.fits(MAX_CHUNK_BYTES)) {
        await this.db.run(SQL.insertChunk, [id, tier, writer.start, toBuffer(writer.bytes())]);
        writer = null;
      }
      writer ??= ChunkWriter.create(layout.schema, i === 0 ? spanStart : stored.t[i]!, { stepMs, ...TIER_UNITS[tier] });
      for (let c = 0; c < row.length; c++) row[c] = stored.values[c]![i]!;
      writer.append(stored.t[i]!, row, stored.tags[i]!);
    }
    if (writer) await this.db.run(SQL.insertChunk, [id, tier, writer.start, toBuffer(writer.bytes())]);
  }

  get database(): SqlDb {
    return this.db;
  }
}
