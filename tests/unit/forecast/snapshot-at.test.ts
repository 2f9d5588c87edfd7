import { describe, expect, it } from "vitest";
import { forecastCluster } from "@/lib/forecast/forecast";
import { forecastAddedBytes, forecastFactsOf, forecastSnapshotAt } from "@/lib/forecast/snapshot-at";
import { ClusterSnapshotSchema, type ClusterSnapshot } from "@/lib/model/snapshot";
import { GiB, NOW, TiB, series } from "@/tests/support/forecast-series";

function snapshot(): ClusterSnapshot {
  return ClusterSnapshotSchema.parse({
    schema: 1,
    capturedAt: new Date(NOW).toISOString(),
    source: { kind: "kafka", label: "prod", kafkaVersion: "4.3" },
    brokers: [
      {
        id: 1,
        kafkaVersion: "4.4",
        logDirs: [
          { path: "/d1", totalBytes: TiB, usableBytes: TiB - 500 * GiB },
          { path: "/d2", totalBytes: TiB, usableBytes: TiB - 100 * GiB, state: "cordoned" },
          { path: "/d3", totalBytes: TiB, usableBytes: 20 * GiB },
          { path: "/d4", state: "offline" },
        ],
      },
    ],
    topics: [
      {
        name: "t",
        partitions: [
          { id: 0, replicas: [{ broker: 1, logDir: "/d1", sizeBytes: 300 * GiB }] },
          { id: 1, replicas: [{ broker: 1, logDir: "/d1", sizeBytes: 100 * GiB }] },
          { id: 2, replicas: [{ broker: 1, logDir: "/d2", sizeBytes: 90 * GiB }] },
          { id: 3, replicas: [{ broker: 1, logDir: "/d3", sizeBytes: 900 * GiB }] },
          { id: 4, replicas: [{ broker: 1, logDir: "/d1", sizeBytes: null }] },
        ],
      },
    ],
  });
}

const forecasts = () =>
  forecastCluster(
    [
      series("/d1", { used: (d) => 500 * GiB + 10 * GiB * d, partitions: () => 3 }),
      series("/d2", { used: (d) => 100 * GiB - GiB * d, partitions: () => 3 }),
      series("/d3", { used: (d) => 1004 * GiB + 10 * GiB * d, partitions: () => 3 }),
    ],
    { nowMs: NOW },
  );

describe("forecastSnapshotAt()", () => {
  it("forecastSnapshotAt() grows each dir's replicas in proportion to the bytes its forecast adds", () => {
    const before = snapshot();
    const after = forecastSnapshotAt(before, forecasts(), 30);
    const sizes = after.topics[0]!.partitions.map((p) => p.replicas[0]!.sizeBytes);
    // /d1 adds 300 GiB over 30 days to its 400 GiB of known replicas: ×1.75.
    expect(sizes[0]! / GiB).toBeCloseTo(525, 6);
    expect(sizes[1]! / GiB).toBeCloseTo(175, 6);
    // /d2 shrinks 30 GiB; /d3 cannot take more than its 20 GiB of free space.
    expect(sizes[2]! / GiB).toBeCloseTo(60, 6);
    expect(sizes[3]! / GiB).toBeCloseTo(920, 6);
    expect(sizes[4]).toBeNull();
    const dirs = after.brokers[0]!.logDirs;
    expect(dirs.map((d) => (d.usableBytes === null ? null : d.usableBytes / GiB))).toEqual([224, 954, 0, null]);
    expect(after.capturedAt).toBe(new Date(NOW + 30 * 86_400_000).toISOString());
    expect(after.source).toMatchObject({ kind: "scenario", label: "prod (forecast in 30 days)" });
    expect(ClusterSnapshotSchema.safeParse(after).success).toBe(true);
    // The input is untouched.
    expect(before).toEqual(snapshot());
  });

  it("forecastSnapshotAt() leaves dirs without a forecast as they are and reads bad `days` as 0", () => {
    const s = snapshot();
    expect(forecastSnapshotAt(s, [], 30).topics).toEqual(s.topics);
    expect(forecastSnapshotAt(s, forecasts(), NaN).topics).toEqual(s.topics);
    expect(forecastSnapshotAt(s, forecasts(), -5).capturedAt).toBe(s.capturedAt);
  });

  it("forecastAddedBytes() is the expected path's growth, 0 without a projection", () => {
    const [d1] = forecasts();
    expect(forecastAddedBytes(d1!, 10) / GiB).toBeCloseTo(100, 6);
    expect(forecastAddedBytes({ ...d1!, projection: null }, 10)).toBe(0);
  });
});

describe("forecastFactsOf()", () => {
  it("forecastFactsOf() reads each broker's version and its cordoned and offline dirs", () => {
    expect(forecastFactsOf(snapshot())).toEqual({ 1: { kafkaVersion: "4.4", cordoned: ["/d2"], offline: ["/d4"] } });
  });
});
