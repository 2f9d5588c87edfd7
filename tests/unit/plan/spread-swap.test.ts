import { describe, expect, it } from "vitest";
import { planRebalance } from "@/lib/plan";
import { PlanOptionsSchema } from "@/lib/plan/options";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

/**
 * Four brokers of four replicas each (10 GiB apiece): brokers 3 and 4 lead every partition, brokers 1 and 2
 * hold the followers. Topic a has 3 followers on broker 1 and 1 on broker 2; topic b the other way round.
 * Each topic's band per broker is [2, 2], and the replica-count band is [4, 4]: moving one follower alone
 * would take brokers 1 and 2 out of the count band, which was met before the plan.
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
  return [spec("a", 0, 3, 1), spec("a", 1, 4, 1), spec("a", 2, 3, 1), spec("a", 3, 4, 2), spec("b", 0, 3, 2), spec("b", 1, 4, 2), spec("b", 2, 3, 2), spec("b", 3, 4, 1)];
}
const brokers = [1, 2, 3, 4].map((id) => ({ id, dirs: ["/d1"] }));

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
    // Topic a is crowded on broker 1 as before. On broker 2 the only replicas of other topics are a follower of b
    // (b sits 1 per broker: one more on broker 1 crowds it) and two leaders of c: no exchange is allowed.
    const two = (topic: string, partition: number, first: number, second: number): PartitionSpec => ({
      topic,
      partition,
      replicas: [
        [first, "/d1", 10 * GiB],
        [second, "/d1", 10 * GiB],
      ],
    });
    const parts = [two("a", 0, 3, 1), two("a", 1, 4, 1), two("a", 2, 3, 1), two("a", 3, 4, 2), two("b", 0, 3, 1), two("b", 1, 4, 2), two("c", 0, 2, 3), two("c", 1, 2, 4)];
    // Leaders may move (moveLeaders), so only the exchange's own rule keeps c's leaders where they are.
    const plan = planRebalance(cluster({ brokers, partitions: parts }), PlanOptionsSchema.parse({ goals: ["broker-replicas", "topic-spread"], moveLeaders: true }));
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.moves).toEqual([]);
    expect(plan.value.goals.map((g) => [g.goal, g.met])).toEqual([
      ["broker-replicas", true],
      ["topic-spread", false],
    ]);
  });

  it("swapForSpread() keeps both brokers' bytes in the band when broker bytes is a goal", () => {
    // Topic b's replicas are 2 GiB larger than a's: the exchange changes brokers 1 and 2 by 2 GiB each, which
    // brings both to the mean (broker 1 held 42 GiB, broker 2 46, the others 44).
    const snap = cluster({ brokers, partitions: crossed((topic) => (topic === "b" ? 12 * GiB : 10 * GiB)) });
    const plan = planRebalance(snap, PlanOptionsSchema.parse({ goals: ["broker-bytes", "broker-replicas", "topic-spread"], tolerance: 0.01 }));
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.moves).toHaveLength(2);
    expect(plan.value.goals.every((g) => g.met)).toBe(true);
    const bytes = plan.value.afterSnapshot.brokers.map((b) => b.logDirs.reduce((a, d) => a + (d.totalBytes! - d.usableBytes!), 0) / GiB);
    expect(bytes).toEqual([44, 44, 44, 44]);
  });
});
