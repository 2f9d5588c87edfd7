/**
 * The byte layout of one history chunk: a run of points of one series (a log dir, a broker, a topic on a
 * broker) inside one aligned time span, as the history store keeps them in a BLOB.
 *
 *   chunk  = version(1) columns(1) tagBits(1) uvarint(stepMs) point*
 *   point  = zigzag(t − previous t − stepMs)   (the first point: zigzag(t − chunk start))
 *            header: ceil(bits / 8) bytes, little-endian, bits from the lowest:
 *              tag (tagBits) · a null flag per nullable column · a sign flag per column
 *            per column that is not null: uvarint(|value − the column's previous value|)
 *
 * Why this shape: points of one series move slowly, so deltas are small (a dir growing by 100 MB in 5
 * minutes costs 4 bytes; an unchanged count or capacity 1 byte); times arrive about every `stepMs`, so
 * the time costs 1–3 bytes; a dir's point (time, state, Kafka's bytes, the disk's other bytes, count,
 * capacity) takes about 10 bytes where fixed-width doubles would take 40.
 *
 * Invariants:
 * - Values are whole numbers with |v| ≤ 2^52 (4 PiB): deltas then stay ≤ 2^53 and every step is exact
 *   in a double. The writer refuses anything else (the store rounds and clamps before).
 * - Appending never rewrites what is there: `ChunkWriter.resume` reads the chunk to its end to learn
 *   the previous values, then adds bytes after it.
 * - A chunk written with another column layout is refused, not misread.
 */
import type { SeriesColumns } from "@/lib/model/history-buckets";

export const CHUNK_VERSION = 1;
/** 2^52: the largest magnitude a value may have (see the invariants). */
export const MAX_CHUNK_VALUE = 2 ** 52;

export interface ChunkSchema {
  columns: readonly { nullable: boolean }[];
  /** Bits of the per-point tag (a dir's state); 0 for none. */
  tagBits: number;
}

function headerBits(schema: ChunkSchema): number {
  return schema.tagBits + schema.columns.filter((c) => c.nullable).length + schema.columns.length;
}

class Bytes {
  buf: Uint8Array;
  length = 0;
  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
  }
  push(byte: number): void {
    if (this.length === this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = byte;
  }
  uvarint(x: number): void {
    while (x >= 128) {
      this.push((x % 128) + 128);
      x = Math.floor(x / 128);
    }
    this.push(x);
  }
}

class Reader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}
  byte(): number {
    if (this.pos >= this.buf.length) throw new RangeError("history chunk: truncated");
    return this.buf[this.pos++]!;
  }
  uvarint(): number {
    let x = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      x += (b & 127) * scale;
      if (b < 128) return x;
      scale *= 128;
      if (scale > 2 ** 56) throw new RangeError("history chunk: varint too long");
    }
  }
}

