/**
 * Live scan benchmark (DESIGN §6: 10,000 partitions on the local 3-node cluster in under 2 s).
 *
 * Starts its own 3-node × 3-dir cluster (ports 19400.., `.kafka/bench-scan`), creates 100 topics ×
 * 100 partitions at RF 2 (20,000 replicas), waits until every partition has a leader, then times full
 * `readCluster()` scans: one warm-up (connections, JIT on both sides), then the median of five.
 * The cluster is stopped afterwards; its data is removed when it lives in memory (tmpfs).
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { startCluster, stopAll } from "../kafka/cluster";
import { connectionFromEnv } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";

const TOPICS = 100;
const PARTITIONS_PER_TOPIC = 100;
const REPLICATION_FACTOR = 2;
const TIMED_SCANS = 5;
const SETUP_TIMEOUT_MS = 20 * 60_000;
/**
 * On tmpfs when there is one: creating 20,000 replicas costs a few fsyncs each (log dir, checkpoints,
 * KRaft metadata log), which on a small VM disk takes ~10 minutes and overloads the controller. The
 * scan itself (what is timed) reads broker memory and statvfs, so the disk does not change the figure.
 */
const BASE_DIR = existsSync("/dev/shm") ? "/dev/shm/kafka-balance-bench-scan" : path.resolve(".kafka/bench-scan");
const BASE_PORT = 19400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ScanBenchFigures {
  partitions: number;
  replicas: number;
  /** Median of the timed scans. */
  seconds: number;
  allSeconds: number[];
  kafkaVersion: string;
}

export async function benchScan(log: (message: string) => void = () => undefined): Promise<ScanBenchFigures> {
  await stopAll(BASE_DIR);
  // 512 MB: ~6,700 replicas per broker need more than the test clusters' 256 MB.
  const cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 3, dirsPerNode: 3, heapMb: 512, jvm: "throughput" });
  log(`cluster up: ${cluster.bootstrap}`);
  try {
    const admin = new Admin({ clientId: "bench-scan", bootstrapBrokers: cluster.bootstrap.split(","), requestTimeout: 120_000, timeout: 120_000 });
    const names = Array.from({ length: TOPICS }, (_, i) => `bench-${String(i).padStart(3, "0")}`);
    try {
      // Ten topics per request keeps each CreateTopics well inside the controller's request timeout.
      for (let i = 0; i < names.length; i += 10) {
        await admin.createTopics({ topics: names.slice(i, i + 10), partitions: PARTITIONS_PER_TOPIC, replicas: REPLICATION_FACTOR });
        log(`created ${Math.min(i + 10, names.length)} topics`);
      }
    } finally {
      await admin.close();
    }

    const parsed = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap, KAFKA_REQUEST_TIMEOUT_MS: "30000" });
    if (!parsed.ok) throw new Error(parsed.error.message);
    // Wait until the controller has a leader for every partition and every replica sits in a dir.
    const wanted = TOPICS * PARTITIONS_PER_TOPIC;
    // Brokers on a 2-core VM create about 20-40 replicas a second each, so setup takes minutes.
    const deadline = Date.now() + SETUP_TIMEOUT_MS;
    for (;;) {
      const snapshot = await readCluster(parsed.value);
      const bench = snapshot.topics.filter((t) => t.name.startsWith("bench-")).flatMap((t) => t.partitions);
      const ready = bench.filter((p) => p.leader !== null && p.replicas.every((r) => r.logDir !== null)).length;
      log(`${ready} of ${wanted} partitions led and placed`);
      if (ready === wanted) break;
      if (Date.now() > deadline) throw new Error(`only ${ready} of ${wanted} partitions are led and placed after ${SETUP_TIMEOUT_MS / 1000} s`);
      // Polling scans compete with the brokers for CPU: keep them rare.
      await sleep(15_000);
    }

    const warm = await readCluster(parsed.value);
    const partitions = warm.topics.filter((t) => t.name.startsWith("bench-")).reduce((n, t) => n + t.partitions.length, 0);
    const placed = warm.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas)).filter((r) => r.logDir !== null).length;
    const allSeconds: number[] = [];
    for (let i = 0; i < TIMED_SCANS; i++) {
      const started = performance.now();
      await readCluster(parsed.value);
      allSeconds.push((performance.now() - started) / 1000);
    }
    const sorted = [...allSeconds].sort((a, b) => a - b);
    return {
      partitions,
      replicas: placed,
      seconds: sorted[Math.floor(sorted.length / 2)]!,
      allSeconds,
      kafkaVersion: cluster.version,
    };
  } finally {
    await cluster.stop();
    if (BASE_DIR.startsWith("/dev/shm/")) rmSync(BASE_DIR, { recursive: true, force: true });
  }
}
