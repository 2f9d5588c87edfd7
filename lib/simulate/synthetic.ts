/**
 * Synthetic clusters for benchmarks, property tests, the simulator's "try it at scale" base and the
 * UI benchmark: many brokers, dirs and replicas with varied sizes and a configurable dir skew.
 * Deterministic for a seed (java.util.Random), no clock.
 *
 * Shape: brokers 1..N in `racks` racks (broker id mod racks); RF-3 partitions in topics of
 * `partitionsPerTopic` partitions, replicas on brokers p, p+⌊N/3⌋, p+⌊2N/3⌋ (distinct racks when N/3 is
 * not a multiple of the rack count); sizes log-normal around `meanReplicaBytes`; a replica lands in
 * dir i of its broker with weight (i+1)^skew, so higher dirs fill up (skew 0 = uniform). A replica
 * holds at most 2^53 − 1 bytes, so any finite `meanReplicaBytes` (up to 1e308) gives finite sizes and
 * capacities.
 *
 * `mixedStates` adds every state a heatmap cell can show, at fixed positions (no random draws, so the
 * sizes and placement stay those of the same options without it): 1 in 100 dirs offline, 1 in 100
 * cordoned, 2 in 100 of unknown capacity, 1 in 200 brokers unreachable, 1 in 200 replicas moving to
 * the next dir of its broker, and the first topic is `__consumer_offsets` (internal).
 */
import { JavaRandom } from "../placement";
import type { ClusterSnapshot, LogDir, Topic } from "../model/snapshot";

export interface SyntheticOptions {
  brokers: number;
  dirsPerBroker: number;
  replicas: number;
  racks?: number;
  seed?: number;
  meanReplicaBytes?: number;
  skew?: number;
  /** Mean dir utilisation the capacities are sized for (default 0.4). */
  meanUtilization?: number;
  /** Partitions per topic (default 100); the last topic holds what is left. */
  partitionsPerTopic?: number;
  /** Every dir, broker and replica state a heatmap shows, at fixed positions (default false). */
  mixedStates?: boolean;
}

const UNIT = 1 << 30;
/** 2^53 − 1: the largest byte count a double holds exactly; sizes are capped there so sums stay finite. */
const MAX_REPLICA_BYTES = Number.MAX_SAFE_INTEGER;

/** The state of dir `k` (broker index × dirs per broker + dir index) under `mixedStates`. */
function mixedDirState(k: number): { state: LogDir["state"]; known: boolean } {
  const state = k % 100 === 50 ? "offline" : k % 100 === 75 ? "cordoned" : "online";
  return { state, known: k % 50 !== 13 };
}

export function syntheticCluster(options: SyntheticOptions): ClusterSnapshot {
  const { brokers: n, dirsPerBroker: d, replicas: total } = options;
  const racks = options.racks ?? 10;
  const random = new JavaRandom(options.seed ?? 1);
  const mean = options.meanReplicaBytes ?? 1024 ** 3;
  const skew = options.skew ?? 1;
  const perTopic = options.partitionsPerTopic ?? 100;
  const mixed = options.mixedStates ?? false;
  const rf = Math.min(3, n);
  const partitions = Math.ceil(total / rf);
  const stride = Math.max(1, Math.floor(n / rf));
  const weights = Array.from({ length: d }, (_, i) => (i + 1) ** skew);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const uniform = () => (random.nextInt(UNIT) + 0.5) / UNIT;
  const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const pickDir = () => {
    let x = uniform() * weightSum;
    for (let i = 0; i < d; i++) {
      x -= weights[i]!;
      if (x <= 0) return i;
    }
    return d - 1;
  };
  const dirBytes = Array.from({ length: n }, () => new Array<number>(d).fill(0));
  const topics: Topic[] = [];
  let placed = 0;
  for (let p = 0; p < partitions; p++) {
    const topicIndex = Math.floor(p / perTopic);
    if (!topics[topicIndex]) {
      const offsets = mixed && topicIndex === 0;
      topics[topicIndex] = { name: offsets ? "__consumer_offsets" : `topic-${String(topicIndex).padStart(4, "0")}`, internal: offsets, topicId: null, partitions: [] };
    }
    // Log-normal with σ = 1, scaled so the mean is `mean`: exp(μ + σ²/2) = mean.
    const size = Math.min(MAX_REPLICA_BYTES, Math.round(mean * Math.exp(gaussian() - 0.5)));
    const count = Math.min(rf, total - placed);
    const replicas = Array.from({ length: count }, (_, k) => {
      const brokerIndex = (p + k * stride) % n;
      const dir = pickDir();
      dirBytes[brokerIndex]![dir]! += size;
      const moving = mixed && d > 1 && (placed + k) % 200 === 199;
      const future = moving ? { logDir: `/data/d${((dir + 1) % d) + 1}`, sizeBytes: Math.floor(size / 2), offsetLag: 1000 } : null;
      return { broker: brokerIndex + 1, logDir: `/data/d${dir + 1}`, sizeBytes: size, offsetLag: 0, future };
    });
    placed += count;
    const ids = replicas.map((r) => r.broker);
    topics[topicIndex]!.partitions.push({ id: p % perTopic, replicas, leader: ids[0]!, isr: ids, adding: [], removing: [], offline: [] });
  }
  const perBroker = dirBytes.map((dirs) => dirs.reduce((a, b) => a + b, 0));
  const meanBroker = perBroker.reduce((a, b) => a + b, 0) / n;
  const capacity = Math.ceil(meanBroker / d / (options.meanUtilization ?? 0.4));
  return {
    schema: 1,
    capturedAt: "2026-01-01T00:00:00.000Z",
    source: { kind: "scenario", label: `synthetic ${n}×${d}, ${total} replicas`, kafkaVersion: null, clusterId: null, warnings: [] },
    brokers: Array.from({ length: n }, (_, i) => {
      const unreachable = mixed && i % 200 === 199;
      return {
        id: i + 1,
        rack: `rack-${i % racks}`,
        host: null,
        port: null,
        state: unreachable ? ("unreachable" as const) : ("online" as const),
        error: unreachable ? "connection refused" : null,
        logDirs: Array.from({ length: d }, (_, j) => {
          const { state, known } = mixed ? mixedDirState(i * d + j) : { state: "online" as const, known: true };
          return {
            path: `/data/d${j + 1}`,
            totalBytes: known ? capacity : null,
            usableBytes: known ? Math.max(0, capacity - dirBytes[i]![j]!) : null,
            state,
            error: state === "offline" ? "KafkaStorageException" : null,
          };
        }),
      };
    }),
    topics,
    throttles: { defaults: { leader: null, follower: null, alterLogDirs: null }, brokers: [], topics: [], reassignments: [] },
  };
}
