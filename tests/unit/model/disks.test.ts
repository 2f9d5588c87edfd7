import { describe, expect, it } from "vitest";
import { brokerDisks, configuredDisk, diskOfDir, groupByDisk, parseDiskMapping, sameFigureSlack, type DiskMapping } from "@/lib/model/disks";
import { GiB } from "@/lib/model/units";

const dir = (path: string, totalBytes: number | null, usableBytes: number | null, extra: { state?: "online" | "offline" | "cordoned"; disk?: string } = {}) => ({
  path,
  totalBytes,
  usableBytes,
  state: extra.state ?? "online",
  ...(extra.disk !== undefined ? { disk: extra.disk } : {}),
});

describe("brokerDisks()", () => {
  it("brokerDisks() makes one disk of the dirs reporting identical total and usable bytes", () => {
    const disks = brokerDisks([dir("/a", 1000 * GiB, 290 * GiB), dir("/b", 1000 * GiB, 290 * GiB), dir("/c", 1000 * GiB, 290 * GiB)]);
    expect(disks).toEqual([{ id: "/a", dirs: ["/a", "/b", "/c"], totalBytes: 1000 * GiB, usableBytes: 290 * GiB, usedBytes: 710 * GiB, decidedBy: "reported" }]);
  });

  it("brokerDisks() keeps dirs with different figures apart, and groups only those that match", () => {
    const disks = brokerDisks([dir("/a", 100 * GiB, 60 * GiB), dir("/b", 100 * GiB, 61 * GiB), dir("/c", 100 * GiB, 60 * GiB)]);
    expect(disks.map((d) => [d.id, d.dirs, d.decidedBy])).toEqual([
      ["/a", ["/a", "/c"], "reported"],
      ["/b", ["/b"], "own"],
    ]);
    // Same usable bytes on disks of different sizes is not one filesystem.
    expect(brokerDisks([dir("/a", 100 * GiB, 60 * GiB), dir("/b", 200 * GiB, 60 * GiB)]).map((d) => d.decidedBy)).toEqual(["own", "own"]);
  });

  it("brokerDisks() takes usable bytes a busy filesystem changed between the broker's asks as the same (within sameFigureSlack), and no further", () => {
    const TiB = 1024 * GiB;
    expect(sameFigureSlack(TiB)).toBeCloseTo(TiB * 1e-4, 6);
    expect(sameFigureSlack(GiB)).toBe(16 * 1024 * 1024);
    expect(brokerDisks([dir("/a", TiB, 300 * GiB), dir("/b", TiB, 300 * GiB - 1024 * 1024)]).map((d) => d.dirs)).toEqual([["/a", "/b"]]);
    expect(brokerDisks([dir("/a", TiB, 300 * GiB), dir("/b", TiB, 299 * GiB)]).map((d) => d.dirs)).toEqual([["/a"], ["/b"]]);
  });

  it("brokerDisks() never takes unknown capacity as evidence: null figures, and offline dirs, are disks of their own", () => {
    const disks = brokerDisks([dir("/a", null, null), dir("/b", null, null), dir("/c", 100 * GiB, null), dir("/d", 100 * GiB, null)]);
    expect(disks.map((d) => [d.dirs, d.decidedBy, d.usedBytes])).toEqual([
      [["/a"], "own", null],
      [["/b"], "own", null],
      [["/c"], "own", null],
      [["/d"], "own", null],
    ]);
    expect(brokerDisks([dir("/a", 100 * GiB, 50 * GiB), dir("/b", 100 * GiB, 50 * GiB, { state: "offline" })]).map((d) => d.dirs)).toEqual([["/a"], ["/b"]]);
  });

  it("brokerDisks() follows a configured disk over the figures: named dirs share it, a dir with its own name is its own", () => {
    const disks = brokerDisks([
      dir("/a", 100 * GiB, 50 * GiB, { disk: "/a+/b" }),
      dir("/b", 100 * GiB, 50 * GiB, { disk: "/a+/b" }),
      dir("/c", 100 * GiB, 50 * GiB, { disk: "/c" }),
    ]);
    expect(disks.map((d) => [d.id, d.dirs, d.decidedBy])).toEqual([
      ["/a+/b", ["/a", "/b"], "configured"],
      ["/c", ["/c"], "configured"],
    ]);
    // Configured dirs of one disk that report different figures: counted once, by the first that reports both.
    const mixed = brokerDisks([dir("/a", null, null, { disk: "x" }), dir("/b", 100 * GiB, 40 * GiB, { disk: "x" })]);
    expect(mixed).toEqual([{ id: "x", dirs: ["/a", "/b"], totalBytes: 100 * GiB, usableBytes: 40 * GiB, usedBytes: 60 * GiB, decidedBy: "configured" }]);
  });

  it("brokerDisks() with the dirs' Kafka bytes keeps apart separate disks that happen to match: their bytes do not fit in one filesystem's use, or it uses nothing", () => {
    const dirs = [dir("/a", 100 * GiB, 60 * GiB), dir("/b", 100 * GiB, 60 * GiB)];
    // Each holds 40 GiB of Kafka's and the filesystem uses 40 GiB: two disks.
    expect(brokerDisks(dirs, () => 40 * GiB).map((d) => d.decidedBy)).toEqual(["own", "own"]);
    // 10 GiB each in a filesystem using 40 GiB: one disk.
    expect(brokerDisks(dirs, () => 10 * GiB).map((d) => d.dirs)).toEqual([["/a", "/b"]]);
    // Empty disks of one size say nothing.
    expect(brokerDisks([dir("/a", 100 * GiB, 100 * GiB), dir("/b", 100 * GiB, 100 * GiB)], () => 0).map((d) => d.decidedBy)).toEqual(["own", "own"]);
    // A configured disk is not second-guessed.
    expect(brokerDisks([dir("/a", 100 * GiB, 60 * GiB, { disk: "x" }), dir("/b", 100 * GiB, 60 * GiB, { disk: "x" })], () => 40 * GiB).map((d) => d.decidedBy)).toEqual([
      "configured",
    ]);
  });

  it("brokerDisks() lists a path given twice once, and diskOfDir() finds each path's disk", () => {
    const disks = brokerDisks([dir("/a", 10, 5), dir("/a", 10, 5), dir("/b", 10, 5)]);
    expect(disks.map((d) => d.dirs)).toEqual([["/a", "/b"]]);
    const of = diskOfDir(disks);
    expect([of.get("/a")?.id, of.get("/b")?.id, of.get("/z")]).toEqual(["/a", "/a", undefined]);
  });
});

