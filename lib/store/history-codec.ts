/**
 * The byte layout of one history chunk: a run of points of one series (a log dir, a broker, a topic on a
 * broker) inside one aligned time span, as the history store keeps them in a BLOB.
 *
 *   chunk  = version(1) columns(1) tagBits(1) uvarint(step) uvarint(unitMs) uvarint(quantum) point*
 *   point  = zigzag(time − previous time − step)   (the first point: zigzag(time − 0)), times in units
 *            of `unitMs` from the chunk's start
 *            header: ceil(bits / 8) bytes, little-endian, bits from the lowest:
 *              tag (tagBits) · a null flag per nullable column · a sign flag per column
 *            per column that is not null: uvarint(|value − the column's previous value|), byte
 *            columns in units of `quantum` bytes
 *
 * Why this shape: points of one series move slowly, so deltas are small (a dir growing by 100 MB in 5
 * minutes costs 4 bytes; an unchanged count or capacity 1 byte); times arrive about every `step`, so a
 * time costs 1–2 bytes. A dir's every-scan point (time, state, Kafka's bytes, the disk's other bytes,
 * count, capacity) takes about 11 bytes where fixed-width doubles would take 40. Hourly and daily
 * points are means: they keep whole seconds and 64 KiB units (finer digits of a mean are noise), which
 * brings them to about 7 bytes.
 *
 * Invariants:
 * - A chunk gives back exactly the whole numbers written when `unitMs` and `quantum` are 1; otherwise
 *   times are rounded to the unit and byte columns to the quantum, nothing else changes.
 * - Values (in units) are whole numbers with |v| ≤ 2^52: deltas then stay ≤ 2^53 and every step is
 *   exact in a double. The writer refuses anything else (the store rounds and clamps before).
 * - Appending never rewrites what is there: `ChunkWriter.resume` reads the chunk to its end to learn
 *   the previous values, then adds bytes after it.
 * - A chunk written with another column layout is refused, not misread.
 */
import type { SeriesColumns } from "@/lib/model/history-buckets";

export const CHUNK_VERSION = 1;
/** 2^52: the largest magnitude a value may have, in its units (see the invariants). */
export const MAX_CHUNK_VALUE = 2 ** 52;

export interface ChunkSchema {
  /** `bytes`: a byte count, kept in units of the chunk's quantum. */
  columns: readonly { nullable: boolean; bytes: boolean }[];
  /** Bits of the per-point tag (a dir's state); 0 for none. */
  tagBits: number;
}

export interface ChunkUnits {
  /** About how far apart points are (ms); makes times cheap, nothing depends on it. */
  stepMs: number;
  /** Times are kept in whole multiples of this (ms). */
  unitMs: number;
  /** Byte columns are kept in whole multiples of this (bytes). */
  quantum: number;
}

export const EXACT: Omit<ChunkUnits, "stepMs"> = { unitMs: 1, quantum: 1 };

/** Per schema, what the per-point loops need: precomputed once. */
interface Plan {
  n: number;
  tagBits: number;
  tagMask: number;
  headerBytes: number;
  /** Per column: its null flag's bit (0 when not nullable) and its sign flag's bit. */
  nullBit: number[];
  signBit: number[];
  bytes: boolean[];
  /** The columns' previous values while decoding (reused: decoding is synchronous). */
  scratch: number[];
}

const plans = new WeakMap<ChunkSchema, Plan>();
function planOf(schema: ChunkSchema): Plan {
  let plan = plans.get(schema);
  if (plan) return plan;
  const n = schema.columns.length;
  let bit = schema.tagBits;
  const nullBit = schema.columns.map((c) => (c.nullable ? 1 << bit++ : 0));
  const signBit = schema.columns.map(() => 1 << bit++);
  if (bit > 30) throw new RangeError(`history chunk: ${bit} header bits; at most 30`);
  plan = {
    n,
    tagBits: schema.tagBits,
    tagMask: (1 << schema.tagBits) - 1,
    headerBytes: Math.ceil(bit / 8),
    nullBit,
    signBit,
    bytes: schema.columns.map((c) => c.bytes),
    scratch: schema.columns.map(() => 0),
  };
  plans.set(schema, plan);
  return plan;
}

class Bytes {
  buf: Uint8Array;
  length = 0;
  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
  }
  private grow(): void {
    const next = new Uint8Array(this.buf.length * 2);
    next.set(this.buf);
    this.buf = next;
  }
  push(byte: number): void {
    if (this.length === this.buf.length) this.grow();
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
    const buf = this.buf;
    let b = this.pos < buf.length ? buf[this.pos++]! : this.byte();
    if (b < 128) return b;
    let x = b - 128;
    let scale = 128;
    for (;;) {
      b = this.byte();
      if (b < 128) return x + b * scale;
      x += (b - 128) * scale;
      scale *= 128;
      if (scale > 2 ** 56) throw new RangeError("history chunk: varint too long");
    }
  }
}

