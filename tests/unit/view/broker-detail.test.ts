import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { brokerDetail } from "@/lib/view/broker-detail";
import { GiB, storySnapshot } from "@/tests/support/snapshots";

describe("brokerDetail()", () => {
  const s = storySnapshot();
  const report = balanceReport(s);

  it("brokerDetail() lists the broker's dirs and its largest replicas, largest first", () => {
    const d = brokerDetail(s, report, 2, 3)!;
    expect(d.dirs.map((x) => x.path)).toEqual(["/d1", "/d2", "/d3"]);
    expect(d.largest.map((r) => [r.topic, r.partition, r.logDir, r.sizeBytes, r.leader])).toEqual([
      ["orders", 0, "/d2", 40 * GiB, false],
      ["orders", 1, "/d3", 40 * GiB, true],
      ["__consumer_offsets", 0, "/d1", 1024, false],
    ]);
    expect(d.largest.every((r) => r.inSync)).toBe(true);
  });

  it("brokerDetail() returns null for a broker the snapshot does not list", () => {
    expect(brokerDetail(s, report, 9)).toBeNull();
  });
});
