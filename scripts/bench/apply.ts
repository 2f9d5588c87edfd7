/**
 * Apply bench (DESIGN §6: estimated vs measured duration within ±10% on real throttled moves).
 *
 * Starts its own 3-node × 2-dir KRaft cluster (Kafka 4.4 unless KAFKA_VERSION says otherwise; clients on
 * 29800–29802, controllers 29850–29852, `.kafka/est-apply`, the `throughput` JVM), writes incompressible
 * records of known size (16 KiB batches) into one topic per rate (4 partitions, one replica on broker 1),
 * then at each rate — 0.5, 1, 10 and 50 MiB/s, each sized for about 8–24 s of copy — applies two reviewed
 * reassignments one after the other with the real apply job (startApplyJob), each under its throttle:
 * - inter-broker: each partition gets a replica on broker 3 (copied from broker 1, the leader), two of
 *   them with broker 3 as the new preferred leader (the job elects it at the end): one batch;
 * - intra-broker: broker 1's replicas of the same partitions move to its other log dir: two batches of
 *   two (the default of two dir moves per broker at a time), so the job's per-batch steps are timed too.
 * Before each move the bench syncs the disk and reads the moving partitions' segments once, so the copy
 * is limited by the throttle the estimate models, not by this VM's disk (see measure()).
 * Each move is timed from the job's start to its end (the job's own timestamps) and compared with the
 * review's `estimate.seconds`; errorPct = 100 · (estimated − measured) / measured. A side observer scans
 * the cluster every 250 ms to split the measured time into the copy (until Kafka shows nothing of the
 * move in flight) and the job's own steps after it, and to measure the copy's rate between 20% and 80%
 * of the bytes. The cluster is stopped at the end, even on failure. About 4–5 minutes in all.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kafka, logLevel } from "kafkajs";
import { Admin } from "@platformatic/kafka";
import { connectionFromEnv, type KafkaConnection } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";
import { batchProgress, getApplyJob, jobFinished, startApplyJob, type ApplyJobRecord, type JobRates } from "@/lib/cluster/writes";
import type { ExecutionLimits } from "@/lib/plan";
import { closeStore } from "@/lib/store";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { PlanOptionsSchema, type ReassignmentEntry } from "@/lib/plan";
import { reviewReassignment, type AcceptedReview } from "@/lib/simulate/review";
import { startCluster, stopAll } from "../kafka/cluster";

const MiB = 1024 * 1024;
const BASE_DIR = path.resolve(".kafka/est-apply");
/** Clients 29800–29802, controllers 29850–29852 (this machine's bench ports). */
const BASE_PORT = 29800;
/** The job's poll interval: 1 s, the apply job's default. */
const POLL_MS = 1000;
const RECORD_BYTES = 4 * 1024;
const RECORDS_PER_BATCH = 4;
const SENDS_IN_FLIGHT = 4;
const JOB_TIMEOUT_MS = 10 * 60_000;

/** One rate of the bench: the throttle and how much data each move copies under it. */
export interface RateRun {
  /** The throttle, bytes/s: the replication rate (inter) and the alter-log-dirs rate (intra). */
  rate: number;
  /** Bytes per partition of this run's topic (PARTITIONS partitions). */
  bytesPerPartition: number;
}

export interface ApplyBenchOptions {
  runs: RateRun[];
  version?: string;
  log?: (message: string) => void;
}

/** Partitions per run's topic: one batch of inter-broker moves (5 per broker), two batches of dir moves (2 per broker). */
const PARTITIONS = 4;

/**
 * 0.5, 1, 10 and 50 MiB/s, each copying about 24, 24, 16 and 8 seconds' worth: long enough that the fixed
 * costs (about 2–4 s) are a minority, short enough that the bench stays within a few minutes.
 */
export const DEFAULT_APPLY_BENCH: ApplyBenchOptions = {
  runs: [
    { rate: 0.5 * MiB, bytesPerPartition: 3 * MiB },
    { rate: 1 * MiB, bytesPerPartition: 6 * MiB },
    { rate: 10 * MiB, bytesPerPartition: 40 * MiB },
    { rate: 50 * MiB, bytesPerPartition: 100 * MiB },
  ],
};

