import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import {
  balanceOf,
  balanceOfState,
  belowSkewFloor,
  DEFAULT_BALANCE_OPTIONS,
  dirsUneven,
  flooredGoals,
  goalMet,
  reportBalanceInput,
  SKEW_FLOOR_BYTES,
  skewFloorBytes,
} from "@/lib/plan/balanced";
import { PlanOptionsSchema } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import { snapshotOutsideTolerance } from "@/lib/plan/tolerance";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { statementCorpus } from "@/tests/fixtures/statements/corpus";
import { cluster, GiB, sharedDiskSnapshot, storySnapshot } from "@/tests/support/snapshots";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

const fromReport = (s: ClusterSnapshot) => balanceOf(balanceReport(s), reportBalanceInput(s));

describe("balanced", () => {
  it("topic spread is measured against the planner's own topic band, one replica either side of the mean", () => {
    // Topic t: 30 single-replica partitions of 1 GiB on three brokers (mean 10, band [9, 11]).
    const spread = (counts: number[]) =>
      cluster({
        brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })),
        partitions: counts.flatMap((n, b) =>
          Array.from({ length: n }, (_, i) => ({ topic: "t", partition: b * 100 + i, replicas: [[b + 1, "/d1", GiB] as [number, string, number]] })),
        ),
      });
    const options = PlanOptionsSchema.parse({ goals: ["topic-spread"] });
    for (const [counts, met] of [
      [[11, 10, 9], true],
      [[12, 9, 9], false],
    ] as const) {
      const s = spread([...counts]);
      expect(goalMet(fromReport(s), "topic-spread")).toBe(met);
      expect(snapshotOutsideTolerance(s, options).find((g) => g.goal === "topic-spread")!.outside === 0).toBe(met);
    }
  });

  it("the floor is 1% of capacity, or 1 GiB when capacity is unknown", () => {
    expect(skewFloorBytes(null)).toBe(SKEW_FLOOR_BYTES);
    expect(skewFloorBytes(1000 * GiB)).toBe(10 * GiB);
    expect(belowSkewFloor(16 * 1024, null)).toBe(true);
    expect(belowSkewFloor(2 * GiB, null)).toBe(false);
  });

  it("the defaults are the planner's", () => {
    const plan = PlanOptionsSchema.parse({});
    expect(DEFAULT_BALANCE_OPTIONS).toEqual({ tolerance: plan.tolerance, intraObjective: plan.intraObjective, goals: plan.goals });
  });

  it("a report measures what the planner's own state measures, and counts what the planner counts outside its tolerance", () => {
    const cases: ClusterSnapshot[] = [
      storySnapshot(),
      syntheticCluster({ brokers: 6, dirsPerBroker: 3, replicas: 600 }),
      ...statementCorpus()
        .filter((c) => c.id !== "import-123-bytes" && c.id !== "import-without-kafka-topics")
        .map((c) => c.snapshot),
      cluster({
        kafkaVersion: "4.2.0",
        brokers: [
          { id: 1, dirs: ["/a", { path: "/b", state: "cordoned" }] },
          { id: 2, dirs: ["/a", "/b"] },
          { id: 3, state: "unreachable", dirs: ["/a"] },
        ],
        partitions: [
          {
            topic: "t",
            partition: 0,
            replicas: [
              [1, "/a", 30 * GiB],
              [2, "/a", 30 * GiB],
            ],
          },
          {
            topic: "t",
            partition: 1,
            replicas: [
              [2, "/b", 5 * GiB],
              [1, "/b", 5 * GiB],
            ],
          },
          { topic: "u", partition: 0, replicas: [[1, "/a", 9 * GiB]] },
        ],
      }),
    ];
    const options = PlanOptionsSchema.parse({});
    for (const s of cases) {
      const a = fromReport(s);
      const b = balanceOfState(new PlanState(s, new Set()));
      expect(a.goals).toEqual(b.goals);
      // Above the floor, `outside` is the planner's own count.
      const planner = snapshotOutsideTolerance(s, options);
      for (const g of a.goals) {
        if (g.flooredBrokers.length > 0 || !g.measured) continue;
        expect({ goal: g.goal, outside: g.outside }).toEqual(planner.find((p) => p.goal === g.goal));
      }
    }
  });

  it("the story's disks are outside the dir goal, so it is not balanced", () => {
    const b = fromReport(storySnapshot());
    expect(b.balanced).toBe(false);
    expect(goalMet(b, "dir-utilization")).toBe(false);
    expect(goalMet(b, "broker-bytes")).toBe(true);
  });

  it("123 bytes are below the floor: nothing outside, too little data, and the planner leaves the dirs alone", () => {
    const tiny = statementCorpus().find((c) => c.id === "import-123-bytes")!.snapshot;
    const b = fromReport(tiny);
    expect(b.tooLittleData).toBe(true);
    expect(goalMet(b, "dir-utilization")).toBe(true);
    expect(b.goals.find((g) => g.goal === "dir-utilization")!.flooredBrokers).toEqual([0, 1]);
    expect(b.balanced).toBe(true);
    expect(flooredGoals(new PlanState(tiny, new Set()))).toEqual({ dirBrokers: new Set([0, 1]), brokerBytes: true });
  });

  it("leadership unknown: the leader goal is not measured, never 'met' from nothing", () => {
    const s = statementCorpus().find((c) => c.id === "import-without-kafka-topics")!.snapshot;
    const b = fromReport(s);
    expect(b.unmeasured).toEqual(["broker-leaders"]);
    expect(b.goals.find((g) => g.goal === "broker-leaders")!.measured).toBe(false);
  });
});

describe("balance over disks", () => {
  it("balanceOf() and balanceOfState() weigh disks: dirs of one filesystem are even by definition, whether the goal is utilisation or bytes", () => {
    const s = sharedDiskSnapshot();
    const report = balanceReport(s);
    for (const intraObjective of ["utilization", "bytes"] as const) {
      const options = { ...DEFAULT_BALANCE_OPTIONS, intraObjective };
      const fromReport = balanceOf(report, reportBalanceInput(s), options);
      const fromState = balanceOfState(new PlanState(s, new Set()), options);
      expect(fromReport.goals.find((g) => g.goal === "dir-utilization")).toMatchObject({ outside: 0, brokers: [] });
      expect(fromState.goals.find((g) => g.goal === "dir-utilization")).toEqual(fromReport.goals.find((g) => g.goal === "dir-utilization"));
      // Without the disks, /a (300 GiB) against /c (73 GiB) would be far outside the bytes goal.
      expect(
        dirsUneven(
          report.dirs.filter((d) => d.broker === 1),
          options,
        ),
      ).toBe(false);
    }
    // The capacity the broker-bytes floor is measured against counts the filesystem once (1000 GiB, not 3000).
    expect(flooredGoals(new PlanState(s, new Set())).dirBrokers.size).toBe(0);
  });

  it("balanceOf() finds the disks uneven when a shared disk sits beside an emptier one, as the planner does", () => {
    const s = sharedDiskSnapshot({ thirdDisk: true });
    const report = balanceReport(s);
    const dir = balanceOf(report, reportBalanceInput(s)).goals.find((g) => g.goal === "dir-utilization")!;
    expect(dir).toMatchObject({ outside: 8, brokers: [1, 2, 3, 4] });
    expect(snapshotOutsideTolerance(s, PlanOptionsSchema.parse({})).find((g) => g.goal === "dir-utilization")!.outside).toBe(8);
  });
});
