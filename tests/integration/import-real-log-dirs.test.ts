// The import path against a real cluster: the real kafka-log-dirs and kafka-topics tools
// (org.apache.kafka.tools.LogDirsCommand / TopicCommand from the installed jars) describe a
// 3-node × 3-dir cluster with real bytes and an intra-broker move in flight; importing their output
// must place every replica where the live reader does. Runs on KAFKA_VERSION (default the newest 4.x).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Admin } from "@platformatic/kafka";
import { Kafka, logLevel } from "kafkajs";
import { startCluster, stopAll, type LocalCluster } from "@/scripts/kafka/cluster";
import { loggingConfigFileName, loggingJvmArgs } from "@/scripts/kafka/node-config";
import { toolLogConfig } from "@/scripts/kafka/tools";
import { classpathFor } from "@/scripts/kafka/versions";
import { connectionFromEnv } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";
import { formatImportIssue, importSnapshot, parseLogDirs } from "@/lib/import";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

// Ports 19500.. (clients) and 19550.. (controllers) and this baseDir belong to this file only.
const BASE_DIR = path.resolve(".kafka/test-import");
const BASE_PORT = 19500;
const MOVING = { topic: "orders-eu", partition: 0 };
/**
 * 64 KiB: the most one fetch of the throttled dir-to-dir copy moves (ReplicaAlterLogDirsThread fetches
 * `replica.fetch.max.bytes`), so a 2 MB partition stays "moving" for minutes at 1 KiB/s.
 */
const FETCH_MAX_BYTES = 65536;

let cluster: LocalCluster;
let toolLogging: string[];
let logDirsText = "";
let topicsText = "";
let live: ClusterSnapshot;
let moving: { broker: number; from: string; to: string };

