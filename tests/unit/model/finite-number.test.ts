import { describe, expect, it } from "vitest";
import { MIN_NORMAL, normalOrZero } from "@/lib/model/finite-number";

describe("normalOrZero()", () => {
  it("MIN_NORMAL is the smallest positive normal double", () => {
    expect(MIN_NORMAL).toBe(2.2250738585072014e-308);
    expect(MIN_NORMAL / 2).toBeGreaterThan(0); // below it lie the subnormals
  });

  it("normalOrZero() keeps finite normal numbers, of either sign", () => {
    for (const x of [1, -1, 0.5, 1e308, -1e308, Number.MAX_VALUE, MIN_NORMAL, -MIN_NORMAL, 2 ** 53 + 2]) expect(normalOrZero(x)).toBe(x);
  });

  it("normalOrZero() turns NaN, infinities, zeros and subnormals into 0", () => {
    for (const x of [NaN, Infinity, -Infinity, -0, 5e-324, -5e-324, MIN_NORMAL / 2]) expect(Object.is(normalOrZero(x), 0)).toBe(true);
  });
});
