/**
 * Known clusters from outside this project, recreated as test inputs (issue #15, item 4).
 *
 * Every fixture here is our own code that rebuilds a *published shape*: the test clusters of LinkedIn's
 * Cruise Control (https://github.com/linkedin/cruise-control, read at commit dadba67e2) and the JBOD example
 * of Strimzi's documentation. Nothing is copied; each builder names the file and function whose shape it
 * follows and what it simplifies.
 *
 * What Cruise Control models and we do not: CPU, network in and network out per replica, and a disk load per
 * replica that may differ between the leader and its followers. We keep what a Kafka Balance snapshot holds:
 * brokers, racks, log dirs and their capacities, partitions with their replica lists (preferred leader first),
 * current leaders, ISR, each replica's dir and its size in bytes. Cruise Control's disk unit is the MB of
 * 2^20 bytes (its HolderUtils.BYTES_IN_MB), so "100 MB" becomes 100 × 2^20 bytes.
 *
 * Pure: no I/O, no clock; the random generator takes its randomness as a parameter.
 */
import { JavaRandom, type RandomSource } from "@/lib/placement";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { cluster, type BrokerSpec, type PartitionSpec } from "./snapshots";

/** Cruise Control's disk unit (HolderUtils.BYTES_IN_MB). */
export const CC_MB = 1024 * 1024;
const mb = (x: number) => Math.round(x * CC_MB);

/** What a fixture is documented to hold, checked by tests/unit/plan/known-clusters.test.ts. */
export interface KnownShape {
  brokers: number;
  /** Log dirs over all brokers. */
  dirs: number;
  partitions: number;
  replicas: number;
}

export interface KnownCluster {
  name: string;
  /** Repository, file and function the shape comes from. */
  source: string;
  build: () => ClusterSnapshot;
  shape: KnownShape;
}

// ---------------------------------------------------------------------------------------------------------
// Cruise Control's DeterministicCluster
// cruise-control/src/test/java/com/linkedin/kafka/cruisecontrol/common/DeterministicCluster.java, with the
// capacities of common/TestConstants.java: BROKER_CAPACITY (DISK 300,000 MB per broker) for the single-disk
// clusters and DISK_CAPACITY (/mnt/i00 and /mnt/i01, 150,000 MB each) for the JBOD ones. A single-disk broker
// gets one log dir, /tmp/kafka-logs (the path Cruise Control's own JBOD capacity file gives broker 0).
// Racks keep Cruise Control's names ("0", "1", …). Every broker runs Kafka 4.4 unless said otherwise.
// ---------------------------------------------------------------------------------------------------------

/** TestConstants.LARGE_BROKER_CAPACITY: broker disk capacity and the unit of most replica loads (MB). */
const LARGE = 300_000;
const SINGLE_DIR = "/tmp/kafka-logs";
const I00 = "/mnt/i00";
const I01 = "/mnt/i01";

/** DeterministicCluster.RACK_BY_BROKER and RACK_BY_BROKER2. */
const RACK_BY_BROKER: Record<number, number> = { 0: 0, 1: 0, 2: 1 };
const RACK_BY_BROKER2: Record<number, number> = { 0: 0, 1: 1, 2: 1 };

/** getHomogeneousCluster(rackByBroker, BROKER_CAPACITY, null): one 300,000 MB dir per broker. */
function singleDirBrokers(rackByBroker: Record<number, number>, dead: number[] = []): BrokerSpec[] {
  return Object.entries(rackByBroker).map(([id, rack]) => ({
    id: Number(id),
    rack: String(rack),
    ...(dead.includes(Number(id)) ? { state: "unreachable" as const } : {}),
    dirs: [{ path: SINGLE_DIR, totalBytes: mb(LARGE) }],
  }));
}

/** A partition whose replicas all sit in the broker's single dir; sizes in MB, one per replica. */
function single(topic: string, partition: number, replicas: [broker: number, sizeMb: number][], leader?: number): PartitionSpec {
  return {
    topic,
    partition,
    replicas: replicas.map(([b, size]) => [b, SINGLE_DIR, mb(size)]),
    ...(leader !== undefined ? { leader } : {}),
  };
}

/**
 * DeterministicCluster.smallClusterModel(TestConstants.BROKER_CAPACITY): 3 brokers on racks 0, 0, 1; topics
 * T1 (2 partitions) and T2 (3 partitions), RF 2, leader first; disk loads 75, 55, 5, 55 and 95 MB (the same
 * for leader and follower). CPU and network loads dropped.
 */
