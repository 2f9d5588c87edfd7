import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planRebalance } from "@/lib/plan";
import { lowerBound } from "@/lib/plan/lower-bound";
import { PlanOptionsSchema, SOFT_GOALS, type PlanOptionsInput } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

/** The bound as the planner takes it: the state marked for the operation first. */
function bound(snap: ClusterSnapshot, input: PlanOptionsInput): number {
  const options = PlanOptionsSchema.parse(input);
  const state = new PlanState(snap, new Set(options.excludeTopics));
  const op = options.operation;
  if (op.kind === "remove-brokers") for (const id of op.brokers) state.brokers.get(id)!.removing = true;
  if (op.kind === "drain-dirs") for (const d of op.dirs) state.brokers.get(d.broker)!.byPath.get(d.path)!.draining = true;
  return lowerBound(state, options, options.goals);
}
const one = (partition: number, broker: number, bytes: number, dir = "/d1"): PartitionSpec => ({ topic: "t", partition, replicas: [[broker, dir, bytes]] });

describe("lowerBound()", () => {
  it("lowerBound() for dirs is each dir's bytes above its target and the tolerance", () => {
    // One broker, 60 GiB in /d1 and nothing in /d2 of 100 GiB each: target 30 GiB, tolerance 5 points = 5 GiB.
    const snap = cluster({ brokers: [{ id: 1, dirs: ["/d1", "/d2"] }], partitions: [one(0, 1, 20 * GiB), one(1, 1, 40 * GiB)] });
    expect(bound(snap, { goals: ["dir-utilization"] }) / GiB).toBeCloseTo(25, 9);
    expect(bound(snap, { goals: ["dir-utilization"], tolerance: 0.3 })).toBe(0);
    // Broker goals alone ask nothing of one broker's dirs.
    expect(bound(snap, { goals: ["broker-bytes", "broker-replicas"] })).toBe(0);
  });

  it("lowerBound() for dirs leaves out dirs that take no data, and splits by capacity in utilisation mode", () => {
    // 30 GiB in /d1; /d2 offline: one open dir, nothing to even out.
    const alone = cluster({ brokers: [{ id: 1, dirs: ["/d1", { path: "/d2", state: "offline" }] }], partitions: [one(0, 1, 30 * GiB)] });
    expect(bound(alone, { goals: ["dir-utilization"] })).toBe(0);
    // 30 GiB in /small (100 GiB) and nothing in /large (200 GiB): by utilisation the target is 10 GiB and the
    // tolerance 5 GiB, so 15 GiB must leave; by bytes the target is 15 GiB and the tolerance 0.75 GiB.
    const split = cluster({
      brokers: [
        {
          id: 1,
          dirs: [
            { path: "/small", totalBytes: 100 * GiB },
            { path: "/large", totalBytes: 200 * GiB },
          ],
        },
      ],
      partitions: [one(0, 1, 30 * GiB, "/small")],
    });
    expect(bound(split, { goals: ["dir-utilization"], intraObjective: "utilization" }) / GiB).toBeCloseTo(15, 9);
    expect(bound(split, { goals: ["dir-utilization"], intraObjective: "bytes" }) / GiB).toBeCloseTo(14.25, 9);
  });

  it("lowerBound() for broker bytes is the larger of what must leave the brokers above the band and arrive at those below", () => {
    const snap = cluster({ brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })), partitions: [one(0, 1, 30 * GiB), one(1, 2, 10 * GiB), one(2, 3, 20 * GiB)] });
    // Mean 20 GiB, band [19, 21]: broker 1 must lose 9 GiB, broker 2 gain 9 GiB.
    expect(bound(snap, { goals: ["broker-bytes"] }) / GiB).toBeCloseTo(9, 9);
    // Replica counts, leaders and topic spread add no bytes a plan must move.
    expect(bound(snap, { goals: ["broker-replicas", "broker-leaders", "topic-spread"] })).toBe(0);
  });

  it("lowerBound() counts everything on a removed broker and in a drained dir", () => {
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
      partitions: [one(0, 1, 10 * GiB), one(1, 2, 10 * GiB), one(2, 3, 7 * GiB), one(3, 3, 5 * GiB, "/d2")],
    });
    expect(bound(snap, { operation: { kind: "remove-brokers", brokers: [3] }, goals: [] }) / GiB).toBe(12);
    expect(bound(snap, { operation: { kind: "drain-dirs", dirs: [{ broker: 3, path: "/d1" }] }, goals: [] }) / GiB).toBe(7);
  });

  it("lowerBound() lets a broker that receives an evacuation even out its dirs with what arrives", () => {
    // Brokers 1 and 2: 20 GiB in /d1, /d2 empty. Removing broker 3 sends its 40 GiB to them: arriving in /d2,
    // it evens their dirs with no move inside them, so the bound is broker 3's bytes and no more.
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
      partitions: [one(0, 1, 20 * GiB), one(1, 2, 20 * GiB), one(2, 3, 20 * GiB), one(3, 3, 20 * GiB, "/d2")],
    });
    const options = { operation: { kind: "remove-brokers" as const, brokers: [3] }, goals: ["dir-utilization" as const], moveLeaders: true };
    expect(bound(snap, options) / GiB).toBe(40);
    const planned = planRebalance(snap, PlanOptionsSchema.parse(options));
    if (!planned.ok) throw new Error(planned.error.message);
    expect(planned.value.goals[0]!.met).toBe(true);
    expect(planned.value.bytesMoved.total).toBeGreaterThanOrEqual(planned.value.lowerBound);
  });

  it("lowerBound() is 0 on a balanced cluster", () => {
    const snap = cluster({
      brokers: [1, 2].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
      partitions: [one(0, 1, 10 * GiB), one(1, 1, 10 * GiB, "/d2"), one(2, 2, 10 * GiB), one(3, 2, 10 * GiB, "/d2")],
    });
    expect(bound(snap, {})).toBe(0);
  });

  it("lowerBound() is never more than a plan that meets every goal moves, on random clusters and operations", () => {
    const arb = fc.record({
      sizes: fc.array(fc.record({ broker: fc.integer({ min: 1, max: 4 }), dir: fc.constantFrom("/d1", "/d2"), gib: fc.integer({ min: 1, max: 20 }) }), {
        minLength: 1,
        maxLength: 24,
      }),
      goals: fc.shuffledSubarray([...SOFT_GOALS]),
      op: fc.constantFrom("rebalance", "remove", "drain", "add"),
      tolerance: fc.constantFrom(0.02, 0.05, 0.2),
    });
    fc.assert(
      fc.property(arb, ({ sizes, goals, op, tolerance }) => {
        const snap = cluster({ brokers: [1, 2, 3, 4].map((id) => ({ id, dirs: ["/d1", "/d2"] })), partitions: sizes.map((s, i) => one(i, s.broker, s.gib * GiB, s.dir)) });
        const operation =
          op === "remove"
            ? { kind: "remove-brokers" as const, brokers: [4] }
            : op === "drain"
              ? { kind: "drain-dirs" as const, dirs: [{ broker: 4, path: "/d1" }] }
              : op === "add"
                ? { kind: "add-brokers" as const, brokers: [4] }
                : { kind: "rebalance" as const };
        const r = planRebalance(snap, PlanOptionsSchema.parse({ operation, goals, tolerance, moveLeaders: true, headroom: 1 }));
        if (!r.ok) return;
        const p = r.value;
        if (p.goals.every((g) => g.met) && (p.evacuation?.stuckTotal ?? 0) === 0) expect(p.bytesMoved.total).toBeGreaterThanOrEqual(p.lowerBound - 1);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
