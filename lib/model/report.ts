/**
 * The balance report: what the dashboard, simulator and planner show about one snapshot.
 *
 * Definitions (the same everywhere in the product):
 * - A broker's `replicas` is the number of partition replicas it hosts (what Kafka tools call its
 *   partition count); `leaders` counts partitions it currently leads.
 * - A dir's `partitions` counts current replicas in it; `futureReplicas` counts `-future` copies being
 *   written into it (KIP-113). `logCount` = both, which is exactly what `LogManager.nextLogDirs` counts.
 * - A dir's `usedBytes` is `totalBytes − usableBytes` when the broker reports capacity (DescribeLogDirs
 *   v4), since that is what fills the disk; otherwise the replica bytes Kafka reports for it.
 *   `utilization` = usedBytes ÷ totalBytes, or null when capacity is unknown.
 * - Dir skew is measured within each broker (dirs of one broker compete for its partitions); the
 *   report's dir figure is the worst broker's. Offline dirs hold nothing usable and are left out.
 */
import type { ClusterSnapshot, LogDirState, BrokerState } from "./snapshot";
import { skewOf, type Skew } from "./skew";

export interface BrokerFigures {
  id: number;
  rack: string | null;
  state: BrokerState;
  replicas: number;
  leaders: number;
  bytes: number;
  /** Bytes of `-future` replicas being copied on this broker. */
  futureBytes: number;
  logDirs: number;
}

export interface DirFigures {
  broker: number;
  path: string;
  state: LogDirState;
  partitions: number;
  futureReplicas: number;
  logCount: number;
  bytes: number;
  futureBytes: number;
  totalBytes: number | null;
  usableBytes: number | null;
  usedBytes: number;
  utilization: number | null;
  /** This dir's bytes minus the mean of its broker's online dirs, as a share of that mean. */
  deviationFromBrokerMean: number;
}

export interface TopicFigures {
  name: string;
  internal: boolean;
  partitions: number;
  replicas: number;
  bytes: number;
  /** Replica count per broker, aligned with `BalanceReport.brokerIds`. */
  perBroker: number[];
  /** max ÷ mean of `perBroker` over the brokers in the report. */
  skew: number;
}

export interface DirKey {
  broker: number;
  path: string;
}

export interface BalanceReport {
  brokerIds: number[];
  brokers: BrokerFigures[];
  dirs: DirFigures[];
  topics: TopicFigures[];
  totals: {
    brokers: number;
    topics: number;
    partitions: number;
    replicas: number;
    bytes: number;
    /** Replicas whose dir Kafka did not report (imports without log-dir data, unreachable brokers). */
    replicasWithoutDir: number;
    /** Replicas assigned to brokers the snapshot does not list (e.g. a dead broker). */
    replicasOnUnknownBrokers: number;
    offlineDirs: number;
    unreachableBrokers: number;
  };
  skew: {
    brokerReplicas: Skew<number>;
    brokerLeaders: Skew<number>;
    brokerBytes: Skew<number>;
    /** Worst broker's dir-bytes skew. */
    dirBytes: Skew<DirKey>;
    /** Worst broker's dir-partition skew. */
    dirPartitions: Skew<DirKey>;
    /** Worst broker's utilisation skew (dirs with known capacity only). */
    dirUtilization: Skew<DirKey>;
    /** Per broker: skew of its online dirs by bytes. */
    dirBytesByBroker: Record<number, Skew<DirKey>>;
    dirPartitionsByBroker: Record<number, Skew<DirKey>>;
    /** The fullest dir in the cluster by utilisation, when any capacity is known. */
    fullestDir: (DirKey & { utilization: number }) | null;
  };
}

function worstOf(byBroker: Record<number, Skew<DirKey>>): Skew<DirKey> {
  let worst: Skew<DirKey> = skewOf<DirKey>([]);
  for (const skew of Object.values(byBroker)) {
    if (skew.count > 0 && (worst.count === 0 || skew.maxOverMean > worst.maxOverMean)) worst = skew;
  }
  return worst;
}

