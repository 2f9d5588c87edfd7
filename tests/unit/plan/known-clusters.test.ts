// Known clusters from outside this project (tests/support/known-clusters.ts): each is a valid snapshot
// with the shape its source documents.
import { describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { JavaRandom } from "@/lib/placement";
import { CC_MB, CC_TOPIC_WITH_ONE_LEADER_PER_BROKER, KNOWN_CLUSTERS, STRIMZI_DIR, ccRandomCluster, ccUnbalanced4, strimziRemoveDisksExample, type KnownShape } from "@/tests/support/known-clusters";

function shapeOf(s: ClusterSnapshot): KnownShape {
  const partitions = s.topics.flatMap((t) => t.partitions);
  return {
    brokers: s.brokers.length,
    dirs: s.brokers.reduce((a, b) => a + b.logDirs.length, 0),
    partitions: partitions.length,
    replicas: partitions.reduce((a, p) => a + p.replicas.length, 0),
  };
}

/** Bytes per "broker:dir". */
function dirBytes(s: ClusterSnapshot): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of s.topics) for (const p of t.partitions) for (const r of p.replicas) m.set(`${r.broker}:${r.logDir}`, (m.get(`${r.broker}:${r.logDir}`) ?? 0) + (r.sizeBytes ?? 0));
  return m;
}

