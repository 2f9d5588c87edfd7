import { describe, expect, it } from "vitest";
import { planRebalance, PlanOptionsSchema, type Plan, type PlanOptionsInput } from "@/lib/plan";
import { borrowedSizes, heldBackCount, holdBackDeadPartitions, unreachableBrokers } from "@/lib/plan/dead-brokers";
import { PlanState } from "@/lib/plan/plan-state";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { cluster, type PartitionSpec } from "@/tests/support/snapshots";

const GiB = 1024 ** 3;

/** 4 brokers × 1 dir, RF 3; broker 4 is down: listed unreachable, its replicas without dir or size, out of every ISR. */
function downCluster(extra: PartitionSpec[] = []): ClusterSnapshot {
  const parts: PartitionSpec[] = [
    {
      topic: "t",
      partition: 0,
      replicas: [
        [4, "/d", 0],
        [1, "/d", 3 * GiB],
        [2, "/d", 3 * GiB],
      ],
      leader: 1,
      isr: [1, 2],
    },
    {
      topic: "t",
      partition: 1,
      replicas: [
        [1, "/d", 5 * GiB],
        [4, "/d", 0],
        [3, "/d", 5 * GiB],
      ],
      leader: 1,
      isr: [1, 3],
    },
    {
      topic: "t",
      partition: 2,
      replicas: [
        [1, "/d", 40 * GiB],
        [2, "/d", 40 * GiB],
        [3, "/d", 40 * GiB],
      ],
    },
    { topic: "t", partition: 3, replicas: [[2, "/d", 1 * GiB]] },
    ...extra,
  ];
  const s = cluster({ brokers: [1, 2, 3, 4].map((id) => ({ id, dirs: ["/d"], state: id === 4 ? ("unreachable" as const) : ("online" as const) })), partitions: parts });
  s.brokers[3]!.logDirs = [];
  for (const t of s.topics) for (const p of t.partitions) for (const r of p.replicas) if (r.broker === 4) Object.assign(r, { logDir: null, sizeBytes: null });
  return s;
}

