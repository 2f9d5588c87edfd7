import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxOf, minOf } from "@/lib/model/min-max";
import { EDGE_DOUBLES, finiteDouble } from "../../fixtures/extreme/doubles";

/** Past the ~100,000 arguments at which a spread into Math.min / Math.max overflows the call stack. */
const LARGE = 500_000;
const anyNumber = () => fc.oneof(finiteDouble(), fc.constantFrom(NaN, Infinity, -Infinity));

describe("minOf()", () => {
  it("minOf() answers as Math.min over the same values, NaN and -0 included", () => {
    fc.assert(fc.property(fc.array(anyNumber(), { maxLength: 40 }), (xs) => Object.is(minOf(xs), Math.min(...xs))));
    expect(Object.is(minOf([0, -0]), -0)).toBe(true);
    expect(Object.is(minOf([-0, 0]), -0)).toBe(true);
    expect(minOf([...EDGE_DOUBLES])).toBe(-Number.MAX_VALUE);
  });

  it("minOf() is Infinity for no values, as Math.min()", () => {
    expect(minOf([])).toBe(Infinity);
  });

  it("minOf() takes half a million values and any iterable", () => {
    const xs = Array.from({ length: LARGE }, (_, i) => LARGE - i);
    expect(() => Math.min(...xs)).toThrow(RangeError);
    expect(minOf(xs)).toBe(1);
    expect(minOf(new Set([3, 1, 2]).values())).toBe(1);
  });
});

describe("maxOf()", () => {
  it("maxOf() answers as Math.max over the same values, NaN and -0 included", () => {
    fc.assert(fc.property(fc.array(anyNumber(), { maxLength: 40 }), (xs) => Object.is(maxOf(xs), Math.max(...xs))));
    expect(Object.is(maxOf([-0, 0]), 0)).toBe(true);
    expect(Object.is(maxOf([0, -0]), 0)).toBe(true);
    expect(maxOf([...EDGE_DOUBLES])).toBe(Number.MAX_VALUE);
  });

  it("maxOf() is -Infinity for no values, so Math.max(0, maxOf([])) is 0", () => {
    expect(maxOf([])).toBe(-Infinity);
    expect(Math.max(0, maxOf([]))).toBe(0);
  });

  it("maxOf() takes half a million values and any iterable", () => {
    const xs = Array.from({ length: LARGE }, (_, i) => i);
    expect(() => Math.max(...xs)).toThrow(RangeError);
    expect(maxOf(xs)).toBe(LARGE - 1);
    expect(
      maxOf(
        new Map([
          [1, 5],
          [2, 9],
        ]).values(),
      ),
    ).toBe(9);
  });
});
