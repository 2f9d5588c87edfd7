import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { decodeOverview, overviewFigures, overviewModel, parseOverviewQuery } from "@/lib/view/overview/overview-model";
import { sharedDiskSnapshot, storySnapshot } from "@/tests/support/snapshots";
import { planRebalance } from "@/lib/plan/planner";
import { PlanOptionsSchema } from "@/lib/plan/options";

describe("overview-model", () => {
  it("decodeOverview(overviewModel()) says what overviewFigures() says of the snapshot, through JSON", () => {
    for (const snapshot of [storySnapshot(), syntheticCluster({ brokers: 30, dirsPerBroker: 4, replicas: 4000, mixedStates: true })]) {
      const report = balanceReport(snapshot);
      const wire = JSON.parse(JSON.stringify(overviewModel(snapshot, report))) as ReturnType<typeof overviewModel>;
      const local = overviewFigures(snapshot, report);
      const decoded = decodeOverview(wire);
      expect(decoded.verdict).toEqual(local.verdict);
      expect(decoded.cards).toEqual(local.cards);
      expect(decoded.placements).toEqual(local.placements);
      expect(decoded.throttles).toEqual(local.throttles);
      expect(decoded.topics).toEqual(local.topics);
      expect(decoded.report.dirs).toEqual(local.report.dirs);
      expect(decoded.report.brokers).toEqual(local.report.brokers);
    }
  });

  it("overviewModel() grows with brokers × dirs and the topic page, not with replicas", () => {
    const size = (replicas: number) => {
      const snapshot = syntheticCluster({ brokers: 50, dirsPerBroker: 6, replicas, partitionsPerTopic: 100 });
      return JSON.stringify(overviewModel(snapshot, balanceReport(snapshot))).length;
    };
    const small = size(6_000);
    const large = size(60_000);
    expect(large).toBeLessThan(small * 1.5);
  });

  it("overviewModel() keeps in the doctor only the brokers that throttle something", () => {
    const snapshot = syntheticCluster({ brokers: 20, dirsPerBroker: 2, replicas: 600 });
    const model = overviewModel(snapshot, balanceReport(snapshot));
    expect(model.doctor.brokers.every((b) => b.leader.length > 0 || b.follower.length > 0)).toBe(true);
  });

  it("parseOverviewQuery() takes refresh=1 with the grid's query and refuses refresh=yes", () => {
    const parsed = parseOverviewQuery({ refresh: "1", sort: "name" });
    expect(parsed.ok && parsed.value.refresh).toBe(true);
    expect(parsed.ok && parsed.value.request.query.sort).toBe("name");
    const bad = parseOverviewQuery({ refresh: "yes" });
    expect(!bad.ok && bad.error.issues[0]?.path).toBe("refresh");
  });

  it("parseOverviewQuery() takes shared=<link id>, and refuses refresh=1 with it (a stored snapshot is not scanned) or a cluster beside it", () => {
    const parsed = parseOverviewQuery({ shared: "AAAAAAAAAAAAAAAAAAAAAA" });
    expect(parsed.ok && [parsed.value.shared, parsed.value.cluster, parsed.value.refresh]).toEqual(["AAAAAAAAAAAAAAAAAAAAAA", undefined, false]);
    const refresh = parseOverviewQuery({ shared: "AAAAAAAAAAAAAAAAAAAAAA", refresh: "1" });
    expect(!refresh.ok && refresh.error.issues[0]?.path).toBe("refresh");
    const both = parseOverviewQuery({ shared: "AAAAAAAAAAAAAAAAAAAAAA", cluster: "prod" });
    expect(!both.ok && both.error.issues[0]?.path).toBe("shared");
  });
});

describe("dirs on one filesystem (issue #29)", () => {
  it("the overview and the planner agree on dirs that share a filesystem: one disk, nothing uneven, nothing to move, and the page says why", () => {
    const s = sharedDiskSnapshot();
    const model = decodeOverview(overviewModel(s, balanceReport(s)));
    // The wire keeps which dirs share a disk.
    expect(model.report.dirs.filter((d) => d.sharedDisk).length).toBe(12);
    expect(model.verdict.findings.filter((f) => f.kind === "dir-skew")).toEqual([]);
    expect(model.verdict.findings.find((f) => f.kind === "shared-disk")).toMatchObject({
      tone: "info",
      text: expect.stringContaining("On every broker, the dirs /a, /b and /c share one filesystem"),
    });
    const dirCard = model.cards.find((c) => c.id === "dirBytes")!;
    expect([dirCard.figure, dirCard.tone]).toEqual(["–", "none"]);
    const plan = planRebalance(s, PlanOptionsSchema.parse({}));
    expect(plan.ok && plan.value.moves.filter((m) => m.kind === "intra")).toEqual([]);

    // With a disk of its own beside the shared one, both see the same uneven disks, and the plan evens them.
    const two = sharedDiskSnapshot({ thirdDisk: true });
    const uneven = decodeOverview(overviewModel(two, balanceReport(two)));
    expect(uneven.verdict.findings.find((f) => f.kind === "dir-skew")).toBeDefined();
    const fix = planRebalance(two, PlanOptionsSchema.parse({}));
    expect(fix.ok).toBe(true);
    if (!fix.ok) return;
    expect(fix.value.moves.every((m) => m.kind === "intra" && m.toDir === "/c")).toBe(true);
    const after = decodeOverview(overviewModel(fix.value.afterSnapshot, fix.value.after));
    expect(after.verdict.findings.filter((f) => f.kind === "dir-skew")).toEqual([]);
  });
});
