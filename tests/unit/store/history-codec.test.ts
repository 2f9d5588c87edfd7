import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyColumns } from "@/lib/model/history-buckets";
import { ChunkWriter, decodeChunk, EXACT, MAX_CHUNK_VALUE, type ChunkSchema } from "@/lib/store/history-codec";

const DIR: ChunkSchema = {
  columns: [
    { nullable: false, bytes: true },
    { nullable: true, bytes: true },
    { nullable: false, bytes: false },
    { nullable: true, bytes: true },
  ],
  tagBits: 2,
};
const ONE: ChunkSchema = { columns: [{ nullable: false, bytes: true }], tagBits: 0 };
const exact = (stepMs: number) => ({ stepMs, ...EXACT });
const START = Date.UTC(2026, 0, 1);

function decode(schema: ChunkSchema, start: number, data: Uint8Array, from?: number, to?: number) {
  const out = emptyColumns(schema.columns.length);
  decodeChunk(schema, start, data, out, from, to);
  return out;
}

describe("ChunkWriter and decodeChunk()", () => {
  it("decodeChunk() gives back every point written: times, values, nulls and tags", () => {
    const w = ChunkWriter.create(DIR, START, exact(300_000));
    w.append(START + 12, [5_000_000_000, 4096, 3, 4_000_000_000_000], 0);
    w.append(START + 300_020, [5_100_000_000, NaN, 3, NaN], 2);
    w.append(START + 599_000, [4_900_000_000, 1, 4, 4_000_000_000_000], 1);
    expect(decode(DIR, START, w.bytes())).toEqual({
      t: [START + 12, START + 300_020, START + 599_000],
      values: [
        [5_000_000_000, 5_100_000_000, 4_900_000_000],
        [4096, NaN, 1],
        [3, 3, 4],
        [4_000_000_000_000, NaN, 4_000_000_000_000],
      ],
      tags: [0, 2, 1],
    });
  });

  it("a dir point growing steadily takes about 10 bytes", () => {
    const w = ChunkWriter.create(DIR, START, exact(300_000));
    for (let i = 0; i < 36; i++) w.append(START + i * 300_000 + (i % 7) * 13, [2 ** 40 + i * 150_000_000, 8_000_000 + (i % 3) * 4096, 40 + Math.floor(i / 20), 4 * 2 ** 40], 0);
    expect(w.bytes().length / 36).toBeLessThan(12);
  });

  it("ChunkWriter.resume() appends after what is there, as if written in one go", () => {
    const one = ChunkWriter.create(DIR, START, exact(1000));
    const first = ChunkWriter.create(DIR, START, exact(1000));
    const points: [number, number[], number][] = [
      [START + 5, [10, 2, 1, 100], 0],
      [START + 1005, [12, NaN, 1, 100], 1],
      [START + 2010, [8, 3, 2, NaN], 0],
    ];
    points.forEach(([t, v, tag]) => one.append(t, v, tag));
    first.append(...points[0]!);
    const resumed = ChunkWriter.resume(DIR, START, first.bytes());
    expect(resumed.count).toBe(1);
    expect(resumed.lastT).toBe(START + 5);
    resumed.append(...points[1]!);
    const again = ChunkWriter.resume(DIR, START, resumed.bytes());
    again.append(...points[2]!);
    expect(again.bytes()).toEqual(one.bytes());
  });

  it("a chunk of means keeps times in whole units and byte columns in whole quanta, counts exact", () => {
    const w = ChunkWriter.create(DIR, START, { stepMs: 3_600_000, unitMs: 1000, quantum: 65_536 });
    w.append(START + 1_799_700, [5_000_000_000.4, 70_000, 37, 4 * 2 ** 40], 0);
    w.append(START + 5_400_499, [5_001_000_000, NaN, 38, 4 * 2 ** 40], 0);
    const out = decode(DIR, START, w.bytes());
    expect(out.t).toEqual([START + 1_800_000, START + 5_400_000]);
    expect(out.values).toEqual([
      [Math.round(5_000_000_000 / 65_536) * 65_536, Math.round(5_001_000_000 / 65_536) * 65_536],
      [65_536, NaN],
      [37, 38],
      [4 * 2 ** 40, 4 * 2 ** 40],
    ]);
    expect(w.bytes().length).toBeLessThan(30);
  });

  it("decodeChunk() keeps only the points in [from, to]", () => {
    const w = ChunkWriter.create(ONE, 0, exact(10));
    for (let t = 0; t < 100; t += 10) w.append(t, [t * 2], 0);
    expect(decode(ONE, 0, w.bytes(), 25, 50).t).toEqual([30, 40, 50]);
  });

  it("the writer refuses what it cannot keep exactly, and the reader a chunk of another layout", () => {
    const w = ChunkWriter.create(DIR, START, exact(0));
    expect(() => w.append(START, [1, 0, 1.5, 0], 0)).toThrow(RangeError);
    expect(() => w.append(START, [MAX_CHUNK_VALUE * 2, 0, 0, 0], 0)).toThrow(RangeError);
    expect(() => w.append(START, [NaN, 0, 0, 0], 0)).toThrow(/cannot be null/);
    expect(() => w.append(START, [1, 0, 0, 0], 4)).toThrow(/tag/);
    w.append(START, [1, 0, 0, 0], 0);
    expect(() => decode(ONE, START, w.bytes())).toThrow(/columns/);
    expect(() => decode(DIR, START, w.bytes().slice(0, w.bytes().length - 1))).toThrow(/truncated/);
  });

  it("any points round-trip exactly, values up to ±2^52 and times out of order included", () => {
    const value = fc.oneof(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
      fc.constantFrom(MAX_CHUNK_VALUE, -MAX_CHUNK_VALUE, 0),
      fc.maxSafeInteger().map((x) => Math.round(x / 2) + 0),
    );
    const point = fc.record({
      dt: fc.integer({ min: -10_000, max: 10_000_000 }),
      values: fc.tuple(value, fc.option(value, { nil: NaN }), value, fc.option(value, { nil: NaN })),
      tag: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 40 }), fc.integer({ min: 0, max: 1_000_000 }), (points, step) => {
        const w = ChunkWriter.create(DIR, START, exact(step));
        let t = START;
        const expected = emptyColumns(4);
        for (const p of points) {
          t += p.dt;
          w.append(t, p.values, p.tag);
          expected.t.push(t);
          p.values.forEach((v, c) => expected.values[c]!.push(v));
          expected.tags.push(p.tag);
        }
        expect(decode(DIR, START, w.bytes())).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