export function ccSmallCluster(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER),
    partitions: [
      single("T1", 0, [
        [0, 75],
        [2, 75],
      ]),
      single("T1", 1, [
        [1, 55],
        [0, 55],
      ]),
      single("T2", 0, [
        [1, 5],
        [2, 5],
      ]),
      single("T2", 1, [
        [0, 55],
        [2, 55],
      ]),
      single("T2", 2, [
        [0, 95],
        [1, 95],
      ]),
    ],
  });
}

/**
 * DeterministicCluster.mediumClusterModel(TestConstants.BROKER_CAPACITY): 3 brokers on racks 0, 0, 1; topics
 * A (3 partitions), B, C, D (1 each), RF 2. Cruise Control gives leader and follower different disk loads
 * here (A-0: 10 MB on broker 1, 4 MB on broker 0); we keep each replica's own size, so this fixture has
 * replicas of one partition with unequal sizes, as a lagging or compacting follower has.
 */
export function ccMediumCluster(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER),
    partitions: [
      single("A", 0, [
        [1, 10],
        [0, 4],
      ]),
      single("A", 1, [
        [0, 8],
        [2, 6],
      ]),
      single("A", 2, [
        [0, 6],
        [2, 3],
      ]),
      single("B", 0, [
        [1, 7],
        [2, 5],
      ]),
      single("C", 0, [
        [2, 4],
        [1, 4],
      ]),
      single("D", 0, [
        [1, 6],
        [2, 7],
      ]),
    ],
  });
}

/**
 * DeterministicCluster.unbalanced(): 3 brokers (racks 0, 0, 1), T1-0 and T2-0 with one replica each on
 * broker 0, 150,000 MB apiece — broker 0 is full (100% of its 300,000 MB), brokers 1 and 2 are empty.
 */
export function ccUnbalanced(): ClusterSnapshot {
  return cluster({ brokers: singleDirBrokers(RACK_BY_BROKER), partitions: unbalancedPartitions() });
}

function unbalancedPartitions(): PartitionSpec[] {
  return [single("T1", 0, [[0, LARGE / 2]]), single("T2", 0, [[0, LARGE / 2]])];
}

/**
 * DeterministicCluster.unbalanced2(): unbalanced() plus T1-1 on broker 1 and T2-1, T1-2, T2-2 on broker 0,
 * every replica 150,000 MB. As in Cruise Control, broker 0 holds 750,000 MB on a 300,000 MB disk (250%):
 * the cluster as a whole is exactly full, so no plan can bring every dir under the headroom.
 */
export function ccUnbalanced2(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER),
    partitions: [
      ...unbalancedPartitions(),
      single("T1", 1, [[1, LARGE / 2]]),
      single("T2", 1, [[0, LARGE / 2]]),
      single("T1", 2, [[0, LARGE / 2]]),
      single("T2", 2, [[0, LARGE / 2]]),
    ],
  });
}

/**
 * DeterministicCluster.unbalanced3(): 3 brokers (racks 0, 0, 1), T1-0 and T2-0 with replicas [1, 0] and the
 * leader on broker 0 — the leader is not the preferred (first) replica. 150,000 MB per replica.
 */
export function ccUnbalanced3(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER),
    partitions: [
      single(
        "T1",
        0,
        [
          [1, LARGE / 2],
          [0, LARGE / 2],
        ],
        0,
      ),
      single(
        "T2",
        0,
        [
          [1, LARGE / 2],
          [0, LARGE / 2],
        ],
        0,
      ),
    ],
  });
}

/** DeterministicCluster.unbalancedWithAFollower(): unbalanced() with a 150,000 MB follower of T1-0 on broker 2. */
export function ccUnbalancedWithAFollower(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER),
    partitions: [
      single("T1", 0, [
        [0, LARGE / 2],
        [2, LARGE / 2],
      ]),
      single("T2", 0, [[0, LARGE / 2]]),
    ],
  });
}

/**
 * DeterministicCluster.createUnbalanced(topics, n) behind unbalanced4() and unbalanced5(): 2 brokers on
 * racks 0 and 1, each with the two 150,000 MB JBOD disks /mnt/i00 and /mnt/i01; every topic has n
 * single-replica partitions, partitions 0–3 on broker 0 and the rest on broker 1, partition i in /mnt/i00
 * when i mod 4 < 2 else /mnt/i01, disk load 60,000 + 6,000 × (i/2 − 1.5) MB (LARGE/5 + LARGE/50 × (i/2 − 1.5)).
 */
