import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateReassignment, moveSeconds, type Rates } from "@/lib/plan/estimate";
import type { ReassignmentEntry } from "@/lib/plan/reassignment-json";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const MiB = 1024 ** 2;
const rates: Rates = { replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB };

function snapshot(partitions: PartitionSpec[]) {
  return cluster({ brokers: [1, 2, 3, 4].map((id) => ({ id, dirs: ["/d1", "/d2"] })), partitions });
}

const entry = (partition: number, replicas: number[], logDirs = replicas.map(() => "any"), topic = "t"): ReassignmentEntry => ({ topic, partition, replicas, logDirs });

describe("estimateReassignment()", () => {
  it("estimateReassignment() copies a new replica's bytes into its broker and out of the leader, at the replication rate", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", 10 * GiB], [2, "/d1", 10 * GiB]] }]);
    const e = estimateReassignment(snap, [entry(0, [1, 3])], rates);
    expect(e.interBrokerBytes).toBe(10 * GiB);
    expect(e.dirMoveBytes).toBe(0);
    expect(e.brokers.map((b) => [b.broker, b.inBytes, b.outBytes])).toEqual([
      [1, 0, 10 * GiB],
      [3, 10 * GiB, 0],
    ]);
    expect(e.seconds).toBe(204.8); // 10 GiB at 50 MiB/s
  });

  it("estimateReassignment() names the leader feeding several new replicas as the bottleneck", () => {
    const snap = snapshot([
      { topic: "t", partition: 0, replicas: [[1, "/d1", 10 * GiB], [2, "/d1", 10 * GiB]] },
      { topic: "t", partition: 1, replicas: [[1, "/d2", 10 * GiB], [2, "/d2", 10 * GiB]] },
    ]);
    const e = estimateReassignment(snap, [entry(0, [1, 3]), entry(1, [1, 4])], rates);
    expect(e.bottleneck).toEqual({ broker: 1, limitedBy: "leader" });
    expect(e.seconds).toBe(409.6);
    expect(e.brokers.find((b) => b.broker === 3)!.limitedBy).toBe("follower");
  });

  it("estimateReassignment() sizes a copy as the planner does: the leader's bytes, even when a follower holds more", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", 4 * GiB], [2, "/d1", 6 * GiB]] }]);
    expect(estimateReassignment(snap, [entry(0, [1, 3])], rates).interBrokerBytes).toBe(4 * GiB);
  });

  it("estimateReassignment() copies from the first replica when the partition has no leader", () => {
    const snap = snapshot([{ topic: "t", partition: 0, leader: null, replicas: [[2, "/d1", GiB], [1, "/d1", GiB]] }]);
    const e = estimateReassignment(snap, [entry(0, [2, 1, 3])], rates);
    expect(e.brokers.filter((b) => b.outBytes > 0).map((b) => b.broker)).toEqual([2]);
  });

  it("estimateReassignment() times a dir move at the alter-log-dirs rate, with no replication traffic", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", 10 * GiB], [2, "/d1", 4 * GiB]] }]);
    const e = estimateReassignment(snap, [entry(0, [1, 2], ["any", "/d2"])], rates);
    expect([e.interBrokerBytes, e.dirMoveBytes]).toEqual([0, 4 * GiB]);
    expect(e.bottleneck).toEqual({ broker: 2, limitedBy: "alter-log-dirs" });
    expect(e.seconds).toBe(40.96); // 4 GiB at 100 MiB/s
    const slowerReplication = estimateReassignment(snap, [entry(0, [1, 2], ["any", "/d2"])], { ...rates, replicationBytesPerSecond: 1 });
    expect(slowerReplication.seconds).toBe(e.seconds);
  });

  it("estimateReassignment() counts nothing for a replica that stays in its dir, pinned or not", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB], [2, "/d2", GiB]] }]);
    const e = estimateReassignment(snap, [entry(0, [2, 1], ["/d2", "any"])], rates);
    expect([e.seconds, e.bottleneck, e.brokers]).toEqual([0, null, []]);
  });

  it("estimateReassignment() ignores entries for topics or partitions the snapshot does not have", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }]);
    const e = estimateReassignment(snap, [entry(7, [2]), entry(0, [2], ["any"], "other")], rates);
    expect([e.seconds, e.interBrokerBytes, e.brokers]).toEqual([0, 0, []]);
  });

  it("estimateReassignment() reserves the ongoing replication from the rate, never below 1 byte/s", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", 100 * MiB]] }]);
    const moves = [entry(0, [2])];
    expect(estimateReassignment(snap, moves, { ...rates, ongoingBytesPerSecond: 30 * MiB }).seconds).toBe(5); // 100 MiB at 20 MiB/s
    expect(estimateReassignment(snap, moves, { ...rates, ongoingBytesPerSecond: 80 * MiB }).seconds).toBe(100 * MiB);
  });

  const sizesArb = fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 6 });
  const targetsArb = fc.array(fc.integer({ min: 2, max: 4 }), { minLength: 6, maxLength: 6 });

  it("estimateReassignment() takes longer with more bytes and less time with a higher throttle", () => {
    fc.assert(
      fc.property(sizesArb, targetsArb, fc.nat(5), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (sizes, targets, grown, extra, rate, faster) => {
        const partitions = (bump: number) => sizes.map((s, p): PartitionSpec => ({ topic: "t", partition: p, replicas: [[1, "/d1", (s + (p === grown % sizes.length ? bump : 0)) * GiB]] }));
        const moves = sizes.map((_, p) => entry(p, [targets[p]!]));
        const r = { replicationBytesPerSecond: rate * MiB, alterLogDirsBytesPerSecond: rate * MiB };
        const base = estimateReassignment(snapshot(partitions(0)), moves, r);
        const bigger = estimateReassignment(snapshot(partitions(extra)), moves, r);
        expect(bigger.seconds).toBeGreaterThan(base.seconds);
        expect(bigger.interBrokerBytes).toBe(base.interBrokerBytes + extra * GiB);
        const quicker = estimateReassignment(snapshot(partitions(0)), moves, { ...r, replicationBytesPerSecond: (rate + faster) * MiB });
        if (base.seconds > 0) expect(quicker.seconds).toBeLessThan(base.seconds);
        else expect(quicker.seconds).toBe(0);
      }),
    );
  });

  it("estimateReassignment() states what it does not model", () => {
    const e = estimateReassignment(snapshot([]), [], rates);
    expect(e.assumptions.join(" ")).toMatch(/bytes produced during the move are not included/);
    expect(e.assumptions.join(" ")).toMatch(/ongoingBytesPerSecond/);
  });
});

describe("moveSeconds()", () => {
  const rates: Rates = { replicationBytesPerSecond: 100, alterLogDirsBytesPerSecond: 400, ongoingBytesPerSecond: 50 };

  it("moveSeconds() times a dir move at the alter-log-dirs rate and a broker move at the replication rate less the reserve", () => {
    expect(moveSeconds("intra", 800, rates)).toBe(2);
    expect(moveSeconds("inter", 800, rates)).toBe(16);
  });

  it("moveSeconds() of the only move equals the estimate of the reassignment", () => {
    const snap = cluster({ brokers: [1, 2].map((id) => ({ id, dirs: ["/d1", "/d2"] })), partitions: [{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }] });
    const dir = estimateReassignment(snap, [{ topic: "t", partition: 0, replicas: [1], logDirs: ["/d2"] }], rates);
    expect(moveSeconds("intra", GiB, rates)).toBe(dir.seconds);
    const broker = estimateReassignment(snap, [{ topic: "t", partition: 0, replicas: [2], logDirs: ["any"] }], rates);
    expect(moveSeconds("inter", GiB, rates)).toBe(broker.seconds);
  });
});
