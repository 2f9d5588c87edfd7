import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { asReport, slimReport } from "@/lib/simulate/slim-report";
import { decodeReport, encodeReport, fromColumns, toColumns } from "@/lib/view/overview/compact-report";
import { sharedDiskSnapshot, storySnapshot } from "@/tests/support/snapshots";

describe("compact-report", () => {
  it("decodeReport(encodeReport()) gives the slim report back, through JSON, on the story and on every dir state", () => {
    for (const snapshot of [storySnapshot(), syntheticCluster({ brokers: 40, dirsPerBroker: 5, replicas: 3000, mixedStates: true })]) {
      const report = balanceReport(snapshot);
      const wire = JSON.parse(JSON.stringify(encodeReport(report))) as ReturnType<typeof encodeReport>;
      expect(decodeReport(wire)).toEqual(asReport(slimReport(report)));
    }
  });

  it("toColumns() keeps each distinct string once, null included; fromColumns() restores the rows", () => {
    const rows = [
      { id: 1, rack: "a", size: null },
      { id: 2, rack: null, size: 5 },
      { id: 3, rack: "a", size: 7 },
    ];
    const columns = toColumns(rows, ["id", "size"], ["rack"]);
    expect(columns.strings.rack).toEqual({ values: ["a", null], index: [0, 1, 0] });
    expect(fromColumns(columns)).toEqual(rows);
  });

  it("encodeReport() grows with brokers × dirs, not with replicas", () => {
    const size = (replicas: number) => JSON.stringify(encodeReport(balanceReport(syntheticCluster({ brokers: 20, dirsPerBroker: 4, replicas, partitionsPerTopic: 50 })))).length;
    // 10× the replicas: a few digits more per figure at most.
    expect(size(20_000)).toBeLessThan(size(2_000) * 1.5);
  });
});

describe("encodeReport() with shared disks", () => {
  it("decodeReport(encodeReport()) keeps which dirs share a disk, and how that was decided", () => {
    const report = balanceReport(sharedDiskSnapshot({ thirdDisk: true }));
    const decoded = decodeReport(encodeReport(report));
    expect(decoded).toEqual(asReport(slimReport(report)));
    expect(decoded.dirs.filter((d) => d.broker === 1).map((d) => d.sharedDisk ?? null)).toEqual([{ id: "/a", decidedBy: "reported" }, { id: "/a", decidedBy: "reported" }, null]);
  });
});