export function balanceReport(snapshot: ClusterSnapshot): BalanceReport {
  const brokerIds = snapshot.brokers.map((b) => b.id).sort((a, b) => a - b);
  const brokerIndex = new Map<number, number>(brokerIds.map((id, i) => [id, i]));
  const brokers: BrokerFigures[] = brokerIds.map((id) => {
    const b = snapshot.brokers.find((x) => x.id === id)!;
    return { id, rack: b.rack, state: b.state, replicas: 0, leaders: 0, bytes: 0, futureBytes: 0, logDirs: b.logDirs.length };
  });
  const dirs: DirFigures[] = [];
  const dirIndexByBroker = new Map<number, Map<string, number>>();
  const dirIndexOf = (broker: number, path: string | null) => (path === null ? undefined : dirIndexByBroker.get(broker)?.get(path));
  for (const id of brokerIds) {
    const b = snapshot.brokers.find((x) => x.id === id)!;
    const own = new Map<string, number>();
    dirIndexByBroker.set(id, own);
    for (const d of b.logDirs) {
      own.set(d.path, dirs.length);
      dirs.push({
        broker: id,
        path: d.path,
        state: d.state,
        partitions: 0,
        futureReplicas: 0,
        logCount: 0,
        bytes: 0,
        futureBytes: 0,
        totalBytes: d.totalBytes,
        usableBytes: d.usableBytes,
        usedBytes: 0,
        utilization: null,
        deviationFromBrokerMean: 0,
      });
    }
  }

  let partitions = 0;
  let replicas = 0;
  let totalBytes = 0;
  let replicasWithoutDir = 0;
  let replicasOnUnknownBrokers = 0;
  const topics: TopicFigures[] = [];
  for (const topic of snapshot.topics) {
    const perBroker = new Array<number>(brokerIds.length).fill(0);
    let topicReplicas = 0;
    let topicBytes = 0;
    for (const partition of topic.partitions) {
      partitions += 1;
      if (partition.leader !== null) {
        const li = brokerIndex.get(partition.leader);
        if (li !== undefined) brokers[li]!.leaders += 1;
      }
      for (const replica of partition.replicas) {
        replicas += 1;
        topicReplicas += 1;
        const size = replica.sizeBytes ?? 0;
        totalBytes += size;
        topicBytes += size;
        const bi = brokerIndex.get(replica.broker);
        if (bi === undefined) {
          replicasOnUnknownBrokers += 1;
          continue;
        }
        perBroker[bi]! += 1;
        const broker = brokers[bi]!;
        broker.replicas += 1;
        broker.bytes += size;
        const di = dirIndexOf(replica.broker, replica.logDir);
        if (di === undefined) {
          replicasWithoutDir += 1;
        } else {
          const dir = dirs[di]!;
          dir.partitions += 1;
          dir.logCount += 1;
          dir.bytes += size;
        }
        if (replica.future) {
          const fsize = replica.future.sizeBytes ?? 0;
          broker.futureBytes += fsize;
          const fi = dirIndexOf(replica.broker, replica.future.logDir);
          if (fi !== undefined) {
            const fdir = dirs[fi]!;
            fdir.futureReplicas += 1;
            fdir.logCount += 1;
            fdir.futureBytes += fsize;
          }
        }
      }
    }
    let max = 0;
    let sum = 0;
    for (const v of perBroker) {
      sum += v;
      if (v > max) max = v;
    }
    const mean = perBroker.length > 0 ? sum / perBroker.length : 0;
    topics.push({
      name: topic.name,
      internal: topic.internal,
      partitions: topic.partitions.length,
      replicas: topicReplicas,
      bytes: topicBytes,
      perBroker,
      skew: mean > 0 ? max / mean : 1,
    });
  }

  for (const dir of dirs) {
    if (dir.totalBytes !== null && dir.usableBytes !== null) {
      dir.usedBytes = Math.max(0, dir.totalBytes - dir.usableBytes);
    } else {
      dir.usedBytes = dir.bytes + dir.futureBytes;
    }
    dir.utilization = dir.totalBytes !== null && dir.totalBytes > 0 ? dir.usedBytes / dir.totalBytes : null;
  }

  const dirBytesByBroker: Record<number, Skew<DirKey>> = {};
  const dirPartitionsByBroker: Record<number, Skew<DirKey>> = {};
  const dirUtilizationByBroker: Record<number, Skew<DirKey>> = {};
  for (const id of brokerIds) {
    const own = dirs.filter((d) => d.broker === id && d.state !== "offline");
    const key = (d: DirFigures): DirKey => ({ broker: d.broker, path: d.path });
    dirBytesByBroker[id] = skewOf(own.map((d) => [key(d), d.bytes] as const));
    dirPartitionsByBroker[id] = skewOf(own.map((d) => [key(d), d.partitions] as const));
    dirUtilizationByBroker[id] = skewOf(
      own.filter((d) => d.utilization !== null).map((d) => [key(d), d.utilization!] as const),
    );
    const mean = dirBytesByBroker[id]!.mean;
    for (const d of own) d.deviationFromBrokerMean = mean > 0 ? (d.bytes - mean) / mean : 0;
  }

  let fullestDir: BalanceReport["skew"]["fullestDir"] = null;
  for (const d of dirs) {
    if (d.utilization !== null && d.state !== "offline" && (fullestDir === null || d.utilization > fullestDir.utilization)) {
      fullestDir = { broker: d.broker, path: d.path, utilization: d.utilization };
    }
  }

  return {
    brokerIds,
    brokers,
    dirs,
    topics,
    totals: {
      brokers: brokers.length,
      topics: snapshot.topics.length,
      partitions,
      replicas,
      bytes: totalBytes,
      replicasWithoutDir,
      replicasOnUnknownBrokers,
      offlineDirs: dirs.filter((d) => d.state === "offline").length,
      unreachableBrokers: brokers.filter((b) => b.state === "unreachable").length,
    },
    skew: {
      brokerReplicas: skewOf(brokers.map((b) => [b.id, b.replicas] as const)),
      brokerLeaders: skewOf(brokers.map((b) => [b.id, b.leaders] as const)),
      brokerBytes: skewOf(brokers.map((b) => [b.id, b.bytes] as const)),
      dirBytes: worstOf(dirBytesByBroker),
      dirPartitions: worstOf(dirPartitionsByBroker),
      dirUtilization: worstOf(dirUtilizationByBroker),
      dirBytesByBroker,
      dirPartitionsByBroker,
      fullestDir,
    },
  };
}
