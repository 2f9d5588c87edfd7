import { describe, expect, it } from "vitest";
import { PlanState } from "@/lib/plan/plan-state";
import { freeLedReplicas, LeaderSwaps } from "@/lib/plan/spread-leaders";
import { cluster, GiB } from "@/tests/support/snapshots";

/** Topic x: four partitions on brokers 1 and 2, led by 1; topic y: four on 2 and 1, led by 2. Leaders stay (no moveLeaders). */
function state(): PlanState {
  const s = cluster({
    brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d0"] })),
    partitions: [
      ...Array.from({ length: 4 }, (_, p) => ({ topic: "x", partition: p, replicas: [[1, "/d0", GiB] as [number, string, number], [2, "/d0", GiB] as [number, string, number]] })),
      ...Array.from({ length: 4 }, (_, p) => ({ topic: "y", partition: p, replicas: [[2, "/d0", GiB] as [number, string, number], [1, "/d0", GiB] as [number, string, number]] })),
    ],
  });
  return new PlanState(s, new Set(), false);
}
const never = () => false;
const always = () => true;

describe("freeLedReplicas()", () => {
  it("trades leaderships so the crowded topic's replicas no longer lead, every broker keeping its leader count", () => {
    const st = state();
    const b1 = st.brokers.get(1)!;
    const b2 = st.brokers.get(2)!;
    expect([b1.leaders, b2.leaders]).toEqual([4, 4]);
    expect(freeLedReplicas(st, "x", b1, 2, never, always, new LeaderSwaps(st))).toBe(2);
    expect([b1.leaders, b2.leaders]).toEqual([4, 4]);
    const firsts = (topic: string) => st.topicPartitions.get(topic)!.map((p) => p.replicas[0]);
    expect(firsts("x")).toEqual([2, 2, 1, 1]);
    expect(firsts("y")).toEqual([1, 1, 2, 2]);
    // The election is what the next round adopts: then the x replicas on broker 1 are followers, free to move.
    st.adoptPreferredLeaders();
    const x0 = st.topicPartitions.get("x")![0]!.members.find((r) => r.broker === 1)!;
    expect(st.mayLeave(x0)).toBe(true);
  });

  it("frees nothing when no move waits for the replica, when the other partition's topic crowds the broker, or when none is wanted", () => {
    for (const [wanted, crowds, wouldMove] of [
      [2, never, never],
      [2, (topic: string) => topic === "y", always],
      [0, never, always],
    ] as const) {
      const st = state();
      const before = st.partitions.map((p) => p.replicas.join(","));
      expect(freeLedReplicas(st, "x", st.brokers.get(1)!, wanted, crowds, wouldMove, new LeaderSwaps(st))).toBe(0);
      expect(st.partitions.map((p) => p.replicas.join(","))).toEqual(before);
    }
  });

  it("never hands leadership to a replica that was out of sync, and stops when its budget is spent", () => {
    const s = cluster({
      brokers: [1, 2].map((id) => ({ id, dirs: ["/d0"] })),
      partitions: [
        {
          topic: "x",
          partition: 0,
          replicas: [
            [1, "/d0", GiB],
            [2, "/d0", GiB],
          ],
          isr: [1],
        },
        {
          topic: "y",
          partition: 0,
          replicas: [
            [2, "/d0", GiB],
            [1, "/d0", GiB],
          ],
        },
      ],
    });
    const st = new PlanState(s, new Set(), false);
    expect(freeLedReplicas(st, "x", st.brokers.get(1)!, 1, never, always, new LeaderSwaps(st))).toBe(0);
    const fresh = state();
    const spent = new LeaderSwaps(fresh);
    spent.steps = 0;
    expect(freeLedReplicas(fresh, "x", fresh.brokers.get(1)!, 4, never, always, spent)).toBe(0);
  });
});
