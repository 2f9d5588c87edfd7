import { describe, expect, it } from "vitest";
import { growSnapshot } from "@/lib/forecast/snapshot-at";
import { balanceReport } from "@/lib/model/report";
import { parseSnapshot } from "@/lib/model/parse";
import { GiB, snap, storySnapshot } from "@/tests/support/snapshots";

const dirBytes = (s: ReturnType<typeof storySnapshot>, broker: number, path: string) => balanceReport(s).dirs.find((d) => d.broker === broker && d.path === path)!;

describe("growSnapshot()", () => {
  it("growSnapshot() scales a dir's replicas to its forecast bytes and lowers its usable bytes by as much", () => {
    const base = storySnapshot();
    const { snapshot, addedBytes, unplaced } = growSnapshot(base, [{ broker: 1, dir: "/d2", addedBytes: 20 * GiB }], 30);
    const d2 = dirBytes(snapshot, 1, "/d2");
    expect(d2.bytes).toBe(60 * GiB);
    expect(d2.usedBytes).toBe(60 * GiB);
    expect(addedBytes).toBe(20 * GiB);
    expect(unplaced).toEqual([]);
    // Untouched: the other broker's copy of the same partition, and every other dir.
    expect(dirBytes(snapshot, 2, "/d2").bytes).toBe(40 * GiB);
    expect(dirBytes(snapshot, 1, "/d3").bytes).toBe(40 * GiB);
    expect(base.topics[1]!.partitions[0]!.replicas[0]!.sizeBytes).toBe(40 * GiB);
  });

  it("growSnapshot() grows replicas in proportion to their size", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/d", totalBytes: 100 * GiB, usableBytes: 70 * GiB }] }],
      topics: [{ name: "t", partitions: [0, 1].map((id) => ({ id, replicas: [{ broker: 1, logDir: "/d", sizeBytes: (id + 1) * 10 * GiB }] })) }],
    });
    const grown = growSnapshot(s, [{ broker: 1, dir: "/d", addedBytes: 15 * GiB }], 7).snapshot;
    expect(grown.topics[0]!.partitions.map((p) => p.replicas[0]!.sizeBytes)).toEqual([15 * GiB, 30 * GiB]);
    expect(grown.brokers[0]!.logDirs[0]!.usableBytes).toBe(55 * GiB);
  });

  it("growSnapshot() shares growth evenly among empty replicas and counts a dir without replicas as unplaced", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a" }, { path: "/b" }] }],
      topics: [{ name: "t", partitions: [0, 1].map((id) => ({ id, replicas: [{ broker: 1, logDir: "/a", sizeBytes: 0 }] })) }],
    });
    const grown = growSnapshot(
      s,
      [
        { broker: 1, dir: "/a", addedBytes: 10 },
        { broker: 1, dir: "/b", addedBytes: 7 },
      ],
      1,
    );
    expect(grown.snapshot.topics[0]!.partitions.map((p) => p.replicas[0]!.sizeBytes)).toEqual([5, 5]);
    expect(grown.unplaced).toEqual([{ broker: 1, dir: "/b", bytes: 7 }]);
  });

  it("growSnapshot() shrinks to no less than 0, keeps usable within capacity, and ignores non-finite growth", () => {
    const base = storySnapshot();
    const grown = growSnapshot(
      base,
      [
        { broker: 1, dir: "/d2", addedBytes: -100 * GiB },
        { broker: 1, dir: "/d3", addedBytes: NaN },
      ],
      30,
    ).snapshot;
    expect(dirBytes(grown, 1, "/d2").bytes).toBe(0);
    expect(grown.brokers[0]!.logDirs[1]!.usableBytes).toBe(100 * GiB);
    expect(dirBytes(grown, 1, "/d3").bytes).toBe(40 * GiB);
  });

  it("growSnapshot() names the copy as a forecast scenario, N days later, and it is a valid snapshot", () => {
    const grown = growSnapshot(storySnapshot(), [{ broker: 1, dir: "/d1", addedBytes: 1000 }], 30).snapshot;
    expect(grown.source).toMatchObject({ kind: "scenario", label: "fixture, forecast in 30 days" });
    expect(grown.capturedAt).toBe("2026-02-04T09:00:00.000Z");
    expect(parseSnapshot(grown).ok).toBe(true);
    expect(growSnapshot(storySnapshot(), [], 1).snapshot.source.label).toBe("fixture, forecast in 1 day");
  });
});
