import { describe, expect, it } from "vitest";
import { BucketFolder, bucketColumns, emptyColumns, sortColumns, stepForMaxPoints, thinColumns, type SeriesColumns } from "@/lib/model/history-buckets";

const HOUR = 3_600_000;

function series(points: [t: number, a: number, b: number][], tags?: number[]): SeriesColumns {
  return { t: points.map((p) => p[0]), values: [points.map((p) => p[1]), points.map((p) => p[2])], tags: tags ?? points.map(() => 0) };
}

describe("bucketColumns()", () => {
  it("bucketColumns() gives one point per aligned bucket, at the mean time of its points", () => {
    const s = series([
      [0, 10, 1],
      [HOUR / 2, 20, 2],
      [HOUR, 30, 3],
      [HOUR + 1000, 50, 4],
    ]);
    const out = bucketColumns(s, HOUR, ["mean", "last"]);
    expect(out.t).toEqual([HOUR / 4, HOUR + 500]);
    expect(out.values).toEqual([
      [15, 40],
      [2, 4],
    ]);
  });

  it("bucketColumns() leaves unknown values out of a mean, and keeps a column unknown in a whole bucket unknown", () => {
    const s = series([
      [0, NaN, 1],
      [1, 20, NaN],
      [HOUR, NaN, 1],
    ]);
    const out = bucketColumns(s, HOUR, ["mean", "last"]);
    expect(out.values[0]).toEqual([20, NaN]);
    // "last" is the last point's value, unknown included.
    expect(out.values[1]).toEqual([NaN, 1]);
  });

  it("bucketColumns() takes the last tag and rounds means only when asked", () => {
    const s = series(
      [
        [0, 1, 0],
        [1, 2, 0],
      ],
      [0, 2],
    );
    expect(bucketColumns(s, HOUR, ["mean", "mean"]).values[0]).toEqual([1.5]);
    expect(bucketColumns(s, HOUR, ["mean", "mean"], { round: true }).values[0]).toEqual([2]);
    expect(bucketColumns(s, HOUR, ["mean", "mean"]).tags).toEqual([2]);
  });

  it("bucketColumns() of steady growth puts each point on the line, gaps included", () => {
    const rate = 5;
    const times = [0, 300_000, 600_000, 1_500_000, 1_800_000, HOUR + 300_000, HOUR + 3_000_000];
    const s = series(times.map((t) => [t, 1000 + rate * t, 0]));
    const out = bucketColumns(s, HOUR, ["mean", "last"]);
    out.t.forEach((t, i) => expect(out.values[0]![i]).toBeCloseTo(1000 + rate * t, 6));
  });

  it("bucketColumns() refuses a step that is not positive and rules that do not match the columns", () => {
    expect(() => bucketColumns(emptyColumns(1), 0, ["mean"])).toThrow(RangeError);
    expect(() => bucketColumns(emptyColumns(2), HOUR, ["mean"])).toThrow(RangeError);
  });
});

describe("stepForMaxPoints() and thinColumns()", () => {
  it("stepForMaxPoints() is 0 when the points fit, else a step whose buckets number at most maxPoints", () => {
    expect(stepForMaxPoints(0, 100, 10, 10)).toBe(0);
    for (const [first, last, max] of [
      [0, 1_000_000, 10],
      [12_345, 98_765_432, 7],
      [5, 6, 3],
    ] as const) {
      const step = stepForMaxPoints(first, last, max + 1, max);
      expect(Math.floor(last / step) - Math.floor(first / step) + 1).toBeLessThanOrEqual(max);
    }
    expect(() => stepForMaxPoints(0, 1, 5, 2)).toThrow(RangeError);
  });

  it("thinColumns() leaves a series that fits alone and folds a longer one to at most maxPoints", () => {
    const s = series(Array.from({ length: 1000 }, (_, i) => [i * 300_000 + 7, i, i] as [number, number, number]));
    expect(thinColumns(s, 1000, ["mean", "last"]).series).toBe(s);
    const thin = thinColumns(s, 100, ["mean", "last"]);
    expect(thin.series.t.length).toBeLessThanOrEqual(100);
    expect(thin.series.t.length).toBeGreaterThan(50);
    expect(thin.stepMs).toBeGreaterThan(0);
  });
});

describe("sortColumns()", () => {
  it("sortColumns() returns a sorted series itself and orders an unsorted one by time, columns and tags alike", () => {
    const sorted = series([
      [1, 1, 1],
      [2, 2, 2],
    ]);
    expect(sortColumns(sorted)).toBe(sorted);
    const out = sortColumns(
      series(
        [
          [3, 30, 3],
          [1, 10, 1],
          [2, 20, 2],
        ],
        [3, 1, 2],
      ),
    );
    expect(out).toEqual({
      t: [1, 2, 3],
      values: [
        [10, 20, 30],
        [1, 2, 3],
      ],
      tags: [1, 2, 3],
    });
  });
});

describe("BucketFolder", () => {
  it("BucketFolder appends a bucket's point when the next bucket starts, and the last one on flush()", () => {
    const out = emptyColumns(1);
    const folder = new BucketFolder(HOUR, ["mean"], out);
    folder.add(0, [2], 0);
    folder.add(10, [4], 0);
    expect(out.t).toEqual([]);
    folder.add(HOUR, [9], 1);
    expect(out).toEqual({ t: [5], values: [[3]], tags: [0] });
    expect(folder.flush()).toEqual({ t: [5, HOUR], values: [[3, 9]], tags: [0, 1] });
    expect(folder.flush()).toBe(out);
  });
});