describe("known clusters", () => {
  const built = new Map(KNOWN_CLUSTERS.map((k) => [k.name, k.build()]));

  it.each(KNOWN_CLUSTERS.map((k) => [k.name, k] as const))("%s is a valid snapshot with its documented shape", (name, known) => {
    const snapshot = built.get(name)!;
    const parsed = parseSnapshot(JSON.parse(JSON.stringify(snapshot)));
    expect(parsed.ok ? [] : parsed.error.issues).toEqual([]);
    expect(shapeOf(snapshot)).toEqual(known.shape);
    expect(known.source).toMatch(/^(linkedin\/cruise-control|strimzi\/strimzi-kafka-operator) /);
    // Every replica sits in a dir its broker has, and every dir's free space follows what it holds.
    const dirs = new Set(snapshot.brokers.flatMap((b) => b.logDirs.map((d) => `${b.id}:${d.path}`)));
    for (const t of snapshot.topics) for (const p of t.partitions) for (const r of p.replicas) expect(dirs.has(`${r.broker}:${r.logDir}`)).toBe(true);
  });

  it("builds the same cluster every time (no hidden randomness)", () => {
    for (const k of KNOWN_CLUSTERS) expect(JSON.stringify(k.build())).toBe(JSON.stringify(built.get(k.name)));
  });

  it("unbalanced4 has DeterministicCluster's JBOD fill: 70%, 78%, 86% and 94%", () => {
    const bytes = dirBytes(ccUnbalanced4());
    const cap = 150_000 * CC_MB;
    expect(["0:/mnt/i00", "0:/mnt/i01", "1:/mnt/i00", "1:/mnt/i01"].map((k) => Math.round((bytes.get(k)! / cap) * 100))).toEqual([70, 78, 86, 94]);
  });

  it("the Strimzi example has broker 0's published layout: volume v holds my-topic-v and my-topic-(v+3)", () => {
    const s = strimziRemoveDisksExample();
    const onBroker0 = (v: number) =>
      s.topics.flatMap((t) => t.partitions.filter((p) => p.replicas.some((r) => r.broker === 0 && r.logDir === STRIMZI_DIR(v, 0))).map((p) => `${t.name}-${p.id}`)).sort();
    expect([0, 1, 2].map(onBroker0)).toEqual([
      ["my-topic-0", "my-topic-3"],
      ["my-topic-1", "my-topic-4"],
      ["my-topic-2", "my-topic-5"],
    ]);
    expect(s.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas.map((r) => r.sizeBytes)))).toEqual(new Array(18).fill(0));
  });

  describe("RandomCluster", () => {
    const uniform = built.get("cc-random-uniform")!;
    const linear = built.get("cc-random-linear")!;
    const exponential = built.get("cc-random-exponential")!;
    const perBroker = (s: ClusterSnapshot) => {
      const counts = new Array<number>(s.brokers.length).fill(0);
      for (const t of s.topics) if (t.name !== CC_TOPIC_WITH_ONE_LEADER_PER_BROKER) for (const p of t.partitions) for (const r of p.replicas) counts[r.broker]!++;
      return counts;
    };

    it("racks: brokers 0–9 one per rack, the rest drawn; 3,000 topics T0…T2999 plus TopicWithOneLeaderPerBroker", () => {
      expect(uniform.brokers.slice(0, 10).map((b) => b.rack)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
      expect(new Set(uniform.brokers.map((b) => b.rack)).size).toBe(10);
      expect(uniform.topics.length).toBe(3_001);
      expect(uniform.topics.at(-1)!.name).toBe(CC_TOPIC_WITH_ONE_LEADER_PER_BROKER);
      expect(uniform.topics.at(-1)!.partitions.every((p) => p.replicas.length === 2)).toBe(true);
      // Broker 1 has DefaultCapacityConfig.json's override: half the disk.
      expect(uniform.brokers.map((b) => b.logDirs[0]!.totalBytes! / CC_MB).slice(0, 3)).toEqual([300_000, 150_000, 300_000]);
    });

    it("sizes are exponential: mean ≈ MEAN_DISK (100 MB) times the mean topic popularity", () => {
      const sizes = uniform.topics.flatMap((t) => t.partitions.map((p) => p.replicas[0]!.sizeBytes! / CC_MB));
      const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
      expect(mean).toBeGreaterThan(50);
      expect(mean).toBeLessThan(200);
      // Exponential: many small replicas, a long tail.
      const median = [...sizes].sort((a, b) => a - b)[Math.floor(sizes.length / 2)]!;
      expect(median).toBeLessThan(mean);
    });

    it("distributions: uniform is flat, linear and exponential weigh broker b about (b+1) and (2b+1)", () => {
      const ratio = (counts: number[]) => counts.slice(-5).reduce((a, b) => a + b, 0) / counts.slice(0, 5).reduce((a, b) => a + b, 0);
      // The last five brokers over the first five: ≈ 1 for uniform; Σ 36..40 / Σ 1..5 ≈ 12.7 for linear
      // and Σ 71..79 / Σ 1..9 ≈ 15 for exponential, pulled towards 1 by the redraws on a broker conflict.
      expect(ratio(perBroker(uniform))).toBeGreaterThan(0.8);
      expect(ratio(perBroker(uniform))).toBeLessThan(1.25);
      expect(ratio(perBroker(linear))).toBeGreaterThan(4);
      expect(ratio(perBroker(exponential))).toBeGreaterThan(4);
    });

    it("JBOD: the capacity file's dirs, and no disk filled past its capacity", () => {
      const jbod = built.get("cc-random-jbod")!;
      expect(jbod.brokers.slice(0, 4).map((b) => b.logDirs.map((d) => d.totalBytes! / CC_MB))).toEqual([
        [2_000_000],
        [350_000, 550_000],
        [350_000, 550_000, 750_000, 950_000],
        [400_000, ...new Array(9).fill(200_000)],
      ]);
      for (const b of jbod.brokers) for (const d of b.logDirs) expect(d.usableBytes!).toBeGreaterThanOrEqual(0);
      // Rack-aware: no two replicas of a partition on one rack.
      const rackOf = new Map(jbod.brokers.map((b) => [b.id, b.rack]));
      for (const t of jbod.topics) for (const p of t.partitions) expect(new Set(p.replicas.map((r) => rackOf.get(r.broker))).size).toBe(p.replicas.length);
    });

    it("unhealthy JBOD: brokers 0–4 dead (unreachable, out of every ISR), brokers 5–9 with their first disk offline", () => {
      const s = built.get("cc-random-jbod-unhealthy")!;
      expect(s.brokers.filter((b) => b.state === "unreachable").map((b) => b.id)).toEqual([0, 1, 2, 3, 4]);
      expect(s.brokers.flatMap((b) => b.logDirs.filter((d) => d.state === "offline").map((d) => `${b.id}:${d.path}`))).toEqual([5, 6, 7, 8, 9].map((b) => `${b}:/tmp/kafka-logs-1`));
      for (const t of s.topics) for (const p of t.partitions) for (const b of p.isr) expect(b).toBeGreaterThanOrEqual(5);
    });

    it("with a RandomSource, every seed gives another cluster of the same shape", () => {
      const small = { distribution: "linear" as const, brokers: 12, racks: 4, replicas: 600, topics: 40 };
      const a = ccRandomCluster({ ...small, random: new JavaRandom(1) });
      const b = ccRandomCluster({ ...small, random: new JavaRandom(2) });
      expect(shapeOf(a)).toEqual(shapeOf(b));
      expect(shapeOf(a)).toEqual({ brokers: 12, dirs: 12, partitions: 200 + 12, replicas: 600 + 24 });
      expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
      expect(JSON.stringify(ccRandomCluster({ ...small, random: new JavaRandom(1) }))).toBe(JSON.stringify(a));
    });

    it("mixed replication factors reach exactly NUM_REPLICAS, or say that they cannot (where Cruise Control loops)", () => {
      const mixed = { distribution: "uniform" as const, brokers: 10, racks: 3, replicas: 1000, topics: 50, minReplication: 2, maxReplication: 4 };
      expect(() => ccRandomCluster({ ...mixed, random: new JavaRandom(5) })).toThrow(/cannot reach the replica count/);
      const s = ccRandomCluster({ ...mixed, random: new JavaRandom(6) });
      const counted = s.topics.filter((t) => t.name !== CC_TOPIC_WITH_ONE_LEADER_PER_BROKER).flatMap((t) => t.partitions).reduce((a, p) => a + p.replicas.length, 0);
      expect(counted).toBe(1000);
      expect(new Set(s.topics.map((t) => t.partitions[0]!.replicas.length)).size).toBeGreaterThan(1);
    });
  });
});
