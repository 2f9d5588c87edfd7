/**
 * How long a reassignment takes under throttles, broker by broker.
 *
 * Model (and its honest limits):
 * - A replica added to broker b copies the partition's bytes: inbound to b at the follower rate, and
 *   outbound from the partition's current leader at the leader rate (followers fetch from the leader).
 * - A dir move inside a broker copies the replica once, one partition at a time, at the
 *   alter-log-dirs rate.
 * - The three quotas are independent, so a broker takes max(in, out, dir) seconds; the reassignment
 *   takes as long as its slowest (bottleneck) broker.
 * - Not modelled: bytes produced during the move (they must be copied too), and replication traffic of
 *   in-sync followers of throttled partitions, which the leader quota also records; both make the
 *   real move slower, so `ongoingBytesPerSecond` lets the caller reserve part of each rate.
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { copySize } from "../simulate/reassign";
import type { ReassignmentEntry } from "./reassignment-json";
import { ANY_LOG_DIR } from "./reassignment-json";

export interface Rates {
  /** leader/follower.replication.throttled.rate, bytes/s. */
  replicationBytesPerSecond: number;
  /** replica.alter.log.dirs.io.max.bytes.per.second, bytes/s. */
  alterLogDirsBytesPerSecond: number;
  /** Part of each rate already used by other throttled replication, bytes/s (default 0). */
  ongoingBytesPerSecond?: number;
}

export interface BrokerTransfer {
  broker: number;
  inBytes: number;
  outBytes: number;
  dirMoveBytes: number;
  inSeconds: number;
  outSeconds: number;
  dirMoveSeconds: number;
  seconds: number;
  /** Which quota limits this broker. */
  limitedBy: "follower" | "leader" | "alter-log-dirs" | "none";
}

export interface DurationEstimate {
  seconds: number;
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
 * How long one move takes on its own: a dir move at the alter-log-dirs rate, a copy to another broker
 * at the replication rate. Moves on different brokers run at once, so these do not add up to the
 * reassignment's duration; they say which moves are the long ones.
 */
export function moveSeconds(kind: "intra" | "inter", bytes: number, rates: Rates): number {
  const { replication, alter } = usableRates(rates);
  return bytes / (kind === "intra" ? alter : replication);
}

/** What one broker copies while a set of moves runs together. */
export interface BrokerLoad {
  inBytes: number;
  outBytes: number;
  dirMoveBytes: number;
}

/**
 * How long one broker takes for its share of moves that run together: inbound at the follower rate,
 * outbound at the leader rate, dir moves at the alter-log-dirs rate; the three quotas are independent,
 * so the broker takes the longest of the three.
 */
export function brokerSeconds(t: BrokerLoad, rates: Rates): Pick<BrokerTransfer, "inSeconds" | "outSeconds" | "dirMoveSeconds" | "seconds" | "limitedBy"> {
  const { replication, alter } = usableRates(rates);
  const inSeconds = t.inBytes / replication;
  const outSeconds = t.outBytes / replication;
  const dirMoveSeconds = t.dirMoveBytes / alter;
  const seconds = Math.max(inSeconds, outSeconds, dirMoveSeconds);
  const limitedBy: BrokerTransfer["limitedBy"] = seconds === 0 ? "none" : seconds === inSeconds ? "follower" : seconds === outSeconds ? "leader" : "alter-log-dirs";
  return { inSeconds, outSeconds, dirMoveSeconds, seconds, limitedBy };
}

export function estimateReassignment(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>, rates: Rates): DurationEstimate {
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
    seconds,
    bottleneck,
    brokers,
    interBrokerBytes,
    dirMoveBytes,
    assumptions: [
      "Each new replica copies the partition's current size from its leader; bytes produced during the move are not included.",
      "Dir moves run one partition at a time per broker at the alter-log-dirs rate.",
      "The leader quota also counts replication to in-sync followers of throttled partitions; reserve it with ongoingBytesPerSecond.",
    ],
  };
}

/**
 * The apply job's own time around one batch: submitting it (a reassignment request and the dir
 * moves), and noticing it has ended, which takes half a poll on average and the metadata a poll reads.
 */
export function batchOverheadSeconds(pollSeconds: number): number {
  return 0.5 + pollSeconds;
}

/** The job's steps after the last batch: putting the throttles back and the preferred-leader election. */
export const JOB_FINISH_SECONDS = 1;
