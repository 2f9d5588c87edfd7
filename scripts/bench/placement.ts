/**
 * Placement benchmark (DESIGN.md §6): Kafka's broker placement plus Kafka's log-dir rule at cluster scale.
 *
 * (a) 1,000,000 replicas (rf 3 → 333,334 partitions, created as topics of 100 partitions, as a cluster sees them)
 *     onto 1,000 brokers × 12 log dirs in 10 racks, once per broker policy (KRaft StripedReplicaPlacer, ZooKeeper
 *     AdminUtils), each replica's dir picked by a LogDirChooser per broker (next() then add()). `seconds` is the
 *     KRaft run with the Kafka 4.3+ dir rule; target < 1 s.
 * (b) 100,000 replicas over 100 brokers × 4 dirs: the incremental LogDirChooser against the literal nextLogDirs
 *     port that regroups every log per call, on the same broker sequence; both must make identical choices.
 *     Target: at least 20× faster.
 *
 * Timings use the clock here, outside lib/: the core stays clock-free. Each figure is the fastest of a few runs after
 * a small warm-up (the usual way to read a benchmark on a shared machine); `cpuSeconds` beside it is the process CPU
 * time of that run, which shows how much of the wall time was spent waiting for a core.
 */
import { JavaRandom, LogDirChooser, StripedReplicaPlacer, assignReplicasToBrokers, nextLogDirsLiteral, type TieOrder, type UsableBroker } from "../../lib/placement";

const SEED = 20_241_025;
const BROKERS = 1_000;
const DIRS = 12;
const RACKS = 10;
const RF = 3;
const PARTITIONS = 333_334; // ceil(1,000,000 / 3)
const TOPIC_PARTITIONS = 100;
const RUNS = 3;

const LITERAL_BROKERS = 100;
const LITERAL_DIRS = 4;
const LITERAL_REPLICAS = 100_000;

type BrokerPolicy = "kraft-striped" | "zk-admin-utils";

export interface PolicyFigures {
  seconds: number;
  cpuSeconds: number;
  replicasPerSecond: number;
  /** Largest (max − min) log count across the dirs of one broker; Kafka's count rule keeps it at most 1. */
  maxDirSpread: number;
  replicasPerBroker: { min: number; max: number };
}

export interface PlacementBenchFigures {
  replicas: number;
  partitions: number;
  topics: number;
  brokers: number;
  dirs: number;
  racks: number;
  replicationFactor: number;
  /** KRaft striped placement + Kafka 4.3+ dir rule over the 1M replicas (target < 1 s). */
  seconds: number;
  cpuSeconds: number;
  replicasPerSecond: number;
  policies: Record<string, PolicyFigures>;
  literal: {
    replicas: number;
    brokers: number;
    dirs: number;
    incrementalSeconds: number;
    literalSeconds: number;
    identicalChoices: boolean;
  };
  /** literalSeconds / incrementalSeconds (target ≥ 20). */
  speedupOverLiteral: number;
  targets: { secondsBelow: number; speedupAtLeast: number };
  meetsTargets: boolean;
}

function dirPaths(n: number): string[] {
  return Array.from({ length: n }, (_, d) => `/data/d${d}`);
}

function clusterBrokers(n: number, racks: number): UsableBroker[] {
  // Brokers 0..n-1 in id order: the controller's HashMap<Integer, …> of small ids iterates in id order.
  return Array.from({ length: n }, (_, id) => ({ id, rack: `rack-${id % racks}`, fenced: false }));
}

function topicSizes(partitions: number, perTopic: number): number[] {
  const sizes: number[] = [];
  for (let left = partitions; left > 0; left -= perTopic) sizes.push(Math.min(perTopic, left));
  return sizes;
}

/** Places `partitions` partitions with one policy and puts every replica in its broker's least-loaded dir. */
interface ClusterRun {
  seconds: number;
  cpuSeconds: number;
  choosers: LogDirChooser[];
  replicas: number;
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function runCluster(policy: BrokerPolicy, tieOrder: TieOrder, partitions: number): ClusterRun {
  const brokers = clusterBrokers(BROKERS, RACKS);
  const metadata = brokers.map((b) => ({ id: b.id, rack: b.rack }));
  const dirs = dirPaths(DIRS);
  const random = new JavaRandom(SEED);
  const placer = new StripedReplicaPlacer(random);
  let replicas = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const choosers = brokers.map(() => new LogDirChooser(dirs, { tieOrder }));
  const place = (replicaList: readonly number[]): void => {
    for (let i = 0; i < replicaList.length; i++) {
      const chooser = choosers[replicaList[i] as number] as LogDirChooser;
      chooser.add(chooser.next());
    }
    replicas += replicaList.length;
  };
  for (const size of topicSizes(partitions, TOPIC_PARTITIONS)) {
    if (policy === "kraft-striped") {
      for (const replicaList of placer.place({ numPartitions: size, numReplicas: RF }, brokers)) place(replicaList);
    } else {
      for (const replicaList of assignReplicasToBrokers(metadata, size, RF, { random }).values()) place(replicaList);
    }
  }
  return { seconds: (performance.now() - start) / 1000, cpuSeconds: cpuSecondsSince(cpuStart), choosers, replicas };
}

function measurePolicy(policy: BrokerPolicy, tieOrder: TieOrder): PolicyFigures {
  runCluster(policy, tieOrder, 10_000); // warm-up
  const runs = Array.from({ length: RUNS }, () => runCluster(policy, tieOrder, PARTITIONS));
  const { seconds, cpuSeconds, choosers, replicas } = runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  let maxDirSpread = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const chooser of choosers) {
    const counts = chooser.liveDirs().map((d) => chooser.count(d));
    maxDirSpread = Math.max(maxDirSpread, Math.max(...counts) - Math.min(...counts));
    const total = counts.reduce((a, b) => a + b, 0);
    min = Math.min(min, total);
    max = Math.max(max, total);
  }
  return { seconds, cpuSeconds, replicasPerSecond: replicas / seconds, maxDirSpread, replicasPerBroker: { min, max } };
}

