import { describe, expect, it } from "vitest";
import { scrollToReveal, visibleRange } from "@/lib/view/virtual-window";

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
