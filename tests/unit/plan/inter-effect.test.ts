import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brokerBands, participants } from "@/lib/plan/goals";
import { moveEffect, moveLimit, TopicBands } from "@/lib/plan/inter-effect";
import { SOFT_GOALS, type SoftGoal } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const MiB = 1024 ** 2;

/** A state of up to four brokers, each partition with one replica (or two on distinct brokers). */
function stateOf(specs: { brokers: number[]; mib: number; topic: string }[], removing: number | null): PlanState {
  const partitions: PartitionSpec[] = specs.map((s, i) => ({ topic: s.topic, partition: i, replicas: s.brokers.map((b) => [b, "/d1", s.mib * MiB] as [number, string, number]) }));
  const snap = cluster({ brokers: [1, 2, 3, 4].map((id) => ({ id, dirs: ["/d1"] })), partitions });
  const state = new PlanState(snap, new Set());
  if (removing !== null) state.brokers.get(removing)!.removing = true;
  return state;
}

describe("moveLimit()", () => {
  it("moveLimit() never refuses a move moveEffect() takes: on random states, goal orders and tolerances, every move moveEffect() takes is within the limit", () => {
    const arb = fc.record({
      specs: fc.array(
        fc.record({
          brokers: fc.oneof(
            fc.integer({ min: 1, max: 4 }).map((b) => [b]),
            fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 2 }),
          ),
          mib: fc.integer({ min: 1, max: 400 }),
          topic: fc.constantFrom("a", "b"),
        }),
        { minLength: 1, maxLength: 14 },
      ),
      goals: fc.shuffledSubarray([...SOFT_GOALS], { minLength: 1 }),
      tolerance: fc.constantFrom(0.02, 0.1, 0.3),
      removing: fc.option(fc.integer({ min: 1, max: 4 })),
    });
    let taken = 0;
    let refused = 0;
    fc.assert(
      fc.property(arb, ({ specs, goals, tolerance, removing }) => {
        const state = stateOf(specs, removing);
        const members = participants(state);
        const bands = brokerBands(state, tolerance, members);
        const topics = new TopicBands(state, members);
        const order = goals as SoftGoal[];
        for (const part of state.partitions) {
          for (const r of part.members) {
            for (const to of state.brokers.values()) {
              if (to.id === r.broker || part.replicas.includes(to.id)) continue;
              const from = state.brokers.get(r.broker)!;
              const limit = moveLimit(from, to, order, bands);
              const effect = moveEffect(state, r, to, order, bands, topics, new Set());
              if (effect < 0) {
                taken += 1;
                expect(limit).not.toBeNull();
                expect(r.size).toBeLessThanOrEqual(limit!);
              } else if (limit === null || r.size > limit) refused += 1;
            }
          }
        }
      }),
      { numRuns: 400 },
    );
    // The property is not vacuous: moves were taken, and the limit did refuse some.
    expect(taken).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it("moveLimit() refuses every move onto a broker at the top of the replica band when bytes cannot improve, and caps sizes by the sender's bytes above the floor", () => {
    // Brokers 1–3 hold 10 GiB in 2 replicas each (band of counts 2 ± 0, bytes 10 GiB ± 5%); broker 4 holds nothing.
    const specs = [1, 2, 3].flatMap((b) => [
      { brokers: [b], mib: 5 * 1024, topic: "a" },
      { brokers: [b], mib: 5 * 1024, topic: "b" },
    ]);
    const s = stateOf(specs, null);
    const goals: SoftGoal[] = ["broker-bytes", "broker-replicas", "topic-spread"];
    const three = [1, 2, 3].map((id) => s.brokers.get(id)!);
    const bands = brokerBands(s, 0.05, three);
    // 1 → 2: both inside the bytes band, and 2 would go above the count band: refused whatever the replica.
    expect(moveLimit(three[0]!, three[1]!, goals, bands)).toBeNull();
    // Counts first changes nothing here: the same.
    expect(moveLimit(three[0]!, three[1]!, ["broker-replicas", "broker-bytes"], bands)).toBeNull();
    // Bytes only: a replica may go while broker 1 stays above the floor (10 GiB − 5% = 9.5 GiB): up to 0.5 GiB.
    expect(moveLimit(three[0]!, three[1]!, ["broker-bytes", "topic-spread"], bands)! / GiB).toBeCloseTo(0.5, 6);
    // A broker being removed gives everything: no limit.
    s.brokers.get(1)!.removing = true;
    expect(moveLimit(three[0]!, three[1]!, goals, bands)).toBe(Infinity);
  });
});