export interface MoveFigures {
  movedBytes: number;
  rateBytesPerSecond: number;
  batches: number;
  estimatedSeconds: number;
  measuredSeconds: number;
  /** estimated / measured. */
  ratio: number;
  errorPct: number;
  /**
   * The copy's rate as Kafka ran it: the slope of bytes copied (250 ms scans of the log dirs) between 20%
   * and 80% of the move, and that slope as a share of the throttle. Null when too few scans fell there.
   */
  copyRateBytesPerSecond: number | null;
  copyRateShare: number | null;
  /** Where the measured time went: from the job's start until the reassignment was sent, Kafka showed it done (250 ms scans), the job saw it done, and the job ended. */
  timeline: { submittedSeconds: number; copiedSeconds: number | null; detectedSeconds: number | null; finishedSeconds: number };
}

export interface RateFigures {
  rateBytesPerSecond: number;
  interBroker: MoveFigures;
  intraBroker: MoveFigures;
}

export interface ApplyBenchFigures {
  kafkaVersion: string;
  runs: RateFigures[];
  maxAbsErrorPct: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `bytesPerPartition` of random (incompressible) records into every partition of `topic`, in
 * record batches of 16 KiB (RECORDS_PER_BATCH × RECORD_BYTES: the producer's default `batch.size`),
 * a few requests in flight at once.
 */
async function fill(bootstrap: string, topic: string, partitions: number, bytesPerPartition: number): Promise<void> {
  const kafka = new Kafka({ clientId: "bench-apply", brokers: bootstrap.split(","), logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    const sends = Math.ceil(bytesPerPartition / (RECORD_BYTES * RECORDS_PER_BATCH));
    let next = 0;
    // One request carries one batch per partition.
    const sender = async () => {
      while (next < sends) {
        next += 1;
        const messages = Array.from({ length: partitions * RECORDS_PER_BATCH }, (_, i) => ({ partition: i % partitions, value: randomBytes(RECORD_BYTES) }));
        await producer.send({ topic, acks: -1, messages });
      }
    };
    await Promise.all(Array.from({ length: SENDS_IN_FLIGHT }, sender));
  } finally {
    await producer.disconnect();
  }
}

interface AppliedMove {
  job: ApplyJobRecord;
  submittedAt: number;
  copiedAt: number | null;
  detectedAt: number | null;
  /** The observer's scans: bytes copied at each moment. */
  trace: Array<{ at: number; copiedBytes: number; totalBytes: number }>;
}

/**
 * Applies one reviewed reassignment with the apply job and waits for the job to end. The only place
 * that knows the job's API, so a change of the runner changes this function alone.
 */
async function applyReview(connection: KafkaConnection, snapshot: ClusterSnapshot, review: AcceptedReview & { rates: JobRates; execution: ExecutionLimits }): Promise<AppliedMove> {
  const entries: ReassignmentEntry[] = review.entries;
  let submittedAt = 0;
  let detectedAt: number | null = null;
  let copiedAt: number | null = null;
  const original: Record<string, { replicas: number[]; dirs: (string | null)[] }> = {};
  for (const t of snapshot.topics)
    for (const p of t.partitions) original[`${t.name}-${p.id}`] = { replicas: p.replicas.map((r) => r.broker), dirs: p.replicas.map((r) => r.logDir) };
  const startedAt = Date.now();
  const jobPromise = startApplyJob(connection, snapshot, { entries, throttles: review.throttles }, { pollMs: POLL_MS, rates: review.rates, execution: review.execution }).then(
    (job) => {
      submittedAt = Date.now();
      return job;
    },
  );
  // The observer starts with the job: the copy may end before the job's first poll.
  let stop = false;
  const trace: AppliedMove["trace"] = [];
  const observer = (async () => {
    while (!stop) {
      await sleep(250);
      const snap = await readCluster(connection).catch(() => null);
      if (!snap) continue;
      const progress = batchProgress(snap, entries, original);
      trace.push({ at: Date.now(), copiedBytes: progress.copiedBytes, totalBytes: progress.totalBytes });
      if (Date.now() - startedAt >= 500 && progress.done) {
        copiedAt = Date.now();
        return;
      }
    }
  })();
  let job = await jobPromise;
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  while (!jobFinished(job.status.state)) {
    if (detectedAt === null && job.status.phase !== "batches" && job.status.phase !== "cordons" && job.status.phase !== "throttles") detectedAt = Date.now();
    if (Date.now() > deadline) throw new Error(`the apply job did not finish in ${JOB_TIMEOUT_MS / 1000} s: ${JSON.stringify(job.status.progress)}`);
    await sleep(20);
    job = (await getApplyJob(job.id))!;
  }
  detectedAt ??= Date.now();
  stop = true;
  await observer;
  if (job.status.state !== "done") throw new Error(`the apply job ended ${job.status.state}: ${job.status.errors.join("; ")}`);
  return { job, submittedAt, copiedAt, detectedAt, trace };
}

function review(snapshot: ClusterSnapshot, entries: ReassignmentEntry[], rate: number): AcceptedReview & { rates: JobRates; execution: ExecutionLimits } {
  const json = JSON.stringify({ version: 1, partitions: entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })) });
  const options = PlanOptionsSchema.parse({ throttle: { replicationBytesPerSecond: rate, alterLogDirsBytesPerSecond: rate } });
  const result = reviewReassignment(snapshot, json, options);
  if (!result.ok) throw new Error(`the review refused the bench's reassignment: ${result.error.message}`);
  if (result.value.verdict !== "accepted") throw new Error(`Kafka would refuse the bench's reassignment: ${result.value.refusals.join(" ")}`);
  return { ...result.value, rates: { replicationBytesPerSecond: rate, alterLogDirsBytesPerSecond: rate }, execution: options.execution };
}

