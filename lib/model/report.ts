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
 * - Dirs that share one filesystem (lib/model/disks.ts: identical reported capacity, or configured)
 *   are one disk: bytes and utilisation skew compare disks (a disk's bytes are its dirs' sum), so dirs
 *   of one disk are never uneven against each other; each such dir carries `sharedDisk`, and its
 *   `deviationFromBrokerMean` is its disk's. Partition skew stays per dir (Kafka's count rule counts dirs).
 * - Broker skews compare the brokers whose figures were read (state `online`). An unreachable or
 *   unknown broker is listed with what is known of it, but its bytes are missing, not zero: counted,
 *   it would pull the mean down and make every other broker look heavy. The verdict names it instead.
 */
import type { Broker, BrokerState, ClusterSnapshot, LogDirState, Topic } from "./snapshot";
import { brokerDisks, diskOfDir, groupByDisk, type SharedDisk } from "./disks";
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
  /** This dir's bytes minus the mean of its broker's online dirs, as a share of that mean (for a dir on a shared disk: its disk's bytes against the mean of the broker's disks). */
  deviationFromBrokerMean: number;
  /** Set when the dir shares its disk (filesystem) with other dirs of its broker (lib/model/disks.ts). */
  sharedDisk?: SharedDisk;
}

export interface TopicFigures {
  name: string;
  internal: boolean;
  partitions: number;
  replicas: number;
  bytes: number;
  /** Replica count per broker, aligned with `BalanceReport.brokerIds`. */
  perBroker: number[];
  /** Bytes of the topic's replicas per broker (current replicas, as `bytes`), aligned with `perBroker`. */
  perBrokerBytes: number[];
  /** Replicas per broker whose size is unknown (no log-dir data for them), aligned with `perBroker`; absent when every size is known. `perBrokerBytes` leaves them out. */
  perBrokerUnsized?: number[];
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
    /** Replicas whose dir Kafka did not report (imports without log-dir data, unreachable or unknown brokers). */
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
    /** Worst broker's utilisation skew (disks with known capacity only). */
    dirUtilization: Skew<DirKey>;
    /** Per broker: skew of its online disks by bytes (a disk keyed by its first dir; a dir of its own is its own disk). */
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
  const sums = new ReportSums();
  const brokerIds = sortedBrokerIds(snapshot.brokers);
  const brokerIndex = new Map<number, number>(brokerIds.map((id, i) => [id, i]));
  const tally = { brokerIndex, perBroker: new Int32Array(brokerIds.length), perBrokerBytes: new Float64Array(brokerIds.length), unsized: new Int32Array(brokerIds.length) };
  const topics: TopicFigures[] = [];
  for (const topic of snapshot.topics) {
    tally.perBroker.fill(0);
    tally.perBrokerBytes.fill(0);
    tally.unsized.fill(0);
    const { replicas, bytes } = sums.add(topic, tally);
    let max = 0;
    let sum = 0;
    for (const v of tally.perBroker) {
      sum += v;
      if (v > max) max = v;
    }
    const mean = brokerIds.length > 0 ? sum / brokerIds.length : 0;
    topics.push({
      name: topic.name,
      internal: topic.internal,
      partitions: topic.partitions.length,
      replicas,
      bytes,
      perBroker: plainArray(tally.perBroker),
      perBrokerBytes: plainArray(tally.perBrokerBytes),
      ...(tally.unsized.some((n) => n > 0) ? { perBrokerUnsized: plainArray(tally.unsized) } : {}),
      skew: mean > 0 ? max / mean : 1,
    });
  }
  return { ...sums.report(snapshot.brokers, snapshot.topics.length), topics };
}

/** A typed array's values as a plain array (a loop: Array.from's iteration costs twice as much, once per topic of a large cluster). */
function plainArray(values: Int32Array | Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(values[i]!);
  return out;
}

/** Ids of the listed brokers, ascending; on a duplicate id (a parsed snapshot has none) the first broker counts. */
function sortedBrokerIds(brokers: readonly Broker[]): number[] {
  return [...new Set(brokers.map((b) => b.id))].sort((a, b) => a - b);
}

interface DirSums {
  partitions: number;
  futures: number;
  bytes: number;
  futureBytes: number;
}

interface BrokerSums {
  replicas: number;
  leaders: number;
  bytes: number;
  futureBytes: number;
  /** By path, including paths the broker does not list (counted as replicas without a dir). */
  dirs: Map<string, DirSums>;
}

const NO_DIR: DirSums = { partitions: 0, futures: 0, bytes: 0, futureBytes: 0 };
const NO_BROKER: BrokerSums = { replicas: 0, leaders: 0, bytes: 0, futureBytes: 0, dirs: new Map() };

/** The sums of a report without its topic rows: everything a report says about brokers and dirs. */
export type BrokerDirReport = Omit<BalanceReport, "topics">;

