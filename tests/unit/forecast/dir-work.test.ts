import { describe, expect, it } from "vitest";
import { dirScratch, endValue, readDir } from "@/lib/forecast/dir-work";
import type { DirPoint } from "@/lib/forecast/series";
import { DAY, GiB, HOUR, NOW, TiB, points, series } from "@/tests/support/forecast-series";

const WINDOW = 14 * DAY;

describe("readDir()", () => {
  it("readDir() fits the disk's used bytes when the capacity is known", () => {
    const w = readDir(series("/d1", { used: (d) => 500 * GiB + 10 * GiB * d, partitions: (d) => (d < -7 ? 20 : 22) }), NOW, WINDOW, dirScratch());
    expect(w.field).toBe("usedBytes");
    expect(w.capacity).toBe(TiB);
    expect(w.fit!.slope / GiB).toBeCloseTo(10, 6);
    // The newest three points' median: the one an hour ago.
    expect(w.latestUsed! / GiB).toBeCloseTo(500 - 10 / 24, 9);
    expect(w.latestKafka! / GiB).toBeCloseTo(499 - 10 / 24, 9);
    expect([w.partitionsStart, w.partitionsNow]).toEqual([20, 22]);
    // About one sample every 14 days ÷ 31 (rounded up to whole hours): the oldest is within one of the window's start.
    expect(w.lastMs).toBe(NOW);
    expect(w.firstMs! - (NOW - WINDOW)).toBeLessThanOrEqual(11 * HOUR);
    // Read and skipped: an estimate, short of the points older than the oldest sample.
    expect(w.windowPoints).toBeGreaterThan(14 * 24 - 12);
    expect(w.windowPoints).toBeLessThanOrEqual(14 * 24 + 1);
  });

  it("readDir() fits Kafka's bytes when the capacity is unknown", () => {
    const w = readDir(series("/d1", { used: (d) => 500 * GiB + 10 * GiB * d, capacity: null }), NOW, WINDOW, dirScratch());
    expect(w.field).toBe("kafkaBytes");
    expect(w.capacity).toBeNull();
    expect(w.fit!.levelBytes / GiB).toBeCloseTo(499, 6);
  });

  it("readDir() falls back to Kafka's bytes when used bytes were reported only lately", () => {
    const pts = points({ used: (d) => 500 * GiB + 10 * GiB * d });
    pts.forEach((p, i) => {
      if (i < pts.length - 2) p.usedBytes = null;
    });
    const w = readDir({ broker: 1, dir: "/d1", points: pts }, NOW, WINDOW, dirScratch());
    expect(w.field).toBe("kafkaBytes");
    expect(w.fit).not.toBeNull();
  });

  it("readDir() fits nothing without points in the window, and nothing at all without bytes", () => {
    const old = readDir(series("/d1", { used: () => GiB, days: 30 }), NOW + 20 * DAY, WINDOW, dirScratch());
    expect(old.fit).toBeNull();
    expect(old.windowPoints).toBe(0);
    const none = readDir({ broker: 1, dir: "/d1", points: [{ t: NOW, usedBytes: null, kafkaBytes: NaN, partitions: 1, totalBytes: null } as DirPoint] }, NOW, WINDOW, dirScratch());
    expect(none.field).toBeNull();
    expect(none.fit).toBeNull();
  });
});

describe("endValue()", () => {
  it("endValue() takes the median of the first or last three known values", () => {
    const v = Float64Array.from([NaN, 1, 9, 2, NaN, 7, 3, 5]);
    expect(endValue(v, v.length, false)).toBe(2);
    expect(endValue(v, v.length, true)).toBe(5);
    expect(endValue(Float64Array.from([NaN, 4, 6]), 3, true)).toBe(5);
    expect(endValue(Float64Array.from([NaN]), 1, true)).toBeNull();
  });
});