const zigzag = (d: number) => (d >= 0 ? 2 * d : -2 * d - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

/** Reads and checks a chunk's header; returns the step and leaves the reader on the first point. */
function readHeader(schema: ChunkSchema, reader: Reader): number {
  const version = reader.byte();
  if (version !== CHUNK_VERSION) throw new RangeError(`history chunk: version ${version}, this build reads ${CHUNK_VERSION}`);
  const columns = reader.byte();
  const tagBits = reader.byte();
  if (columns !== schema.columns.length || tagBits !== schema.tagBits) throw new RangeError(`history chunk: ${columns} columns and ${tagBits} tag bits where ${schema.columns.length} and ${schema.tagBits} were expected`);
  return reader.uvarint();
}

/** Writes a chunk, or appends to one (`resume`). */
export class ChunkWriter {
  private readonly out: Bytes;
  private readonly prev: number[];
  private readonly headerBytes: number;
  private prevT: number;
  private stepMs = 0;
  /** Points in the chunk. */
  count = 0;

  private constructor(
    private readonly schema: ChunkSchema,
    readonly start: number,
  ) {
    const bits = headerBits(schema);
    if (bits > 30) throw new RangeError(`history chunk: ${bits} header bits; at most 30`);
    this.headerBytes = Math.ceil(bits / 8);
    this.out = new Bytes();
    this.prev = schema.columns.map(() => 0);
    this.prevT = start;
  }

  /** A new, empty chunk starting at `start` whose points arrive about every `stepMs`. */
  static create(schema: ChunkSchema, start: number, stepMs: number): ChunkWriter {
    const w = new ChunkWriter(schema, start);
    w.stepMs = Math.max(0, Math.round(stepMs));
    w.out.push(CHUNK_VERSION);
    w.out.push(schema.columns.length);
    w.out.push(schema.tagBits);
    w.out.uvarint(w.stepMs);
    return w;
  }

  /** A writer that appends to the chunk `data` (which starts at `start`). */
  static resume(schema: ChunkSchema, start: number, data: Uint8Array): ChunkWriter {
    const w = new ChunkWriter(schema, start);
    const reader = new Reader(data);
    w.stepMs = readHeader(schema, reader);
    while (reader.pos < data.length) {
      w.prevT = readPoint(schema, reader, w.headerBytes, w.count === 0 ? 0 : w.stepMs, w.prevT, w.prev);
      w.count += 1;
    }
    w.out.buf = new Uint8Array(Math.max(64, data.length * 2));
    w.out.buf.set(data);
    w.out.length = data.length;
    return w;
  }

  /** The newest point's time (the start when empty). */
  get lastT(): number {
    return this.prevT;
  }

  /** Adds a point: whole-millisecond `t`, one value per column (NaN = null, only in nullable columns), a tag. */
  append(t: number, values: readonly number[], tag: number): void {
    const { columns, tagBits } = this.schema;
    if (!Number.isSafeInteger(t)) throw new RangeError(`history chunk: time ${t} is not a whole number of ms`);
    if (values.length !== columns.length) throw new RangeError(`history chunk: ${values.length} values for ${columns.length} columns`);
    if (!(tag >= 0 && tag < 2 ** tagBits && Number.isInteger(tag))) throw new RangeError(`history chunk: tag ${tag} does not fit ${tagBits} bits`);
    this.out.uvarint(zigzag(t - this.prevT - (this.count === 0 ? 0 : this.stepMs)));
    let bits = tag;
    let bit = tagBits;
    for (let c = 0; c < columns.length; c++) {
      if (!columns[c]!.nullable) continue;
      if (Number.isNaN(values[c]!)) bits += 2 ** bit;
      bit++;
    }
    const deltas: number[] = [];
    for (let c = 0; c < columns.length; c++) {
      const v = values[c]!;
      if (Number.isNaN(v)) {
        if (!columns[c]!.nullable) throw new RangeError(`history chunk: column ${c} cannot be null`);
        deltas.push(-1);
      } else {
        if (!Number.isInteger(v) || Math.abs(v) > MAX_CHUNK_VALUE) throw new RangeError(`history chunk: value ${v} is not a whole number within ±2^52`);
        const d = v - this.prev[c]!;
        if (d < 0) bits += 2 ** bit;
        deltas.push(Math.abs(d));
        this.prev[c] = v;
      }
      bit++;
    }
    for (let i = 0; i < this.headerBytes; i++) {
      this.out.push(bits % 256);
      bits = Math.floor(bits / 256);
    }
    for (const d of deltas) if (d >= 0) this.out.uvarint(d);
    this.prevT = t;
    this.count += 1;
  }

  /** The chunk's bytes. */
  bytes(): Uint8Array {
    return this.out.buf.slice(0, this.out.length);
  }
}

/** Reads one point; updates `prev` (the columns' previous values) and returns its time. Calls `emit` with it when given. */
function readPoint(
  schema: ChunkSchema,
  reader: Reader,
  headerBytes: number,
  step: number,
  prevT: number,
  prev: number[],
  emit?: (t: number, nulls: number, tag: number) => void,
): number {
  const t = prevT + step + unzigzag(reader.uvarint());
  let bits = 0;
  let scale = 1;
  for (let i = 0; i < headerBytes; i++) {
    bits += reader.byte() * scale;
    scale *= 256;
  }
  const { columns, tagBits } = schema;
  const tagScale = 2 ** tagBits;
  const tag = bits % tagScale;
  let rest = Math.floor(bits / tagScale);
  let nulls = 0;
  for (let c = 0; c < columns.length; c++) {
    if (!columns[c]!.nullable) continue;
    if (rest % 2 === 1) nulls += 2 ** c;
    rest = Math.floor(rest / 2);
  }
  for (let c = 0; c < columns.length; c++) {
    const negative = rest % 2 === 1;
    rest = Math.floor(rest / 2);
    if (Math.floor(nulls / 2 ** c) % 2 === 1) continue;
    const d = reader.uvarint();
    prev[c] = negative ? prev[c]! - d : prev[c]! + d;
  }
  emit?.(t, nulls, tag);
  return t;
}

/**
 * Appends the chunk's points with `fromMs ≤ t ≤ toMs` to `into` (NaN for nulls); returns how many.
 * The whole chunk is read (deltas), only the points in range are kept.
 */
export function decodeChunk(schema: ChunkSchema, start: number, data: Uint8Array, into: SeriesColumns, fromMs = -Infinity, toMs = Infinity): number {
  const reader = new Reader(data);
  const step = readHeader(schema, reader);
  const headerBytes = Math.ceil(headerBits(schema) / 8);
  const prev = schema.columns.map(() => 0);
  const n = schema.columns.length;
  let kept = 0;
  let t = start;
  let count = 0;
  const emit = (time: number, nulls: number, tag: number) => {
    if (time < fromMs || time > toMs) return;
    into.t.push(time);
    for (let c = 0; c < n; c++) into.values[c]!.push(Math.floor(nulls / 2 ** c) % 2 === 1 ? NaN : prev[c]!);
    into.tags.push(tag);
    kept += 1;
  };
  while (reader.pos < data.length) {
    t = readPoint(schema, reader, headerBytes, count === 0 ? 0 : step, t, prev, emit);
    count += 1;
  }
  return kept;
}
