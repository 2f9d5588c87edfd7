import { describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { EDGE_DOUBLES } from "../../fixtures/extreme/doubles";

describe("syntheticCluster()", () => {
  it("syntheticCluster() gives a valid snapshot with finite sizes and capacities for any finite mean replica size", () => {
    for (const meanReplicaBytes of EDGE_DOUBLES.filter((x) => x >= 0)) {
      const snapshot = syntheticCluster({ brokers: 4, dirsPerBroker: 3, replicas: 60, meanReplicaBytes });
      expect(ClusterSnapshotSchema.safeParse(snapshot).success).toBe(true);
      for (const b of snapshot.brokers) for (const d of b.logDirs) expect(Number.isFinite(d.totalBytes!) && Number.isFinite(d.usableBytes!)).toBe(true);
      for (const t of snapshot.topics) for (const p of t.partitions) for (const r of p.replicas) expect(r.sizeBytes! <= Number.MAX_SAFE_INTEGER).toBe(true);
    }
  });

  it("syntheticCluster() gives the recorded sizes, placement and capacities for a seed (benchmarks and synthetic-base links rely on them)", () => {
    const s = syntheticCluster({ brokers: 3, dirsPerBroker: 2, replicas: 6, seed: 1 });
    expect(s.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas.map((r) => [r.broker, r.logDir, r.sizeBytes])))).toEqual([
      [1, "/data/d2", 1234144624],
      [2, "/data/d2", 1234144624],
      [3, "/data/d1", 1234144624],
      [2, "/data/d2", 181197114],
      [3, "/data/d2", 181197114],
      [1, "/data/d2", 181197114],
    ]);
    expect(s.brokers.map((b) => b.logDirs.map((d) => [d.totalBytes, d.usableBytes]))).toEqual([
      [
        [1769177173, 1769177173],
        [1769177173, 353835435],
      ],
      [
        [1769177173, 1769177173],
        [1769177173, 353835435],
      ],
      [
        [1769177173, 535032549],
        [1769177173, 1587980059],
      ],
    ]);
  });

  it("syntheticCluster() is the same for the same options", () => {
    const options = { brokers: 20, dirsPerBroker: 4, replicas: 900, seed: 3, mixedStates: true };
    expect(JSON.stringify(syntheticCluster(options))).toBe(JSON.stringify(syntheticCluster(options)));
  });

  it("syntheticCluster() puts partitionsPerTopic partitions in each topic, the rest in the last", () => {
    const s = syntheticCluster({ brokers: 6, dirsPerBroker: 2, replicas: 3 * 25, partitionsPerTopic: 10 });
    expect(s.topics.map((t) => t.partitions.length)).toEqual([10, 10, 5]);
    expect(s.topics[2]!.partitions.map((p) => p.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it("syntheticCluster() with mixedStates shows every cell state and keeps the sizes and placement of the same options without it", () => {
    const options = { brokers: 200, dirsPerBroker: 4, replicas: 3000, partitionsPerTopic: 10, seed: 7 };
    const plain = syntheticCluster(options);
    const mixed = syntheticCluster({ ...options, mixedStates: true });
    expect(parseSnapshot(mixed).ok).toBe(true);
    const dirs = mixed.brokers.flatMap((b) => b.logDirs);
    expect(dirs.filter((d) => d.state === "offline")).toHaveLength(8);
    expect(dirs.filter((d) => d.state === "cordoned")).toHaveLength(8);
    expect(dirs.filter((d) => d.totalBytes === null)).toHaveLength(16);
    expect(mixed.brokers.filter((b) => b.state === "unreachable").map((b) => b.id)).toEqual([200]);
    const replicas = mixed.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas));
    expect(replicas.filter((r) => r.future !== null)).toHaveLength(15);
    for (const r of replicas) if (r.future) expect(r.future.logDir).not.toBe(r.logDir);
    expect(mixed.topics[0]).toMatchObject({ name: "__consumer_offsets", internal: true });
    const placement = (s: typeof plain) => s.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas.map((r) => [r.broker, r.logDir, r.sizeBytes])));
    expect(placement(mixed)).toEqual(placement(plain));
  });
});