/**
 * Running per-broker and per-dir sums over a set of topics, keyed by broker id and dir path, so a
 * balance report can be taken again after a few topics change without walking every replica: the
 * simulator adds a created topic, or removes a topic's old version and adds its new one, then asks
 * for `report()` (brokers × dirs work, not replicas).
 *
 * Invariants:
 * - `report()` gives exactly what balanceReport() gives for a snapshot with these brokers and these
 *   topics (without the topic rows). Sums are kept for every broker id and path a replica names, listed
 *   or not, so a broker or dir added later picks up what was already there, as a fresh report would.
 * - Adding is summing in the same order balanceReport() sums. Removing is subtracting, which gives back
 *   the same figures only while every value summed is a whole number below 2^53: `exact` says so, and
 *   `remove()` refuses when it is not (the caller takes a fresh report instead).
 */
export class ReportSums {
  private readonly brokers = new Map<number, BrokerSums>();
  partitions = 0;
  replicas = 0;
  bytes = 0;
  /** True while removing a topic gives back exactly the figures of never having added it. */
  exact = true;

  /** An independent copy (brokers × dirs work). */
  clone(): ReportSums {
    const out = new ReportSums();
    out.partitions = this.partitions;
    out.replicas = this.replicas;
    out.bytes = this.bytes;
    out.exact = this.exact;
    for (const [id, b] of this.brokers) {
      const dirs = new Map<string, DirSums>();
      for (const [path, d] of b.dirs) dirs.set(path, { ...d });
      out.brokers.set(id, { ...b, dirs });
    }
    return out;
  }

  /**
   * Adds a topic's partitions. `tally`, when given, also counts the topic's replicas per listed broker
   * (by `brokerIndex`), for its topic row.
   */
  add(
    topic: Topic,
    tally?: { brokerIndex: ReadonlyMap<number, number>; perBroker: Int32Array; perBrokerBytes?: Float64Array; unsized?: Int32Array },
  ): { replicas: number; bytes: number } {
    return this.walk(topic, 1, tally);
  }

  /** Takes back a topic added before, in the same version; throws when the sums are not `exact`. */
  remove(topic: Topic): void {
    if (!this.exact) throw new Error("ReportSums.remove: the sums hold values that are not whole numbers below 2^53; take a fresh report");
    this.walk(topic, -1);
  }

  private broker(id: number): BrokerSums {
    let b = this.brokers.get(id);
    if (!b) {
      b = { replicas: 0, leaders: 0, bytes: 0, futureBytes: 0, dirs: new Map() };
      this.brokers.set(id, b);
    }
    return b;
  }

  private dir(broker: BrokerSums, path: string): DirSums {
    let d = broker.dirs.get(path);
    if (!d) {
      d = { partitions: 0, futures: 0, bytes: 0, futureBytes: 0 };
      broker.dirs.set(path, d);
    }
    return d;
  }

  private walk(
    topic: Topic,
    sign: 1 | -1,
    tally?: { brokerIndex: ReadonlyMap<number, number>; perBroker: Int32Array; perBrokerBytes?: Float64Array; unsized?: Int32Array },
  ): { replicas: number; bytes: number } {
    let replicas = 0;
    let bytes = 0;
    let exact = true;
    for (const partition of topic.partitions) {
      this.partitions += sign;
      if (partition.leader !== null) this.broker(partition.leader).leaders += sign;
      for (const replica of partition.replicas) {
        replicas += 1;
        const size = replica.sizeBytes ?? 0;
        if (!Number.isSafeInteger(size)) exact = false;
        bytes += size;
        this.bytes += sign * size;
        const broker = this.broker(replica.broker);
        broker.replicas += sign;
        broker.bytes += sign * size;
        if (tally) {
          const bi = tally.brokerIndex.get(replica.broker);
          if (bi !== undefined) {
            tally.perBroker[bi]! += 1;
            if (tally.perBrokerBytes) tally.perBrokerBytes[bi]! += size;
            if (tally.unsized && replica.sizeBytes === null) tally.unsized[bi]! += 1;
          }
        }
        if (replica.logDir !== null) {
          const dir = this.dir(broker, replica.logDir);
          dir.partitions += sign;
          dir.bytes += sign * size;
        }
        const future = replica.future;
        if (future) {
          const fsize = future.sizeBytes ?? 0;
          if (!Number.isSafeInteger(fsize)) exact = false;
          broker.futureBytes += sign * fsize;
          if (future.logDir !== null) {
            const dir = this.dir(broker, future.logDir);
            dir.futures += sign;
            dir.futureBytes += sign * fsize;
          }
        }
      }
    }
    this.replicas += sign * replicas;
    if (!exact || !(Math.abs(this.bytes) < 2 ** 53)) this.exact = false;
    return { replicas, bytes };
  }