/** Reads every segment of `topic` under the bench's cluster folder once, so the next move's reads come from the page cache. */
function warm(topic: string): void {
  const buffer = Buffer.allocUnsafe(4 * MiB);
  const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
  const walk = (dir: string, depth: number): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (gone(error)) return; // a `-delete` folder Kafka removed meanwhile
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < 3) walk(full, depth + 1);
      else if (entry.isFile() && entry.name.endsWith(".log") && path.basename(dir).startsWith(`${topic}-`)) {
        let fd: number;
        try {
          fd = fs.openSync(full, "r");
        } catch (error) {
          if (gone(error)) continue;
          throw error;
        }
        try {
          while (fs.readSync(fd, buffer, 0, buffer.length, null) > 0);
        } finally {
          fs.closeSync(fd);
        }
      }
    }
  };
  walk(BASE_DIR, 0);
}

/** The slope of bytes copied over time between 20% and 80% of the move (least squares), bytes/s. */
function copyRate(trace: AppliedMove["trace"]): number | null {
  const total = trace.at(-1)?.totalBytes ?? 0;
  const mid = trace.filter((t) => t.totalBytes > 0 && t.copiedBytes >= 0.2 * total && t.copiedBytes <= 0.8 * total);
  if (mid.length < 4) return null;
  const mx = mid.reduce((a, t) => a + t.at, 0) / mid.length;
  const my = mid.reduce((a, t) => a + t.copiedBytes, 0) / mid.length;
  const sxy = mid.reduce((a, t) => a + (t.at - mx) * (t.copiedBytes - my), 0);
  const sxx = mid.reduce((a, t) => a + (t.at - mx) ** 2, 0);
  return sxx > 0 ? (1000 * sxy) / sxx : null;
}

