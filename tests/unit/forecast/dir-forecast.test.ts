import { describe, expect, it } from "vitest";
import { brokerPlacement } from "@/lib/forecast/broker-placement";
import { buildForecast } from "@/lib/forecast/dir-forecast";
import { dirScratch, readDir } from "@/lib/forecast/dir-work";
import { projectedBytes } from "@/lib/forecast/projection";
import type { DirSeries } from "@/lib/forecast/series";
import { DAY, GiB, NOW, TiB, series } from "@/tests/support/forecast-series";

function forecastOf(list: DirSeries[], index = 0) {
  const scratch = dirScratch();
  const work = list.map((s) => readDir(s, NOW, 14 * DAY, scratch));
  return buildForecast(work[index]!, brokerPlacement(work, undefined, "4.4", true), NOW, 365);
}

describe("buildForecast()", () => {
  it("buildForecast() projects the expected path and its fast and slow ends around it", () => {
    const f = forecastOf([series("/d1", { used: (d) => 0.5 * TiB + 10 * GiB * d })]);
    const { central, fast, slow } = f.projection!;
    expect(central.curvatureBytesPerDay2).toBe(0);
    expect(fast.curvatureBytesPerDay2).toBeGreaterThan(0);
    expect(slow.curvatureBytesPerDay2).toBeLessThan(0);
    for (const day of [10, 100, 300]) {
      expect(projectedBytes(fast, day)).toBeGreaterThanOrEqual(projectedBytes(central, day));
      expect(projectedBytes(slow, day)).toBeLessThanOrEqual(projectedBytes(central, day));
    }
    expect(f.growth!.low).toBeLessThanOrEqual(f.growth!.bytesPerDay);
    expect(f.growth!.high).toBeGreaterThanOrEqual(f.growth!.bytesPerDay);
  });

  it("buildForecast() adds the count rule's arrivals to the dir that receives them", () => {
    const list = [
      series("/d1", { used: (d) => 0.5 * TiB + 2 * GiB * d, partitions: () => 200 }),
      series("/d2", { used: () => 0.1 * TiB, partitions: (d) => Math.floor(2 * (d + 14)), days: 14 }),
    ];
    const f = forecastOf(list, 1);
    expect(f.basis.placementShare).toBeCloseTo(1, 6);
    expect(f.projection!.central.arrivals.length).toBeGreaterThan(0);
    expect(f.growth!.placementBytesPerDay).toBeGreaterThan(0);
    expect(forecastOf(list, 0).basis.placementShare).toBe(0);
  });

  it("buildForecast() reads 0 for each level already passed even without a fit", () => {
    const f = forecastOf([series("/d1", { used: () => 0.97 * TiB, days: 0.05 })]);
    expect(f.growth).toBeNull();
    expect(f.until).toEqual({ p85: { seconds: 0, earliestSeconds: 0, latestSeconds: 0 }, p95: { seconds: 0, earliestSeconds: 0, latestSeconds: 0 }, full: null });
    expect(f.basis).toMatchObject({ series: null, points: 0, method: "none", fromMs: NOW, toMs: NOW });
  });
});
