import { describe, expect, it } from "vitest";
import { confidenceOf } from "@/lib/forecast/confidence";
import type { GrowthFit } from "@/lib/forecast/fit";
import { DAY, GiB, NOW, TiB } from "@/tests/support/forecast-series";

const fit = (more: Partial<GrowthFit> = {}): GrowthFit => ({
  slope: 10 * GiB,
  low: 9.5 * GiB,
  high: 10.5 * GiB,
  points: 24,
  pairs: 276,
  levelBytes: 500 * GiB,
  rawPoints: 32,
  fromMs: NOW - 14 * DAY,
  toMs: NOW,
  resampled: true,
  drops: [],
  dropHandling: "none",
  stop: null,
  ...more,
});

describe("confidenceOf()", () => {
  it("confidenceOf() is high for two weeks of dense history with a tight range", () => {
    expect(confidenceOf(fit(), TiB, "usedBytes", 0)).toEqual({ level: "high", reasons: [] });
  });

  it("confidenceOf() is medium under a week and low under two days of history", () => {
    expect(confidenceOf(fit({ fromMs: NOW - 4 * DAY }), TiB, "usedBytes", 0)).toEqual({ level: "medium", reasons: ["under a week of history"] });
    expect(confidenceOf(fit({ fromMs: NOW - DAY }), TiB, "usedBytes", 0).level).toBe("low");
    expect(confidenceOf(fit({ rawPoints: 5 }), TiB, "usedBytes", 0).level).toBe("low");
  });

  it("confidenceOf() lowers with the width of the range, unless it is small against the disk", () => {
    expect(confidenceOf(fit({ low: 6 * GiB, high: 14 * GiB }), 100 * GiB, "usedBytes", 0)).toEqual({ level: "medium", reasons: ["a moderate growth range"] });
    expect(confidenceOf(fit({ low: 0, high: 20 * GiB }), 100 * GiB, "usedBytes", 0).level).toBe("low");
    expect(confidenceOf(fit({ slope: 0.01 * GiB, low: 0, high: 0.02 * GiB }), 100 * TiB, "usedBytes", 0).level).toBe("high");
  });

  it("confidenceOf() is at most medium when the fit had to assume something", () => {
    const cases: [Partial<GrowthFit>, string, number, string][] = [
      [{ dropHandling: "added-back" }, "usedBytes", 0, "a recent drop"],
      [{ dropHandling: "sawtooth" }, "usedBytes", 0, "repeated drops"],
      [{ stop: { kind: "plateau", sinceMs: NOW - 5 * DAY, windowSlope: 9 * GiB } }, "usedBytes", 0, "growth changed recently"],
      [{}, "kafkaBytes", 0, "disk usage outside Kafka unknown"],
      [{}, "usedBytes", 0.8, "most growth expected from new partitions"],
    ];
    for (const [more, field, share, reason] of cases) expect(confidenceOf(fit(more), TiB, field as "usedBytes", share)).toEqual({ level: "medium", reasons: [reason] });
  });
});
