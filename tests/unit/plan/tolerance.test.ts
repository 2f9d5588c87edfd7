import { describe, expect, it } from "vitest";
import { PlanOptionsSchema } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import { outsideTolerance, snapshotOutsideTolerance } from "@/lib/plan/tolerance";
import { cluster, GiB } from "@/tests/support/snapshots";

// Broker 1: 40 GiB in /d1, nothing in /d2 (both dirs 20 points from its mean). Broker 2: 10 GiB in each dir.
// By bytes, broker 1 holds 40 GiB and broker 2 20 GiB: both 10 GiB (a third of the mean) from the mean of 30.
const snap = cluster({
  brokers: [
    { id: 1, dirs: ["/d1", "/d2"] },
    { id: 2, dirs: ["/d1", "/d2"] },
  ],
  partitions: [
    { topic: "t", partition: 0, replicas: [[1, "/d1", 40 * GiB]] },
    { topic: "t", partition: 1, replicas: [[2, "/d1", 10 * GiB]] },
    { topic: "t", partition: 2, replicas: [[2, "/d2", 10 * GiB]] },
  ],
});
const options = (o: object) => PlanOptionsSchema.parse(o);

describe("outsideTolerance()", () => {
  it("outsideTolerance() counts the dirs and brokers the planner would still balance, for each goal chosen", () => {
    const both = ["dir-utilization", "broker-bytes"];
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ goals: both, tolerance: 0.05 }))).toEqual([
      { goal: "dir-utilization", outside: 2 },
      { goal: "broker-bytes", outside: 2 },
    ]);
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ goals: both, tolerance: 0.4 }))).toEqual([
      { goal: "dir-utilization", outside: 0 },
      { goal: "broker-bytes", outside: 0 },
    ]);
  });

  it("outsideTolerance() lists only the goals chosen, in their order, never a goal not asked as 0", () => {
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ goals: ["dir-utilization"] }))).toEqual([{ goal: "dir-utilization", outside: 2 }]);
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ goals: ["broker-replicas", "broker-bytes"] }))).toEqual([
      // Two replicas against one: the mean is 1.5, so a band of [1, 2] holds both.
      { goal: "broker-replicas", outside: 0 },
      { goal: "broker-bytes", outside: 2 },
    ]);
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ goals: [] }))).toEqual([]);
  });

  it("snapshotOutsideTolerance() counts a snapshot as the planner's state of it, excluded topics or not", () => {
    const o = options({ excludeTopics: ["t"] });
    expect(snapshotOutsideTolerance(snap, o)).toEqual(outsideTolerance(new PlanState(snap, new Set(["t"])), o));
  });
});
