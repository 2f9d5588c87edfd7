import { describe, expect, it } from "vitest";
import { formatBytes } from "@/lib/model/format";
import { formatAxisBytes, niceByteTicks } from "@/lib/view/axis-ticks";

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

  it("formatAxisBytes() drops the decimal of round ticks only", () => {
    expect([0, 250 * GiB, 1.5 * GiB, 1000 * GiB].map(formatAxisBytes)).toEqual(["0 B", "250 GiB", "1.5 GiB", "1000 GiB"]);
  });
});
