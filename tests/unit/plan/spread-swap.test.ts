import { describe, expect, it } from "vitest";
import { planRebalance } from "@/lib/plan";
import { brokerBands, participants } from "@/lib/plan/goals";
import { TopicBands } from "@/lib/plan/inter-effect";
import { PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import { swapForSpread } from "@/lib/plan/spread-swap";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

/**
 * Four brokers of eight replicas each (10 GiB apiece): brokers 3 and 4 lead every partition, brokers 1 and 2
 * hold the followers. Topic a has 6 followers on broker 1 and 2 on broker 2; topic b the other way round.
 * Each topic's band per broker is [3, 5] (mean 4), and the replica-count band is [8, 8]: moving one follower
 * alone would take brokers 1 and 2 out of the count band, which was met before the plan.
 */
function crossed(size = (_topic: string) => 10 * GiB): PartitionSpec[] {
  const spec = (topic: string, partition: number, leader: number, follower: number): PartitionSpec => ({
    topic,
    partition,
    replicas: [
      [leader, "/d1", size(topic)],
      [follower, "/d1", size(topic)],
    ],
  });
  const topic = (name: string, crowded: number, other: number) => Array.from({ length: 8 }, (_, i) => spec(name, i, 3 + (i % 2), i < 6 ? crowded : other));
  return [...topic("a", 1, 2), ...topic("b", 2, 1)];
}
/** Dirs of 1 TiB: the replicas fill them far below the headroom. */
const brokers = [1, 2, 3, 4].map((id) => ({ id, dirs: [{ path: "/d1", totalBytes: 1024 * GiB }] }));

describe("swapForSpread()", () => {
  it("swapForSpread() exchanges a crowded topic's follower for another topic's when no replica can move alone, keeping every count", () => {
    const snap = cluster({ brokers, partitions: crossed() });
    const plan = planRebalance(snap, PlanOptionsSchema.parse({ goals: ["broker-replicas", "topic-spread"] }));
    if (!plan.ok) throw new Error(plan.error.message);
    const p = plan.value;
    // One follower of a goes from broker 1 to 2 and one of b from 2 to 1.
    expect(p.moves.map((m) => [m.topic, m.fromBroker, m.toBroker]).sort()).toEqual([
      ["a", 1, 2],
      ["b", 2, 1],
    ]);
    expect(p.goals.map((g) => [g.goal, g.met])).toEqual([
      ["broker-replicas", true],
      ["topic-spread", true],
    ]);
    // Neither moved replica led its partition: leadership is unchanged.
    for (const m of p.moves) expect(snap.topics.find((t) => t.name === m.topic)!.partitions[m.partition]!.leader).not.toBe(m.fromBroker);
  });

  it("swapForSpread() refuses a replica that would crowd its own topic coming back, or that leads its partition", () => {
    // Topic a is crowded on broker 1 as before (6 followers, band [3, 5]), and broker 2 is below a's band. On
    // broker 2 the only replicas of other topics are a follower of b (b has 3 on broker 1, the top of its band
    // [1, 3]: one more crowds it) and six leaders of c: no exchange with broker 2 is allowed. Every broker holds
    // 9 replicas (count band [9, 9]). (c's followers on brokers 3 and 4 may still trade with broker 1, where c
    // has none: that exchange is allowed, and lowers both topics' cost.)
    const two = (topic: string, partition: number, first: number, second: number): PartitionSpec => ({
      topic,
      partition,
      replicas: [
        [first, "/d1", 10 * GiB],
        [second, "/d1", 10 * GiB],
      ],
    });
    const parts = [
      ...Array.from({ length: 8 }, (_, i) => two("a", i, 3 + (i % 2), i < 6 ? 1 : 2)),
      ...Array.from({ length: 4 }, (_, i) => two("b", i, 3 + (i % 2), i < 3 ? 1 : 2)),
      ...Array.from({ length: 6 }, (_, i) => two("c", i, 2, 3 + (i % 2))),
    ];
    // Leaders may move (moveLeaders), so only the exchange's own rule keeps c's leaders where they are.
    const plan = planRebalance(cluster({ brokers, partitions: parts }), PlanOptionsSchema.parse({ goals: ["broker-replicas", "topic-spread"], moveLeaders: true }));
    if (!plan.ok) throw new Error(plan.error.message);
    const moves = plan.value.moves.map((m) => `${m.topic} ${m.fromBroker}→${m.toBroker}`);
    expect(moves.filter((m) => m.startsWith("b ") || m.startsWith("c 2→") || m.endsWith("→2"))).toEqual([]);
    expect(plan.value.goals.map((g) => [g.goal, g.met])).toEqual([
      ["broker-replicas", true],
      ["topic-spread", false],
    ]);
  });

  it("swapForSpread() keeps both brokers' bytes in the band when broker bytes is a goal", () => {
    // Topic b's replicas are 2 GiB larger than a's: each exchange changes brokers 1 and 2 by 2 GiB, and two
    // bring both to the mean (broker 1 held 84 GiB, broker 2 92, the others 88): one for topic spread, and one
    // for broker bytes (bytes-swap.ts), since a band of 1% leaves broker 1 outside after the first.
    const snap = cluster({ brokers, partitions: crossed((topic) => (topic === "b" ? 12 * GiB : 10 * GiB)) });
    const plan = planRebalance(snap, PlanOptionsSchema.parse({ goals: ["broker-bytes", "broker-replicas", "topic-spread"], tolerance: 0.01 }));
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.moves).toHaveLength(4);
    expect(plan.value.goals.every((g) => g.met)).toBe(true);
    const bytes = plan.value.afterSnapshot.brokers.map((b) => b.logDirs.reduce((a, d) => a + (d.totalBytes! - d.usableBytes!), 0) / GiB);
    expect(bytes).toEqual([88, 88, 88, 88]);
  });

  it("swapForSpread() in an add-brokers plan brings a replica home to an old broker, sending one of another topic to the new one", () => {
    // Brokers 1 and 2 are old, 3 is new (the only one that receives). Topic a's followers were on broker 1 and the
    // plan so far took all eight to broker 3; c's followers are still on broker 1. Leaders are on broker 2.
    const eight = [0, 1, 2, 3, 4, 5, 6, 7];
    const pair = (topic: string, p: number): PartitionSpec => ({
      topic,
      partition: p,
      replicas: [
        [2, "/d1", GiB],
        [1, "/d1", GiB],
      ],
    });
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: [{ path: "/d1", totalBytes: 1024 * GiB }] })),
      partitions: [...eight.map((p) => pair("a", p)), ...eight.map((p) => pair("c", p))],
    });
    const state = new PlanState(snap, new Set(), false);
    const to3 = state.brokers.get(3)!.byPath.get("/d1")!;
    for (const part of state.topicPartitions.get("a")!)
      state.moveToBroker(
        part.members.find((r) => r.broker === 1)!,
        to3,
      );
    const options = PlanOptionsSchema.parse({ goals: ["topic-spread"] });
    const ctx = { state, options, budget: { bytes: Infinity, moves: 100 }, destinations: new Set([3]), metBefore: new Set<never>() };
    const members = participants(state);
    const a0 = state.topicPartitions.get("a")![0]!.members.find((r) => r.broker === 3)!;
    const old1 = state.brokers.get(1)!;
    expect(swapForSpread(ctx, options.goals, brokerBands(state, options.tolerance, members), new TopicBands(state, members), a0, old1)).toBe(true);
    // a0 is home, in its own dir (its move cancelled); one of c left broker 1 for broker 3; counts kept.
    expect([a0.broker, a0.dir]).toEqual([1, a0.originalDir]);
    expect(state.topicCounts.get("c")!.get(3)).toBe(1);
    expect([1, 2, 3].map((id) => state.brokers.get(id)!.count)).toEqual([8, 16, 8]);
    // Broker 2 is neither new nor the replica's home: no exchange with it.
    const a1 = state.topicPartitions.get("a")![1]!.members.find((r) => r.broker === 3)!;
    expect(swapForSpread(ctx, options.goals, brokerBands(state, options.tolerance, members), new TopicBands(state, members), a1, state.brokers.get(2)!)).toBe(false);
  });

  it("swapForSpread() refuses an exchange whose replica would land in a broker's one dir with room and take it further above the broker's level", () => {
    // Broker 1: /d1 holds 303 GiB (x's four 1 GiB followers and three of 100 GiB); /d2 held nine 100 GiB
    // followers of "big", eight of which the plan has already sent to broker 3: /d2 is at 10% but keeps its
    // 900 GiB until those moves finish, so it has no room while the plan runs. Broker 2 holds y's 50 GiB followers.
    const f = (topic: string, p: number, follower: number, dir: string, gib: number): PartitionSpec => ({
      topic,
      partition: p,
      replicas: [
        [4, "/d1", gib * GiB],
        [follower, dir, gib * GiB],
      ],
    });
    const snap = cluster({
      brokers: [
        {
          id: 1,
          dirs: [
            { path: "/d1", totalBytes: 1000 * GiB },
            { path: "/d2", totalBytes: 1000 * GiB },
          ],
        },
        ...[2, 3, 4].map((id) => ({ id, dirs: [{ path: "/d1", totalBytes: 10_000 * GiB }] })),
      ],
      partitions: [
        ...[0, 1, 2, 3].map((p) => f("x", p, 1, "/d1", 1)),
        ...[0, 1, 2].map((p) => f("fill", p, 1, "/d1", 100)),
        ...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((p) => f("big", p, 1, "/d2", 100)),
        ...[0, 1, 2, 3].map((p) => f("y", p, 2, "/d1", 50)),
      ],
    });
    const attempt = (goals: PlanOptionsInput["goals"]) => {
      const state = new PlanState(snap, new Set(), false);
      const to3 = state.brokers.get(3)!.byPath.get("/d1")!;
      for (const part of state.topicPartitions.get("big")!.slice(0, 8))
        state.moveToBroker(
          part.members.find((r) => r.broker === 1)!,
          to3,
        );
      const options = PlanOptionsSchema.parse({ goals });
      const ctx = { state, options, budget: { bytes: Infinity, moves: 100 }, destinations: null, metBefore: new Set<never>() };
      const members = participants(state);
      const x0 = state.topicPartitions.get("x")![0]!.members.find((r) => r.broker === 1)!;
      return swapForSpread(ctx, options.goals, brokerBands(state, options.tolerance, members), new TopicBands(state, members), x0, state.brokers.get(2)!);
    };
    // /d1 at 30.3% where the broker is at 20.2%; a 50 GiB replica landing there would take it to 35.2% against 22.6%.
    expect(attempt(["dir-utilization", "topic-spread"])).toBe(false);
    expect(attempt(["topic-spread"])).toBe(true);
  });
});
