import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceBrokers, destinationDir, evacuate, spreadTopics } from "@/lib/plan/inter-broker";
import { measureGoal } from "@/lib/plan/goals";
import { PlanOptionsSchema, type PlanOptionsInput, type SoftGoal } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { cluster, GiB, type BrokerSpec, type PartitionSpec } from "@/tests/support/snapshots";

/** Balances broker bytes unless other goals are given (the goals' order is their priority). */
function balance(snapshot: ClusterSnapshot, options: PlanOptionsInput = {}, budget = { bytes: Infinity, moves: 1_000 }) {
  const parsed = PlanOptionsSchema.parse({ goals: ["broker-bytes"], ...options });
  const state = new PlanState(snapshot, new Set(), parsed.moveLeaders);
  const stop = balanceBrokers({ state, options: parsed, budget, destinations: null, metBefore: new Set() }, parsed.goals);
  const moved = state.partitions
    .flatMap((p) => p.members.map((r) => ({ p, r })))
    .filter(({ r }) => r.broker !== r.originalBroker)
    .map(({ p, r }) => `${p.topic}-${p.partition}: ${r.originalBroker}→${r.broker}${r.dir}`);
  return { state, stop, moved, budget };
}

const part = (partition: number, replicas: PartitionSpec["replicas"], leader?: number): PartitionSpec => ({
  topic: "t",
  partition,
  replicas,
  ...(leader !== undefined ? { leader } : {}),
});

