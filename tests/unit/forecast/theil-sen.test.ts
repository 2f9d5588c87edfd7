import { describe, expect, it } from "vitest";
import { theilSen } from "@/lib/forecast/theil-sen";
import { DAY, GiB, gaussians, lineColumns } from "@/tests/support/forecast-series";

describe("theilSen()", () => {
  it("theilSen() is exact on an exact line, with a zero-width interval", () => {
    const { t, y } = lineColumns(500 * GiB, 3 * GiB);
    const fit = theilSen(t, y)!;
    expect(fit.slope).toBeCloseTo(3 * GiB, 0);
    expect(fit.high - fit.low).toBeLessThan(1e-3 * GiB);
    expect(fit.points).toBe(t.length);
  });

  it("theilSen() ignores a few wild points", () => {
    const { t, y } = lineColumns(100 * GiB, 2 * GiB, 14, () => 0, 6 * 3_600_000);
    for (const i of [3, 17, 30, 44]) y[i] = y[i]! * (i % 2 ? 5 : 0.1);
    expect(theilSen(t, y)!.slope / (2 * GiB)).toBeCloseTo(1, 2);
  });

  it("theilSen() gives an 80% interval that holds the true slope on most seeded noisy lines", () => {
    let held = 0;
    const runs = 200;
    for (let seed = 1; seed <= runs; seed++) {
      const noise = gaussians(seed);
      const { t, y } = lineColumns(300 * GiB, GiB, 14, () => 2 * GiB * noise(), 12 * 3_600_000);
      const fit = theilSen(t, y)!;
      if (fit.low <= GiB && GiB <= fit.high) held++;
    }
    // Sen's interval is close to its level on independent noise; "most" with room for chance.
    expect(held / runs).toBeGreaterThan(0.7);
    expect(held / runs).toBeLessThan(0.95);
  });

  it("theilSen() skips pairs closer than minDtMs and answers null with fewer than two pairs", () => {
    // Without the 1 ms pair's slope (1e12 bytes/day) the median is the line's 10 bytes/day.
    const t = Float64Array.from([0, 1, DAY, 2 * DAY]);
    const y = Float64Array.from([0, 1e9, 10, 20]);
    expect(theilSen(t, y, 0, 4, { minDtMs: 10 })!.slope).toBeCloseTo(10, 6);
    expect(theilSen(t, y, 0, 4)!.pairs).toBe(6);
    expect(theilSen(t, y, 0, 4, { minDtMs: 10 })!.pairs).toBe(5);
    expect(theilSen(t, y, 0, 2)).toBeNull();
    expect(theilSen(Float64Array.from([0, 0, 0]), Float64Array.from([1, 2, 3]))).toBeNull();
  });
});
