import { describe, expect, it } from "vitest";
import type { ClusterFigures } from "@/lib/model/history-figures";
import { foldScans, type ScanEntry } from "@/lib/model/history-scans";

const HOUR = 3_600_000;

function figures(skew: number): ClusterFigures {
  return {
    brokers: 3,
    onlineBrokers: 3,
    dirs: 6,
    offlineDirs: 0,
    topics: 2,
    partitions: 10,
    replicas: 30,
    bytes: 1000,
    usedBytes: null,
    capacityBytes: null,
    brokerBytesSkew: skew,
    brokerReplicasSkew: 1,
    brokerLeadersSkew: 1,
    dirBytesSkew: 1,
    dirUtilizationSkew: 1,
    maxDirUtilization: null,
  };
}
const ok = (at: number, skew: number): ScanEntry => ({ at, ok: 1, failed: 0, durationMs: 100, error: null, figures: figures(skew) });
const failed = (at: number, error: string): ScanEntry => ({ at, ok: 0, failed: 1, durationMs: 50, error, figures: null });

describe("foldScans()", () => {
  it("foldScans() averages the successes' figures, at their mean time, and counts successes and failures", () => {
    const [hour] = foldScans([ok(0, 1), failed(1000, "down"), ok(2000, 2)], HOUR);
    expect(hour).toMatchObject({ at: 1000, ok: 2, failed: 1, durationMs: 83, error: "down" });
    expect(hour!.figures!.brokerBytesSkew).toBe(1.5);
  });

  it("foldScans() keeps a bucket of failures a gap, timed by its failures", () => {
    expect(foldScans([failed(HOUR, "a"), failed(HOUR + 2000, "b")], HOUR)).toEqual([{ at: HOUR + 1000, ok: 0, failed: 2, durationMs: 50, error: "b", figures: null }]);
  });

  it("foldScans() adds the counts of entries folded before (hours into a day)", () => {
    const day = foldScans(
      [
        { ...ok(0, 1), ok: 11, failed: 1 },
        { ...ok(HOUR, 3), ok: 12 },
      ],
      24 * HOUR,
    );
    expect(day).toHaveLength(1);
    expect(day[0]).toMatchObject({ ok: 23, failed: 1 });
    expect(day[0]!.figures!.brokerBytesSkew).toBe(2);
  });
});
