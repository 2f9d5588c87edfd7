import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { bytesByDirSeries, partitionLeaderSeries } from "@/lib/view/overview/broker-series";
import { GiB, snap, storySnapshot } from "@/tests/support/snapshots";

describe("broker-series", () => {
  const report = balanceReport(storySnapshot());

  it("partitionLeaderSeries() gives one point per broker with partitions and leaders", () => {
    expect(partitionLeaderSeries(report).points).toEqual([
      { broker: "1", brokerId: 1, partitions: 7, leaders: 4 },
      { broker: "2", brokerId: 2, partitions: 7, leaders: 3 },
    ]);
  });

  it("bytesByDirSeries() stacks bytes by shared log dir path under dot-free keys", () => {
    const s = bytesByDirSeries(report);
    expect(s.stacks.map((x) => [x.key, x.label])).toEqual([
      ["dir0", "/d1"],
      ["dir1", "/d2"],
      ["dir2", "/d3"],
    ]);
    expect(s.points[0]).toEqual({ broker: "1", brokerId: 1, dir0: 5 * 1024, dir1: 40 * GiB, dir2: 40 * GiB });
    expect(s.ticks.at(-1)).toBe(100 * GiB);
    expect(s.stacks.map((x) => x.legend)).toEqual(["/d1 · under 1%", "/d2 · 50%", "/d3 · 50%"]);
  });

  it("bytesByDirSeries() stacks by position when paths differ per broker, and skips offline dirs", () => {
    const r = balanceReport(
      snap({
        brokers: [
          { id: 1, logDirs: [{ path: "/x1/a" }, { path: "/x1/b", state: "offline" }] },
          { id: 2, logDirs: [{ path: "/x2/a" }, { path: "/x2/b" }] },
        ],
        topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 2, logDir: "/x2/b", sizeBytes: 9 }] }] }],
      }),
    );
    const s = bytesByDirSeries(r);
    expect(s.stacks.map((x) => x.label)).toEqual(["log dir 1", "log dir 2"]);
    expect(s.points[1]).toMatchObject({ dir0: 0, dir1: 9 });
  });

  it("partitionLeaderSeries() and bytesByDirSeries() cap the brokers shown and count the rest", () => {
    expect(partitionLeaderSeries(report, 1)).toMatchObject({ omitted: 1 });
    expect(bytesByDirSeries(report, 1).points).toHaveLength(1);
  });
});
