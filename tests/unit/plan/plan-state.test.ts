import { describe, expect, it } from "vitest";
import { PlanState, replicaOn, type PlannedReplica } from "@/lib/plan/plan-state";
import { cluster, GiB } from "@/tests/support/snapshots";

const none = new Set<string>();

/** Two brokers with two dirs each; "t" has one partition on both brokers, leader 1 holding 10 GiB, follower 8 GiB. */
function twoBrokers() {
  return cluster({
    brokers: [
      { id: 1, dirs: ["/d1", "/d2"] },
      { id: 2, dirs: ["/d1", "/d2"] },
      { id: 3, dirs: ["/d1"] },
    ],
    partitions: [
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", 10 * GiB],
          [2, "/d1", 8 * GiB],
        ],
      },
      {
        topic: "t",
        partition: 1,
        replicas: [
          [2, "/d2", 3 * GiB],
          [1, "/d2", 3 * GiB],
        ],
      },
    ],
  });
}

const uids = (replicas: readonly { uid: number }[]) => replicas.map((r) => r.uid);

/** Every replica of the broker that may move to another broker (in its dirs' sets, and the leader policy lets it leave). */
function movers(state: PlanState, broker: number): PlannedReplica[] {
  return state.brokers
    .get(broker)!
    .dirs.flatMap((d) => d.replicas.all().filter((r) => state.mayLeave(r)))
    .sort((a, b) => a.uid - b.uid);
}

