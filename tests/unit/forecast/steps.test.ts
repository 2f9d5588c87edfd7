import { describe, expect, it } from "vitest";
import { DROP_MERGE_MS, changeScale, findDrops } from "@/lib/forecast/steps";
import { GiB, HOUR, gaussians, lineColumns } from "@/tests/support/forecast-series";

describe("findDrops()", () => {
  it("findDrops() finds data moved out and measures it net of the growth around it", () => {
    const { t, y } = lineColumns(500 * GiB, 5 * GiB);
    const at = 200;
    for (let i = at; i < y.length; i++) y[i] = y[i]! - 80 * GiB;
    const drops = findDrops(t, y);
    expect(drops).toHaveLength(1);
    expect(drops[0]!.endIndex).toBe(at);
    expect(drops[0]!.atMs).toBe(t[at]);
    expect(drops[0]!.bytes / GiB).toBeCloseTo(80, 6);
  });

  it("findDrops() ignores a single low or high point", () => {
    const { t, y } = lineColumns(500 * GiB, 5 * GiB);
    y[100] = y[100]! * 0.5;
    y[150] = y[150]! * 1.5;
    expect(findDrops(t, y)).toEqual([]);
  });

  it("findDrops() ignores falls within the noise or under 1.5% of the dir", () => {
    const noise = gaussians(7);
    const { t, y } = lineColumns(500 * GiB, 5 * GiB, 14, () => 2 * GiB * noise());
    expect(findDrops(t, y)).toEqual([]);
    const small = lineColumns(500 * GiB, 0);
    for (let i = 100; i < small.y.length; i++) small.y[i] = small.y[i]! - 5 * GiB;
    expect(findDrops(small.t, small.y)).toEqual([]);
  });

  it("findDrops() merges falls within 6 hours into one event and keeps each fall as a step", () => {
    const { t, y } = lineColumns(800 * GiB, 0);
    const falls = [100, 103, 106];
    for (const at of falls) for (let i = at; i < y.length; i++) y[i] = y[i]! - 40 * GiB;
    expect(t[106]! - t[100]!).toBeLessThanOrEqual(DROP_MERGE_MS);
    const drops = findDrops(t, y);
    expect(drops).toHaveLength(1);
    expect(drops[0]!.steps.map((s) => s.index)).toEqual(falls);
    expect(drops[0]!.endIndex).toBe(106);
    expect(drops[0]!.bytes / GiB).toBeCloseTo(120, 6);
  });

  it("findDrops() needs two points after a fall: the newest point alone may be an outlier", () => {
    const { t, y } = lineColumns(800 * GiB, 0, 1);
    y[y.length - 1] = 100 * GiB;
    expect(findDrops(t, y)).toEqual([]);
    y[y.length - 2] = 100 * GiB;
    y[y.length - 3] = 100 * GiB;
    expect(findDrops(t, y)).toHaveLength(1);
  });

  it("findDrops() answers nothing for fewer than three points", () => {
    expect(findDrops(new Float64Array([0, HOUR]), new Float64Array([10, 1]))).toEqual([]);
  });
});

describe("changeScale()", () => {
  it("changeScale() gives the median change and a σ of 0 on an exact line", () => {
    const { y } = lineColumns(0, 24, 2);
    expect(changeScale(y, y.length)).toEqual({ median: 1, sigma: 0 });
  });
});
