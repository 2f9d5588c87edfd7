/**
 * Apply bench (DESIGN §6: estimated vs measured duration within ±10% on real throttled moves).
 *
 * Starts its own 3-node × 2-dir KRaft cluster (Kafka 4.4 unless KAFKA_VERSION says otherwise; ports
 * 29100.., `.kafka/est-apply`), writes incompressible records of known size, then applies two reviewed
 * reassignments one after the other with the apply job, each under its throttle:
 * - inter-broker: 4 partitions (RF 2 on brokers 1, 2) each get a new replica on broker 3 in place of
 *   broker 2's, two of them with broker 3 as the new preferred leader (the job elects it at the end);
 * - intra-broker: 4 partitions on broker 2 each move to its other log dir.
 * Each move is timed from the job's start to its end (the job's own timestamps) and compared with the
 * review's `estimate.seconds`; errorPct = 100 · (estimated − measured) / measured. A side observer scans
 * the cluster every 250 ms to split the measured time into the copy (until Kafka shows nothing of the
 * move in flight) and the job's own steps after it. The cluster is stopped at the end, even on failure.
 */
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
const BASE_PORT = 29100;
/** The job's poll interval: 1 s, the apply job's default. */
const POLL_MS = 1000;
const RECORD_BYTES = 4 * 1024;
const RECORDS_PER_BATCH = 4;
const SENDS_IN_FLIGHT = 4;
const JOB_TIMEOUT_MS = 10 * 60_000;

export interface MoveOptions {
  partitions: number;
  bytesPerPartition: number;
  /** The throttle, bytes/s: the replication rate (inter) or the alter-log-dirs rate (intra). */
  rate: number;
}

export interface ApplyBenchOptions {
  interBroker: MoveOptions;
  intraBroker: MoveOptions;
  version?: string;
  log?: (message: string) => void;
}

export const DEFAULT_APPLY_BENCH: ApplyBenchOptions = {
  interBroker: { partitions: 4, bytesPerPartition: 16 * MiB, rate: 1 * MiB },
  intraBroker: { partitions: 4, bytesPerPartition: 24 * MiB, rate: 2 * MiB },
};

export interface MoveFigures {
  movedBytes: number;
  rateBytesPerSecond: number;
  estimatedSeconds: number;
  measuredSeconds: number;
  errorPct: number;
  /** Where the measured time went: from the job's start until the reassignment was sent, Kafka showed it done (250 ms scans), the job saw it done, and the job ended. */
  timeline: { submittedSeconds: number; copiedSeconds: number | null; detectedSeconds: number | null; finishedSeconds: number };
}

