import { describe, expect, it } from "vitest";
import { skewOf } from "@/lib/model/skew";

describe("skewOf()", () => {
  it("skewOf() is 1.00× with no spread when every value is equal", () => {
    expect(
      skewOf([
        ["a", 5],
        ["b", 5],
      ]),
    ).toMatchObject({ maxOverMean: 1, cv: 0, spread: 0, mean: 5 });
  });

  it("skewOf() reports max ÷ mean, spread, cv and the worst key", () => {
    const s = skewOf([
      ["a", 1],
      ["b", 1],
      ["c", 4],
    ]);
    expect(s.maxOverMean).toBeCloseTo(2);
    expect(s.spread).toBe(3);
    expect(s.cv).toBeCloseTo(Math.sqrt(2) / 2);
    expect(s.worst).toBe("c");
    expect(s.least).toBe("a");
  });

  it("skewOf() treats an empty or all-zero set as balanced", () => {
    expect(skewOf([])).toMatchObject({ count: 0, maxOverMean: 1, worst: null });
    expect(
      skewOf([
        ["a", 0],
        ["b", 0],
      ]),
    ).toMatchObject({ maxOverMean: 1, cv: 0 });
  });
});