describe("balanceBrokers()", () => {
  it("balanceBrokers() moves followers to the emptiest broker, into its least utilised dir, until within tolerance", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 2, dirs: ["/d1"] },
        { id: 3, dirs: [{ path: "/a", otherBytes: 30 * GiB }, "/b"] },
      ],
      partitions: [0, 1, 2, 3].map((p) =>
        part(
          p,
          p % 2 === 0
            ? [
                [1, "/d1", 10 * GiB],
                [2, "/d1", 10 * GiB],
              ]
            : [
                [2, "/d1", 10 * GiB],
                [1, "/d1", 10 * GiB],
              ],
        ),
      ),
    });
    const { moved, stop, state } = balance(snap, { tolerance: 0.3 });
    // One follower from each loaded broker; which of the equal partitions is not specified.
    expect(moved.map((m) => m.split(": ")[1]).sort()).toEqual(["1→3/b", "2→3/b"]);
    expect(stop).toBe("balanced");
    for (const p of state.partitions) expect(p.replicas[0]).toBe(p.original[0]);
  });

  it("balanceBrokers() never puts two replicas of a partition on one broker, and moves leaders only when allowed", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 2, dirs: ["/d1"] },
      ],
      // Broker 1 holds a follower of t-0 (whose leader is on broker 2) and the only replicas of t-1 and t-2.
      partitions: [
        part(0, [
          [2, "/d1", 5 * GiB],
          [1, "/d1", 5 * GiB],
        ]),
        part(1, [[1, "/d1", 8 * GiB]]),
        part(2, [[1, "/d1", 8 * GiB]]),
      ],
    });
    const kept = balance(snap);
    expect([kept.moved, kept.stop]).toEqual([[], "no_improving_move"]);
    const leaders = balance(snap, { moveLeaders: true });
    expect(leaders.moved).toHaveLength(1);
    expect(leaders.moved[0]).toMatch(/^t-[12]: 1→2\/d1$/);
  });

  it("balanceBrokers() keeps the current leader in place by default; a preferred replica that does not lead moves and hands its slot to the leader", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 2, dirs: ["/d1"] },
        { id: 3, dirs: ["/d1"] },
      ],
      // Preferred leader 1, current leader 2 on both partitions.
      partitions: [0, 1].map((p) =>
        part(
          p,
          [
            [1, "/d1", 10 * GiB],
            [2, "/d1", 10 * GiB],
          ],
          2,
        ),
      ),
    });
    const { state, moved } = balance(snap);
    // Broker 1's replica moves (broker 2, the leader, stays), and broker 2 becomes the first replica: no leadership change.
    expect(moved).toEqual(["t-0: 1→3/d1"]);
    expect(state.partitions[0]!.replicas).toEqual([2, 3]);
    // Leaders may move too when allowed: then a leader's replica is a candidate as well.
    expect(balance(snap, { moveLeaders: true }).moved).toHaveLength(1);
  });

  it("balanceBrokers() never lowers the number of racks a partition spans", () => {
    const brokers: BrokerSpec[] = [
      { id: 1, rack: "a", dirs: ["/d1"] },
      { id: 2, rack: "b", dirs: ["/d1"] },
      { id: 3, rack: "a", dirs: ["/d1"] },
      { id: 4, rack: "b", dirs: ["/d1"] },
    ];
    const snap = cluster({
      brokers,
      partitions: [
        part(0, [
          [2, "/d1", 10 * GiB],
          [1, "/d1", 10 * GiB],
        ]),
        part(1, [
          [2, "/d1", 10 * GiB],
          [1, "/d1", 10 * GiB],
        ]),
        part(2, [[3, "/d1", 6 * GiB]]),
      ],
    });
    const { moved } = balance(snap);
    // Broker 4 is the emptiest, but it shares rack b with each partition's leader.
    expect(moved).toEqual(["t-0: 1→3/d1"]);
  });

  it("balanceBrokers() for replica counts evens counts by moving the smallest replica; for bytes it fits the gap", () => {
    const snap = () =>
      cluster({
        brokers: [
          { id: 1, dirs: ["/d1"] },
          { id: 2, dirs: ["/d1"] },
        ],
        partitions: [5, 1, 3, 7].map((size, p) => part(p, [[1, "/d1", size * GiB]])),
      });
    const sizesMoved = (r: ReturnType<typeof balance>) => r.state.partitions.filter((p) => p.replicas[0] === 2).map((p) => p.members[0]!.size / GiB);
    // Four replicas on two brokers: two each, by moving the two smallest.
    expect(sizesMoved(balance(snap(), { goals: ["broker-replicas"], moveLeaders: true })).sort()).toEqual([1, 3]);
    expect(sizesMoved(balance(snap(), { goals: ["broker-bytes"], moveLeaders: true })).sort()).toEqual([1, 7]);
  });

  it("balanceBrokers() leaves unreachable brokers and brokers without an open dir out", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 2, state: "unreachable", dirs: ["/d1"] },
        { id: 3, dirs: [{ path: "/d1", state: "offline" }] },
        { id: 4, dirs: ["/d1"] },
      ],
      partitions: [0, 1, 2, 3].map((p) => part(p, [[1, "/d1", 10 * GiB]])),
    });
    const { moved } = balance(snap, { moveLeaders: true });
    expect(moved).toHaveLength(2);
    for (const m of moved) expect(m).toMatch(/: 1→4\/d1$/);
  });

  it("balanceBrokers() stops at the byte cap and says so", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 2, dirs: ["/d1"] },
      ],
      partitions: [0, 1].map((p) => part(p, [[1, "/d1", 10 * GiB]])),
    });
    const capped = balance(snap, { moveLeaders: true }, { bytes: 5 * GiB, moves: 10 });
    expect([capped.moved, capped.stop]).toEqual([[], "byte_cap"]);
    const moves = balance(snap, { moveLeaders: true }, { bytes: Infinity, moves: 0 });
    expect([moves.moved, moves.stop]).toEqual([[], "max_moves"]);
  });

  const clusterArb = fc
    .record({
      brokers: fc.integer({ min: 2, max: 6 }),
      racks: fc.integer({ min: 0, max: 3 }),
      partitions: fc.array(fc.record({ rf: fc.integer({ min: 1, max: 3 }), start: fc.nat(), size: fc.integer({ min: 0, max: 40 }), leaderIndex: fc.nat(2) }), {
        minLength: 1,
        maxLength: 20,
      }),
    })
    .map(({ brokers, racks, partitions }) => {
      const ids = Array.from({ length: brokers }, (_, i) => i + 1);
      return cluster({
        brokers: ids.map((id) => ({ id, rack: racks === 0 ? null : `r${id % racks}`, dirs: ["/d1", "/d2"] })),
        partitions: partitions.map((p, i) => {
          const rf = Math.min(p.rf, brokers);
          const replicas = Array.from({ length: rf }, (_, k) => ids[(p.start + k) % brokers]!);
          return {
            topic: "t",
            partition: i,
            leader: replicas[p.leaderIndex % rf]!,
            replicas: replicas.map((b, k): [number, string, number] => [b, k % 2 ? "/d2" : "/d1", p.size * GiB]),
          };
        }),
      });
    });
  const optionsArb = fc.record({
    goals: fc.constantFrom<SoftGoal[]>(["broker-bytes"], ["broker-replicas"]),
    tolerance: fc.constantFrom(0.01, 0.05, 0.2),
    moveLeaders: fc.boolean(),
  });

  it("balanceBrokers() keeps partitions on distinct brokers and racks, leaders in place, and never raises the imbalance", () => {
    fc.assert(
      fc.property(clusterArb, optionsArb, (snap, options) => {
        const { state } = balance(snap, options);
        const rack = new Map(snap.brokers.map((b) => [b.id, b.rack]));
        const racks = (ids: number[]) => new Set(ids.map((b) => rack.get(b)).filter((r) => r !== null)).size;
        const load = (where: "before" | "after") => {
          const byBroker = new Map(snap.brokers.map((b) => [b.id, 0]));
          for (const p of state.partitions) {
            for (const r of p.members) {
              const broker = where === "before" ? r.originalBroker : r.broker;
              const size = where === "before" ? r.originalSize : r.size;
              byBroker.set(broker, byBroker.get(broker)! + (options.goals[0] === "broker-bytes" ? size : 1));
            }
          }
          const values = [...byBroker.values()];
          const mean = values.reduce((a, b) => a + b, 0) / values.length;
          return values.reduce((a, v) => a + Math.abs(v - mean), 0);
        };
        for (const p of state.partitions) {
          expect(new Set(p.replicas).size).toBe(p.replicas.length);
          expect(racks([...p.replicas])).toBeGreaterThanOrEqual(racks(p.original));
          if (!options.moveLeaders) {
            // The current leader stays, and leads first whenever the first replica changed.
            const leader = snap.topics[0]!.partitions[p.partition]!.leader!;
            expect(p.replicas).toContain(leader);
            if (p.replicas[0] !== p.original[0]) expect(p.replicas[0]).toBe(leader);
          }
        }
        // In bytes mode a moved replica is re-sized to its leader's size; all replicas are equal here.
        expect(load("after")).toBeLessThanOrEqual(load("before") + 1e-6);
      }),
      { numRuns: 300 },
    );
  });
});

