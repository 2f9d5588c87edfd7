/**
 * How long a throttled reassignment takes, broker by broker, and how long the apply job that runs it takes.
 *
 * Model (calibrated on local Kafka 4.4 and 3.9 with the apply bench, scripts/bench/apply.ts):
 * - A replica added to broker b copies the partition's bytes: inbound to b under its follower quota, and
 *   outbound from the partition's current leader under the leader quota (followers fetch from the leader).
 *   A dir move inside a broker copies the replica once under the alter-log-dirs quota. The quotas are
 *   independent, so a broker takes max(in, out, dir) seconds and a batch of entries submitted together
 *   takes as long as its slowest (bottleneck) broker.
 * - Kafka's quotas count fetched bytes, and a fetch returns `replica.fetch.max.bytes` (1 MiB) per partition
 *   cut at that size, partial record batch included; the receiver keeps only whole batches and fetches
 *   the rest again. So on average half a record batch per fetch is counted but not kept: the quota
 *   copies at rate · (1 − batch / (2 · 1 MiB)) (fetchEfficiency). With the producer's default 16 KiB
 *   batches that is 99.2% of the rate. Batches all of one size that fits a fetch badly do worse than
 *   this average: with batches a little over 512 KiB, two never fit in 1 MiB, and moves ran at half the
 *   throttle (measured); the model says 75%.
 * - The quota's rate (SimpleRate, lib/throttle/sampled-rate.ts) is measured over at least one window
 *   (`replication.quota.window.size.seconds`, 1 s), so an idle quota lets one window's worth through at
 *   once: a copy gains QUOTA_BURST_SECONDS at the start.
 * - Then fixed costs, measured: an inter-broker move creates the new replicas, which join the ISR before
 *   the controller completes the reassignment and the brokers learn it (REASSIGNMENT_COMPLETION_SECONDS);
 *   a dir move's last future replica is swapped in only after the controller accepted its new dir
 *   (AssignReplicasToDirs) and one more fetch that the quota, re-checked every `replica.fetch.backoff.ms`
 *   (1 s), must let through (DIR_MOVE_PROMOTION_SECONDS). Dir moves of one broker run one partition at
 *   a time per ReplicaAlterLogDirsThread (one thread per dir) but share one quota, so their bytes add up.
 * - The apply job adds its own steps (batchOverheadSeconds: submission, then noticing completion by
 *   polling; JOB_FINISH_SECONDS: removing throttles and the preferred-leader election). `seconds` is one
 *   job that submits all entries at once; a job that runs batches one after another takes
 *   jobSeconds(batch estimates).
 * Limits: bytes produced during the move are not included (they must be copied too); replication of
 * in-sync followers of throttled partitions is counted by the leader quota (reserve it with
 * `ongoingBytesPerSecond`); large batches of one size (above), a busy broker, disk or network, and
 * fetcher threads shared with other traffic make the copy slower than modelled. On the local cluster the
 * bench is within ±5% for moves of 30–90 s; a move of a few seconds is dominated by the fixed costs,
 * whose spread is about a second.
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { copySize } from "../model/reassignment";
import { DEFAULT_REPLICATION_QUOTA_WINDOW } from "../throttle/sampled-rate";
import type { ReassignmentEntry } from "../model/reassignment-json";
import { ANY_LOG_DIR } from "../model/reassignment-json";

export interface Rates {
  /** leader/follower.replication.throttled.rate, bytes/s. */
  replicationBytesPerSecond: number;
  /** replica.alter.log.dirs.io.max.bytes.per.second, bytes/s. */
  alterLogDirsBytesPerSecond: number;
  /** Part of each rate already used by other throttled replication, bytes/s (default 0). */
  ongoingBytesPerSecond?: number;
  /** Typical record batch size of the data being moved, bytes (default DEFAULT_RECORD_BATCH_BYTES). */
  recordBatchBytes?: number;
}

/** How the apply job runs the reassignment. */
export interface JobOptions {
  /** Seconds between the job's progress scans (default DEFAULT_POLL_SECONDS). */
  pollSeconds?: number;
}

/** 1 MiB: Kafka's default `replica.fetch.max.bytes`, the most one fetch returns per partition. */
export const REPLICA_FETCH_MAX_BYTES = 1024 * 1024;
/** 16 KiB: the Kafka producer's default `batch.size`. */
export const DEFAULT_RECORD_BATCH_BYTES = 16 * 1024;
/** 1 s: `replication.quota.window.size.seconds` (and the alter-log-dirs window), Kafka's default. */
export const QUOTA_BURST_SECONDS = DEFAULT_REPLICATION_QUOTA_WINDOW.windowMs / 1000;
/**
 * 0.9 s, measured: new replicas created, caught up, in the ISR (AlterPartition), the reassignment
 * completed by the controller and seen by the brokers, after the last byte under the quota.
 */