/** Runs a Kafka command-line tool from the jars and returns what it printed on stdout. */
function runTool(mainClass: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("java", ["-Xmx256m", "-cp", classpathFor(cluster.version), ...toolLogging, mainClass, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", (error) => reject(error));
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${mainClass} exited with ${code}: ${(stderr || stdout).slice(-2000)}`));
    });
  });
}

/** Tool logs go to stderr at WARN, as bin/kafka-run-class.sh sets them up, so stdout is the tool's output. */
function writeToolLogging(): string[] {
  const file = path.join(BASE_DIR, `tools-${loggingConfigFileName(cluster.version)}`);
  const config = toolLogConfig(cluster.version);
  writeFileSync(file, config.join("\n"));
  return loggingJvmArgs(cluster.version, file);
}

async function produce(topic: string, partitions: number, batches: number, messagesPerBatch: number, size: number): Promise<void> {
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";
  const kafka = new Kafka({ clientId: "import-real-test", brokers: cluster.bootstrap.split(","), logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  try {
    for (let p = 0; p < partitions; p++) {
      for (let b = 0; b < batches; b++) {
        const messages = Array.from({ length: messagesPerBatch }, (_, i) => ({ partition: p, value: Buffer.alloc(size + p * 10, (i + b) % 251) }));
        await producer.send({ topic, messages, acks: -1 });
      }
    }
  } finally {
    await producer.disconnect();
  }
}

async function readLive(): Promise<ClusterSnapshot> {
  const parsed = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap, KAFKA_REQUEST_TIMEOUT_MS: "10000" });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return readCluster(parsed.value);
}

/**
 * Starts a KIP-113 move of one replica to another dir of its broker with kafka-reassign-partitions
 * (`log_dirs`), throttled to 1 KiB/s so the `-future` copy is still being written while the test reads.
 */
async function startIntraBrokerMove(snapshot: ClusterSnapshot): Promise<{ broker: number; from: string; to: string }> {
  const partition = snapshot.topics.find((t) => t.name === MOVING.topic)!.partitions.find((p) => p.id === MOVING.partition)!;
  const first = partition.replicas[0]!;
  const dirs = cluster.nodes.find((n) => n.id === first.broker)!.logDirs;
  const to = dirs.find((d) => d !== first.logDir)!;
  const file = path.join(BASE_DIR, "move.json");
  const logDirs = partition.replicas.map((r, i) => (i === 0 ? to : "any"));
  writeFileSync(file, JSON.stringify({ version: 1, partitions: [{ ...MOVING, replicas: partition.replicas.map((r) => r.broker), log_dirs: logDirs }] }));
  await runTool("org.apache.kafka.tools.reassign.ReassignPartitionsCommand", [
    "--bootstrap-server",
    cluster.bootstrap,
    "--execute",
    "--reassignment-json-file",
    file,
    "--replica-alter-log-dirs-throttle",
    "1024",
  ]);
  return { broker: first.broker, from: first.logDir!, to };
}

async function waitForFuture(): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const text = await runTool("org.apache.kafka.tools.LogDirsCommand", ["--bootstrap-server", cluster.bootstrap, "--describe"]);
    const parsed = parseLogDirs(text);
    if (parsed.ok && parsed.value.replicas.some((r) => r.topic === MOVING.topic && r.partition === MOVING.partition && r.future !== null)) return text;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the throttled intra-broker move never showed a future replica");
}

/**
 * Topic ids as 32 hex digits: kafka-topics prints Kafka's Uuid.toString() (22 base64url characters),
 * the live reader's client gives the 8-4-4-4-12 hex form of the same 16 bytes.
 */
function uuidHex(id: string | null): string | null {
  if (id === null) return null;
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? Buffer.from(id, "base64url").toString("hex") : id.replace(/-/g, "").toLowerCase();
}

/** Where every replica is: "topic-partition@broker" → order, dir, size and future dir. */
function placement(snapshot: ClusterSnapshot, options: { order: boolean }) {
  const out: Record<string, unknown> = {};
  for (const topic of snapshot.topics) {
    for (const p of topic.partitions) {
      p.replicas.forEach((r, i) => {
        out[`${topic.name}-${p.id}@${r.broker}`] = {
          index: options.order ? i : null,
          logDir: r.logDir,
          sizeBytes: r.future ? "moving" : r.sizeBytes,
          future: r.future?.logDir ?? null,
        };
      });
    }
  }
  return out;
}

describe("import of real kafka-log-dirs and kafka-topics output", () => {
  beforeAll(async () => {
    await stopAll(BASE_DIR);
    cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 3, dirsPerNode: 3, extraBrokerConfig: { "replica.fetch.max.bytes": FETCH_MAX_BYTES } });
    toolLogging = writeToolLogging();
    const admin = new Admin({ clientId: "import-real-setup", bootstrapBrokers: cluster.bootstrap.split(",") });
    try {
      await admin.createTopics({ topics: [MOVING.topic], partitions: 6, replicas: 3 });
      await admin.createTopics({ topics: ["metrics.cpu.v1"], partitions: 4, replicas: 2 });
      await admin.createTopics({ topics: ["payments-dlq.retry-1"], partitions: 3, replicas: 2 });
    } finally {
      await admin.close();
    }
    // orders-eu-0 gets ~2 MB, far more than one fetch of the throttled move can copy.
    await produce(MOVING.topic, 1, 20, 10, 10_000);
    await produce("metrics.cpu.v1", 4, 2, 100, 1000);
    await produce("payments-dlq.retry-1", 3, 1, 50, 2000);
    moving = await startIntraBrokerMove(await readLive());
    logDirsText = await waitForFuture();
    topicsText = await runTool("org.apache.kafka.tools.TopicCommand", ["--bootstrap-server", cluster.bootstrap, "--describe"]);
    live = await readLive();
    // Kept for a look after a failure (.kafka is git-ignored).
    writeFileSync(path.join(BASE_DIR, "kafka-log-dirs.txt"), logDirsText);
    writeFileSync(path.join(BASE_DIR, "kafka-topics.txt"), topicsText);
    // Starting 3 JVMs and running five tool JVMs takes minutes on a busy 2-core machine.
  }, 600_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it("LogDirsCommand prints the two preamble lines and one JSON line", () => {
    const lines = logDirsText.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("Querying brokers for log directories information");
    expect(lines[1]).toMatch(/^Received log directory information from brokers [123],[123],[123]$/);
    expect(lines[2]).toMatch(/^\{.*"version":1.*\}$/);
  });

  it("importSnapshot() of both outputs places every replica in the order, dir and size the live reader sees", () => {
    const outcome = importSnapshot({ logDirs: logDirsText, topics: topicsText, capturedAt: live.capturedAt });
    if (!outcome.ok) throw new Error(outcome.error.issues.map(formatImportIssue).join("\n"));
    expect(outcome.warnings).toEqual([]);
    expect(placement(outcome.value, { order: true })).toEqual(placement(live, { order: true }));
    for (const topic of live.topics) {
      const imported = outcome.value.topics.find((t) => t.name === topic.name)!;
      expect(uuidHex(imported.topicId)).toBe(uuidHex(topic.topicId));
      expect(imported.partitions.map((p) => [p.id, p.leader, [...p.isr].sort()])).toEqual(topic.partitions.map((p) => [p.id, p.leader, [...p.isr].sort()]));
    }
    expect(outcome.value.brokers.map((b) => [b.id, b.logDirs.map((d) => [d.path, d.state]).sort()])).toEqual(
      live.brokers.map((b) => [b.id, b.logDirs.map((d) => [d.path, d.state]).sort()]),
    );
  });

  it("importSnapshot() of the log-dirs output alone has the live dirs and sizes of every replica", () => {
    const outcome = importSnapshot({ logDirs: logDirsText, capturedAt: live.capturedAt });
    if (!outcome.ok) throw new Error(outcome.error.issues.map(formatImportIssue).join("\n"));
    expect(placement(outcome.value, { order: false })).toEqual(placement(live, { order: false }));
  });

  it("importSnapshot() shows the throttled intra-broker move as a future replica in the target dir", () => {
    const outcome = importSnapshot({ logDirs: logDirsText, topics: topicsText, capturedAt: live.capturedAt });
    if (!outcome.ok) throw new Error(outcome.error.issues.map(formatImportIssue).join("\n"));
    const partition = outcome.value.topics.find((t) => t.name === MOVING.topic)!.partitions.find((p) => p.id === MOVING.partition)!;
    const replica = partition.replicas.find((r) => r.broker === moving.broker)!;
    expect(replica.logDir).toBe(moving.from);
    expect(replica.future?.logDir).toBe(moving.to);
    expect(replica.sizeBytes).toBeGreaterThan(2_000_000);
    expect(replica.future?.sizeBytes ?? Infinity).toBeLessThan(replica.sizeBytes!);
  });
});
