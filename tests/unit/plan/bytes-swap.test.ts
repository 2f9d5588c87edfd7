import { describe, expect, it } from "vitest";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { PlanOptionsSchema, planRebalance } from "@/lib/plan";
import { cluster, GiB } from "@/tests/support/snapshots";

type R = [number, string, number];

/**
 * Six brokers, 15 replicas each (a count band of exactly 15, met before the plan, so it must stay met).
 * Broker 1 follows five 4 GiB partitions led by brokers 2–6 and holds 30 GiB where the mean is 20; the
 * others hold 1 GiB replicas of a ring topic and of a "pad" topic broker 1 has none of.
 */
function heavyFollower(): ClusterSnapshot {
  const ring = Array.from({ length: 30 }, (_, i) => ({ topic: "ring", partition: i, replicas: [[(i % 6) + 1, "/d0", GiB] as R, [((i + 1) % 6) + 1, "/d0", GiB] as R] }));
  const big = [2, 3, 4, 5, 6].map((k, i) => ({ topic: "big", partition: i, replicas: [[k, "/d0", 4 * GiB] as R, [1, "/d0", 4 * GiB] as R] }));
  const pairs = [
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 6],
    [6, 2],
  ];
  const pad = [...pairs, ...pairs.map(([a, b]) => [b!, a!])].map(([a, b], i) => ({ topic: "pad", partition: i, replicas: [[a!, "/d0", GiB] as R, [b!, "/d0", GiB] as R] }));
  return cluster({ brokers: [1, 2, 3, 4, 5, 6].map((id) => ({ id, dirs: ["/d0"] })), partitions: [...ring, ...big, ...pad] });
}

/** Broker bytes, then counts (topic spread is not asked: its own exchange, spread-swap.ts, would move the big topic for its own sake). */
const GOALS = ["broker-bytes", "broker-replicas"];

function perBroker(s: ClusterSnapshot) {
  const m = new Map<number, { count: number; bytes: number }>();
  for (const t of s.topics)
    for (const p of t.partitions)
      for (const r of p.replicas) {
        const x = m.get(r.broker) ?? { count: 0, bytes: 0 };
        x.count += 1;
        x.bytes += r.sizeBytes ?? 0;
        m.set(r.broker, x);
      }
  return m;
}

describe("broker bytes by exchange (bytes-swap.ts)", () => {
  it("brings a broker whose replica count is at its floor into its bytes band by swapping large replicas for small ones", () => {
    const snapshot = heavyFollower();
    const before = perBroker(snapshot);
    expect([...before.values()].map((x) => x.count)).toEqual([15, 15, 15, 15, 15, 15]);
    expect(before.get(1)!.bytes).toBe(30 * GiB);
    const plan = planRebalance(snapshot, PlanOptionsSchema.parse({ operation: { kind: "rebalance" }, goals: GOALS }));
    if (!plan.ok) throw new Error(plan.error.message);
    const after = perBroker(plan.value.afterSnapshot);
    // Counts kept on every broker; broker 1 within 5% of the 20 GiB mean.
    for (const [id, x] of before) expect(after.get(id)!.count).toBe(x.count);
    expect(after.get(1)!.bytes).toBeLessThanOrEqual(21 * GiB);
    // Every replica broker 1 sent is a 4 GiB one and each came with a 1 GiB one back: three swaps.
    const out = plan.value.moves.filter((m) => m.kind === "inter" && m.fromBroker === 1);
    const back = plan.value.moves.filter((m) => m.kind === "inter" && m.toBroker === 1);
    expect(out.length).toBe(3);
    expect(back.length).toBe(3);
    expect(out.every((m) => m.topic === "big")).toBe(true);
    // A plan from the result moves nothing.
    const second = planRebalance(plan.value.afterSnapshot, PlanOptionsSchema.parse({ operation: { kind: "rebalance" }, goals: GOALS }));
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.moves).toEqual([]);
  });
});

describe("the broker-bytes reason", () => {
  it("names the exchanges the planner will not make when no move and no exchange is left", () => {
    // Broker 1 holds five 4 GiB followers and five 1 GiB leaders, each other broker one of each: the plan
    // ends with broker bytes outside the band, and says which exchanges it tried.
    const big = [2, 3, 4, 5, 6].map((k, i) => ({ topic: "big", partition: i, replicas: [[k, "/d0", 4 * GiB] as R, [1, "/d0", 4 * GiB] as R] }));
    const small = [2, 3, 4, 5, 6].map((k, i) => ({ topic: "small", partition: i, replicas: [[1, "/d0", GiB] as R, [k, "/d0", GiB] as R] }));
    const snapshot = cluster({ brokers: [1, 2, 3, 4, 5, 6].map((id) => ({ id, dirs: ["/d0"] })), partitions: [...big, ...small] });
    const plan = planRebalance(snapshot, PlanOptionsSchema.parse({ operation: { kind: "rebalance" }, goals: ["broker-bytes", "broker-replicas"] }));
    if (!plan.ok) throw new Error(plan.error.message);
    const bytes = plan.value.goals.find((g) => g.goal === "broker-bytes")!;
    expect(bytes.met).toBe(false);
    expect(bytes.reason).toContain("nor did the exchanges it tries (a follower for a smaller one, counts kept; within a topic at half the size or less) find one that helps");
  });
});