describe("groupByDisk()", () => {
  it("groupByDisk() groups rows by their shared disk in first-dir order; a row without one is its own group", () => {
    const rows = [
      { path: "/a", sharedDisk: { id: "/a", decidedBy: "reported" as const } },
      { path: "/x" },
      { path: "/b", sharedDisk: { id: "/a", decidedBy: "reported" as const } },
      { path: "/y", sharedDisk: null },
    ];
    expect(groupByDisk(rows).map((g) => g.map((r) => r.path))).toEqual([["/a", "/b"], ["/x"], ["/y"]]);
  });
});

describe("KAFKA_BALANCE_DISKS", () => {
  it("parseDiskMapping() reads auto, separate and groups, and says what to fix in anything else", () => {
    expect(parseDiskMapping(undefined)).toEqual({ mapping: { kind: "auto" } });
    expect(parseDiskMapping(" auto ")).toEqual({ mapping: { kind: "auto" } });
    expect(parseDiskMapping("separate")).toEqual({ mapping: { kind: "separate" } });
    expect(parseDiskMapping("1:/data/a,/data/b; *:/k1,/k2;/x,/y")).toEqual({
      mapping: {
        kind: "groups",
        groups: [
          { broker: 1, dirs: ["/data/a", "/data/b"] },
          { broker: null, dirs: ["/k1", "/k2"] },
          { broker: null, dirs: ["/x", "/y"] },
        ],
      },
    });
    expect(parseDiskMapping("yes")).toEqual({ problem: expect.stringContaining("is not a group") });
    expect(parseDiskMapping("1:/a")).toEqual({ problem: expect.stringContaining("at least two dirs") });
    expect(parseDiskMapping("1:/a,b")).toEqual({ problem: expect.stringContaining("absolute path") });
    expect(parseDiskMapping(";")).toEqual({ problem: expect.stringContaining("no group given") });
  });

  it("configuredDisk() writes nothing under auto, each dir's own path under separate, and the group's name for a dir a group names", () => {
    const groups = (parseDiskMapping("1:/a,/b") as { mapping: DiskMapping }).mapping;
    expect(configuredDisk({ kind: "auto" }, 1, "/a")).toBeNull();
    expect(configuredDisk({ kind: "separate" }, 1, "/a")).toBe("/a");
    expect(configuredDisk(groups, 1, "/a")).toBe("/a+/b");
    expect(configuredDisk(groups, 1, "/c")).toBe("/c");
    expect(configuredDisk(groups, 2, "/a")).toBe("/a");
  });
});
