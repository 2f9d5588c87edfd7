import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBytes } from "@/lib/model/format";
import { formatAxisBytes, niceByteTicks, niceCountTicks } from "@/lib/view/common/axis-ticks";
import { MIN_NORMAL } from "@/lib/model/finite-number";
import { EDGE_DOUBLES, finiteDouble } from "../../../fixtures/extreme/doubles";

const GiB = 1024 ** 3;

describe("niceByteTicks()", () => {
  it("niceByteTicks() picks round steps of the unit that fits the maximum", () => {
    expect(niceByteTicks(812 * GiB).map(formatBytes)).toEqual(["0 B", "250.0 GiB", "500.0 GiB", "750.0 GiB", "1000.0 GiB"]);
    expect(niceByteTicks(96 * GiB).map(formatBytes)).toEqual(["0 B", "25.0 GiB", "50.0 GiB", "75.0 GiB", "100.0 GiB"]);
    expect(niceByteTicks(3000).map(formatBytes)).toEqual(["0 B", "1.0 KiB", "2.0 KiB", "3.0 KiB"]);
  });

  it("niceByteTicks() ends at or above the maximum", () => {
    for (const max of [1, 999, 5 * GiB, 7.3 * 1024 * GiB]) expect(niceByteTicks(max).at(-1)!).toBeGreaterThanOrEqual(max);
  });

  it("niceByteTicks() gives a single zero tick for an empty range", () => {
    expect(niceByteTicks(0)).toEqual([0]);
  });

  it("niceByteTicks() gives the single tick 0 below the smallest normal double (5e-324 steps by 0 otherwise)", () => {
    for (const max of [5e-324, Number.MIN_VALUE, 1e-323, 4 * 5e-324, 1e-310, -0, -5e-324, -1e308]) expect(niceByteTicks(max)).toEqual([0]);
  });

  it("niceByteTicks() stays finite at the top of the range, ending at the maximum when a round tick would overflow", () => {
    expect(niceByteTicks(Number.MAX_VALUE).at(-1)).toBe(Number.MAX_VALUE);
    expect(niceByteTicks(Number.MAX_VALUE, 1)).toEqual([0, Number.MAX_VALUE]);
    expect(niceByteTicks(1e308).at(-1)!).toBeGreaterThanOrEqual(1e308);
    expect(niceByteTicks(2 ** 53 + 2).at(-1)!).toBeGreaterThanOrEqual(2 ** 53 + 2);
  });

  it("niceByteTicks() terminates with at most count + 2 finite, rising ticks from 0 to at least the maximum, for any finite double", () => {
    const check = (max: number, count: number) => {
      const ticks = niceByteTicks(max, count);
      expect(ticks.length).toBeGreaterThanOrEqual(1);
      expect(ticks.length).toBeLessThanOrEqual(Math.max(1, Math.min(50, Math.round(count))) + 2);
      expect(ticks[0]).toBe(0);
      for (const t of ticks) expect(Number.isFinite(t)).toBe(true);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i]!).toBeGreaterThan(ticks[i - 1]!);
      // At or above the maximum, but for the rounding of i × step.
      if (max >= MIN_NORMAL) expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max * (1 - 1e-9));
    };
    for (const max of EDGE_DOUBLES) for (const count of [1, 4, 10]) check(max, count);
    fc.assert(fc.property(finiteDouble(), fc.integer({ min: 1, max: 12 }), (max, count) => check(max, count)));
  });

  it("niceByteTicks() bounds the tick count a caller asks for", () => {
    expect(niceByteTicks(1000, 1e9).length).toBeLessThanOrEqual(52);
    expect(niceByteTicks(1000, 0).length).toBeLessThanOrEqual(3);
    expect(niceByteTicks(1000, Number.NaN)).toEqual(niceByteTicks(1000));
  });

  it("formatAxisBytes() drops the decimal of round ticks only", () => {
    expect([0, 250 * GiB, 1.5 * GiB, 1000 * GiB].map(formatAxisBytes)).toEqual(["0 B", "250 GiB", "1.5 GiB", "1000 GiB"]);
  });

  it("niceCountTicks() steps by 1, 2, 2.5 or 5 × 10ⁿ in whole numbers up to the maximum", () => {
    expect(niceCountTicks(136)).toEqual([0, 50, 100, 150]);
    expect(niceCountTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(niceCountTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceCountTicks(0)).toEqual([0, 1]);
    expect(niceCountTicks(NaN)).toEqual([0, 1]);
  });

  it("niceCountTicks() reaches every maximum in a short list of whole numbers", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e15, noNaN: true }), (max) => {
        const ticks = niceCountTicks(max);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
        expect(ticks.length).toBeLessThanOrEqual(6);
        expect(ticks.every(Number.isInteger)).toBe(true);
      }),
    );
  });
});
