import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resample, resampleBuffers } from "@/lib/forecast/resample";

const f64 = (xs: number[]) => Float64Array.from(xs);

describe("resample()", () => {
  it("resample() gives each equal bucket its mean time and median value and leaves empty buckets out", () => {
    const t = f64([0, 1, 2, 9, 10]);
    const y = f64([10, 20, 30, 90, 100]);
    const r = resample(t, y, 0, 5, 0, 10, 5);
    expect(r.length).toBe(3);
    expect(Array.from(r.t.subarray(0, 3))).toEqual([0.5, 2, 9.5]);
    expect(Array.from(r.y.subarray(0, 3))).toEqual([15, 30, 95]);
    expect(r.widthMs).toBe(2);
  });

  it("resample() keeps a wild point from spoiling its bucket", () => {
    const r = resample(f64([0, 1, 2, 3, 4]), f64([10, 11, 1e12, 12, 13]), 0, 5, 0, 4, 1);
    expect(r.y[0]).toBe(12);
  });

  it("resample() counts a point older than the one before it in the current bucket", () => {
    const r = resample(f64([0, 3, 1, 4]), f64([1, 2, 3, 4]), 0, 4, 0, 4, 2);
    expect(r.length).toBe(2);
    expect(Array.from(r.y.subarray(0, 2))).toEqual([1, 3]);
  });

  it("resample() skips NaN values and points outside [from, to], and closes the last bucket at `to`", () => {
    const r = resample(f64([-1, 0, 1, 2, 3, 4]), f64([5, NaN, 7, 8, 9, 10]), 0, 6, 0, 3, 3);
    expect(Array.from(r.y.subarray(0, r.length))).toEqual([7, 8.5]);
  });

  it("resample() reuses the buffers it is given, growing the per-bucket room when needed", () => {
    const buffers = resampleBuffers(4, 1);
    const r = resample(f64([0, 1, 2, 3]), f64([1, 2, 3, 4]), 0, 4, 0, 4, 4, buffers);
    expect(r.t).toBe(buffers.t);
    expect(r.length).toBe(4);
    const again = resample(f64([0]), f64([7]), 0, 1, 0, 4, 4, buffers);
    expect(again.length).toBe(1);
    expect(again.y[0]).toBe(7);
  });

  it("resample() puts everything in one bucket when the span is empty and never gives more than `buckets` points", () => {
    expect(resample(f64([5, 5]), f64([1, 3]), 0, 2, 5, 5, 8).length).toBe(1);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ noNaN: true, min: -1e12, max: 1e12 })), { maxLength: 200 }),
        fc.integer({ min: 1, max: 50 }),
        (pairs, b) => {
          pairs.sort((a, c) => a[0] - c[0]);
          const r = resample(f64(pairs.map((p) => p[0])), f64(pairs.map((p) => p[1])), 0, pairs.length, 0, 1e6, b);
          expect(r.length).toBeLessThanOrEqual(b);
          for (let i = 1; i < r.length; i++) expect(r.t[i]!).toBeGreaterThanOrEqual(r.t[i - 1]!);
        },
      ),
    );
  });
});
