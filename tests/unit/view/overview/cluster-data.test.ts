import { describe, expect, it } from "vitest";
import { clusterData, modeOf } from "@/lib/view/overview/cluster-data";
import { snap, storySnapshot } from "@/tests/support/snapshots";

describe("cluster-data", () => {
  it("clusterData() pairs a snapshot with its balance report", () => {
    const d = clusterData(storySnapshot());
    expect(d.report.brokerIds).toEqual([1, 2]);
  });

  it("modeOf() maps the snapshot's source to live, import or demo", () => {
    const of = (kind: "kafka" | "import" | "demo" | "scenario") => modeOf(snap({ source: { kind, label: "x" } }));
    expect([of("kafka"), of("import"), of("demo"), of("scenario")]).toEqual(["live", "import", "demo", "demo"]);
  });
});