describe("destinationDir()", () => {
  const options = PlanOptionsSchema.parse({ headroom: 0.85 });
  const snap = cluster({
    brokers: [
      {
        id: 1,
        dirs: [
          { path: "/busy", otherBytes: 40 * GiB },
          { path: "/cordoned", state: "cordoned" },
          { path: "/offline", state: "offline" },
          { path: "/big", totalBytes: 400 * GiB, otherBytes: 80 * GiB },
          { path: "/quiet", otherBytes: 25 * GiB },
        ],
      },
      {
        id: 2,
        dirs: [
          { path: "/x", totalBytes: null, otherBytes: 0 },
          { path: "/y", totalBytes: null },
        ],
      },
    ],
    partitions: [part(0, [[2, "/x", 5 * GiB]])],
  });
  const state = new PlanState(snap, new Set());

  it("destinationDir() picks the open dir with the lowest utilisation, never a cordoned or offline one", () => {
    expect(destinationDir(state, state.brokers.get(1)!, GiB, options)?.path).toBe("/big");
  });

  it("destinationDir() skips dirs the replica would fill past the headroom, and finds none when nothing fits", () => {
    expect(destinationDir(state, state.brokers.get(1)!, 270 * GiB, options)).toBeNull();
    expect(destinationDir(state, state.brokers.get(1)!, 60 * GiB, PlanOptionsSchema.parse({ headroom: 0.85 }))?.path).toBe("/big");
    const small = cluster({
      brokers: [
        {
          id: 1,
          dirs: [
            { path: "/a", otherBytes: 70 * GiB },
            { path: "/b", otherBytes: 50 * GiB },
          ],
        },
      ],
    });
    const s = new PlanState(small, new Set());
    expect(destinationDir(s, s.brokers.get(1)!, 20 * GiB, options)?.path).toBe("/b");
    expect(destinationDir(s, s.brokers.get(1)!, 36 * GiB, options)).toBeNull();
  });

  it("destinationDir() compares bytes where the capacity is unknown", () => {
    expect(destinationDir(state, state.brokers.get(2)!, GiB, options)?.path).toBe("/y");
  });
});

