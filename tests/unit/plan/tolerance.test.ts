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
  it("outsideTolerance() counts the dirs and brokers the planner would still balance", () => {
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ mode: "both", tolerance: 0.05 }))).toEqual({ dirs: 2, brokers: 2 });
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ mode: "both", tolerance: 0.4 }))).toEqual({ dirs: 0, brokers: 0 });
  });

  it("outsideTolerance() counts only what the mode balances, null for the rest", () => {
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ mode: "intra" }))).toEqual({ dirs: 2, brokers: null });
    expect(outsideTolerance(new PlanState(snap, new Set()), options({ mode: "inter" }))).toEqual({ dirs: null, brokers: 2 });
  });

  it("snapshotOutsideTolerance() counts a snapshot as the planner's state of it, excluded topics or not", () => {
    const o = options({ mode: "both", excludeTopics: ["t"] });
    expect(snapshotOutsideTolerance(snap, o)).toEqual(outsideTolerance(new PlanState(snap, new Set(["t"])), o));
  });
});
