import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { startCluster, stopAll, type LocalCluster } from "@/scripts/kafka/cluster";
import { KAFKA_3_VERSION } from "@/scripts/kafka/versions";
import { connectionFromEnv } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";

// The reader against the 3.9 line (still the most deployed KRaft release): a small cluster, one scan.
// Ports 19230.. (controllers 19280..) and this baseDir belong to this file only.
const BASE_DIR = path.resolve(".kafka/test-live-kafka3");
const BASE_PORT = 19230;

let cluster: LocalCluster;

describe(`live reader against Kafka ${KAFKA_3_VERSION}`, () => {
  beforeAll(async () => {
    await stopAll(BASE_DIR);
    cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 2, dirsPerNode: 2, version: KAFKA_3_VERSION });
    const admin = new Admin({ clientId: "kafka3-setup", bootstrapBrokers: cluster.bootstrap.split(",") });
    try {
      await admin.createTopics({ topics: ["k3"], partitions: 8, replicas: 2 });
    } finally {
      await admin.close();
    }
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  it("readCluster() reads a 3.9 cluster: version, dirs with capacity, and every replica placed", async () => {
    const parsed = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap });
    if (!parsed.ok) throw new Error(parsed.error.message);
    let snapshot = await readCluster(parsed.value);
    // A just-created topic can take a moment to reach every broker's metadata and log manager.
    const settled = (s: typeof snapshot) => s.topics.find((t) => t.name === "k3")?.partitions.every((p) => p.replicas.every((r) => r.logDir !== null)) === true;
    for (let i = 0; i < 40 && !settled(snapshot); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      snapshot = await readCluster(parsed.value);
    }
    expect(snapshot.source.kafkaVersion).toBe("3.9");
    expect(snapshot.source.clusterId).toBe(cluster.clusterId);
    expect(snapshot.brokers.map((b) => [b.id, b.state, b.logDirs.length])).toEqual([
      [1, "online", 2],
      [2, "online", 2],
    ]);
    expect(snapshot.brokers.every((b) => b.logDirs.every((d) => d.totalBytes !== null && d.state === "online"))).toBe(true);
    const k3 = snapshot.topics.find((t) => t.name === "k3")!;
    expect(k3.partitions).toHaveLength(8);
    for (const p of k3.partitions) {
      for (const r of p.replicas) expect(cluster.nodes[r.broker - 1]!.logDirs).toContain(r.logDir);
    }
  });
});
