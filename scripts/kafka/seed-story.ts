/**
 * The product's founding story on real Kafka, side by side with the simulator's prediction.
 *
 *   1. 3 KRaft nodes with ONE log dir each;
 *   2. a kafkajs consumer group's first join creates __consumer_offsets (50 partitions, RF 3); the
 *      topic it subscribes to has one partition with a replica on every broker;
 *   3. every node restarts with two more log dirs (only the new ones are formatted);
 *   4. a 30-partition RF-2 topic is created and real bytes are produced into every partition;
 *   5. the live reader scans the cluster; the same steps run through the simulator;
 *   6. per broker and dir: predicted and actual partition counts and bytes.
 *
 * The counts must match exactly: the striped placer gives each broker 20 replicas of the new topic
 * whatever its random start, and LogManager.nextLogDirs then fills the two empty dirs. Bytes are shown
 * for comparison (the broker adds batch overhead to what was produced).
 * `npm run kafka:seed-story` runs it and exits 0 only when the counts match; tests import it.
 */
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { Kafka, logLevel } from "kafkajs";
import { readCluster } from "@/lib/cluster/live";
import { balanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { runScenario } from "@/lib/simulate/engine";
import { ScenarioSchema, type StepInput } from "@/lib/simulate/schema";
import { startCluster, type LocalCluster } from "./cluster";

export const STORY_TOPIC = "orders";
/** The topic the first consumer group subscribes to (1 partition, RF 3: one replica per broker). */
export const GROUP_TOPIC = "first-group-topic";
const PARTITIONS = 30;
const REPLICATION = 2;
const RECORDS_PER_PARTITION = 64;
const RECORD_BYTES = 16 * 1024;

export interface StoryRow {
  broker: number;
  dir: string;
  predictedPartitions: number;
  actualPartitions: number;
  predictedBytes: number;
  actualBytes: number;
}

export interface StoryResult {
  rows: StoryRow[];
  countsMatch: boolean;
  actual: ClusterSnapshot;
  predicted: ClusterSnapshot;
  cluster: LocalCluster;
}

export interface StoryOptions {
  baseDir: string;
  basePort: number;
  version?: string;
  /** Leave the cluster running (the caller stops it), e.g. to plan a rebalance of the end state. */
  keepRunning?: boolean;
  log?: (line: string) => void;
}

function connectionFor(bootstrap: string) {
  return { bootstrapServers: bootstrap.split(","), clientId: "kafka-balance-seed-story", requestTimeoutMs: 15_000, sasl: null, tls: null };
}

async function waitFor<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The first consumer group join: FindCoordinator makes the broker create __consumer_offsets. */
async function createTopic(bootstrap: string, name: string, partitions: number, replicas: number): Promise<void> {
  const admin = new Admin({ clientId: "seed-story-admin", bootstrapBrokers: bootstrap.split(",") });
  try {
    await admin.createTopics({ topics: [name], partitions, replicas });
  } finally {
    await admin.close();
  }
  // Every partition led and on disk before anyone produces or subscribes (a loaded machine is slow).
  await waitFor(`${name} to have leaders`, async () => {
    const snap = await readCluster(connectionFor(bootstrap));
    const t = snap.topics.find((x) => x.name === name);
    return t && t.partitions.length === partitions && t.partitions.every((p) => p.leader !== null && p.replicas.every((r) => r.logDir)) ? true : null;
  });
}

async function firstConsumerGroup(bootstrap: string, log: (l: string) => void): Promise<void> {
  const kafka = new Kafka({ clientId: "seed-story", brokers: bootstrap.split(","), logLevel: logLevel.NOTHING });
  // The group needs a topic to subscribe to. RF 3 on 3 brokers puts one replica on every broker's only
  // dir, so the prediction does not depend on the controller's random broker choice.
  await createTopic(bootstrap, GROUP_TOPIC, 1, 3);
  const consumer = kafka.consumer({ groupId: "seed-story-group" });
  await consumer.connect();
  await consumer.subscribe({ topic: GROUP_TOPIC, fromBeginning: true });
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.run({ eachMessage: async () => {} });
  await joined;
  await consumer.disconnect();
  log("consumer group joined: __consumer_offsets created");
}

async function produceStoryTopic(bootstrap: string): Promise<void> {
  await createTopic(bootstrap, STORY_TOPIC, PARTITIONS, REPLICATION);
  const kafka = new Kafka({ clientId: "seed-story", brokers: bootstrap.split(","), logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const value = Buffer.alloc(RECORD_BYTES, 7);
  // Batches stay well under the broker's default 1 MiB message.max.bytes.
  const perBatch = 16;
  for (let p = 0; p < PARTITIONS; p++) {
    for (let sent = 0; sent < RECORDS_PER_PARTITION; sent += perBatch) {
      await producer.send({ topic: STORY_TOPIC, acks: -1, messages: Array.from({ length: perBatch }, () => ({ partition: p, value })) });
    }
  }
  await producer.disconnect();
}

/** The same steps through the simulator, from three one-dir brokers with the real dir paths. */
function predict(cluster: LocalCluster, bytesPerPartition: number): ClusterSnapshot {
  const steps: StepInput[] = [
    { kind: "createTopic", name: GROUP_TOPIC, partitions: 1, replicationFactor: 3 },
    { kind: "firstConsumerGroup", partitions: 50, replicationFactor: 3, bytesPerPartition: 0 },
  ];
  for (const node of cluster.nodes) {
    for (const dir of node.logDirs.slice(1)) steps.push({ kind: "addLogDir", broker: node.id, path: dir });
  }
  steps.push({ kind: "createTopic", name: STORY_TOPIC, partitions: PARTITIONS, replicationFactor: REPLICATION, size: { kind: "fixed", bytes: bytesPerPartition } });
  const scenario = ScenarioSchema.parse({
    base: {
      schema: 1,
      capturedAt: new Date().toISOString(),
      source: { kind: "scenario", label: "seed story (predicted)" },
      brokers: cluster.nodes.map((n) => ({ id: n.id, logDirs: [{ path: n.logDirs[0]! }] })),
      topics: [],
    },
    steps,
  });
  return runScenario(scenario).final.snapshot;
}

export async function runSeedStory(options: StoryOptions): Promise<StoryResult> {
  const log = options.log ?? (() => {});
  log("starting 3 nodes with one log dir each…");
  const cluster = await startCluster({ baseDir: options.baseDir, basePort: options.basePort, nodes: 3, dirsPerNode: 1, version: options.version });
  try {
    await firstConsumerGroup(cluster.bootstrap, log);
    const connection = connectionFor(cluster.bootstrap);
    await waitFor("__consumer_offsets with 50 partitions", async () => {
      const snap = await readCluster(connection);
      const t = snap.topics.find((x) => x.name === "__consumer_offsets");
      return t && t.partitions.length === 50 && t.partitions.every((p) => p.replicas.every((r) => r.logDir)) ? snap : null;
    });
    log("restarting every node with two more log dirs…");
    for (const node of [...cluster.nodes]) await cluster.restartNode(node.id, { dirsPerNode: 3 });
    log(`creating ${STORY_TOPIC} (${PARTITIONS} partitions, RF ${REPLICATION}) and producing…`);
    await produceStoryTopic(cluster.bootstrap);
    const actual = await waitFor("every replica of the story topic on disk and in sync", async () => {
      const snap = await readCluster(connection);
      const t = snap.topics.find((x) => x.name === STORY_TOPIC);
      const sizes = t?.partitions.flatMap((p) => p.replicas.map((r) => r.sizeBytes ?? 0)) ?? [];
      const min = Math.min(...sizes);
      return t && sizes.length === PARTITIONS * REPLICATION && min > 0 && t.partitions.every((p) => p.isr.length === REPLICATION) ? snap : null;
    });
    const storyPartitions = actual.topics.find((t) => t.name === STORY_TOPIC)!.partitions;
    const meanSize = Math.round(storyPartitions.reduce((a, p) => a + (p.replicas[0]?.sizeBytes ?? 0), 0) / storyPartitions.length);
    const predicted = predict(cluster, meanSize);
    const a = balanceReport(actual);
    const p = balanceReport(predicted);
    const rows: StoryRow[] = a.dirs.map((d) => {
      const q = p.dirs.find((x) => x.broker === d.broker && x.path === d.path);
      return {
        broker: d.broker,
        dir: d.path,
        predictedPartitions: q?.partitions ?? 0,
        actualPartitions: d.partitions,
        predictedBytes: q?.bytes ?? 0,
        actualBytes: d.bytes,
      };
    });
    const countsMatch = rows.length === p.dirs.length && rows.every((r) => r.predictedPartitions === r.actualPartitions);
    if (!options.keepRunning) await cluster.stop();
    return { rows, countsMatch, actual, predicted, cluster };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

export function formatStoryTable(rows: StoryRow[], root: string): string {
  const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
  const lines = [["broker", "log dir", "partitions predicted", "partitions actual", "bytes predicted", "bytes actual"]];
  for (const r of rows) {
    lines.push([String(r.broker), path.relative(root, r.dir), String(r.predictedPartitions), String(r.actualPartitions), mib(r.predictedBytes), mib(r.actualBytes)]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines.map((l) => l.map((c, i) => c.padEnd(widths[i]!)).join("  ")).join("\n");
}