function createUnbalanced(topics: string[], n: number): ClusterSnapshot {
  const partitions: PartitionSpec[] = [];
  for (const topic of topics) {
    for (let i = 0; i < n; i++) {
      const broker = i > 3 ? 1 : 0;
      const dir = i % 4 < 2 ? I00 : I01;
      partitions.push({ topic, partition: i, replicas: [[broker, dir, mb(LARGE / 5 + (LARGE / 50) * (i / 2 - 1.5))]] });
    }
  }
  const dirs = [
    { path: I00, totalBytes: mb(LARGE / 2) },
    { path: I01, totalBytes: mb(LARGE / 2) },
  ];
  return cluster({
    brokers: [
      { id: 0, rack: "0", dirs },
      { id: 1, rack: "1", dirs },
    ],
    partitions,
  });
}

/**
 * DeterministicCluster.unbalanced4(): the JBOD cluster of createUnbalanced with one topic T1 of 8 partitions.
 * Broker 0's dirs are at 70% and 78%, broker 1's at 86% and 94% (above an 85% headroom).
 */
export function ccUnbalanced4(): ClusterSnapshot {
  return createUnbalanced(["T1"], 8);
}

/**
 * DeterministicCluster.unbalanced5(): createUnbalanced with topics T1 and T2 of 14 partitions each. As in
 * Cruise Control (whose tests use it for replica-count goals only), broker 1 holds far more than its disks
 * (1,530,000 MB on 300,000 MB): an over-full cluster no plan can fit under the headroom.
 */
export function ccUnbalanced5(): ClusterSnapshot {
  return createUnbalanced(["T1", "T2"], 14);
}

/**
 * DeterministicCluster.rackAwareSatisfiable(): 3 brokers on racks 0, 0, 1 and one partition T1-0 with
 * replicas on brokers 0 and 1 — both on rack 0, which a move to broker 2 fixes. 75 MB per replica.
 */
export function ccRackAwareSatisfiable(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER),
    partitions: [
      single("T1", 0, [
        [0, 75],
        [1, 75],
      ]),
    ],
  });
}

/**
 * DeterministicCluster.rackAwareSatisfiable2(): racks 0, 1, 1 (RACK_BY_BROKER2) and T1-0 on brokers 0 and 2,
 * already on two racks. 75 MB per replica.
 */
export function ccRackAwareSatisfiable2(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER2),
    partitions: [
      single("T1", 0, [
        [0, 75],
        [2, 75],
      ]),
    ],
  });
}

/**
 * DeterministicCluster.rackAwareUnsatisfiable(): rackAwareSatisfiable() plus a third replica of T1-0 on
 * broker 2: three replicas on two racks, which no placement can spread over three.
 */
export function ccRackAwareUnsatisfiable(): ClusterSnapshot {
  return cluster({
    brokers: singleDirBrokers(RACK_BY_BROKER),
    partitions: [
      single("T1", 0, [
        [0, 75],
        [1, 75],
        [2, 75],
      ]),
    ],
  });
}

/**
 * DeterministicCluster.deadBroker(TestConstants.BROKER_CAPACITY): 5 brokers on 5 racks, topics T1 and T2 of
 * 4 partitions each, RF 2, disk loads 100, 90, 75 and 60 MB for partitions 0–3; broker 0 is DEAD, which a
 * snapshot shows as an unreachable broker: its two replicas (T1-3 and T2-3 followers) are out of the ISR.
 */
export function ccDeadBroker(): ClusterSnapshot {
  const racks = { 0: 0, 1: 1, 2: 2, 3: 3, 4: 4 };
  const load = [100, 90, 75, 60];
  const lists: Record<string, [number, number][]> = {
    T1: [
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 0],
    ],
    T2: [
      [1, 2],
      [1, 3],
      [1, 4],
      [3, 0],
    ],
  };
  const partitions = Object.entries(lists).flatMap(([topic, ps]) =>
    ps.map((brokers, p) => ({
      ...single(
        topic,
        p,
        brokers.map((b) => [b, load[p]!] as [number, number]),
      ),
      isr: brokers.filter((b) => b !== 0),
    })),
  );
  return cluster({ brokers: singleDirBrokers(racks, [0]), partitions });
}

