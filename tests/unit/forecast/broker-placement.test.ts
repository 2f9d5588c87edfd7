import { describe, expect, it } from "vitest";
import { brokerPlacement, ruleFor } from "@/lib/forecast/broker-placement";
import { dirScratch, readDir, type DirWork } from "@/lib/forecast/dir-work";
import { arrivalsBy } from "@/lib/forecast/placement";
import type { DirSeries } from "@/lib/forecast/series";
import { DAY, GiB, NOW, series } from "@/tests/support/forecast-series";

const read = (list: DirSeries[]): DirWork[] => {
  const scratch = dirScratch();
  return list.map((s) => readDir(s, NOW, 14 * DAY, scratch));
};

/** Broker 1: /d1 holds 50 old partitions and stays put; /d2 receives one new partition a day (10 GiB a day each). */
const broker = (): DirSeries[] => [
  series("/d1", { used: () => 400 * GiB, partitions: () => 50 }),
  series("/d2", { used: (d) => 300 * GiB + 10 * GiB * d, partitions: (d) => 20 + Math.floor(d + 14) }),
  series("/d3", { used: () => 100 * GiB, partitions: () => 40 }),
];

describe("brokerPlacement()", () => {
  it("brokerPlacement() takes the rate from the net growth of the broker's partition count", () => {
    const p = brokerPlacement(read(broker()), undefined, "4.4", true);
    expect(p.rate).toBeCloseTo(1, 1);
    expect(p.rate).toBeGreaterThan(0.95);
    expect(p.rateLow).toBeLessThan(p.rate);
    expect(p.rateHigh).toBeGreaterThan(p.rate);
    // Median growth per partition over the dirs: 0, 10 GiB ÷ 34, 0 → 0; with only /d2 growing the median is 0.
    expect(p.order).toEqual(["/d2", "/d3", "/d1"]);
    expect(arrivalsBy(p.arrivals.get("/d2")!, 5)).toBeCloseTo(5 * p.rate, 6);
  });

  it("brokerPlacement() does not count partitions moved between its dirs as new", () => {
    const moved = [
      series("/d1", { used: () => 400 * GiB, partitions: (d) => (d < -5 ? 50 : 40) }),
      series("/d2", { used: () => 300 * GiB, partitions: (d) => (d < -5 ? 10 : 20) }),
    ];
    expect(brokerPlacement(read(moved), undefined, null, true).rate).toBe(0);
  });

  it("brokerPlacement() counts a dir added in the window as having started empty", () => {
    const added = [series("/d1", { used: () => 400 * GiB, partitions: () => 50 }), series("/d2", { used: () => GiB, partitions: () => 7, days: 7 })];
    expect(brokerPlacement(read(added), undefined, null, true).rate).toBeCloseTo(0.5, 1);
  });

  it("brokerPlacement() gives nothing to a dir not scanned for a day, an offline dir or a repeated name", () => {
    const dirs = [...broker(), series("/stale", { used: () => GiB, partitions: () => 0, days: 14 })];
    dirs[3]!.points = dirs[3]!.points.filter((pt) => pt.t < NOW - 2 * DAY);
    const work = read(dirs);
    const p = brokerPlacement(work, { offline: ["/d3"] }, null, true);
    expect(p.order).toEqual(["/d2", "/d1"]);
    work[1]!.duplicate = true;
    expect(brokerPlacement(work, undefined, null, true).order).toEqual(["/d3", "/d1"]);
  });

  it("brokerPlacement() adds nothing when placement is off or history is under a day", () => {
    expect(brokerPlacement(read(broker()), undefined, null, false).rate).toBe(0);
    const short = broker().map((s) => ({ ...s, points: s.points.slice(-12) }));
    expect(brokerPlacement(read(short), undefined, null, true).rate).toBe(0);
  });

  it("brokerPlacement() measures the bytes a partition grows per day as the median over the dirs", () => {
    const dirs = [0, 1, 2].map((i) => series(`/d${i}`, { used: (d) => 300 * GiB + (i + 1) * 10 * GiB * d, partitions: () => 10 }));
    expect(brokerPlacement(read(dirs), undefined, null, true).bytesPerPartitionDay / GiB).toBeCloseTo(2, 6);
  });
});

describe("ruleFor()", () => {
  it("ruleFor() follows the broker's version, else the cluster's, and cordons only where the version does", () => {
    expect(ruleFor({ kafkaVersion: "4.4.0", cordoned: ["/d1"] }, "3.9")).toEqual({ tieOrder: "config", cordoned: ["/d1"] });
    expect(ruleFor({ cordoned: ["/d1"] }, "4.3.1")).toEqual({ tieOrder: "scala-hash", cordoned: ["/d1"] });
    expect(ruleFor({ cordoned: ["/d1"] }, "3.9.2")).toEqual({ tieOrder: "scala-hash", cordoned: [] });
    expect(ruleFor(undefined, null)).toEqual({ tieOrder: "config", cordoned: [] });
  });
});