  /** The report for these sums on a cluster with these brokers (and `topicCount` topics), without topic rows. */
  report(brokerList: readonly Broker[], topicCount: number): BrokerDirReport {
    const byId = new Map<number, Broker>();
    for (const b of brokerList) if (!byId.has(b.id)) byId.set(b.id, b);
    const brokerIds = sortedBrokerIds(brokerList);
    let listedReplicas = 0;
    let replicasWithoutDir = 0;
    const brokers: BrokerFigures[] = [];
    const dirs: DirFigures[] = [];
    /** Broker i's dirs are dirs[dirStart[i]] up to dirs[dirStart[i + 1]]. */
    const dirStart: number[] = [];
    for (const id of brokerIds) {
      const b = byId.get(id)!;
      const sums = this.brokers.get(id) ?? NO_BROKER;
      listedReplicas += sums.replicas;
      brokers.push({
        id,
        rack: b.rack,
        state: b.state,
        replicas: sums.replicas,
        leaders: sums.leaders,
        bytes: sums.bytes,
        futureBytes: sums.futureBytes,
        logDirs: b.logDirs.length,
      });
      dirStart.push(dirs.length);
      // A path listed twice counts its replicas once, in the last entry (as a path → dir lookup would).
      const last = new Map<string, number>();
      b.logDirs.forEach((d, i) => last.set(d.path, i));
      const diskOf = diskOfDir(
        brokerDisks(b.logDirs, (path) => {
          const own = sums.dirs.get(path) ?? NO_DIR;
          return own.bytes + own.futureBytes;
        }),
      );
      let inListedDirs = 0;
      b.logDirs.forEach((d, i) => {
        const own = last.get(d.path) === i ? (sums.dirs.get(d.path) ?? NO_DIR) : NO_DIR;
        inListedDirs += own.partitions;
        const disk = diskOf.get(d.path);
        dirs.push({
          broker: id,
          path: d.path,
          state: d.state,
          partitions: own.partitions,
          futureReplicas: own.futures,
          logCount: own.partitions + own.futures,
          bytes: own.bytes,
          futureBytes: own.futureBytes,
          totalBytes: d.totalBytes,
          usableBytes: d.usableBytes,
          usedBytes: 0,
          utilization: null,
          deviationFromBrokerMean: 0,
          ...(disk && disk.dirs.length > 1 && disk.decidedBy !== "own" ? { sharedDisk: { id: disk.id, decidedBy: disk.decidedBy } } : {}),
        });
      });
      replicasWithoutDir += sums.replicas - inListedDirs;
    }
    dirStart.push(dirs.length);
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
    for (const [i, id] of brokerIds.entries()) {
      const own = dirs.slice(dirStart[i], dirStart[i + 1]).filter((d) => d.state !== "offline");
      const key = (d: DirFigures): DirKey => ({ broker: d.broker, path: d.path });
      // Bytes and utilisation compare disks: a disk's bytes are its dirs' sum, its utilisation its first dir's (every dir of it reports the same).
      const disks = groupByDisk(own).map((group) => ({ first: group[0]!, group, bytes: group.reduce((s, d) => s + d.bytes, 0) }));
      dirBytesByBroker[id] = skewOf(disks.map((u) => [key(u.first), u.bytes] as const));
      dirPartitionsByBroker[id] = skewOf(own.map((d) => [key(d), d.partitions] as const));
      dirUtilizationByBroker[id] = skewOf(disks.filter((u) => u.first.utilization !== null).map((u) => [key(u.first), u.first.utilization!] as const));
      const mean = dirBytesByBroker[id]!.mean;
      for (const u of disks) for (const d of u.group) d.deviationFromBrokerMean = mean > 0 ? (u.bytes - mean) / mean : 0;
    }

    let fullestDir: BalanceReport["skew"]["fullestDir"] = null;
    for (const d of dirs) {
      if (d.utilization !== null && d.state !== "offline" && (fullestDir === null || d.utilization > fullestDir.utilization)) {
        fullestDir = { broker: d.broker, path: d.path, utilization: d.utilization };
      }
    }

    const read = brokers.filter((b) => b.state === "online");
    return {
      brokerIds,
      brokers,
      dirs,
      totals: {
        brokers: brokers.length,
        topics: topicCount,
        partitions: this.partitions,
        replicas: this.replicas,
        bytes: this.bytes,
        replicasWithoutDir,
        replicasOnUnknownBrokers: this.replicas - listedReplicas,
        offlineDirs: dirs.filter((d) => d.state === "offline").length,
        unreachableBrokers: brokers.filter((b) => b.state === "unreachable").length,
      },
      skew: {
        brokerReplicas: skewOf(read.map((b) => [b.id, b.replicas] as const)),
        brokerLeaders: skewOf(read.map((b) => [b.id, b.leaders] as const)),
        brokerBytes: skewOf(read.map((b) => [b.id, b.bytes] as const)),
        dirBytes: worstOf(dirBytesByBroker),
        dirPartitions: worstOf(dirPartitionsByBroker),
        dirUtilization: worstOf(dirUtilizationByBroker),
        dirBytesByBroker,
        dirPartitionsByBroker,
        fullestDir,
      },
    };
  }
}