// ---------------------------------------------------------------------------------------------------------
// Cruise Control's RandomCluster
// cruise-control/src/test/java/com/linkedin/kafka/cruisecontrol/model/RandomCluster.java (generate and
// populate), with the defaults of common/TestConstants.java (BASE_PROPERTIES and the seeds) and the broker
// capacities of src/test/resources/DefaultCapacityConfig.json (300,000 MB, broker 1: 150,000 MB) or, for
// JBOD, testCapacityConfigJBOD.json.
//
// The three distributions (TestConstants.Distribution) are how replicas are spread over brokers, not
// replica sizes: `uniform` draws a broker uniformly; `linear` draws v in [1, n(n+1)/2] and takes the bin b
// with b(b−1) < 2v ≤ b(b+1), so broker b−1 is drawn with weight b; `exponential` draws v in [1, n²] and
// takes the first bin with v ≤ b², so broker b−1 has weight 2b − 1. Sizes are exponential in every case:
// each topic draws a popularity p ~ Exp(mean 1), each replica a disk load ~ Exp(mean MEAN_DISK × p).
// ---------------------------------------------------------------------------------------------------------

export type CcDistribution = "uniform" | "linear" | "exponential";

export interface CcRandomClusterOptions {
  distribution: CcDistribution;
  /** ClusterProperty.NUM_BROKERS (default 40). */
  brokers?: number;
  /** ClusterProperty.NUM_RACKS (default 10). */
  racks?: number;
  /** ClusterProperty.NUM_REPLICAS (default 50,001), not counting TopicWithOneLeaderPerBroker. */
  replicas?: number;
  /** ClusterProperty.NUM_TOPICS (default 3,000). */
  topics?: number;
  /** ClusterProperty.MIN_REPLICATION / MAX_REPLICATION (default 3 and 3). */
  minReplication?: number;
  maxReplication?: number;
  /** ClusterProperty.MEAN_DISK in MB (default 100). */
  meanDiskMb?: number;
  /** populate(…, rackAware): no two replicas of a partition on one rack (default false, as RandomClusterTest). */
  rackAware?: boolean;
  /**
   * ClusterProperty.POPULATE_REPLICA_PLACEMENT_INFO: brokers get the JBOD disks of testCapacityConfigJBOD.json
   * (broker 0: one 2,000,000 MB dir; broker 1: 350,000 and 550,000 MB; broker 2: 350,000 to 950,000 MB in
   * four dirs; every other broker ten dirs, the first 400,000 MB and nine of 200,000 MB) and each replica is
   * put on a disk drawn uniformly, redrawn while it does not fit (default false).
   */
  jbod?: boolean;
  /** ClusterProperty.NUM_DEAD_BROKERS: brokers 0, 1, … are dead (unreachable in the snapshot). */
  deadBrokers?: number;
  /** ClusterProperty.NUM_BROKERS_WITH_BAD_DISK (JBOD only): the first disk of the first live brokers goes offline. */
  brokersWithBadDisk?: number;
  /**
   * Where the draws come from. Omitted: exactly as Cruise Control draws them (a fresh java.util.Random per
   * uniform draw, seeded with its constant plus an index; one stream each for topic popularity and disk
   * load), so broker placement and sizes are those of Cruise Control's own test cluster. Given: every draw
   * comes from this source instead — a different cluster of the same shape for every seed.
   */
  random?: RandomSource;
}

// TestConstants seeds.
const SEED_BASE = 3140;
const REPLICATION_SEED = 5234;
const LEADER_SEED = 72033;
const REPLICA_ASSIGNMENT_SEED = 1240;
const TOPIC_POPULARITY_SEED = 7234;
const DISK_UTILIZATION_SEED = 300000;
/** RandomCluster.TOPIC_WITH_ONE_LEADER_REPLICA_PER_BROKER: RF 2, one partition per broker, not counted in NUM_REPLICAS. */
export const CC_TOPIC_WITH_ONE_LEADER_PER_BROKER = "TopicWithOneLeaderPerBroker";

/** java.util.Random#nextDouble from nextInt: nextInt(2^k) is exactly next(k), so this is bit-exact for JavaRandom. */
function nextDouble(random: RandomSource): number {
  return (random.nextInt(1 << 26) * 2 ** 27 + random.nextInt(1 << 27)) / 2 ** 53;
}

/** RandomCluster.exponentialRandom: −mean × ln(1 − U). */
function exponential(mean: number, random: RandomSource): number {
  return -mean * Math.log(1 - nextDouble(random));
}

interface Draws {
  /** RandomCluster.uniformlyRandom(min, max, seed): an int in [min, max]. */
  uniform(min: number, max: number, seed: number): number;
  popularity: RandomSource;
  disk: RandomSource;
}

