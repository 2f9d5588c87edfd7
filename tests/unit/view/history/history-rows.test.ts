import { describe, expect, it } from "vitest";
import { brokerRows, clusterRows, dirRows, isolatedRows, keptSpacing, rowMax, withGaps, type ClusterFiguresFields } from "@/lib/view/history/history-rows";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 0, 6, 12);

const figures = (skew: number): ClusterFiguresFields => ({
  bytes: 100,
  usedBytes: 200,
  capacityBytes: 1000,
  brokerBytesSkew: skew,
  dirUtilizationSkew: 1.1,
  dirBytesSkew: 1.2,
  maxDirUtilization: 0.3,
});

describe("history-rows", () => {
  it("keptSpacing() is the interval for 2 days, then an hour, then a day", () => {
    expect(keptSpacing(HOUR)).toBe(5 * MIN);
    expect(keptSpacing(3 * DAY)).toBe(HOUR);
    expect(keptSpacing(90 * DAY)).toBe(DAY);
    expect(keptSpacing(HOUR, { collectIntervalMs: 2000, rawMs: DAY, hourlyMs: 10 * DAY })).toBe(2000);
  });

  it("withGaps() leaves regular 5-minute points alone and breaks the line where two scans were missed", () => {
    const rows = [0, 5, 10, 25, 30].map((m) => ({ t: NOW - HOUR + m * MIN, v: m }));
    const out = withGaps(rows, ["v"], { nowMs: NOW });
    expect(out.map((r) => r.v)).toEqual([0, 5, 10, null, 25, 30]);
    expect(out[3]!.t).toBe(NOW - HOUR + 17.5 * MIN);
    expect(withGaps(rows.slice(0, 3), ["v"], { nowMs: NOW })).toHaveLength(3);
  });

  it("withGaps() breaks the line at a failed scan between two points", () => {
    const rows = [0, 5, 10].map((m) => ({ t: NOW - HOUR + m * MIN, v: m }));
    const out = withGaps(rows, ["v"], { nowMs: NOW, failedAt: [NOW - HOUR + 6 * MIN] });
    expect(out.map((r) => r.v)).toEqual([0, 5, null, 10]);
  });

  it("withGaps() takes hourly points as regular past 2 days, and a thinned series' own spacing", () => {
    const hourly = [0, 1, 2, 3].map((h) => ({ t: NOW - 10 * DAY + h * HOUR, v: h }));
    expect(withGaps(hourly, ["v"], { nowMs: NOW })).toHaveLength(4);
    const thinned = [0, 30, 60, 90].map((m) => ({ t: NOW - HOUR - 90 * MIN + m * MIN, v: m }));
    expect(withGaps(thinned, ["v"], { nowMs: NOW })).toHaveLength(4);
  });

  it("clusterRows() makes a failed scan a blank row at its own time", () => {
    const points = [
      { at: NOW - 10 * MIN, ok: true, figures: figures(1.2) },
      { at: NOW - 5 * MIN, ok: false, figures: null },
      { at: NOW, ok: true, figures: figures(1.3) },
    ];
    const rows = clusterRows(points, { nowMs: NOW });
    expect(rows.map((r) => r.brokerBytesSkew)).toEqual([1.2, null, 1.3]);
    expect(rows[1]).toMatchObject({ t: NOW - 5 * MIN, bytes: null, usedBytes: null });
  });

  it("clusterRows() turns a non-finite figure into null, never a point at infinity", () => {
    const rows = clusterRows([{ at: NOW, ok: true, figures: { ...figures(Infinity), usedBytes: null } }], { nowMs: NOW });
    expect(rows[0]).toMatchObject({ brokerBytesSkew: null, usedBytes: null, bytes: 100 });
  });

  it("brokerRows() breaks at the cluster's failed scans", () => {
    const rows = brokerRows(
      [
        { at: NOW - 10 * MIN, bytes: 1, partitions: 2, leaders: 1 },
        { at: NOW, bytes: 3, partitions: 4, leaders: 2 },
      ],
      { nowMs: NOW, failedAt: [NOW - 5 * MIN] },
    );
    expect(rows.map((r) => r.bytes)).toEqual([1, null, 3]);
  });

  it("dirRows() uses the disk's used bytes, else Kafka's, over the capacity", () => {
    const rows = dirRows(
      [
        { t: NOW - 5 * MIN, usedBytes: 500, kafkaBytes: 400, partitions: 3, totalBytes: 1000 },
        { t: NOW, usedBytes: null, kafkaBytes: 600, partitions: 4, totalBytes: 1000 },
      ],
      { nowMs: NOW },
    );
    expect(rows.map((r) => [r.utilization, r.usedBytes, r.capacityBytes])).toEqual([
      [0.5, 500, 1000],
      [0.6, 600, 1000],
    ]);
    expect(dirRows([{ t: NOW, usedBytes: null, kafkaBytes: 1, partitions: 1, totalBytes: null }], { nowMs: NOW })[0]!.utilization).toBeNull();
  });

  it("rowMax() is the largest value of the keys, 0 for none", () => {
    expect(
      rowMax(
        [
          { t: 0, a: 3, b: null },
          { t: 1, a: null, b: 7 },
        ],
        ["a", "b"],
      ),
    ).toBe(7);
    expect(rowMax([], ["a"])).toBe(0);
  });

  it("isolatedRows() finds the points between two holes, and a lone point at either end", () => {
    const rows = [1, null, 2, 3, null, 4, null].map((v, t) => ({ t, v }));
    expect([...isolatedRows(rows, "v")]).toEqual([0, 5]);
    expect([...isolatedRows([{ t: 0, v: 1 }], "v")]).toEqual([0]);
    expect([...isolatedRows([{ t: 0, v: null }], "v")]).toEqual([]);
  });
});
