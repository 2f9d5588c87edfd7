import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scrollToReveal, visibleRange } from "@/lib/view/common/virtual-window";
import { finiteDouble } from "../../../fixtures/extreme/doubles";

describe("virtual-window", () => {
  it("visibleRange() covers the viewport plus the overscan, within bounds", () => {
    expect(visibleRange(0, 100, 10, 1000, 2)).toEqual({ start: 0, end: 12 });
    expect(visibleRange(500, 100, 10, 1000, 2)).toEqual({ start: 48, end: 62 });
    expect(visibleRange(9950, 100, 10, 1000, 2)).toEqual({ start: 993, end: 1000 });
    expect(visibleRange(0, 100, 10, 0)).toEqual({ start: 0, end: 0 });
  });

  it("scrollToReveal() scrolls just enough to show an item, or not at all", () => {
    expect(scrollToReveal(5, 10, 0, 100)).toBeNull();
    expect(scrollToReveal(15, 10, 0, 100)).toBe(60);
    expect(scrollToReveal(2, 10, 50, 100)).toBe(20);
  });
});

describe("visibleRange()", () => {
  it("visibleRange() is a range of whole indexes within [0, count] for any numbers", () => {
    const anyNumber = fc.oneof(finiteDouble(), fc.constantFrom(NaN, Infinity, -Infinity));
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, fc.oneof(fc.integer({ min: -5, max: 200_000 }), anyNumber), anyNumber, (scroll, viewport, item, count, overscan) => {
        const { start, end } = visibleRange(scroll, viewport, item, count, overscan);
        expect(Number.isInteger(start) && Number.isInteger(end)).toBe(true);
        expect(0 <= start && start <= end).toBe(true);
        expect(end).toBeLessThanOrEqual(Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0);
      }),
    );
  });

  it("visibleRange() with a subnormal item size gives at most the whole list", () => {
    expect(visibleRange(0, 100, 5e-324, 1000)).toEqual({ start: 0, end: 1000 });
    expect(visibleRange(1e308, 100, 5e-324, 1000)).toEqual({ start: 1000, end: 1000 });
    expect(visibleRange(NaN, 100, 10, 1000, 2)).toEqual({ start: 0, end: 12 });
  });
});