function ccDraws(random: RandomSource | undefined): Draws {
  if (random) return { uniform: (min, max) => random.nextInt(max - min + 1) + min, popularity: random, disk: random };
  return {
    uniform: (min, max, seed) => new JavaRandom(seed).nextInt(max - min + 1) + min,
    popularity: new JavaRandom(TOPIC_POPULARITY_SEED),
    disk: new JavaRandom(DISK_UTILIZATION_SEED),
  };
}

/** testCapacityConfigJBOD.json, in the order its JSON lists the dirs (MB). */
function jbodDirs(broker: number): { path: string; mb: number }[] {
  if (broker === 0) return [{ path: "/tmp/kafka-logs", mb: 2_000_000 }];
  if (broker === 1) return [350_000, 550_000].map((x, i) => ({ path: `/tmp/kafka-logs-${i + 1}`, mb: x }));
  if (broker === 2) return [350_000, 550_000, 750_000, 950_000].map((x, i) => ({ path: `/tmp/kafka-logs-${i + 1}`, mb: x }));
  return Array.from({ length: 10 }, (_, i) => ({ path: `/tmp/kafka-logs-${i + 1}`, mb: i === 0 ? 400_000 : 200_000 }));
}

/** The broker index drawn for a replica, as RandomCluster.populate maps a uniform draw for each distribution. */
function brokerFor(distribution: CcDistribution, n: number, seed: number, draws: Draws): number {
  if (distribution === "uniform") return draws.uniform(0, n - 1, seed);
  if (distribution === "linear") {
    const v = draws.uniform(1, (n * (n + 1)) / 2, seed);
    // Bin b holds 2v in ((b−1)b, b(b+1)]: the smallest b with b(b+1) ≥ 2v.
    let b = Math.max(1, Math.floor((Math.sqrt(8 * v + 1) - 1) / 2));
    while (b * (b + 1) < 2 * v) b++;
    while (b > 1 && (b - 1) * b >= 2 * v) b--;
    return b - 1;
  }
  const v = draws.uniform(1, n * n, seed);
  let b = Math.max(1, Math.ceil(Math.sqrt(v)));
  while (b * b < v) b++;
  while (b > 1 && (b - 1) * (b - 1) >= v) b--;
  return b - 1;
}

/**
 * A cluster of the shape RandomCluster.generate + populate builds. Simplifications, beyond dropping CPU and
 * network: every replica of a partition has the leader's size (Cruise Control draws each replica's disk load
 * independently, so its followers differ from their leader by a factor of e; the follower draws are still made,
 * so the leaders' sizes are Cruise Control's); JBOD disks are assigned in the order replicas were created and
 * a broker's disks are taken in the order the capacity file lists them (Cruise Control walks hash sets);
 * dead brokers are brokers 0, 1, … and bad disks the first disk of the first live brokers (Cruise Control
 * first picks brokers holding excluded topics, which this generator does not take). With replication factors
 * that differ, the last partitions may not add up to exactly NUM_REPLICAS (what is left is smaller than every
 * topic's factor): Cruise Control's fill loop then never ends; this one throws.
 */