describe("evacuate()", () => {
  function drain(snapshot: ClusterSnapshot, mark: (state: PlanState) => void, options: PlanOptionsInput = {}) {
    const state = new PlanState(snapshot, new Set(options.excludeTopics ?? []));
    mark(state);
    const parsed = PlanOptionsSchema.parse(options);
    const out = evacuate({ state, options: parsed, budget: { bytes: Infinity, moves: 1_000 }, destinations: null, metBefore: new Set() }, parsed.goals);
    const where = state.partitions.flatMap((p) => p.members.map((r) => `${p.topic}-${p.partition}@${r.broker}${r.dir}`));
    return { state, out, where };
  }

  it("evacuate() empties a drained dir into the other dirs of its own broker first, leaders included", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/a", "/b", "/c"] },
        { id: 2, dirs: ["/a"] },
      ],
      partitions: [0, 1, 2].map((p) =>
        part(p, [
          [1, "/a", 10 * GiB],
          [2, "/a", 10 * GiB],
        ]),
      ),
    });
    const { out, where, state } = drain(snap, (s) => (s.brokers.get(1)!.byPath.get("/a")!.draining = true));
    expect(out).toEqual({ moved: 3, bytes: 30 * GiB, stuck: [] });
    expect(where.filter((w) => w.endsWith("@1/a"))).toEqual([]);
    // Local copies only: every replica is still on its broker, spread over the other dirs.
    for (const p of state.partitions) expect(p.replicas).toEqual(p.original);
    expect(new Set(where.filter((w) => w.includes("@1")).map((w) => w.slice(-2)))).toEqual(new Set(["/b", "/c"]));
  });

  it("evacuate() sends a drained dir's replicas to another broker when its own dirs have no room", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/a", { path: "/b", otherBytes: 80 * GiB }] },
        { id: 2, dirs: ["/a"] },
        { id: 3, dirs: ["/a"] },
      ],
      partitions: [
        part(0, [
          [2, "/a", 10 * GiB],
          [1, "/a", 10 * GiB],
        ]),
      ],
    });
    const { out, where } = drain(snap, (s) => (s.brokers.get(1)!.byPath.get("/a")!.draining = true));
    expect(out.stuck).toEqual([]);
    expect(where).toEqual(["t-0@2/a", "t-0@3/a"]);
  });

  it("evacuate() moves a removed broker's replicas to brokers that stay, and says why each one that cannot leave is stuck", () => {
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })),
      partitions: [
        part(0, [[3, "/d1", 5 * GiB]]),
        part(1, [
          [1, "/d1", GiB],
          [2, "/d1", GiB],
          [3, "/d1", GiB],
        ]),
        { topic: "skip", partition: 0, replicas: [[3, "/d1", GiB]] },
      ],
    });
    const { out, where } = drain(snap, (s) => (s.brokers.get(3)!.removing = true), { excludeTopics: ["skip"] });
    expect(out.moved).toBe(1);
    expect(where.filter((w) => w.startsWith("t-0@"))).not.toContain("t-0@3/d1");
    expect(out.stuck.map((x) => [`${x.topic}-${x.partition}`, x.broker, x.reason])).toEqual([
      ["skip-0", 3, "its topic is excluded from the plan"],
      ["t-1", 3, "every broker that stays already holds a replica of t-1"],
    ]);
  });
});