/** The broker of each of the first `replicas` replicas of a striped placement over `brokers` brokers. */
function brokerSequence(brokers: number, replicas: number): Int32Array {
  const placer = new StripedReplicaPlacer(new JavaRandom(SEED));
  const cluster = clusterBrokers(brokers, RACKS);
  const seq = new Int32Array(replicas);
  let i = 0;
  while (i < replicas) {
    for (const replicaList of placer.place({ numPartitions: TOPIC_PARTITIONS, numReplicas: RF }, cluster)) {
      for (const b of replicaList) if (i < replicas) seq[i++] = b;
    }
  }
  return seq;
}

function runIncremental(seq: Int32Array, dirs: string[]): { seconds: number; choices: string[] } {
  const choices = new Array<string>(seq.length);
  const start = performance.now();
  const choosers = Array.from({ length: LITERAL_BROKERS }, () => new LogDirChooser(dirs));
  for (let i = 0; i < seq.length; i++) {
    const chooser = choosers[seq[i] as number] as LogDirChooser;
    const dir = chooser.next();
    chooser.add(dir);
    choices[i] = dir;
  }
  return { seconds: (performance.now() - start) / 1000, choices };
}

function runLiteral(seq: Int32Array, dirs: string[]): { seconds: number; choices: string[] } {
  const choices = new Array<string>(seq.length);
  const start = performance.now();
  const logs = Array.from({ length: LITERAL_BROKERS }, () => [] as { parentDir: string }[]);
  for (let i = 0; i < seq.length; i++) {
    const brokerLogs = logs[seq[i] as number] as { parentDir: string }[];
    const dir = nextLogDirsLiteral(dirs, brokerLogs)[0] as string;
    brokerLogs.push({ parentDir: dir });
    choices[i] = dir;
  }
  return { seconds: (performance.now() - start) / 1000, choices };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

export async function benchPlacement(): Promise<PlacementBenchFigures> {
  const policies: Record<string, PolicyFigures> = {
    "kraft-striped": measurePolicy("kraft-striped", "config"),
    "zk-admin-utils": measurePolicy("zk-admin-utils", "config"),
    "kraft-striped/scala-hash": measurePolicy("kraft-striped", "scala-hash"),
  };
  const kraft = policies["kraft-striped"] as PolicyFigures;

  const seq = brokerSequence(LITERAL_BROKERS, LITERAL_REPLICAS);
  const dirs = dirPaths(LITERAL_DIRS);
  runIncremental(seq.subarray(0, 5_000), dirs); // warm-up
  const incrementalRuns = Array.from({ length: 5 }, () => runIncremental(seq, dirs));
  // Median for the short incremental run (a few ms), against one long literal run: no best-of-N flattery.
  const incrementalSeconds = median(incrementalRuns.map((r) => r.seconds));
  runLiteral(seq.subarray(0, 5_000), dirs); // warm-up
  const literal = runLiteral(seq, dirs);
  const reference = (incrementalRuns[0] as { choices: string[] }).choices;
  const identicalChoices = reference.every((d, i) => d === literal.choices[i]);
  const speedupOverLiteral = literal.seconds / incrementalSeconds;

  const targets = { secondsBelow: 1, speedupAtLeast: 20 };
  return {
    replicas: PARTITIONS * RF,
    partitions: PARTITIONS,
    topics: topicSizes(PARTITIONS, TOPIC_PARTITIONS).length,
    brokers: BROKERS,
    dirs: DIRS,
    racks: RACKS,
    replicationFactor: RF,
    seconds: kraft.seconds,
    cpuSeconds: kraft.cpuSeconds,
    replicasPerSecond: kraft.replicasPerSecond,
    policies,
    literal: {
      replicas: LITERAL_REPLICAS,
      brokers: LITERAL_BROKERS,
      dirs: LITERAL_DIRS,
      incrementalSeconds,
      literalSeconds: literal.seconds,
      identicalChoices,
    },
    speedupOverLiteral,
    targets,
    meetsTargets:
      kraft.seconds < targets.secondsBelow &&
      (policies["zk-admin-utils"] as PolicyFigures).seconds < targets.secondsBelow &&
      speedupOverLiteral >= targets.speedupAtLeast &&
      identicalChoices,
  };
}
