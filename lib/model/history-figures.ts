/**
 * What the history keeps of one scan: per log dir, per broker, per topic on a broker, and the cluster's
 * figures, all derived from the one balance report (report.ts) so a figure means the same in the
 * history as on the dashboard.
 *
 * Invariants:
 * - Only what was read is kept. A broker that did not answer (state `unreachable` or `unknown`) has no
 *   broker, dir or topic samples: its missing figures are a gap in the history, never zeros.
 * - A dir's `usedBytes` is capacity − usable when the broker reports both (DescribeLogDirs v4), else null
 *   (the report falls back to Kafka's bytes; the history does not, so a forecast never mistakes Kafka's
 *   bytes for the disk's). `kafkaBytes` counts current and `-future` replicas: both take the disk.
 *   `partitions` is the dir's log count, what Kafka's count rule sees.
 * - The cluster's `usedBytes` and `capacityBytes` count each disk once: dirs on one filesystem
 *   (lib/model/disks.ts) all report its figures, and summing them would count it once per dir.
 * - Topics: per broker only its `topicsPerBroker` largest topics by bytes (ties by name), so a cluster
 *   with 10,000 topics keeps a bounded number of topic series. The rest is the broker's bytes minus
 *   theirs.
 */
import type { DirPoint } from "./dir-series";
import { ReportSums } from "./report";
import type { ClusterSnapshot, LogDirState } from "./snapshot";

/**
 * One point of a log dir's history: the forecast's DirPoint (lib/model/dir-series.ts; `t` of a folded
 * point is the mean time of the scans it stands for) and the dir's state.
 */
export interface HistoryDirPoint extends DirPoint {
  state: LogDirState;
}

export interface BrokerPoint {
  at: number;
  bytes: number;
  /** Replicas the broker hosts (what Kafka tools call its partition count). */
  partitions: number;
  leaders: number;
}

export interface TopicPoint {
  at: number;
  bytes: number;
}

/** The cluster's figures at one scan (or, downsampled, their mean over the scans of a bucket). */
export interface ClusterFigures {
  brokers: number;
  /** Brokers that answered the scan. */
  onlineBrokers: number;
  /** Log dirs of the brokers that answered. */
  dirs: number;
  offlineDirs: number;
  topics: number;
  partitions: number;
  replicas: number;
  /** Kafka's bytes, all replicas. */
  bytes: number;
  /** Sum over disks whose capacity is known (dirs of one filesystem once); null when none is. */
  usedBytes: number | null;
  capacityBytes: number | null;
  /** max ÷ mean over the brokers that answered. */
  brokerBytesSkew: number;
  brokerReplicasSkew: number;
  brokerLeadersSkew: number;
  /** The worst broker's max ÷ mean of its disks' bytes (dirs of one filesystem are one disk). */
  dirBytesSkew: number;
  /** The worst broker's max ÷ mean of its disks' utilisation (disks with known capacity). */
  dirUtilizationSkew: number;
  /** The fullest dir's utilisation, when any capacity is known. */
  maxDirUtilization: number | null;
}

export interface DirSample {
  broker: number;
  dir: string;
  usedBytes: number | null;
  kafkaBytes: number;
  partitions: number;
  totalBytes: number | null;
  state: LogDirState;
}

export interface BrokerSample {
  broker: number;
  bytes: number;
  partitions: number;
  leaders: number;
}

export interface TopicSample {
  broker: number;
  topic: string;
  bytes: number;
}

export interface ScanFigures {
  cluster: ClusterFigures;
  brokers: BrokerSample[];
  dirs: DirSample[];
  topics: TopicSample[];
}

/** 10: enough to name what fills a broker, few enough that 1,000 brokers keep 10,000 topic series. */
export const DEFAULT_TOPICS_PER_BROKER = 10;