describe("PlanState", () => {
  it("PlanState() counts each broker's and each dir's Kafka bytes and replicas", () => {
    const state = new PlanState(twoBrokers(), none);
    const b1 = state.brokers.get(1)!;
    expect([b1.bytes, b1.count]).toEqual([13 * GiB, 2]);
    expect(b1.dirs.map((d) => [d.path, d.bytes])).toEqual([
      ["/d1", 10 * GiB],
      ["/d2", 3 * GiB],
    ]);
    expect(state.brokers.get(3)!.bytes).toBe(0);
  });

  it("PlanState() counts a future replica's bytes in the dir it is moving to", () => {
    const snap = twoBrokers();
    snap.topics[0]!.partitions[0]!.replicas[0]!.future = { logDir: "/d2", sizeBytes: 4 * GiB, offsetLag: null };
    const state = new PlanState(snap, none);
    expect(state.brokers.get(1)!.byPath.get("/d2")!.bytes).toBe(7 * GiB);
  });

  it("PlanState() takes the usage that is not Kafka's from capacity, usable bytes and Kafka bytes", () => {
    const snap = cluster({
      brokers: [{ id: 1, dirs: [{ path: "/d1", totalBytes: 100 * GiB, otherBytes: 25 * GiB }] }],
      partitions: [{ topic: "t", partition: 0, replicas: [[1, "/d1", 5 * GiB]] }],
    });
    const dir = new PlanState(snap, none).brokers.get(1)!.byPath.get("/d1")!;
    expect([dir.other, dir.bytes, dir.cap]).toEqual([25 * GiB, 5 * GiB, 100 * GiB]);
  });

  it("PlanState() knows no capacity for a dir whose total is unknown or 0", () => {
    const snap = cluster({
      brokers: [
        {
          id: 1,
          dirs: [
            { path: "/a", totalBytes: null },
            { path: "/b", totalBytes: 0 },
          ],
        },
      ],
    });
    expect(new PlanState(snap, none).brokers.get(1)!.dirs.map((d) => d.cap)).toEqual([null, null]);
  });

  it("PlanState() makes replicas of excluded topics and of partitions with a move in flight immovable", () => {
    const snap = cluster({
      brokers: [{ id: 1, dirs: ["/d1", "/d2"] }],
      partitions: [
        { topic: "excluded", partition: 0, replicas: [[1, "/d1", GiB]] },
        { topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] },
        { topic: "t", partition: 1, replicas: [[1, "/d1", GiB]] },
        { topic: "t", partition: 2, replicas: [[1, "/d1", GiB]] },
        { topic: "t", partition: 3, replicas: [[1, "/d1", GiB]] },
        { topic: "t", partition: 4, replicas: [[1, "/d1", GiB]] },
      ],
      reassignments: [{ topic: "t", partition: 0, replicas: [1] }],
    });
    const t = snap.topics.find((x) => x.name === "t")!;
    t.partitions[1]!.adding = [2];
    t.partitions[2]!.removing = [2];
    t.partitions[3]!.replicas[0]!.future = { logDir: "/d2", sizeBytes: 0, offsetLag: null };
    const state = new PlanState(snap, new Set(["excluded"]));
    expect(state.partitions.map((p) => `${p.topic}-${p.partition}:${p.movable}`)).toEqual(["excluded-0:false", "t-0:false", "t-1:false", "t-2:false", "t-3:false", "t-4:true"]);
    const movable = state.partitions.find((p) => p.movable)!.members[0]!;
    expect(uids(movers(state, 1))).toEqual([movable.uid]);
    expect(uids(state.brokers.get(1)!.byPath.get("/d1")!.replicas.all())).toEqual([movable.uid]);
    // Immovable replicas still count in the totals.
    expect(state.brokers.get(1)!.count).toBe(6);
  });

  it("PlanState() leaves replicas in offline dirs and on unreachable brokers out of the movable sets", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: [{ path: "/d1", state: "offline" }, "/d2"] },
        { id: 2, state: "unreachable", dirs: ["/d1"] },
      ],
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d1", GiB],
            [2, "/d1", GiB],
          ],
        },
        { topic: "t", partition: 1, replicas: [[1, "/d2", GiB]] },
      ],
    });
    const state = new PlanState(snap, none);
    expect(movers(state, 1).map((r) => `${r.part.partition}:${r.dir}`)).toEqual(["1:/d2"]);
    expect(movers(state, 2)).toHaveLength(0);
    expect(state.brokers.get(2)!.byPath.get("/d1")!.bytes).toBe(GiB);
  });

  it("PlanState() closes a cordoned dir only where the broker's Kafka version has cordons (4.3+)", () => {
    const brokers = [
      { id: 1, kafkaVersion: "4.4.0", dirs: [{ path: "/d1", state: "cordoned" as const }, "/d2"] },
      { id: 2, kafkaVersion: "4.2.0", dirs: [{ path: "/d1", state: "cordoned" as const }, "/d2"] },
    ];
    const state = new PlanState(cluster({ kafkaVersion: null, brokers }), none);
    expect(state.openDirs(state.brokers.get(1)!).map((d) => d.path)).toEqual(["/d2"]);
    expect(state.openDirs(state.brokers.get(2)!).map((d) => d.path)).toEqual(["/d1", "/d2"]);
  });

  it("openDirs() lists no dir of an unreachable broker and no offline dir", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: [{ path: "/d1", state: "offline" }, "/d2"] },
        { id: 2, state: "unreachable", dirs: ["/d1"] },
      ],
    });
    const state = new PlanState(snap, none);
    expect(state.openDirs(state.brokers.get(1)!).map((d) => d.path)).toEqual(["/d2"]);
    expect(state.openDirs(state.brokers.get(2)!)).toEqual([]);
  });

  it("fits() keeps a dir's Kafka and other usage at or under the headroom, and always fits a dir of unknown capacity", () => {
    const snap = cluster({
      brokers: [
        {
          id: 1,
          dirs: [
            { path: "/d1", totalBytes: 100 * GiB, otherBytes: 20 * GiB },
            { path: "/d2", totalBytes: null },
          ],
        },
      ],
      partitions: [{ topic: "t", partition: 0, replicas: [[1, "/d1", 30 * GiB]] }],
    });
    const state = new PlanState(snap, none);
    const [d1, d2] = state.brokers.get(1)!.dirs;
    expect(state.fits(d1!, 35 * GiB, 0.85)).toBe(true); // 20 + 30 + 35 = 85
    expect(state.fits(d1!, 35 * GiB + 1, 0.85)).toBe(false);
    expect(state.fits(d2!, 1e15, 0.01)).toBe(true);
  });

  it("moveWithinBroker() moves the replica's bytes and keeps the broker's totals", () => {
    const state = new PlanState(twoBrokers(), none);
    const b1 = state.brokers.get(1)!;
    const replica = replicaOn(state.partitions[0]!, 1)!;
    state.moveWithinBroker(replica, b1.byPath.get("/d2")!);
    expect(replica.dir).toBe("/d2");
    expect(b1.dirs.map((d) => d.bytes)).toEqual([0, 13 * GiB]);
    expect([b1.bytes, b1.count]).toEqual([13 * GiB, 2]);
    expect(b1.byPath.get("/d1")!.replicas.length).toBe(0);
    expect(uids(b1.byPath.get("/d2")!.replicas.all())).toContain(replica.uid);
    expect(state.partitions[0]!.replicas).toEqual([1, 2]);
  });

  it("moveToBroker() puts the new broker in the moved replica's slot and sizes the copy as the leader's", () => {
    const state = new PlanState(twoBrokers(), none);
    const follower = replicaOn(state.partitions[0]!, 2)!;
    state.moveToBroker(follower, state.brokers.get(3)!.byPath.get("/d1")!);
    expect(state.partitions[0]!.replicas).toEqual([1, 3]);
    expect(state.partitions[0]!.original).toEqual([1, 2]);
    expect(replicaOn(state.partitions[0]!, 3)).toBe(follower);
    expect(replicaOn(state.partitions[0]!, 2)).toBeUndefined();
    // The follower held 8 GiB; a new replica copies the leader's 10 GiB.
    expect(follower.size).toBe(10 * GiB);
    expect([state.brokers.get(2)!.bytes, state.brokers.get(2)!.count]).toEqual([3 * GiB, 1]);
    expect([state.brokers.get(3)!.bytes, state.brokers.get(3)!.count]).toEqual([10 * GiB, 1]);
    expect(uids(movers(state, 3))).toEqual([follower.uid]);
    expect(uids(movers(state, 2))).not.toContain(follower.uid);
  });

  it("moveToBroker() gives a replica moved back to its own broker its own size again", () => {
    const state = new PlanState(twoBrokers(), none);
    const follower = replicaOn(state.partitions[0]!, 2)!;
    state.moveToBroker(follower, state.brokers.get(3)!.byPath.get("/d1")!);
    state.moveToBroker(follower, state.brokers.get(2)!.byPath.get("/d2")!);
    expect(follower.size).toBe(8 * GiB);
    expect(state.partitions[0]!.replicas).toEqual([1, 2]);
    expect(state.brokers.get(2)!.bytes).toBe(11 * GiB);
    expect(state.brokers.get(3)!.bytes).toBe(0);
  });

  it("replicaOn() finds a partition's replica by broker", () => {
    const state = new PlanState(twoBrokers(), none);
    expect(replicaOn(state.partitions[1]!, 1)?.dir).toBe("/d2");
    expect(replicaOn(state.partitions[1]!, 3)).toBeUndefined();
  });

  it("adoptPreferredLeaders() makes the planned preferred leader the one that stays, and frees the old leader's replica", () => {
    // Leaders stay (leadersMove false): t-0 is led by 1, so only 2's replica may leave; the plan makes 2 preferred.
    const state = new PlanState(twoBrokers(), none, false);
    const part = state.partitions[0]!;
    const of0 = (broker: number) => uids(movers(state, broker).filter((r) => r.part === part));
    expect(of0(1)).toEqual([]);
    state.makePreferred(part, 2);
    expect(state.adoptPreferredLeaders()).toBe(1);
    expect([part.leader, part.leaderSettled]).toEqual([2, true]);
    expect(of0(1)).toEqual([replicaOn(part, 1)!.uid]);
    expect(of0(2)).toEqual([]);
    // Nothing new the second time; and nothing at all when leaders may move anyway.
    expect(state.adoptPreferredLeaders()).toBe(0);
    const free = new PlanState(twoBrokers(), none, true);
    free.makePreferred(free.partitions[0]!, 2);
    expect(free.adoptPreferredLeaders()).toBe(0);
  });

  it("adoptPreferredLeaders() leaves a partition whose new preferred replica was out of sync (no election makes it lead)", () => {
    const snap = twoBrokers();
    snap.topics[0]!.partitions[0]!.isr = [1];
    const state = new PlanState(snap, none, false);
    state.makePreferred(state.partitions[0]!, 2);
    expect(state.adoptPreferredLeaders()).toBe(0);
    expect(state.partitions[0]!.leader).toBe(1);
  });
});