async function measure(
  connection: KafkaConnection,
  snapshot: ClusterSnapshot,
  entries: ReassignmentEntry[],
  rate: number,
  log: (m: string) => void,
  label: string,
): Promise<MoveFigures> {
  const accepted = review(snapshot, entries, rate);
  const estimate = accepted.estimate;
  // The estimate models the throttle, and holds where the throttle, not a disk, is the limit. This VM's
  // disk is not that at 50 MiB/s: the kernel writes back the bench's own fill 30 s later
  // (vm.dirty_expire_centisecs), in the middle of a move, and the leader's reads of data written a minute
  // before went to the disk at 1–5 MB/s with 30–67% I/O wait (vmstat), so the 50 MiB/s inter-broker copy
  // ran at 0.34–0.61 of the throttle. So each move starts on a quiet disk with its source in the page
  // cache, as a broker's recent segments are.
  execFileSync("sync", { stdio: "ignore", timeout: 120_000 });
  warm(entries[0]!.topic);
  const movedBytes = estimate.interBrokerBytes + estimate.dirMoveBytes;
  log(`${label}: ${entries.length} partitions, ${(movedBytes / MiB).toFixed(1)} MiB at ${(rate / MiB).toFixed(2)} MiB/s; estimated ${estimate.seconds.toFixed(1)} s`);
  const applied = await applyReview(connection, snapshot, accepted);
  const started = Date.parse(applied.job.createdAt);
  const measuredSeconds = (Date.parse(applied.job.finishedAt!) - started) / 1000;
  const at = (t: number | null) => (t === null ? null : Math.round(t - started) / 1000);
  const slope = copyRate(applied.trace);
  const figures: MoveFigures = {
    movedBytes,
    rateBytesPerSecond: rate,
    batches: estimate.batchSeconds.length,
    estimatedSeconds: round(estimate.seconds),
    measuredSeconds,
    ratio: round(estimate.seconds / measuredSeconds),
    errorPct: round((100 * (estimate.seconds - measuredSeconds)) / measuredSeconds),
    copyRateBytesPerSecond: slope === null ? null : Math.round(slope),
    copyRateShare: slope === null ? null : round(slope / rate),
    timeline: { submittedSeconds: at(applied.submittedAt)!, copiedSeconds: at(applied.copiedAt), detectedSeconds: at(applied.detectedAt), finishedSeconds: measuredSeconds },
  };
  const batchTimes = applied.job.status.batches.map((b, i) => {
    const took = b.startedAt && b.finishedAt ? (Date.parse(b.finishedAt) - Date.parse(b.startedAt)) / 1000 : null;
    return `#${i + 1} ${estimate.batchSeconds[i]?.toFixed(1)} s est, ${took?.toFixed(1)} s`;
  });
  log(
    `${label}: measured ${measuredSeconds.toFixed(1)} s (${JSON.stringify(figures.timeline)}; batches ${batchTimes.join(", ")}; copy rate ${figures.copyRateShare ?? "?"} of the throttle), error ${figures.errorPct.toFixed(1)}%`,
  );
  return figures;
}

const round = (x: number) => Math.round(x * 100) / 100;