export function scanFigures(snapshot: ClusterSnapshot, options: { topicsPerBroker?: number } = {}): ScanFigures {
  const topicsPerBroker = Math.max(0, Math.floor(options.topicsPerBroker ?? DEFAULT_TOPICS_PER_BROKER));
  // The report's sums without its topic rows (a row per topic × broker the history does not keep).
  const sums = new ReportSums();
  for (const topic of snapshot.topics) sums.add(topic);
  const report = sums.report(snapshot.brokers, snapshot.topics.length);
  const online = new Set(report.brokers.filter((b) => b.state === "online").map((b) => b.id));

  const brokers: BrokerSample[] = report.brokers
    .filter((b) => online.has(b.id))
    .map((b) => ({ broker: b.id, bytes: b.bytes + b.futureBytes, partitions: b.replicas, leaders: b.leaders }));
  const dirs: DirSample[] = [];
  let usedBytes: number | null = null;
  let capacityBytes: number | null = null;
  const counted = new Set<string>();
  for (const d of report.dirs) {
    if (!online.has(d.broker)) continue;
    const known = d.totalBytes !== null && d.usableBytes !== null;
    const used = known ? Math.max(0, d.totalBytes! - d.usableBytes!) : null;
    const disk = d.sharedDisk ? `${d.broker}\u0000${d.sharedDisk.id}` : null;
    const first = disk === null || !counted.has(disk);
    if (disk !== null) counted.add(disk);
    if (known && d.state !== "offline" && first) {
      usedBytes = (usedBytes ?? 0) + used!;
      capacityBytes = (capacityBytes ?? 0) + d.totalBytes!;
    }
    dirs.push({ broker: d.broker, dir: d.path, usedBytes: used, kafkaBytes: d.bytes + d.futureBytes, partitions: d.logCount, totalBytes: d.totalBytes, state: d.state });
  }

  const cluster: ClusterFigures = {
    brokers: report.totals.brokers,
    onlineBrokers: online.size,
    dirs: dirs.length,
    offlineDirs: dirs.filter((d) => d.state === "offline").length,
    topics: report.totals.topics,
    partitions: report.totals.partitions,
    replicas: report.totals.replicas,
    bytes: report.totals.bytes,
    usedBytes,
    capacityBytes,
    brokerBytesSkew: report.skew.brokerBytes.maxOverMean,
    brokerReplicasSkew: report.skew.brokerReplicas.maxOverMean,
    brokerLeadersSkew: report.skew.brokerLeaders.maxOverMean,
    dirBytesSkew: report.skew.dirBytes.maxOverMean,
    dirUtilizationSkew: report.skew.dirUtilization.maxOverMean,
    maxDirUtilization: report.skew.fullestDir?.utilization ?? null,
  };
  return { cluster, brokers, dirs, topics: topicsPerBroker > 0 ? largestTopics(snapshot, online, topicsPerBroker) : [] };
}

/**
 * Per broker that answered, its `n` largest topics by bytes (current and future replicas), largest
 * first, ties by name. One pass per topic with a small per-broker tally, and a per-broker top-n kept in
 * order by insertion: no map keyed by topic name per broker (a cluster has hundreds of thousands of replicas).
 */
function largestTopics(snapshot: ClusterSnapshot, online: ReadonlySet<number>, n: number): TopicSample[] {
  const top = new Map<number, TopicSample[]>();
  const tally = new Map<number, number>();
  const before = (a: TopicSample, b: TopicSample) => a.bytes > b.bytes || (a.bytes === b.bytes && a.topic < b.topic);
  for (const topic of snapshot.topics) {
    tally.clear();
    for (const partition of topic.partitions) {
      for (const replica of partition.replicas) {
        if (!online.has(replica.broker)) continue;
        tally.set(replica.broker, (tally.get(replica.broker) ?? 0) + (replica.sizeBytes ?? 0) + (replica.future?.sizeBytes ?? 0));
      }
    }
    for (const [broker, bytes] of tally) {
      let list = top.get(broker);
      if (!list) top.set(broker, (list = []));
      const entry = { broker, topic: topic.name, bytes };
      if (list.length === n && !before(entry, list[n - 1]!)) continue;
      let i = list.length;
      while (i > 0 && before(entry, list[i - 1]!)) i--;
      list.splice(i, 0, entry);
      if (list.length > n) list.pop();
    }
  }
  return [...top.keys()].sort((a, b) => a - b).flatMap((broker) => top.get(broker)!);
}

const COUNT_FIELDS = ["brokers", "onlineBrokers", "dirs", "offlineDirs", "topics", "partitions", "replicas", "bytes", "usedBytes", "capacityBytes"] as const;
const RATIO_FIELDS = ["brokerBytesSkew", "brokerReplicasSkew", "brokerLeadersSkew", "dirBytesSkew", "dirUtilizationSkew", "maxDirUtilization"] as const;

/**
 * The figures of several scans as one: each field's mean over the scans that know it (null when none
 * does), counts and bytes rounded to whole numbers. Null for no scans.
 */
export function meanFigures(list: readonly ClusterFigures[]): ClusterFigures | null {
  if (list.length === 0) return null;
  const out: Record<string, number | null> = {};
  for (const field of [...COUNT_FIELDS, ...RATIO_FIELDS]) {
    let sum = 0;
    let n = 0;
    for (const f of list) {
      const v = f[field];
      if (typeof v === "number" && Number.isFinite(v)) {
        sum += v;
        n += 1;
      }
    }
    const mean = n > 0 ? sum / n : null;
    out[field] = mean !== null && (COUNT_FIELDS as readonly string[]).includes(field) ? Math.round(mean) : mean;
  }
  return out as unknown as ClusterFigures;
}
