// A local KRaft cluster with topics placed where a test says and filled with a known number of bytes,
// for tests that move data (apply jobs): start, scan once settled, stop.
import { Kafka, logLevel } from "kafkajs";
import type { KafkaConnection } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { startCluster, type LocalCluster } from "@/scripts/kafka/cluster";
import { withAdmin } from "@/scripts/kafka/version-matrix";

export const KiB = 1024;
export const MiB = 1024 * 1024;

export interface TopicSpec {
  name: string;
  /** Replicas per partition, leader first. */
  assignments: number[][];
  /** Bytes written into each partition. */
  bytes: number;
}

export interface DataCluster {
  cluster: LocalCluster;
  connection: KafkaConnection;
  /** A scan once every partition of the topics has a leader and a dir, and nothing is moving. */
  settled: () => Promise<ClusterSnapshot>;
  /** "topic-p: [replicas] dirs" per partition of the topics. */
  layout: (snapshot: ClusterSnapshot) => string[];
  stop: () => Promise<void>;
}

export async function startDataCluster(options: {
  baseDir: string;
  basePort: number;
  nodes: number;
  dirsPerNode: number;
  topics: TopicSpec[];
  clientId: string;
}): Promise<DataCluster> {
  const cluster = await startCluster({ baseDir: options.baseDir, basePort: options.basePort, nodes: options.nodes, dirsPerNode: options.dirsPerNode });
  const connection: KafkaConnection = { bootstrapServers: cluster.bootstrap.split(","), clientId: options.clientId, requestTimeoutMs: 15_000, sasl: null, tls: null };
  const names = new Set(options.topics.map((t) => t.name));
  const partitions = options.topics.reduce((a, t) => a + t.assignments.length, 0);
  const settled = async (): Promise<ClusterSnapshot> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const s = await readCluster(connection);
      const ours = s.topics.filter((t) => names.has(t.name));
      const ok =
        ours.reduce((a, t) => a + t.partitions.length, 0) === partitions &&
        ours.every((t) => t.partitions.every((p) => p.leader !== null && p.replicas.every((r) => r.logDir !== null && r.future === null))) &&
        s.throttles.reassignments.length === 0;
      if (ok) return s;
      if (Date.now() > deadline) throw new Error("the cluster did not settle within 60 s");
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const layout = (s: ClusterSnapshot) =>
    s.topics
      .filter((t) => names.has(t.name))
      .flatMap((t) =>
        t.partitions.map((p) => `${t.name}-${p.id}: [${p.replicas.map((r) => r.broker).join(",")}] ${p.replicas.map((r) => r.logDir?.split("/").pop() ?? "?").join(",")}`),
      )
      .sort();
  try {
    await withAdmin(cluster.bootstrap, async (admin) => {
      for (const t of options.topics) await admin.createTopics({ topics: [t.name], assignments: t.assignments.map((brokers, partition) => ({ partition, brokers })) });
    });
    await settled();
    const kafka = new Kafka({ clientId: options.clientId, brokers: cluster.bootstrap.split(","), logLevel: logLevel.NOTHING });
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    try {
      const value = Buffer.alloc(16 * KiB, 7);
      for (const t of options.topics) {
        for (let p = 0; p < t.assignments.length; p++) {
          const records = Math.ceil(t.bytes / value.length);
          for (let sent = 0; sent < records; sent += 32) {
            await producer.send({ topic: t.name, acks: -1, messages: Array.from({ length: Math.min(32, records - sent) }, () => ({ partition: p, value })) });
          }
        }
      }
    } finally {
      await producer.disconnect();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return { cluster, connection, settled, layout, stop: () => cluster.stop() };
}
