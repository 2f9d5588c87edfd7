import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { asReport, slimReport } from "@/lib/simulate/slim-report";
import { storySnapshot } from "@/tests/support/snapshots";

const report = balanceReport(storySnapshot());

describe("slimReport()", () => {
  it("slimReport() drops the topic rows and the per-broker dir skews, and keeps every other figure", () => {
    const slim = slimReport(report);
    expect("topics" in slim).toBe(false);
    expect(Object.keys(slim.skew)).not.toContain("dirBytesByBroker");
    expect(Object.keys(slim.skew)).not.toContain("dirPartitionsByBroker");
    expect(slim.dirs).toEqual(report.dirs);
    expect(slim.brokers).toEqual(report.brokers);
    expect(slim.skew.dirBytes).toEqual(report.skew.dirBytes);
    expect(report.topics.length).toBeGreaterThan(0);
  });
});

describe("asReport()", () => {
  it("asReport() gives a report shape back, with no topic rows and empty per-broker dir skews", () => {
    const back = asReport(slimReport(report));
    expect(back.topics).toEqual([]);
    expect(back.skew.dirBytesByBroker).toEqual({});
    expect(back.skew.dirPartitionsByBroker).toEqual({});
    expect(back.dirs).toEqual(report.dirs);
    expect(back.totals).toEqual(report.totals);
  });
});