export const REASSIGNMENT_COMPLETION_SECONDS = 0.9;
/**
 * 2 s, measured: after a broker's last dir-move byte, the AssignReplicasToDirs round trip and the
 * promoting fetch, which waits for the quota's next check (`replica.fetch.backoff.ms`, 1 s).
 */
export const DIR_MOVE_PROMOTION_SECONDS = 2;
/** 1 s: the apply job's default poll interval. */
export const DEFAULT_POLL_SECONDS = 1;
/** 0.3 s, measured: throttle configs, AlterPartitionReassignments and AlterReplicaLogDirs sent (0.2–0.9 s). */
export const SUBMIT_SECONDS = 0.3;
/** 0.2 s, measured: one live scan of the progress (metadata, log dirs) on a small cluster. */
export const SCAN_SECONDS = 0.2;
/** 0.2 s, measured: the job's throttles removed and the preferred-leader election answered. */
export const JOB_FINISH_SECONDS = 0.2;

/**
 * A batch's fixed cost in the apply job beyond Kafka's copy: submitting it, and noticing that it is done
 * (on average half a poll interval after Kafka finishes, plus the scan that sees it).
 */
export function batchOverheadSeconds(pollSeconds: number = DEFAULT_POLL_SECONDS): number {
  return SUBMIT_SECONDS + pollSeconds / 2 + SCAN_SECONDS;
}

/**
 * A job that submits its batches one after another, each when the previous one is done: the batches'
 * copies, each batch's overhead, and the job's final steps once. No batch, no job: 0.
 */
export function jobSeconds(batches: ReadonlyArray<Pick<DurationEstimate, "copySeconds">>, options: JobOptions = {}): number {
  if (batches.length === 0) return 0;
  const perBatch = batchOverheadSeconds(options.pollSeconds);
  return batches.reduce((total, b) => total + b.copySeconds + perBatch, 0) + JOB_FINISH_SECONDS;
}

export interface BrokerTransfer {
  broker: number;
  inBytes: number;
  outBytes: number;
  dirMoveBytes: number;
  /** Copy seconds under each quota, fixed costs included (0 when nothing moves under it). */
  inSeconds: number;
  outSeconds: number;
  dirMoveSeconds: number;
  seconds: number;
  /** Which quota limits this broker. */
  limitedBy: "follower" | "leader" | "alter-log-dirs" | "none";
}

export interface DurationEstimate {
  /** The whole apply job for these entries submitted at once: copySeconds plus the job's own steps (jobSeconds). */
  seconds: number;
  /** Kafka's part: from submission until nothing of these entries is in flight (the bottleneck broker's seconds). */
  copySeconds: number;
  bottleneck: { broker: number; limitedBy: BrokerTransfer["limitedBy"] } | null;
  brokers: BrokerTransfer[];
  interBrokerBytes: number;
  dirMoveBytes: number;
  assumptions: string[];
}

/** The rates a move can use: the replication rate less what other throttled replication already takes; at least 1 byte/s. */
function usableRates(rates: Rates): { replication: number; alter: number } {
  return { replication: Math.max(1, rates.replicationBytesPerSecond - (rates.ongoingBytesPerSecond ?? 0)), alter: Math.max(1, rates.alterLogDirsBytesPerSecond) };
}

/**
 * The share of the bytes a quota counts that the receiver keeps: a fetch is cut at
 * REPLICA_FETCH_MAX_BYTES inside a record batch, on average half a batch in; a batch of 1 MiB or more
 * comes whole (Kafka returns at least one batch).
 */
export function fetchEfficiency(recordBatchBytes: number = DEFAULT_RECORD_BATCH_BYTES): number {
  if (recordBatchBytes >= REPLICA_FETCH_MAX_BYTES || recordBatchBytes <= 0) return 1;
  return 1 - recordBatchBytes / (2 * REPLICA_FETCH_MAX_BYTES);
}

/** Seconds to copy `bytes` under one quota of `rate` bytes/s: the counted bytes less the first window's burst, then the fixed cost. */
function quotaSeconds(kind: "intra" | "inter", bytes: number, rate: number, efficiency: number): number {
  if (bytes <= 0) return 0;
  const copy = Math.max(0, bytes / (rate * efficiency) - QUOTA_BURST_SECONDS);
  return copy + (kind === "intra" ? DIR_MOVE_PROMOTION_SECONDS : REASSIGNMENT_COMPLETION_SECONDS);
}

/**
 * How long one move takes on its own (Kafka's copy, fixed costs included): a dir move under the
 * alter-log-dirs quota, a copy to another broker under the replication quota. Moves on different brokers
 * run at once and a broker's moves share its quota, so these do not add up to the reassignment's
 * duration; they say which moves are the long ones.
 */
export function moveSeconds(kind: "intra" | "inter", bytes: number, rates: Rates): number {
  const { replication, alter } = usableRates(rates);
  return quotaSeconds(kind, bytes, kind === "intra" ? alter : replication, fetchEfficiency(rates.recordBatchBytes));
}