export async function benchApply(options: ApplyBenchOptions = DEFAULT_APPLY_BENCH): Promise<ApplyBenchFigures> {
  const log = options.log ?? (() => undefined);
  // The jobs go to a store of their own, never the developer's data/snapshots.db.
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-bench-apply-"));
  closeStore();
  const savedDb = process.env.KAFKA_BALANCE_DB;
  process.env.KAFKA_BALANCE_DB = path.join(storeDir, "store.db");
  // The job's log lines would go to stdout between the --json lines; the bench logs its own steps to stderr.
  const savedLog = process.env.KAFKA_BALANCE_LOG;
  process.env.KAFKA_BALANCE_LOG ??= "off";
  try {
    return await benchApplyIn(options, log);
  } finally {
    closeStore();
    if (savedDb === undefined) delete process.env.KAFKA_BALANCE_DB;
    else process.env.KAFKA_BALANCE_DB = savedDb;
    if (savedLog === undefined) delete process.env.KAFKA_BALANCE_LOG;
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
}

const topicOf = (run: RateRun) => `est-${run.rate / MiB}`.replace(".", "_");

async function benchApplyIn(options: ApplyBenchOptions, log: (m: string) => void): Promise<ApplyBenchFigures> {
  await stopAll(BASE_DIR);
  const cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 3, dirsPerNode: 2, version: options.version, jvm: "throughput" });
  log(`cluster up: Kafka ${cluster.version} at ${cluster.bootstrap}`);
  try {
    const parsed = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap, KAFKA_REQUEST_TIMEOUT_MS: "30000" });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const connection = parsed.value;
    const admin = new Admin({ clientId: "bench-apply", bootstrapBrokers: cluster.bootstrap.split(","), requestTimeout: 60_000, timeout: 60_000 });
    try {
      // One replica each (on broker 1) while the data is written: half the bytes to write on a busy machine.
      for (const run of options.runs)
        await admin.createTopics({ topics: [topicOf(run)], assignments: Array.from({ length: PARTITIONS }, (_, p) => ({ partition: p, brokers: [1] })) });
    } finally {
      await admin.close();
    }
    await sleep(2000);
    for (const run of options.runs) await fill(cluster.bootstrap, topicOf(run), PARTITIONS, run.bytesPerPartition);
    log("data written");

    const runs: RateFigures[] = [];
    for (const run of options.runs) {
      const topic = topicOf(run);
      const before = await readCluster(connection);
      // Inter-broker: each partition gets a replica on broker 3 (copied from broker 1, the leader), half of them with broker 3 as the new preferred leader.
      const inter: ReassignmentEntry[] = Array.from({ length: PARTITIONS }, (_, p) => ({ topic, partition: p, replicas: p % 2 === 0 ? [3, 1] : [1, 3], logDirs: ["any", "any"] }));
      const interFigures = await measure(connection, before, inter, run.rate, log, `${run.rate / MiB} MiB/s inter-broker`);
      // Intra-broker: broker 1's replicas of the same partitions move to its other log dir (two batches of two).
      const middle = await readCluster(connection);
      const broker1 = middle.brokers.find((b) => b.id === 1)!;
      const intra: ReassignmentEntry[] = middle.topics
        .find((t) => t.name === topic)!
        .partitions.map((p) => {
          const here = p.replicas.find((r) => r.broker === 1)!.logDir;
          const other = broker1.logDirs.find((d) => d.path !== here)!.path;
          const replicas = p.replicas.map((r) => r.broker);
          return { topic, partition: p.id, replicas, logDirs: replicas.map((b) => (b === 1 ? other : "any")) };
        });
      const intraFigures = await measure(connection, middle, intra, run.rate, log, `${run.rate / MiB} MiB/s intra-broker`);
      runs.push({ rateBytesPerSecond: run.rate, interBroker: interFigures, intraBroker: intraFigures });
    }
    return { kafkaVersion: cluster.version, runs, maxAbsErrorPct: Math.max(...runs.flatMap((r) => [Math.abs(r.interBroker.errorPct), Math.abs(r.intraBroker.errorPct)])) };
  } finally {
    await cluster.stop();
  }
}

export function applySummary(f: ApplyBenchFigures): string {
  const line = (name: string, m: MoveFigures) =>
    `  ${(m.rateBytesPerSecond / MiB).toFixed(1).padStart(4)} MiB/s ${name}: ${(m.movedBytes / MiB).toFixed(1)} MiB in ${m.batches} batch(es), estimated ${m.estimatedSeconds.toFixed(1)} s, measured ${m.measuredSeconds.toFixed(1)} s (ratio ${m.ratio.toFixed(2)}, ${m.errorPct >= 0 ? "+" : ""}${m.errorPct.toFixed(1)}%)`;
  const lines = f.runs.flatMap((r) => [line("inter-broker", r.interBroker), line("intra-broker", r.intraBroker)]);
  return `apply: throttled moves on local Kafka ${f.kafkaVersion}, worst error ${f.maxAbsErrorPct.toFixed(1)}% (target ≤ 10%)\n${lines.join("\n")}`;
}