const zigzag = (d: number) => (d >= 0 ? 2 * d : -2 * d - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

interface Header {
  step: number;
  unitMs: number;
  quantum: number;
}

/** Reads and checks a chunk's header; leaves the reader on the first point. */
function readHeader(schema: ChunkSchema, reader: Reader): Header {
  const version = reader.byte();
  if (version !== CHUNK_VERSION) throw new RangeError(`history chunk: version ${version}, this build reads ${CHUNK_VERSION}`);
  const columns = reader.byte();
  const tagBits = reader.byte();
  if (columns !== schema.columns.length || tagBits !== schema.tagBits)
    throw new RangeError(`history chunk: ${columns} columns and ${tagBits} tag bits where ${schema.columns.length} and ${schema.tagBits} were expected`);
  const step = reader.uvarint();
  const unitMs = reader.uvarint();
  const quantum = reader.uvarint();
  if (unitMs < 1 || quantum < 1) throw new RangeError("history chunk: a unit of 0");
  return { step, unitMs, quantum };
}

/**
 * Walks a chunk's points: `prev` holds each column's value (in units) after each point; calls `visit`
 * with the point's time (ms) and its null flags. Returns the number of points.
 */
function walk(plan: Plan, reader: Reader, h: Header, start: number, prev: number[], visit: ((t: number, header: number) => void) | null): { count: number; lastUnits: number } {
  const end = reader.buf.length;
  let units = 0;
  let count = 0;
  while (reader.pos < end) {
    units += (count === 0 ? 0 : h.step) + unzigzag(reader.uvarint());
    let header = 0;
    for (let i = 0; i < plan.headerBytes; i++) header |= reader.byte() << (8 * i);
    for (let c = 0; c < plan.n; c++) {
      if (header & plan.nullBit[c]!) continue;
      const d = reader.uvarint();
      prev[c] = header & plan.signBit[c]! ? prev[c]! - d : prev[c]! + d;
    }
    count += 1;
    visit?.(start + units * h.unitMs, header);
  }
  return { count, lastUnits: units };
}

/** Writes a chunk, or appends to one (`resume`). */
export class ChunkWriter {
  private readonly out = new Bytes();
  private readonly plan: Plan;
  private readonly prev: number[];
  private units = 0;
  private h: Header = { step: 0, unitMs: 1, quantum: 1 };
  /** Points in the chunk. */
  count = 0;

  private constructor(
    schema: ChunkSchema,
    readonly start: number,
  ) {
    this.plan = planOf(schema);
    this.prev = schema.columns.map(() => 0);
  }

  /** A new, empty chunk starting at `start` (a whole number of `unitMs`). */
  static create(schema: ChunkSchema, start: number, units: ChunkUnits): ChunkWriter {
    const w = new ChunkWriter(schema, start);
    const unitMs = Math.max(1, Math.round(units.unitMs));
    w.h = { step: Math.max(0, Math.round(units.stepMs / unitMs)), unitMs, quantum: Math.max(1, Math.round(units.quantum)) };
    w.out.push(CHUNK_VERSION);
    w.out.push(schema.columns.length);
    w.out.push(schema.tagBits);
    w.out.uvarint(w.h.step);
    w.out.uvarint(w.h.unitMs);
    w.out.uvarint(w.h.quantum);
    return w;
  }

  /** A writer that appends to the chunk `data` (which starts at `start`). */
  static resume(schema: ChunkSchema, start: number, data: Uint8Array): ChunkWriter {
    const w = new ChunkWriter(schema, start);
    const reader = new Reader(data);
    w.h = readHeader(schema, reader);
    const walked = walk(w.plan, reader, w.h, start, w.prev, null);
    w.count = walked.count;
    w.units = walked.lastUnits;
    w.out.buf = new Uint8Array(Math.max(64, data.length * 2));
    w.out.buf.set(data);
    w.out.length = data.length;
    return w;
  }

  /** The newest point's time (the start when empty). */
  get lastT(): number {
    return this.start + this.units * this.h.unitMs;
  }

  /**
   * Adds a point: a time (ms, at or after the start), one value per column (NaN = null, only in
   * nullable columns), a tag. Times are rounded to the chunk's unit, byte columns to its quantum.
   */
  append(t: number, values: ArrayLike<number>, tag: number): void {
    const { plan, h, out } = this;
    if (!Number.isFinite(t)) throw new RangeError(`history chunk: time ${t} is not a number of ms`);
    if (values.length !== plan.n) throw new RangeError(`history chunk: ${values.length} values for ${plan.n} columns`);
    if (!(tag >= 0 && tag <= plan.tagMask && Number.isInteger(tag))) throw new RangeError(`history chunk: tag ${tag} does not fit ${plan.tagBits} bits`);
    const units = Math.round((t - this.start) / h.unitMs);
    let header = tag;
    for (let c = 0; c < plan.n; c++) {
      const raw = values[c]!;
      if (Number.isNaN(raw)) {
        if (!plan.nullBit[c]) throw new RangeError(`history chunk: column ${c} cannot be null`);
        header |= plan.nullBit[c]!;
        continue;
      }
      const v = plan.bytes[c] ? Math.round(raw / h.quantum) : raw;
      if (!Number.isInteger(v) || Math.abs(v) > MAX_CHUNK_VALUE) throw new RangeError(`history chunk: value ${raw} is not a whole number within ±2^52 units`);
      if (v < this.prev[c]!) header |= plan.signBit[c]!;
    }
    out.uvarint(zigzag(units - this.units - (this.count === 0 ? 0 : h.step)));
    for (let i = 0; i < plan.headerBytes; i++) out.push((header >>> (8 * i)) & 255);
    for (let c = 0; c < plan.n; c++) {
      if (header & plan.nullBit[c]!) continue;
      const v = plan.bytes[c] ? Math.round(values[c]! / h.quantum) : values[c]!;
      out.uvarint(Math.abs(v - this.prev[c]!));
      this.prev[c] = v;
    }
    this.units = units;
    this.count += 1;
  }

  /** Bytes in the chunk so far. */
  get length(): number {
    return this.out.length;
  }

  /** Whether one more point surely keeps the chunk within `maxBytes`: a point takes at most a time varint, its header and a varint per column. */
  fits(maxBytes: number): boolean {
    return this.out.length + 8 + this.plan.headerBytes + 8 * this.plan.n <= maxBytes;
  }

  /** The chunk's bytes (a view: copy it before the next append). */
  bytes(): Uint8Array {
    return this.out.buf.subarray(0, this.out.length);
  }
}

/**
 * Appends the chunk's points with `fromMs ≤ t ≤ toMs` to `into` (NaN for nulls); returns how many.
 * The whole chunk is read (deltas), only the points in range are kept. This is `walk` written out with
 * its varints inlined (reading 12,000 dirs' month for the forecast decodes 15 million points); a read
 * past the end yields `undefined`, which ends a varint, and is caught once per point.
 */
/** Where decoded points go instead of columns: one call per point, oldest first within a chunk (`values` is reused between calls). */
export interface PointSink {
  point(t: number, values: ArrayLike<number>, tag: number): void;
}

export function decodeChunk(schema: ChunkSchema, start: number, data: Uint8Array, into: SeriesColumns | PointSink, fromMs = -Infinity, toMs = Infinity): number {
  const plan = planOf(schema);
  const reader = new Reader(data);
  const h = readHeader(schema, reader);
  // Per chunk only plain reads: decoding a month of 12,000 dirs walks 500,000 chunks.
  const { n, headerBytes, nullBit, signBit, tagMask, bytes } = plan;
  const prev = plan.scratch;
  for (let c = 0; c < n; c++) prev[c] = 0;
  const quantum = h.quantum;
  const unitMs = h.unitMs;
  const sink = "point" in into ? into : null;
  const columns = sink ? null : (into as SeriesColumns);
  const row = sink ? plan.bytes.map(() => 0) : null;
  const end = data.length;
  let pos = reader.pos;
  let units = 0;
  let step = 0;
  let kept = 0;
  while (pos < end) {
    let b: number;
    let x = 0;
    let scaleV = 1;
    do {
      b = data[pos++]!;
      x += (b & 127) * scaleV;
      scaleV *= 128;
    } while (b >= 128);
    units += step + (x % 2 === 0 ? x / 2 : -(x + 1) / 2);
    step = h.step;
    let header = 0;
    for (let i = 0; i < headerBytes; i++) header |= data[pos++]! << (8 * i);
    for (let c = 0; c < n; c++) {
      if (header & nullBit[c]!) continue;
      x = 0;
      scaleV = 1;
      do {
        b = data[pos++]!;
        x += (b & 127) * scaleV;
        scaleV *= 128;
      } while (b >= 128);
      prev[c] = header & signBit[c]! ? prev[c]! - x : prev[c]! + x;
    }
    if (pos > end || scaleV > 2 ** 63) throw new RangeError("history chunk: truncated");
    const t = start + units * unitMs;
    if (t < fromMs || t > toMs) continue;
    kept += 1;
    if (row) {
      for (let c = 0; c < n; c++) row[c] = header & nullBit[c]! ? NaN : bytes[c] ? prev[c]! * quantum : prev[c]!;
      sink!.point(t, row, header & tagMask);
      continue;
    }
    columns!.t.push(t);
    for (let c = 0; c < n; c++) columns!.values[c]!.push(header & nullBit[c]! ? NaN : bytes[c] ? prev[c]! * quantum : prev[c]!);
    columns!.tags.push(header & tagMask);
  }
  return kept;
}