export interface ApplyBenchFigures {
  kafkaVersion: string;
  interBroker: MoveFigures;
  intraBroker: MoveFigures;
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
  const observer = (async () => {
    while (!stop) {
      await sleep(250);
      if (Date.now() - startedAt < 500) continue;
      const snap = await readCluster(connection).catch(() => null);
      if (snap && batchProgress(snap, entries, original).done) {
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
  return { job, submittedAt, copiedAt, detectedAt };
}

function review(snapshot: ClusterSnapshot, entries: ReassignmentEntry[], rate: number): AcceptedReview & { rates: JobRates; execution: ExecutionLimits } {
  const json = JSON.stringify({ version: 1, partitions: entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })) });
  const options = PlanOptionsSchema.parse({ throttle: { replicationBytesPerSecond: rate, alterLogDirsBytesPerSecond: rate } });
  const result = reviewReassignment(snapshot, json, options);
  if (!result.ok) throw new Error(`the review refused the bench's reassignment: ${result.error.message}`);
  if (result.value.verdict !== "accepted") throw new Error(`Kafka would refuse the bench's reassignment: ${result.value.refusals.join(" ")}`);
  return { ...result.value, rates: { replicationBytesPerSecond: rate, alterLogDirsBytesPerSecond: rate }, execution: options.execution };
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
  const movedBytes = estimate.interBrokerBytes + estimate.dirMoveBytes;
  log(`${label}: ${entries.length} partitions, ${(movedBytes / MiB).toFixed(1)} MiB at ${(rate / MiB).toFixed(2)} MiB/s; estimated ${estimate.seconds.toFixed(1)} s`);
  const applied = await applyReview(connection, snapshot, accepted);
  const started = Date.parse(applied.job.createdAt);
  const measuredSeconds = (Date.parse(applied.job.finishedAt!) - started) / 1000;
  const at = (t: number | null) => (t === null ? null : Math.round(t - started) / 1000);
  const figures: MoveFigures = {
    movedBytes,
    rateBytesPerSecond: rate,
    estimatedSeconds: round(estimate.seconds),
    measuredSeconds,
    errorPct: round((100 * (estimate.seconds - measuredSeconds)) / measuredSeconds),
    timeline: { submittedSeconds: at(applied.submittedAt)!, copiedSeconds: at(applied.copiedAt), detectedSeconds: at(applied.detectedAt), finishedSeconds: measuredSeconds },
  };
  log(`${label}: measured ${measuredSeconds.toFixed(1)} s (${JSON.stringify(figures.timeline)}), error ${figures.errorPct.toFixed(1)}%`);
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
  try {
    return await benchApplyIn(options, log);
  } finally {
    closeStore();
    if (savedDb === undefined) delete process.env.KAFKA_BALANCE_DB;
    else process.env.KAFKA_BALANCE_DB = savedDb;
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
}

async function benchApplyIn(options: ApplyBenchOptions, log: (m: string) => void): Promise<ApplyBenchFigures> {
  const { interBroker, intraBroker } = options;
  await stopAll(BASE_DIR);
  const cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 3, dirsPerNode: 2, version: options.version, jvm: "throughput" });
  log(`cluster up: Kafka ${cluster.version} at ${cluster.bootstrap}`);
  try {
    const parsed = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap, KAFKA_REQUEST_TIMEOUT_MS: "30000" });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const connection = parsed.value;
    const admin = new Admin({ clientId: "bench-apply", bootstrapBrokers: cluster.bootstrap.split(","), requestTimeout: 60_000, timeout: 60_000 });
    try {
      await admin.createTopics({ topics: ["est-inter"], assignments: Array.from({ length: interBroker.partitions }, (_, p) => ({ partition: p, brokers: [1, 2] })) });
      await admin.createTopics({ topics: ["est-intra"], assignments: Array.from({ length: intraBroker.partitions }, (_, p) => ({ partition: p, brokers: [2] })) });
    } finally {
      await admin.close();
    }
    await sleep(2000);
    await fill(cluster.bootstrap, "est-inter", interBroker.partitions, interBroker.bytesPerPartition);
    await fill(cluster.bootstrap, "est-intra", intraBroker.partitions, intraBroker.bytesPerPartition);
    log("data written");

    const before = await readCluster(connection);
    const inter: ReassignmentEntry[] = Array.from({ length: interBroker.partitions }, (_, p) => ({
      topic: "est-inter",
      partition: p,
      replicas: p % 2 === 0 ? [3, 1] : [1, 3],
      logDirs: ["any", "any"],
    }));
    const interFigures = await measure(connection, before, inter, interBroker.rate, log, "inter-broker");

    const middle = await readCluster(connection);
    const broker2 = middle.brokers.find((b) => b.id === 2)!;
    const intraTopic = middle.topics.find((t) => t.name === "est-intra")!;
    const intra: ReassignmentEntry[] = intraTopic.partitions.map((p) => {
      const here = p.replicas[0]!.logDir;
      const other = broker2.logDirs.find((d) => d.path !== here)!.path;
      return { topic: "est-intra", partition: p.id, replicas: [2], logDirs: [other] };
    });
    const intraFigures = await measure(connection, middle, intra, intraBroker.rate, log, "intra-broker");
    return {
      kafkaVersion: cluster.version,
      interBroker: interFigures,
      intraBroker: intraFigures,
      maxAbsErrorPct: Math.max(Math.abs(interFigures.errorPct), Math.abs(intraFigures.errorPct)),
    };
  } finally {
    await cluster.stop();
  }
}

export function applySummary(f: ApplyBenchFigures): string {
  const line = (name: string, m: MoveFigures) =>
    `  ${name}: ${(m.movedBytes / MiB).toFixed(1)} MiB at ${(m.rateBytesPerSecond / MiB).toFixed(2)} MiB/s, estimated ${m.estimatedSeconds.toFixed(1)} s, measured ${m.measuredSeconds.toFixed(1)} s (${m.errorPct >= 0 ? "+" : ""}${m.errorPct.toFixed(1)}%)`;
  return `apply: throttled moves on local Kafka ${f.kafkaVersion}, worst error ${f.maxAbsErrorPct.toFixed(1)}% (target ≤ 10%)\n${line("inter-broker", f.interBroker)}\n${line("intra-broker", f.intraBroker)}`;
}