describe("PlanState.forMeasuring()", () => {
  /** Everything a goal measure reads: per broker bytes, count, leaders, dirs' bytes, other and disk; per topic its counts. */
  const aggregates = (s: PlanState) => ({
    brokers: [...s.brokers.values()].map((b) => ({
      id: b.id,
      bytes: b.bytes,
      count: b.count,
      leaders: b.leaders,
      dirs: b.dirs.map((d) => ({ path: d.path, bytes: d.bytes, other: d.other, disk: d.disk, originalBytes: d.originalBytes })),
    })),
    topics: [...s.topicCounts].map(([t, m]) => [t, [...m].sort((a, b) => a[0] - b[0])]),
  });

  it("PlanState.forMeasuring() counts what the full state counts — a broker that did not answer, its replica's replica at the copy size, a future dir, a broker not listed — and builds no partition", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1", "/d2"] },
        { id: 2, dirs: ["/d1", "/d2"], state: "unreachable" },
        { id: 3, dirs: [{ path: "/d1", otherBytes: 5 * GiB }] },
      ],
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d1", 10 * GiB],
            [2, "/d1", 8 * GiB],
            [3, "/d1", 9 * GiB],
          ],
        },
        {
          topic: "t",
          partition: 1,
          replicas: [
            [3, "/d1", 3 * GiB],
            [1, "/d2", 3 * GiB],
            [9, "/d1", 3 * GiB],
          ],
        },
        {
          topic: "u",
          partition: 0,
          replicas: [
            [2, "/d2", 1 * GiB],
            [1, "/d1", 2 * GiB],
          ],
        },
      ],
    });
    // Broker 2 did not answer: no sizes. Broker 1's replica of u-0 is moving to /d2.
    for (const p of snap.topics.flatMap((t) => t.partitions)) for (const r of p.replicas) if (r.broker === 2) r.sizeBytes = null;
    snap.topics.find((t) => t.name === "u")!.partitions[0]!.replicas[1]!.future = { logDir: "/d2", sizeBytes: GiB, offsetLag: 0 };
    const measured = PlanState.forMeasuring(snap);
    expect(aggregates(measured)).toEqual(aggregates(new PlanState(snap, none)));
    expect(measured.partitions).toEqual([]);
    expect(measured.brokers.get(2)!.bytes).toBe(10 * GiB + 2 * GiB);
  });
});
