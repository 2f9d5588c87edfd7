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
 * - The quota's rate (SimpleRate, lib/throttle/sampled-rate.ts) is the bytes of the samples it keeps
 *   (`replication.quota.window.num` 11 × `replication.quota.window.size.seconds` 1 s) over the time since
 *   the oldest, and a fetch goes while that rate is within the bound. A fetch carries up to
 *   FETCH_BYTES of each partition its fetcher copies (a follower's one fetcher per leader takes all of
 *   that leader's partitions at once, up to 10 MiB), so the copy goes in rounds and the k-th round
 *   leaves once the bytes before it are within rate × time: the copy ends after (bytes − last round) ÷
 *   rate (FetchRounds, addFetch). At 0.5 MiB/s four partitions fetched together make rounds of 4 MiB, 8 s apart
 *   (measured: 0.7, 8.7, 16.9, 24.9 s), so the last round is worth seconds, not the one window the
 *   model assumed before; at 50 MiB/s it is a tenth of a second.
 * - A batch that starts on a quota used by the batch before gets back the time the quota was idle in
 *   between (the samples still hold the time), less what its last round took ahead (nextBatchCredit):
 *   measured 1.1 s on a 1.3 s gap. After an idle longer than the span the quota starts afresh.
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
 * bench (0.5, 1, 10 and 50 MiB/s, inter- and intra-broker) is within ±10%; a move of a few seconds is
 * dominated by the fixed costs, whose spread is about a second. Produce traffic into the moving
 * partitions is the largest error at low rates (docs/algorithms/replication-throttling.md): the new
 * replica copies it too, under the same quotas; pass it as `ongoingBytesPerSecond`.
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
/** 10 MiB: Kafka's default `replica.fetch.response.max.bytes`, the most one fetch response returns in all. */
export const REPLICA_FETCH_RESPONSE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * 11 s: how far back a replication quota looks (`replication.quota.window.num` 11 ×
 * `replication.quota.window.size.seconds` 1 s). A quota idle for less than this gives the time back
 * (its rate is the bytes of the samples it keeps over the time since the oldest), one idle longer starts afresh.
 */
export const QUOTA_SPAN_SECONDS = (DEFAULT_REPLICATION_QUOTA_WINDOW.samples * DEFAULT_REPLICATION_QUOTA_WINDOW.windowMs) / 1000;
/**
 * 0.6 s, measured (0.25–0.9 s): from the last byte under the quota until the controller has completed
 * the reassignment (the new replicas caught up, in the ISR, the old ones removed) and the brokers report it.
 */
export const REASSIGNMENT_COMPLETION_SECONDS = 0.6;
/**
 * 1 s, measured: after a broker's last dir-move byte, the AssignReplicasToDirs round trip and the
 * promoting fetch, which waits for the quota's next check (`replica.fetch.backoff.ms`, 1 s).
 */
export const DIR_MOVE_PROMOTION_SECONDS = 1;
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

/**
 * Seconds to copy `bytes` under one quota of `rate` bytes/s, then the fixed cost. The quota lets a fetch
 * through while the bytes it counted since its oldest sample are within rate × that time, so the k-th
 * fetch goes at (bytes before it) ÷ rate and the last one, `lastFetch` bytes, goes without waiting for
 * its own bytes. `credit`: seconds the quota was idle within its span just before (see QUOTA_SPAN_SECONDS).
 */
function quotaSeconds(kind: "intra" | "inter", bytes: number, rate: number, efficiency: number, lastFetch = 0, credit = 0): number {
  if (bytes <= 0) return 0;
  const copy = Math.max(0, (bytes - Math.min(lastFetch, bytes)) / (rate * efficiency) - credit);
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
  const rounds: FetchRounds = { rounds: 0, lastBytes: 0 };
  addFetch(rounds, bytes);
  return quotaSeconds(kind, bytes, kind === "intra" ? alter : replication, fetchEfficiency(rates.recordBatchBytes), rounds.lastBytes);
}

/** What one broker copies while a set of moves runs together. */
export interface BrokerLoad {
  inBytes: number;
  outBytes: number;
  dirMoveBytes: number;
  /** The bytes of the last fetch under each quota (fetchRounds), which pass without waiting; 0 when not known. */
  lastFetchBytes?: QuotaFigures;
}

/** One figure per quota of a broker: follower (in), leader (out), alter-log-dirs (dir). */
export interface QuotaFigures {
  in: number;
  out: number;
  dir: number;
}

/** What one fetch of one partition keeps: REPLICA_FETCH_MAX_BYTES of whole record batches (16 KiB ones). */
export const FETCH_BYTES = REPLICA_FETCH_MAX_BYTES * fetchEfficiency(DEFAULT_RECORD_BATCH_BYTES);

/**
 * Partitions copied by one fetcher, whose fetches carry up to FETCH_BYTES of each of them (up to
 * REPLICA_FETCH_RESPONSE_MAX_BYTES in all): how many rounds of fetches the largest needs, and what
 * the last round carries (the rest of every partition that needs that many).
 */
export interface FetchRounds {
  rounds: number;
  lastBytes: number;
}

/** Adds one partition's copy to a fetcher's rounds (constant time). */
export function addFetch(group: FetchRounds, bytes: number): void {
  if (bytes <= 0) return;
  const rounds = Math.ceil(bytes / FETCH_BYTES);
  const rest = bytes - (rounds - 1) * FETCH_BYTES;
  if (rounds > group.rounds) {
    group.rounds = rounds;
    group.lastBytes = rest;
  } else if (rounds === group.rounds) group.lastBytes = Math.min(REPLICA_FETCH_RESPONSE_MAX_BYTES, group.lastBytes + rest);
}

/**
 * Tallies what each broker copies for a set of moves run together, with the last fetch of each quota:
 * a follower fetches each leader's partitions in one fetcher (`num.replica.fetchers` 1), so its quota's
 * last fetch is the largest last round among its leaders, and a leader's the largest among its
 * followers; a broker's dir moves are taken as one fetcher's. Linear in the moves.
 */
export function loadTally() {
  const loads = new Map<number, BrokerLoad & { broker: number; lastFetchBytes: QuotaFigures }>();
  const pairs = new Map<number, Map<number, FetchRounds>>(); // follower → source → rounds
  const dirs = new Map<number, FetchRounds>();
  const load = (broker: number) => {
    let l = loads.get(broker);
    if (!l) loads.set(broker, (l = { broker, inBytes: 0, outBytes: 0, dirMoveBytes: 0, lastFetchBytes: { in: 0, out: 0, dir: 0 } }));
    return l;
  };
  return {
    /** A new replica on `broker` copying `bytes` from `source` (null: unknown leader). */
    copy(broker: number, source: number | null, bytes: number): void {
      load(broker).inBytes += bytes;
      if (source !== null) load(source).outBytes += bytes;
      let bySource = pairs.get(broker);
      if (!bySource) pairs.set(broker, (bySource = new Map()));
      let g = bySource.get(source ?? -1);
      if (!g) bySource.set(source ?? -1, (g = { rounds: 0, lastBytes: 0 }));
      addFetch(g, bytes);
    },
    dirMove(broker: number, bytes: number): void {
      load(broker).dirMoveBytes += bytes;
      let g = dirs.get(broker);
      if (!g) dirs.set(broker, (g = { rounds: 0, lastBytes: 0 }));
      addFetch(g, bytes);
    },
    loads(): (BrokerLoad & { broker: number; lastFetchBytes: QuotaFigures })[] {
      for (const [follower, bySource] of pairs)
        for (const [source, g] of bySource) {
          const f = load(follower).lastFetchBytes;
          f.in = Math.max(f.in, g.lastBytes);
          if (source !== -1) {
            const o = load(source).lastFetchBytes;
            o.out = Math.max(o.out, g.lastBytes);
          }
        }
      for (const [broker, g] of dirs) load(broker).lastFetchBytes.dir = g.lastBytes;
      return [...loads.values()].sort((a, b) => a.broker - b.broker);
    },
  };
}

/**
 * How long one broker takes for its share of moves that run together (Kafka's copy, fixed costs
 * included): inbound under its follower quota, outbound under its leader quota, dir moves under its
 * alter-log-dirs quota. The quotas are independent, so the broker takes the longest of the three.
 * The one per-broker model: estimateReassignment and the batch estimate (batches.ts) both use it.
 */
export function brokerSeconds(
  t: BrokerLoad,
  rates: Rates,
  credit: QuotaFigures = { in: 0, out: 0, dir: 0 },
): Pick<BrokerTransfer, "inSeconds" | "outSeconds" | "dirMoveSeconds" | "seconds" | "limitedBy"> {
  const { replication, alter } = usableRates(rates);
  const efficiency = fetchEfficiency(rates.recordBatchBytes);
  const last = t.lastFetchBytes ?? { in: 0, out: 0, dir: 0 };
  const inSeconds = quotaSeconds("inter", t.inBytes, replication, efficiency, last.in, credit.in);
  const outSeconds = quotaSeconds("inter", t.outBytes, replication, efficiency, last.out, credit.out);
  const dirMoveSeconds = quotaSeconds("intra", t.dirMoveBytes, alter, efficiency, last.dir, credit.dir);
  const seconds = Math.max(inSeconds, outSeconds, dirMoveSeconds);
  const limitedBy: BrokerTransfer["limitedBy"] = seconds === 0 ? "none" : seconds === inSeconds ? "follower" : seconds === outSeconds ? "leader" : "alter-log-dirs";
  return { inSeconds, outSeconds, dirMoveSeconds, seconds, limitedBy };
}

/**
 * What each quota of a broker gets back in the next batch: the seconds it was idle between its last
 * byte of this batch and the next batch's start (`idleSeconds`), less the time its own last fetch went
 * ahead of the rate; nothing after an idle longer than the quota's span (its samples are gone by then).
 */
export function nextBatchCredit(t: BrokerLoad, rates: Rates, idleSeconds: QuotaFigures): QuotaFigures {
  const { replication, alter } = usableRates(rates);
  const efficiency = fetchEfficiency(rates.recordBatchBytes);
  const last = t.lastFetchBytes ?? { in: 0, out: 0, dir: 0 };
  const one = (bytes: number, lastBytes: number, rate: number, idle: number) =>
    bytes <= 0 || idle >= QUOTA_SPAN_SECONDS ? 0 : Math.max(0, idle - Math.min(lastBytes, bytes) / (rate * efficiency));
  return {
    in: one(t.inBytes, last.in, replication, idleSeconds.in),
    out: one(t.outBytes, last.out, replication, idleSeconds.out),
    dir: one(t.dirMoveBytes, last.dir, alter, idleSeconds.dir),
  };
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
  const tally = loadTally();
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
        tally.copy(b, source, size);
        interBrokerBytes += size;
      } else {
        const dir = e.logDirs[i] ?? ANY_LOG_DIR;
        if (dir !== ANY_LOG_DIR && dir !== had.logDir) {
          tally.dirMove(b, had.sizeBytes ?? 0);
          dirMoveBytes += had.sizeBytes ?? 0;
        }
      }
    });
  }
  let bottleneck: DurationEstimate["bottleneck"] = null;
  let seconds = 0;
  const brokers: BrokerTransfer[] = tally
    .loads()
    .map((l) => ({ broker: l.broker, inBytes: l.inBytes, outBytes: l.outBytes, dirMoveBytes: l.dirMoveBytes, ...brokerSeconds(l, rates) }));
  for (const t of brokers) {
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
      "A broker's dir moves share its alter-log-dirs quota; each quota keeps whole record batches only, so it copies a little less than its rate (recordBatchBytes), and lets its last fetch through without waiting for it.",
      "The leader quota also counts replication to in-sync followers of throttled partitions; reserve it with ongoingBytesPerSecond.",
      "The throttle is the limit: where a disk or the network is slower than it (old segments read from disk, a busy broker), the move takes longer.",
      "The duration includes the apply job's own steps: submission, polling for completion, removing throttles and electing leaders.",
    ],
  };
}