/** What one broker copies while a set of moves runs together. */
export interface BrokerLoad {
  inBytes: number;
  outBytes: number;
  dirMoveBytes: number;
}

/**
 * How long one broker takes for its share of moves that run together (Kafka's copy, fixed costs
 * included): inbound under its follower quota, outbound under its leader quota, dir moves under its
 * alter-log-dirs quota. The quotas are independent, so the broker takes the longest of the three.
 * The one per-broker model: estimateReassignment and the batch estimate (batches.ts) both use it.
 */
export function brokerSeconds(t: BrokerLoad, rates: Rates): Pick<BrokerTransfer, "inSeconds" | "outSeconds" | "dirMoveSeconds" | "seconds" | "limitedBy"> {
  const { replication, alter } = usableRates(rates);
  const efficiency = fetchEfficiency(rates.recordBatchBytes);
  const inSeconds = quotaSeconds("inter", t.inBytes, replication, efficiency);
  const outSeconds = quotaSeconds("inter", t.outBytes, replication, efficiency);
  const dirMoveSeconds = quotaSeconds("intra", t.dirMoveBytes, alter, efficiency);
  const seconds = Math.max(inSeconds, outSeconds, dirMoveSeconds);
  const limitedBy: BrokerTransfer["limitedBy"] = seconds === 0 ? "none" : seconds === inSeconds ? "follower" : seconds === outSeconds ? "leader" : "alter-log-dirs";
  return { inSeconds, outSeconds, dirMoveSeconds, seconds, limitedBy };
}

export function estimateReassignment(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>, rates: Rates, options: JobOptions = {}): DurationEstimate {
  // Only the entries' partitions are looked up (a plan touches a fraction of a large cluster's partitions).
  const wanted = new Map<string, Set<number>>();
  for (const e of entries) {
    let parts = wanted.get(e.topic);
    if (!parts) wanted.set(e.topic, (parts = new Set()));
    parts.add(e.partition);
  }
  const byTp = new Map<string, ClusterSnapshot["topics"][number]["partitions"][number]>();
  for (const t of snapshot.topics) {
    const parts = wanted.get(t.name);
    if (!parts) continue;
    for (const p of t.partitions) if (parts.has(p.id)) byTp.set(`${t.name}\u0000${p.id}`, p);
  }
  const transfers = new Map<number, BrokerTransfer>();
  const get = (broker: number) => {
    let t = transfers.get(broker);
    if (!t) {
      t = { broker, inBytes: 0, outBytes: 0, dirMoveBytes: 0, inSeconds: 0, outSeconds: 0, dirMoveSeconds: 0, seconds: 0, limitedBy: "none" };
      transfers.set(broker, t);
    }
    return t;
  };
  let interBrokerBytes = 0;
  let dirMoveBytes = 0;
  for (const e of entries) {
    const p = byTp.get(`${e.topic}\u0000${e.partition}`);
    if (!p) continue;
    const current = new Map(p.replicas.map((r) => [r.broker, r]));
    const size = copySize(p);
    const source = p.leader ?? p.replicas[0]?.broker ?? null;
    e.replicas.forEach((b, i) => {
      const had = current.get(b);
      if (!had) {
        get(b).inBytes += size;
        if (source !== null) get(source).outBytes += size;
        interBrokerBytes += size;
      } else {
        const dir = e.logDirs[i] ?? ANY_LOG_DIR;
        if (dir !== ANY_LOG_DIR && dir !== had.logDir) {
          get(b).dirMoveBytes += had.sizeBytes ?? 0;
          dirMoveBytes += had.sizeBytes ?? 0;
        }
      }
    });
  }
  let bottleneck: DurationEstimate["bottleneck"] = null;
  let seconds = 0;
  const brokers = [...transfers.values()].sort((a, b) => a.broker - b.broker);
  for (const t of brokers) {
    Object.assign(t, brokerSeconds(t, rates));
    if (t.seconds > seconds) {
      seconds = t.seconds;
      bottleneck = { broker: t.broker, limitedBy: t.limitedBy };
    }
  }
  return {
    seconds: entries.length === 0 ? 0 : jobSeconds([{ copySeconds: seconds }], options),
    copySeconds: seconds,
    bottleneck,
    brokers,
    interBrokerBytes,
    dirMoveBytes,
    assumptions: [
      "Each new replica copies the partition's current size from its leader; bytes produced during the move are not included.",
      "A broker's dir moves share its alter-log-dirs quota; each quota keeps whole record batches only, so it copies a little less than its rate (recordBatchBytes).",
      "The leader quota also counts replication to in-sync followers of throttled partitions; reserve it with ongoingBytesPerSecond.",
      "The duration includes the apply job's own steps: submission, polling for completion, removing throttles and electing leaders.",
    ],
  };
}
