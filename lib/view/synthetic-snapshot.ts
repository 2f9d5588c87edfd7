/**
 * Synthetic clusters for the UI benchmark and visual checks: any number of brokers, dirs and topics,
 * deterministic for a seed. Sizes are skewed (a few large partitions, many small); about 1 % of dirs
 * are offline, 1 % cordoned, 2 % of unknown capacity, 1 in 200 brokers unreachable and 1 in 200
 * replicas moving to another dir, so every cell style of the heatmaps is exercised.
 */
import type { ClusterSnapshot, Topic } from "@/lib/model/snapshot";

export interface SyntheticOptions {
  brokers: number;
  dirsPerBroker: number;
  topics: number;
  /** Partitions per topic are drawn from 1..maxPartitions. */
  maxPartitions: number;
  replicationFactor: number;
  seed?: number;
}

/** mulberry32: a tiny seedable PRNG; quality is plenty for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GiB = 1024 ** 3;
/** 4 TiB: a common data disk. */
const DISK_BYTES = 4096 * GiB;

export function syntheticSnapshot(options: SyntheticOptions): ClusterSnapshot {
  const { brokers: nBrokers, dirsPerBroker, topics: nTopics, maxPartitions, replicationFactor, seed = 7 } = options;
  const random = seededRandom(seed);
  const used = new Map<string, number>();
  const brokers = Array.from({ length: nBrokers }, (_, b) => ({
    id: b + 1,
    rack: `rack-${(b % 3) + 1}`,
    host: `kafka-${b + 1}.bench.internal`,
    port: 9092,
    state: b % 200 === 199 ? ("unreachable" as const) : ("online" as const),
    error: b % 200 === 199 ? "connection refused" : null,
    logDirs: Array.from({ length: dirsPerBroker }, (_, d) => {
      const roll = random();
      const state = roll < 0.01 ? ("offline" as const) : roll < 0.02 ? ("cordoned" as const) : ("online" as const);
      const known = random() > 0.02;
      return { path: `/data/d${d + 1}`, totalBytes: known ? DISK_BYTES : null, usableBytes: known ? DISK_BYTES : null, state, error: state === "offline" ? "KafkaStorageException" : null };
    }),
  }));
  const rf = Math.min(replicationFactor, nBrokers);
  const topics: Topic[] = Array.from({ length: nTopics }, (_, t) => {
    const partitions = 1 + Math.floor(random() * maxPartitions);
    const start = Math.floor(random() * nBrokers);
    // Squared uniform: most partitions small, a few large (up to 64 GiB).
    const scale = random() ** 2 * 64 * GiB;
    return {
      name: t === 0 ? "__consumer_offsets" : `topic-${String(t).padStart(4, "0")}`,
      internal: t === 0,
      topicId: null,
      partitions: Array.from({ length: partitions }, (_, p) => {
        const replicas = Array.from({ length: rf }, (_, r) => {
          const broker = brokers[(start + p + r * (1 + (t % 3))) % nBrokers]!;
          const dir = broker.logDirs[Math.floor(random() * dirsPerBroker)]!;
          const size = Math.floor(random() * scale);
          const key = `${broker.id}:${dir.path}`;
          used.set(key, (used.get(key) ?? 0) + size);
          const moving = dirsPerBroker > 1 && random() < 0.005;
          const target = broker.logDirs[(broker.logDirs.indexOf(dir) + 1) % dirsPerBroker]!;
          const future = moving ? { logDir: target.path, sizeBytes: Math.floor(size / 2), offsetLag: 1000 } : null;
          return { broker: broker.id, logDir: dir.path, sizeBytes: size, offsetLag: 0, future };
        });
        const ids = [...new Set(replicas.map((r) => r.broker))];
        return { id: p, replicas: replicas.filter((r, i) => ids.indexOf(r.broker) === i), leader: ids[0]!, isr: ids, adding: [], removing: [], offline: [] };
      }),
    };
  });
  for (const b of brokers) {
    for (const d of b.logDirs) {
      if (d.totalBytes !== null) d.usableBytes = Math.max(0, d.totalBytes - (used.get(`${b.id}:${d.path}`) ?? 0));
    }
  }
  return {
    schema: 1,
    capturedAt: "2026-01-05T09:00:00.000Z",
    source: { kind: "scenario", label: `Synthetic ${nBrokers} brokers × ${dirsPerBroker} dirs, ${nTopics} topics`, kafkaVersion: "4.4.0", clusterId: "synthetic", warnings: [] },
    brokers,
    topics,
    throttles: { defaults: { leader: null, follower: null, alterLogDirs: null }, brokers: [], topics: [], reassignments: [] },
  };
}