describe("balanceBrokers(): senders the rack rule keeps from the brokers below the mean", () => {
  it("balanceBrokers() lets a broker out of band send to one above the mean with room in its band when none below may take its replicas", () => {
    // Broker 1 (rack a) is out of band with 16 followers of partitions that also live on broker 4 (rack c):
    // the only broker below the mean, 3, is on rack c too, so only broker 2 (rack b, at 11 of a band up to
    // 12, above the mean of 10.75) may take one. Broker 4 leads all it holds and 2's own replicas lead (leaders stay).
    const snap = cluster({
      brokers: [
        { id: 1, rack: "a", dirs: ["/d1"] },
        { id: 2, rack: "b", dirs: ["/d1"] },
        { id: 3, rack: "c", dirs: ["/d1"] },
        { id: 4, rack: "c", dirs: ["/d1"] },
      ],
      partitions: [
        ...Array.from({ length: 16 }, (_, p): PartitionSpec => ({
          topic: "p",
          partition: p,
          replicas: [
            [4, "/d1", GiB],
            [1, "/d1", GiB],
          ],
        })),
        ...Array.from({ length: 11 }, (_, p): PartitionSpec => ({ topic: "q", partition: p, replicas: [[2, "/d1", GiB]] })),
      ],
    });
    const { state } = balance(snap, { goals: ["broker-replicas"], tolerance: 0.2 });
    expect(state.brokers.get(1)!.count).toBe(15);
    expect(state.brokers.get(2)!.count).toBe(12);
    expect(state.topicCounts.get("p")!.get(2)).toBe(1);
  });
});

describe("balanceBrokers() in an add-brokers plan", () => {
  it("fills a new broker without crowding a topic on it: a replica whose topic is at the top of its band there is passed over", () => {
    // Old brokers 1 and 2 hold, two replicas each, six topics a0–a5 of 6 partitions at 10 GiB, and b (18 at 1 GiB)
    // and c (18 at 19 GiB); broker 3 is new. The fill's ideal size is the mean, 10 GiB: every a replica is a
    // perfect fit, so by size alone broker 3 takes all six followers of each a topic, where each one's band there
    // is [3, 5] (mean 4).
    const two = (topic: string, i: number, size: number): PartitionSpec => ({
      topic,
      partition: i,
      replicas: [
        [(i % 2) + 1, "/d1", size],
        [((i + 1) % 2) + 1, "/d1", size],
      ],
    });
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: [{ path: "/d1", totalBytes: 4096 * GiB }] })),
      partitions: [
        ...range(6).flatMap((k) => range(6).map((i) => two(`a${k}`, i, 10 * GiB))),
        ...range(18).map((i) => two("b", i, GiB)),
        ...range(18).map((i) => two("c", i, 19 * GiB)),
      ],
    });
    const options = PlanOptionsSchema.parse({ operation: { kind: "add-brokers", brokers: [3] } });
    const state = new PlanState(snap, new Set(), options.moveLeaders);
    balanceBrokers({ state, options, budget: { bytes: Infinity, moves: 1_000 }, destinations: new Set([3]), metBefore: new Set() }, options.goals);
    const on3 = (topic: string) => state.topicCounts.get(topic)!.get(3) ?? 0;
    expect(state.brokers.get(3)!.count).toBeGreaterThanOrEqual(45);
    for (const k of range(6)) expect(on3(`a${k}`)).toBeLessThanOrEqual(5);
  });
});