export function ccRandomCluster(options: CcRandomClusterOptions): ClusterSnapshot {
  const n = options.brokers ?? 40;
  const numRacks = options.racks ?? 10;
  const target = options.replicas ?? 50_001;
  const numTopics = options.topics ?? 3_000;
  const minRf = options.minReplication ?? 3;
  const maxRf = options.maxReplication ?? 3;
  const meanDisk = options.meanDiskMb ?? 100;
  const rackAware = options.rackAware ?? false;
  const jbod = options.jbod ?? false;
  const dead = options.deadBrokers ?? 0;
  const badDisk = options.brokersWithBadDisk ?? 0;
  if (numRacks > n || n <= 0 || numRacks <= 0) throw new Error("RandomCluster: bad racks or brokers");
  if (minRf > maxRf || minRf < 2 || maxRf > n || numTopics <= 0 || numTopics > target || (minRf === maxRf && target % minRf !== 0)) {
    throw new Error("RandomCluster: bad replication, topic or replica counts");
  }
  if (dead + badDisk > n || (badDisk > 0 && !jbod)) throw new Error("RandomCluster: bad dead-broker or bad-disk counts (bad disks need jbod)");
  const draws = ccDraws(options.random);

  // generate(): brokers 0..racks−1 one per rack, the rest on a drawn rack.
  const rackOf = Array.from({ length: n }, (_, i) => (i < numRacks ? i : draws.uniform(0, numRacks - 1, SEED_BASE + i)));

  // populate(): replication factors, then partition ("leader") counts, then fill up to exactly NUM_REPLICAS.
  const rf = new Array<number>(numTopics).fill(1);
  const leaders = new Array<number>(numTopics).fill(1);
  let total = numTopics;
  for (let i = 0; i < numTopics; i++) {
    const r = draws.uniform(minRf, maxRf, REPLICATION_SEED + i);
    total += (r - rf[i]!) * leaders[i]!;
    rf[i] = r;
    if (total > target) {
      total += (minRf - rf[i]!) * leaders[i]!;
      rf[i] = minRf;
    }
  }
  const maxRandomLeaders = Math.floor(target / numTopics);
  for (let i = 0; i < numTopics; i++) {
    if (maxRandomLeaders < 2) break;
    const count = draws.uniform(2, maxRandomLeaders, LEADER_SEED + i);
    const next = total + (count - leaders[i]!) * rf[i]!;
    if (next <= target) {
      total = next;
      leaders[i] = count;
    }
  }
  while (total < target) {
    const before = total;
    for (let i = 0; i < numTopics; i++) {
      if (total + rf[i]! <= target) {
        leaders[i]!++;
        total += rf[i]!;
      }
      if (total === target) break;
    }
    if (total === before) throw new Error("RandomCluster: cannot reach the replica count with these replication factors");
  }

  // Replicas: broker drawn by the distribution, redrawn on a broker (or, rack-aware, rack) conflict.
  const topics: { name: string; rf: number; partitions: number }[] = [
    ...rf.map((r, i) => ({ name: `T${i}`, rf: r, partitions: leaders[i]! })),
    { name: CC_TOPIC_WITH_ONE_LEADER_PER_BROKER, rf: 2, partitions: n },
  ];
  const placed: { topic: string; partition: number; brokers: number[]; sizeMb: number }[] = [];
  let replicaIndex = 0;
  for (const topic of topics) {
    const popularity = exponential(1, draws.popularity);
    for (let p = 0; p < topic.partitions; p++) {
      const brokers: number[] = [];
      const racks = new Set<number>();
      let conflict = 0;
      let sizeMb = 0;
      for (let j = 0; j < topic.rf; j++) {
        let b = brokerFor(options.distribution, n, REPLICA_ASSIGNMENT_SEED + replicaIndex, draws);
        while (brokers.includes(b) || (rackAware && racks.has(rackOf[b]!))) {
          conflict++;
          if (conflict > 10_000_000) throw new Error("RandomCluster: no broker satisfies the placement");
          b = brokerFor(options.distribution, n, REPLICA_ASSIGNMENT_SEED + replicaIndex + conflict, draws);
        }
        const disk = exponential(meanDisk * popularity, draws.disk);
        if (j === 0) sizeMb = disk;
        brokers.push(b);
        racks.add(rackOf[b]!);
        replicaIndex++;
      }
      placed.push({ topic: topic.name, partition: p, brokers, sizeMb });
    }
  }

  // Disks: one 300,000 MB dir per broker (150,000 MB for broker 1), or the JBOD capacity file.
  const dirsOf = (b: number) => (jbod ? jbodDirs(b) : [{ path: SINGLE_DIR, mb: b === 1 ? 150_000 : LARGE }]);
  const dirOf = new Map<string, string>(); // "partitionIndex:broker" → dir
  if (jbod) {
    const replicasOn = Array.from({ length: n }, () => [] as number[]);
    placed.forEach((pl, k) => pl.brokers.forEach((b) => replicasOn[b]!.push(k)));
    for (let b = 0; b < n; b++) {
      const disks = dirsOf(b).map((d) => ({ ...d, used: 0 }));
      let conflict = 0;
      replicasOn[b]!.forEach((k, index) => {
        const size = placed[k]!.sizeMb;
        let d = draws.uniform(0, disks.length - 1, REPLICA_ASSIGNMENT_SEED + index);
        let tries = 0;
        while (disks[d]!.mb < disks[d]!.used + size) {
          conflict++;
          if (++tries > 100_000) throw new Error(`RandomCluster: no disk of broker ${b} fits a replica`);
          d = draws.uniform(0, disks.length - 1, REPLICA_ASSIGNMENT_SEED + index + conflict);
        }
        disks[d]!.used += size;
        dirOf.set(`${k}:${b}`, disks[d]!.path);
      });
    }
  }

  // markBrokenBrokers(): dead brokers first, then one bad disk on each of the next live brokers.
  const deadSet = new Set(Array.from({ length: dead }, (_, i) => i));
  const badDir = new Map<number, string>();
  for (let b = 0; b < n && badDir.size < badDisk; b++) if (!deadSet.has(b)) badDir.set(b, dirsOf(b)[0]!.path);

  const sizes = placed.map((pl) => mb(pl.sizeMb));
  return cluster({
    brokers: Array.from({ length: n }, (_, b) => ({
      id: b,
      rack: String(rackOf[b]),
      ...(deadSet.has(b) ? { state: "unreachable" as const } : {}),
      dirs: dirsOf(b).map((d) => ({ path: d.path, totalBytes: mb(d.mb), ...(badDir.get(b) === d.path ? { state: "offline" as const } : {}) })),
    })),
    partitions: placed.map((pl, k) => {
      const down = (b: number) => deadSet.has(b) || badDir.get(b) === (dirOf.get(`${k}:${b}`) ?? SINGLE_DIR);
      const isr = pl.brokers.filter((b) => !down(b));
      return {
        topic: pl.topic,
        partition: pl.partition,
        replicas: pl.brokers.map((b) => [b, dirOf.get(`${k}:${b}`) ?? SINGLE_DIR, sizes[k]!] as [number, string, number]),
        // A dead or bad-disk leader hands leadership to the first replica still in the ISR, as Kafka's controller does.
        leader: down(pl.brokers[0]!) ? (isr[0] ?? null) : pl.brokers[0]!,
        isr,
      };
    }),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Strimzi's JBOD disk-removal example
// strimzi/strimzi-kafka-operator, documentation/modules/cruise-control/proc-cruise-control-moving-data.adoc
// ("Using Cruise Control to reassign partitions on JBOD disks"): node pool pool-a of 3 brokers, each with three
// 2000Gi JBOD volumes mounted at /var/lib/kafka/data-<volume>/kafka-log<broker>; `kafka-log-dirs.sh` shows
// broker 0 holding my-topic-0 and -3 on volume 0, -1 and -4 on volume 1, -2 and -5 on volume 2, every replica
// of size 0. A `remove-disks` rebalance of volumes 1 and 2 of broker 0 leaves volume 0 with all six and the
// other two empty.
// Not published, and assumed here: replication factor 3 (all six partitions of a 6-partition topic are on
// broker 0 of 3); brokers 1 and 2 place partition p on volume p mod 3 as broker 0 does; replica lists
// rotate from broker p mod 3 (the leader), as a striped placement on one rack would.
// ---------------------------------------------------------------------------------------------------------

export const STRIMZI_DIR = (volume: number, broker: number) => `/var/lib/kafka/data-${volume}/kafka-log${broker}`;

export function strimziRemoveDisksExample(): ClusterSnapshot {
  const GiB = 1024 ** 3;
  const brokers = [0, 1, 2].map((id) => ({ id, dirs: [0, 1, 2].map((v) => ({ path: STRIMZI_DIR(v, id), totalBytes: 2000 * GiB })) }));
  const partitions: PartitionSpec[] = Array.from({ length: 6 }, (_, p) => ({
    topic: "my-topic",
    partition: p,
    replicas: [0, 1, 2].map((k) => {
      const b = (p + k) % 3;
      return [b, STRIMZI_DIR(p % 3, b), 0] as [number, string, number];
    }),
  }));
  return cluster({ brokers, partitions });
}

// ---------------------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------------------

const CC_DET = "linkedin/cruise-control cruise-control/src/test/java/com/linkedin/kafka/cruisecontrol/common/DeterministicCluster.java";
const CC_RANDOM = "linkedin/cruise-control cruise-control/src/test/java/com/linkedin/kafka/cruisecontrol/model/RandomCluster.java";

/** RandomClusterTest's base cluster: 40 brokers, 10 racks, 50,001 replicas in 3,000 RF-3 topics, plus 40 × 2. */
const CC_BASE_SHAPE: KnownShape = { brokers: 40, dirs: 40, partitions: 50_001 / 3 + 40, replicas: 50_001 + 80 };

export const KNOWN_CLUSTERS: KnownCluster[] = [
  { name: "cc-small", source: `${CC_DET} smallClusterModel`, build: ccSmallCluster, shape: { brokers: 3, dirs: 3, partitions: 5, replicas: 10 } },
  { name: "cc-medium", source: `${CC_DET} mediumClusterModel`, build: ccMediumCluster, shape: { brokers: 3, dirs: 3, partitions: 6, replicas: 12 } },
  { name: "cc-unbalanced", source: `${CC_DET} unbalanced`, build: ccUnbalanced, shape: { brokers: 3, dirs: 3, partitions: 2, replicas: 2 } },
  { name: "cc-unbalanced2", source: `${CC_DET} unbalanced2`, build: ccUnbalanced2, shape: { brokers: 3, dirs: 3, partitions: 6, replicas: 6 } },
  { name: "cc-unbalanced3", source: `${CC_DET} unbalanced3`, build: ccUnbalanced3, shape: { brokers: 3, dirs: 3, partitions: 2, replicas: 4 } },
  {
    name: "cc-unbalanced-with-a-follower",
    source: `${CC_DET} unbalancedWithAFollower`,
    build: ccUnbalancedWithAFollower,
    shape: { brokers: 3, dirs: 3, partitions: 2, replicas: 3 },
  },
  { name: "cc-unbalanced4-jbod", source: `${CC_DET} unbalanced4`, build: ccUnbalanced4, shape: { brokers: 2, dirs: 4, partitions: 8, replicas: 8 } },
  { name: "cc-unbalanced5-jbod", source: `${CC_DET} unbalanced5`, build: ccUnbalanced5, shape: { brokers: 2, dirs: 4, partitions: 28, replicas: 28 } },
  { name: "cc-rack-aware-satisfiable", source: `${CC_DET} rackAwareSatisfiable`, build: ccRackAwareSatisfiable, shape: { brokers: 3, dirs: 3, partitions: 1, replicas: 2 } },
  { name: "cc-rack-aware-satisfiable2", source: `${CC_DET} rackAwareSatisfiable2`, build: ccRackAwareSatisfiable2, shape: { brokers: 3, dirs: 3, partitions: 1, replicas: 2 } },
  { name: "cc-rack-aware-unsatisfiable", source: `${CC_DET} rackAwareUnsatisfiable`, build: ccRackAwareUnsatisfiable, shape: { brokers: 3, dirs: 3, partitions: 1, replicas: 3 } },
  { name: "cc-dead-broker", source: `${CC_DET} deadBroker`, build: ccDeadBroker, shape: { brokers: 5, dirs: 5, partitions: 8, replicas: 16 } },
  {
    name: "cc-random-uniform",
    source: `${CC_RANDOM} generate + populate, Distribution.UNIFORM, TestConstants.BASE_PROPERTIES`,
    build: () => ccRandomCluster({ distribution: "uniform" }),
    shape: CC_BASE_SHAPE,
  },
  {
    name: "cc-random-linear",
    source: `${CC_RANDOM} generate + populate, Distribution.LINEAR, TestConstants.BASE_PROPERTIES`,
    build: () => ccRandomCluster({ distribution: "linear" }),
    shape: CC_BASE_SHAPE,
  },
  {
    name: "cc-random-exponential",
    source: `${CC_RANDOM} generate + populate, Distribution.EXPONENTIAL, TestConstants.BASE_PROPERTIES`,
    build: () => ccRandomCluster({ distribution: "exponential" }),
    shape: CC_BASE_SHAPE,
  },
  {
    name: "cc-random-jbod",
    source: `${CC_RANDOM} with POPULATE_REPLICA_PLACEMENT_INFO (IntraBrokerRebalanceTest's jbodCluster, rack-aware), testCapacityConfigJBOD.json`,
    build: () => ccRandomCluster({ distribution: "uniform", jbod: true, rackAware: true }),
    // Broker 0: 1 dir, broker 1: 2, broker 2: 4, the other 37: 10.
    shape: { ...CC_BASE_SHAPE, dirs: 1 + 2 + 4 + 37 * 10 },
  },
  {
    name: "cc-random-jbod-unhealthy",
    source: `${CC_RANDOM} with POPULATE_REPLICA_PLACEMENT_INFO, 5 dead brokers and 5 with a bad disk (IntraBrokerRebalanceTest's unhealthyCluster)`,
    build: () => ccRandomCluster({ distribution: "uniform", jbod: true, rackAware: true, deadBrokers: 5, brokersWithBadDisk: 5 }),
    shape: { ...CC_BASE_SHAPE, dirs: 1 + 2 + 4 + 37 * 10 },
  },
  {
    name: "strimzi-remove-disks",
    source: "strimzi/strimzi-kafka-operator documentation/modules/cruise-control/proc-cruise-control-moving-data.adoc",
    build: strimziRemoveDisksExample,
    shape: { brokers: 3, dirs: 9, partitions: 6, replicas: 18 },
  },
];
