import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { brokerBytesSkew, dirBytesSkew, flooredSkewShort, flooredSkewText } from "@/lib/simulate/byte-skew";
import { SKEW_FLOOR_BYTES, skewFloorBytes } from "@/lib/plan/balanced";
import { cluster, GiB } from "@/tests/support/snapshots";

const KiB = 1024;

/** Brokers 1 and 2 with /d1 and /d2 of `capacity`; `sizes[broker][dir]` is one replica of that size there. */
function report(sizes: Record<number, [number, number]>, capacity: number | null = 100 * GiB) {
  const brokers = Object.keys(sizes).map(Number);
  const partitions = brokers.flatMap((b) =>
    sizes[b]!.flatMap((bytes, i) => (bytes > 0 ? [{ topic: `t${b}`, partition: i, replicas: [[b, `/d${i + 1}`, bytes] as [number, string, number]] }] : [])),
  );
  return balanceReport(cluster({ brokers: brokers.map((id) => ({ id, dirs: ["/d1", "/d2"].map((path) => ({ path, totalBytes: capacity })) })), partitions }));
}

describe("dirBytesSkew()", () => {
  it("dirBytesSkew() gives no ratio while the dirs differ by less than the floor: 16 KiB against nothing is too little data", () => {
    const s = dirBytesSkew(report({ 1: [16 * KiB, 0], 2: [16 * KiB, 0] }));
    expect(s).toEqual({ kind: "below-floor", spread: 16 * KiB, floor: skewFloorBytes(100 * GiB), capacity: 100 * GiB, tooLittleData: true });
    expect(flooredSkewText(s, "dirs")).toBe("too little data to call skew (the dirs differ by 16.0 KiB, under the 1.0 GiB floor (1% of a 100.0 GiB disk))");
    expect(flooredSkewShort(s)).toBe("too little data");
  });

  it("dirBytesSkew() calls dirs that hold a lot but differ by less than the floor even, not short of data", () => {
    const s = dirBytesSkew(report({ 1: [50 * GiB, 50 * GiB - 100 * KiB], 2: [50 * GiB, 50 * GiB] }));
    expect(s).toMatchObject({ kind: "below-floor", tooLittleData: false });
    expect(flooredSkewText(s, "dirs")).toMatch(/^even \(the dirs differ by 100\.0 KiB, under the 1\.0 GiB floor/);
    expect(flooredSkewShort(s)).toBe("even (under the floor)");
  });

  it("dirBytesSkew() takes the worst ratio among the brokers over the floor, not a tiny broker's larger ratio", () => {
    // Broker 1: 3.00×… of kilobytes (under the floor); broker 2: 30 GiB against 10 GiB, 1.50×.
    const s = dirBytesSkew(report({ 1: [2 * KiB, 0], 2: [30 * GiB, 10 * GiB] }));
    expect(s).toEqual({ kind: "skew", ratio: 1.5, spread: 20 * GiB, floor: skewFloorBytes(100 * GiB), broker: 2 });
    expect(flooredSkewText(s, "dirs")).toBe("1.50×");
  });

  it("dirBytesSkew() uses the absolute floor when a dir's capacity is unknown", () => {
    const s = dirBytesSkew(report({ 1: [512 * 1024 * KiB, 0] }, null));
    expect(s).toMatchObject({ kind: "below-floor", floor: SKEW_FLOOR_BYTES, capacity: null });
    expect(flooredSkewText(s, "dirs")).toBe("too little data to call skew (the dirs differ by 512.0 MiB, under the 1.0 GiB floor (capacity unknown))");
    expect(dirBytesSkew(report({ 1: [2 * GiB, 0] }, null))).toMatchObject({ kind: "skew", ratio: 2 });
  });
});

describe("brokerBytesSkew()", () => {
  it("brokerBytesSkew() measures the floor on a broker's whole capacity", () => {
    // 1.5 GiB apart: over 1% of one 100 GiB disk, under 1% of a broker's 200 GiB.
    const s = brokerBytesSkew(report({ 1: [GiB, GiB], 2: [2 * GiB, 1.5 * GiB] }));
    expect(s).toMatchObject({ kind: "below-floor", floor: skewFloorBytes(200 * GiB), capacity: 200 * GiB });
    expect(brokerBytesSkew(report({ 1: [GiB, GiB], 2: [4 * GiB, 2 * GiB] }))).toMatchObject({ kind: "skew", ratio: 1.5, broker: 2 });
  });
});