describe("spreadTopics()", () => {
  // Broker 1 holds all of topic a, broker 2 all of topic b: bytes and counts even, each topic on one broker.
  const lopsided = () =>
    cluster({
      brokers: [1, 2].map((id) => ({ id, dirs: ["/d1"] })),
      partitions: [
        ...[0, 1, 2, 3].map((p): PartitionSpec => ({ topic: "a", partition: p, replicas: [[1, "/d1", 10 * GiB]] })),
        ...[0, 1, 2, 3].map((p): PartitionSpec => ({ topic: "b", partition: p, replicas: [[2, "/d1", 10 * GiB]] })),
      ],
    });
  const spread = (goals: PlanOptionsInput["goals"]) => {
    const state = new PlanState(lopsided(), new Set());
    const options = PlanOptionsSchema.parse({ goals, moveLeaders: true, tolerance: 0.1 });
    spreadTopics({ state, options, budget: { bytes: Infinity, moves: 100 }, destinations: null, metBefore: new Set() }, options.goals);
    return { state, options };
  };

  it("spreadTopics() evens each topic's replicas over the brokers when it is the goal, and stops at its band", () => {
    // Each topic's mean is 2 a broker, its band [1, 3]: one replica of each crosses, no more.
    const { state, options } = spread(["topic-spread"]);
    expect([...state.topicCounts.get("a")!.entries()].sort()).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect([...state.topicCounts.get("b")!.entries()].sort()).toEqual([
      [1, 1],
      [2, 3],
    ]);
    expect(measureGoal(state, "topic-spread", options).outside).toBe(0);
  });

  it("spreadTopics() never worsens a goal ranked above it: with broker bytes first, no single move is allowed", () => {
    const { state, options } = spread(["broker-bytes", "topic-spread"]);
    expect(measureGoal(state, "broker-bytes", options).outside).toBe(0);
    expect(state.partitions.every((p) => p.members.every((r) => r.broker === r.originalBroker))).toBe(true);
  });

  it("spreadTopics() does nothing when topic spread is not a goal", () => {
    const { state } = spread(["broker-bytes"]);
    expect(state.partitions.every((p) => p.members.every((r) => r.broker === r.originalBroker))).toBe(true);
  });
  it("spreadTopics() in an add-brokers plan sends a new broker's crowding replicas home, and only home", () => {
    // Topic a was on broker 1, b on broker 2 (8 partitions each); the plan so far took six of a to the new
    // broker 3. a's band is [1, 4] (mean 8/3): broker 3 is two over it, and broker 1 may take back two.
    const eight = [0, 1, 2, 3, 4, 5, 6, 7];
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })),
      partitions: [
        ...eight.map((p): PartitionSpec => ({ topic: "a", partition: p, replicas: [[1, "/d1", GiB]] })),
        ...eight.map((p): PartitionSpec => ({ topic: "b", partition: p, replicas: [[2, "/d1", GiB]] })),
      ],
    });
    const state = new PlanState(snap, new Set());
    const to3 = state.brokers.get(3)!.byPath.get("/d1")!;
    for (const p of [0, 1, 2, 3, 4, 5]) state.moveToBroker(state.topicPartitions.get("a")![p]!.members[0]!, to3);
    const options = PlanOptionsSchema.parse({ goals: ["topic-spread"], tolerance: 0.1 });
    spreadTopics({ state, options, budget: { bytes: Infinity, moves: 100 }, destinations: new Set([3]), metBefore: new Set() }, options.goals);
    expect([...state.topicCounts.get("a")!.entries()].sort()).toEqual([
      [1, 4],
      [3, 4],
    ]);
    // Back in its own dir: no move at all for that partition; nothing of a reached broker 2, which may not receive.
    const home = state.topicPartitions.get("a")!.find((p) => p.members[0]!.broker === 1 && p.partition < 6)!.members[0]!;
    expect(home.dir).toBe(home.originalDir);
    expect(state.topicCounts.get("a")!.get(2) ?? 0).toBe(0);
  });
});
