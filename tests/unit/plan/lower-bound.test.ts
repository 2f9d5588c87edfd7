import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planRebalance } from "@/lib/plan";
import { lowerBound } from "@/lib/plan/lower-bound";
import { PlanOptionsSchema, SOFT_GOALS, type PlanOptionsInput } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import { measureGoal } from "@/lib/plan/goals";
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

  it("lowerBound() counts a broker's dir moves at the bytes it can really end with: what one broker gains another loses", () => {
    // Two brokers, each 60 GiB in /d1 and 40 GiB in /d2 (100 GiB dirs): the brokers are balanced, each dir 10 points
    // from its broker's 50%. Were each broker to receive 5 GiB into /d2 (the band's top), 2.5 GiB would leave each /d1;
    // but no broker can gain without another losing, so each must move 5 GiB between its dirs: 10 GiB in all.
    const snap = cluster({
      brokers: [1, 2].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
      // Replicas of 5 GiB: 12 in /d1 and 8 in /d2 of each broker.
      partitions: [1, 2].flatMap((broker) => Array.from({ length: 20 }, (_, i) => one(20 * broker + i, broker, 5 * GiB, i < 12 ? "/d1" : "/d2"))),
    });
    expect(bound(snap, { goals: ["dir-utilization", "broker-bytes"] }) / GiB).toBeCloseTo(10, 9);
    // The planner moves exactly that: one replica from /d1 to /d2 on each broker.
    const planned = planRebalance(snap, PlanOptionsSchema.parse({ goals: ["dir-utilization", "broker-bytes"] }));
    if (!planned.ok) throw new Error(planned.error.message);
    expect(planned.value.goals.every((g) => g.met)).toBe(true);
    expect(planned.value.bytesMoved.total / GiB).toBe(10);
  });

  it("lowerBound() counts what a broker that must shed bytes must also move to fill a dir its placement left short", () => {
    // Broker 1: 30 GiB in each of /d1, /d2, /d3 and nothing in /d4 (90 GiB); broker 2 empty (band 42.75–47.25 GiB).
    // Broker 1 sends at least 42.75 GiB; /d4 must end within 5 points of broker 1's utilisation, so it needs bytes
    // that only a move inside broker 1 can bring (nothing arrives from broker 2).
    const snap = cluster({
      brokers: [1, 2].map((id) => ({ id, dirs: ["/d1", "/d2", "/d3", "/d4"] })),
      partitions: [one(0, 1, 30 * GiB), one(1, 1, 30 * GiB, "/d2"), one(2, 1, 30 * GiB, "/d3")],
    });
    const b = bound(snap, { goals: ["dir-utilization", "broker-bytes"] }) / GiB;
    // At F = 47.25 GiB left on broker 1: /d4's target 11.8 GiB less 5 GiB is 6.8 GiB to arrive, on top of 42.75 GiB sent.
    expect(b).toBeCloseTo(42.75 + (47.25 / 4 - 5), 9);
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

  it("lowerBound() is never more than the least any plan that meets the goals moves, found by trying every placement", () => {
    // Three brokers of two dirs, up to four single-replica partitions: every placement of every replica is
    // tried, and the least bytes moved by one that meets the goals is the true minimum the bound must not pass.
    const places = [1, 2, 3].flatMap((broker) => ["/d1", "/d2"].map((dir) => ({ broker, dir })));
    const arb = fc.record({
      sizes: fc.array(fc.record({ at: fc.integer({ min: 0, max: 5 }), gib: fc.integer({ min: 1, max: 30 }) }), { minLength: 1, maxLength: 4 }),
      goals: fc.constantFrom<("dir-utilization" | "broker-bytes")[][]>(["dir-utilization"], ["broker-bytes"], ["dir-utilization", "broker-bytes"]),
      tolerance: fc.constantFrom(0.05, 0.2, 0.4),
      remove: fc.boolean(),
    });
    let compared = 0;
    fc.assert(
      fc.property(arb, ({ sizes, goals, tolerance, remove }) => {
        const brokers = [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] }));
        const at = (placed: number[]) => cluster({ brokers, partitions: sizes.map((s, i) => one(i, places[placed[i]!]!.broker, s.gib * GiB, places[placed[i]!]!.dir)) });
        const input: PlanOptionsInput = { goals, tolerance, ...(remove ? { operation: { kind: "remove-brokers" as const, brokers: [3] } } : {}) };
        const options = PlanOptionsSchema.parse(input);
        const from = sizes.map((s) => s.at);
        const limit = remove ? 4 : 6;
        let least = Infinity;
        const placed = from.map(() => 0);
        for (let n = 0; n < limit ** placed.length; n++) {
          let k = n;
          for (let i = 0; i < placed.length; i++, k = Math.floor(k / limit)) placed[i] = k % limit;
          const moved = sizes.reduce((a, s, i) => a + (placed[i] === from[i] ? 0 : s.gib * GiB), 0);
          if (moved >= least) continue;
          // The goals as the planner measures them, on the placement (a removed broker left empty).
          const state = new PlanState(at(placed), new Set());
          if (remove) state.brokers.get(3)!.removing = true;
          if (goals.every((g) => measureGoal(state, g, options).outside === 0)) least = moved;
        }
        if (least === Infinity) return;
        compared += 1;
        expect(bound(at(from), input)).toBeLessThanOrEqual(least + 1);
      }),
      { numRuns: 240 },
    );
    // About half the random clusters have a placement that meets the goals (52–64 of 120 in six runs); 120 runs
    // once came to exactly 40. Twice the runs and a floor a third below the usual count keep the test from
    // passing on too few comparisons without failing on an unlucky draw.
    expect(compared).toBeGreaterThan(80);
  }, 120_000);
});
