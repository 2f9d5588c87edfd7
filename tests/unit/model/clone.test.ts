import { describe, expect, it } from "vitest";
import { cloneSnapshot, cloneTopic } from "@/lib/model/clone";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { snap, storySnapshot } from "@/tests/support/snapshots";

/** The story with every optional field set: a future replica, throttles of every kind, a reassignment. */
function full(): ClusterSnapshot {
  const s = storySnapshot();
  const p = s.topics[1]!.partitions[0]!;
  p.replicas[0]!.future = { logDir: "/d3", sizeBytes: 5, offsetLag: 2 };
  p.replicas[0]!.offsetLag = 7;
  p.adding = [3];
  p.removing = [2];
  p.offline = [2];
  s.topics[1]!.topicId = "abc";
  s.topics[1]!.minInsyncReplicas = 2;
  s.brokers[0]!.kafkaVersion = "4.3.0";
  s.brokers[0]!.host = "kafka-1";
  s.brokers[0]!.logDirs[0]!.disk = "nvme0";
  s.source.warnings = ["something was not read"];
  return snap({
    ...s,
    throttles: {
      defaults: { leader: 1, follower: 2, alterLogDirs: 3 },
      brokers: [{ broker: 1, leader: 10, follower: null, alterLogDirs: 30 }],
      topics: [{ topic: "orders", leaderReplicas: "0:1", followerReplicas: "*" }],
      reassignments: [{ topic: "orders", partition: 0, replicas: [1, 2, 3], adding: [3], removing: [2] }],
    },
  });
}

/** Paths under `root` where the copy holds the very same object or array as the original. */
function shared(copy: unknown, original: unknown, path = ""): string[] {
  if (copy === null || typeof copy !== "object") return [];
  if (copy === original) return [path];
  return Object.keys(copy).flatMap((k) => shared((copy as Record<string, unknown>)[k], (original as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
}

describe("cloneSnapshot()", () => {
  it("cloneSnapshot() copies every field of a snapshot that has every optional field set", () => {
    const s = full();
    expect(cloneSnapshot(s)).toEqual(s);
  });

  it("cloneSnapshot() shares no broker, dir, topic, partition, replica or throttle object with the original", () => {
    const s = full();
    const c = cloneSnapshot(s);
    expect(shared(c, s)).toEqual([]);
  });

  it("cloneSnapshot() leaves the original as it was when the copy changes", () => {
    const s = full();
    const before = JSON.stringify(s);
    const c = cloneSnapshot(s);
    c.brokers[0]!.logDirs[0]!.usableBytes = 0;
    c.topics[1]!.partitions[0]!.replicas[0]!.future!.logDir = "/elsewhere";
    c.topics[1]!.partitions[0]!.isr.push(9);
    c.throttles.reassignments[0]!.adding.push(9);
    c.throttles.defaults.leader = 99;
    c.source.label = "changed";
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe("cloneTopic()", () => {
  it("cloneTopic() copies a topic deeply", () => {
    const t = full().topics[1]!;
    const c = cloneTopic(t);
    expect(c).toEqual(t);
    expect(c.minInsyncReplicas).toBe(2);
    expect(shared(c, t)).toEqual([]);
  });

  it("cloneTopic() leaves minInsyncReplicas absent where the original has none (an older snapshot)", () => {
    const t = storySnapshot().topics[1]!;
    delete t.minInsyncReplicas;
    expect("minInsyncReplicas" in cloneTopic(t)).toBe(false);
  });
});