function plan(s: ClusterSnapshot, options: PlanOptionsInput): Plan {
  const r = planRebalance(s, PlanOptionsSchema.parse(options));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("dead brokers in a plan", () => {
  it("Remove brokers → a dead broker re-creates each of its replicas on a broker that stays, sized by the leader, with no throttle on it", () => {
    const p = plan(downCluster(), { operation: { kind: "remove-brokers", brokers: [4] } });
    const inter = p.moves.filter((m) => m.kind === "inter");
    expect(inter.map((m) => [m.partition, m.fromBroker, m.toBroker, m.bytes])).toEqual([
      [0, 4, 3, 3 * GiB],
      [1, 4, 2, 5 * GiB],
    ]);
    expect(p.evacuation).toMatchObject({ replicas: 2, bytes: 8 * GiB, stuckTotal: 0 });
    for (const e of p.entries) expect(e.replicas).not.toContain(4);
    expect(p.throttles.brokers.map((b) => b.broker)).not.toContain(4);
    expect(p.throttles.unreachable).toEqual([4]);
    expect(p.throttles.commands.apply.join("\n")).not.toContain("--entity-name 4 ");
    expect(p.warnings[0]).toBe(
      "Broker 4 reported no sizes (it does not answer): its 2 replicas are counted at their leaders' size, 8.0 GiB in all. No throttle is set on it: the copies come from the live leaders.",
    );
  });

  it("a rebalance leaves alone every partition with a replica on a dead broker, and says why and what to do", () => {
    const p = plan(downCluster(), { goals: ["broker-bytes"], moveLeaders: true });
    const touched = new Set(p.entries.map((e) => e.partition));
    expect(touched.has(0) || touched.has(1)).toBe(false);
    expect(p.throttles.brokers.map((b) => b.broker)).not.toContain(4);
    expect(p.warnings[0]).toBe(
      "Broker 4 does not answer, so the 2 partitions with a replica on it are left out of this plan: they are already short of a replica, and the broker could take no throttle. If it is gone for good, plan Remove brokers → 4 (its replicas are re-created on brokers that answer, copied from the live leaders); else bring it back and plan again.",
    );
    expect(p.warnings.some((w) => w.includes("in flight"))).toBe(false);
  });

  it("a dead replica whose partition has no live leader cannot be re-created, and is listed stuck with why", () => {
    const s = downCluster([{ topic: "u", partition: 0, replicas: [[4, "/d", 0]], leader: null, isr: [4] }]);
    const p = plan(s, { operation: { kind: "remove-brokers", brokers: [4] } });
    expect(p.evacuation!.stuck).toEqual([
      expect.objectContaining({ topic: "u", partition: 0, broker: 4, reason: expect.stringMatching(/^broker 4 does not answer and the partition has no leader that does/) }),
    ]);
    expect(borrowedSizes(s, new Set([4])).get(4)).toEqual({ replicas: 3, bytes: 8 * GiB, leaderless: 1 });
  });

  it("Drain → an offline dir re-creates the replicas Kafka reports offline there on other brokers, from their leaders, never in another dir of the broker", () => {
    const s = cluster({
      brokers: [
        { id: 1, dirs: ["/a", { path: "/b", state: "offline" }] },
        { id: 2, dirs: ["/a"] },
        { id: 3, dirs: ["/a"] },
      ],
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [2, "/a", 4 * GiB],
            [1, null, 0],
          ],
          leader: 2,
          isr: [2],
        },
        {
          topic: "t",
          partition: 1,
          replicas: [
            [1, "/a", 2 * GiB],
            [3, "/a", 2 * GiB],
          ],
        },
        { topic: "u", partition: 0, replicas: [[1, null, 0]], leader: null, isr: [1] },
      ],
    });
    s.topics.find((t) => t.name === "t")!.partitions[0]!.offline = [1];
    s.topics.find((t) => t.name === "u")!.partitions[0]!.offline = [1];
    for (const t of s.topics) for (const p of t.partitions) for (const r of p.replicas) if (r.logDir === null) r.sizeBytes = null;
    const p = plan(s, { operation: { kind: "drain-dirs", dirs: [{ broker: 1, path: "/b" }], cordon: false } });
    expect(p.moves.map((m) => [m.topic, m.partition, m.kind, m.fromBroker, m.toBroker, m.bytes])).toEqual([["t", 0, "inter", 1, 3, 4 * GiB]]);
    expect(p.evacuation!.stuck).toEqual([
      expect.objectContaining({ topic: "u", partition: 0, reason: expect.stringMatching(/^its log dir is offline and the partition has no other leader that answers/) }),
    ]);
    expect(p.warnings.find((w) => w.startsWith("Log dir /b on broker 1 is offline"))).toContain(
      "The plan re-creates its replicas on other brokers, each copied from its partition's leader",
    );
    // Removing the live broker re-creates them too, instead of "no room for 0 bytes".
    const removal = plan(s, { operation: { kind: "remove-brokers", brokers: [1] } });
    expect(removal.moves.find((m) => m.topic === "t" && m.partition === 0)).toMatchObject({ fromBroker: 1, toBroker: 3, bytes: 4 * GiB });
  });

  it("holdBackDeadPartitions() pins only partitions on a dead broker that stays", () => {
    const s = downCluster();
    const dead = unreachableBrokers(s);
    expect([...dead]).toEqual([4]);
    const state = new PlanState(s, new Set());
    expect(holdBackDeadPartitions(state, dead, new Set([4]))).toBe(0);
    expect(heldBackCount(state, dead, new Set())).toBe(2);
    expect(holdBackDeadPartitions(state, dead, new Set())).toBe(2);
    expect(state.partitions.filter((p) => !p.movable).map((p) => p.partition)).toEqual([0, 1]);
  });

  it("the planner counts a dead broker's replica at its leader's size, never 0", () => {
    const state = new PlanState(downCluster(), new Set());
    const p0 = state.partitions.find((p) => p.partition === 0)!;
    expect(p0.members.find((m) => m.broker === 4)!.size).toBe(3 * GiB);
  });
});
