import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { skewTicks } from "@/lib/view/common/skew-ticks";
import { EDGE_DOUBLES, finiteDouble } from "../../../fixtures/extreme/doubles";

describe("skewTicks()", () => {
  it("skewTicks() steps 0.5× up to 4× and 1× up to 10×, from 0 past the largest value and 1.5×", () => {
    expect(skewTicks([])).toEqual([0, 0.5, 1, 1.5]);
    expect(skewTicks([1.2, 2.2])).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(skewTicks([4.5])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(skewTicks([10])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("skewTicks() past 10× keeps about ten round steps and 1× as a tick", () => {
    expect(skewTicks([37])).toEqual([0, 1, 5, 10, 15, 20, 25, 30, 35, 40]);
    expect(skewTicks([1000])).toEqual([0, 1, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it("skewTicks() leaves out values that are not finite", () => {
    expect(skewTicks([NaN, Infinity, 2])).toEqual(skewTicks([2]));
  });

  it("skewTicks() terminates with at most 13 finite, rising ticks that reach the largest value, for any finite doubles", () => {
    const check = (values: number[]) => {
      const ticks = skewTicks(values);
      expect(ticks.length).toBeLessThanOrEqual(13);
      expect(ticks[0]).toBe(0);
      expect(ticks).toContain(1);
      for (const t of ticks) expect(Number.isFinite(t)).toBe(true);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i]!).toBeGreaterThan(ticks[i - 1]!);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(Math.max(1.5, ...values));
    };
    check([...EDGE_DOUBLES]);
    for (const v of EDGE_DOUBLES) check([v]);
    fc.assert(fc.property(fc.array(finiteDouble(), { maxLength: 8 }), (values) => check(values)));
  });
});
