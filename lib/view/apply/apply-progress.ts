/**
 * A running job's progress as the panel shows it: the batches with their state and timing, bytes
 * copied per broker, the partitions still copying (most bytes left first), and the clock — how long
 * is left at the rate the job measured, beside what the plan estimated.
 *
 * Invariants:
 * - Fractions are in 0–1 whatever the counters say (a replica that grew while it was copied reports
 *   more copied than planned); nothing to copy counts as complete.
 * - The batch table is a bounded window that starts a few batches before the current one; the
 *   batches outside it are counted, never dropped silently.
 * - The clock is read as the job wrote it; time only enters as `nowMs` (a batch running "for 42 s").
 */
import { formatByteRate, formatBytes, formatCount, formatDuration, formatTimeOfDay, formatWholePercent } from "@/lib/model/format";
import { BATCH_KIND_LABELS, batchMovesText } from "./apply-batches";
import type { BatchState, JobState } from "@/lib/plan/job-model";
import type { JobBatchFields, JobFields } from "./apply-job";

/** 20 rows: the current batch, a few before it, the next ones. */
export const JOB_BATCHES_SHOWN = 20;
/** 3: how many done batches stay in view above the current one. */
const BATCHES_BEFORE = 3;
/** 10: the partitions with the most bytes left; the per-broker bars carry the rest. */
export const IN_FLIGHT_SHOWN = 10;

export const BATCH_STATE_LABELS: Record<BatchState, string> = {
  pending: "Waiting",
  submitting: "Submitting",
  running: "Copying",
  done: "Done",
  cancelled: "Cancelled",
};

function share(done: number, total: number): number {
  if (!(total > 0)) return 1;
  return Math.min(1, Math.max(0, done / total));
}

function secondsBetween(from: string, to: number): number | null {
  const start = Date.parse(from);
  return Number.isFinite(start) && Number.isFinite(to) ? Math.max(0, (to - start) / 1000) : null;
}

export interface JobBatchRow {
  key: string;
  number: number;
  kindText: string;
  partitions: string;
  moves: string;
  bytes: string;
  planned: string;
  state: BatchState;
  stateText: string;
  started: string;
  /** How long it took, or has taken so far; "–" before it starts. */
  took: string;
  current: boolean;
}

export interface JobBatchTable {
  rows: JobBatchRow[];
  /** Batches above the window (all before the current one). */
  before: number;
  /** Batches below the window. */
  after: number;
}

/**
 * How long a batch took: to its end; to now while it runs; to the job's end when the job stopped it
 * (a cancel, a failure), which is not "so far".
 */
function tookText(b: JobBatchFields, nowMs: number, jobEnd: string | null): string {
  if (b.startedAt === null) return "–";
  if (b.finishedAt !== null) return formatDuration(secondsBetween(b.startedAt, Date.parse(b.finishedAt)) ?? Number.NaN);
  if (jobEnd === null) return `${formatDuration(secondsBetween(b.startedAt, nowMs) ?? Number.NaN)} so far`;
  return `stopped after ${formatDuration(secondsBetween(b.startedAt, Date.parse(jobEnd)) ?? Number.NaN)}`;
}

/**
 * A batch's state in words; a batch a cancel stopped says how many of its partitions Kafka had
 * finished when the job read the cluster back ("done" when all had).
 */
export function batchStateText(b: Pick<JobBatchFields, "state" | "partitions" | "finishedPartitions">): string {
  const label = BATCH_STATE_LABELS[b.state];
  if (b.finishedPartitions === undefined) return label;
  if (b.state === "done") return `${label} (finished before the cancel)`;
  return b.finishedPartitions > 0 ? `${label} (${formatCount(b.finishedPartitions)} of ${formatCount(b.partitions)} partitions finished)` : `${label} (none finished)`;
}

function batchRow(b: JobBatchFields, current: boolean, nowMs: number, jobEnd: string | null): JobBatchRow {
  return {
    key: String(b.index),
    number: b.index + 1,
    kindText: BATCH_KIND_LABELS[b.kind],
    partitions: formatCount(b.partitions),
    moves: batchMovesText(b),
    bytes: formatBytes(b.bytes),
    planned: formatDuration(b.plannedSeconds),
    state: b.state,
    stateText: batchStateText(b),
    started: b.startedAt === null ? "–" : formatTimeOfDay(b.startedAt),
    took: tookText(b, nowMs, jobEnd),
    current,
  };
}

export function jobBatchTable(
  job: Pick<JobFields, "batch" | "batches" | "state"> & { finishedAt: string | null },
  nowMs: number,
  shown: number = JOB_BATCHES_SHOWN,
): JobBatchTable {
  const total = job.batches.length;
  const start = Math.max(0, Math.min(job.batch - BATCHES_BEFORE, total - shown));
  const end = Math.min(total, start + shown);
  const live = !["cancelled", "done", "failed"].includes(job.state);
  // A job that has ended stopped every batch it had not finished, at its own end (or now, if it has none).
  const jobEnd = live ? null : (job.finishedAt ?? new Date(nowMs).toISOString());
  return {
    rows: job.batches.slice(start, end).map((b) => batchRow(b, live && b.index === job.batch, nowMs, jobEnd)),
    before: start,
    after: total - end,
  };
}

export interface BrokerProgressRow {
  broker: number;
  fraction: number;
  /** "12.3 GiB of 40.0 GiB (31%)". */
  text: string;
}

export function brokerProgressRows(brokers: ReadonlyArray<{ broker: number; copiedBytes: number; totalBytes: number }>): BrokerProgressRow[] {
  return [...brokers]
    .sort((a, b) => a.broker - b.broker)
    .map((b) => {
      const fraction = share(b.copiedBytes, b.totalBytes);
      return { broker: b.broker, fraction, text: `${formatBytes(Math.min(b.copiedBytes, b.totalBytes))} of ${formatBytes(b.totalBytes)} (${formatWholePercent(fraction)})` };
    });
}

export interface InFlightRow {
  key: string;
  partition: string;
  /** "copying to broker 3", "moving between dirs of broker 2". */
  where: string;
  copied: string;
  left: string;
  fraction: number;
}

type PartitionProgressFields = { topic: string; partition: number; broker: number; kind: "inter" | "intra"; copiedBytes: number; totalBytes: number };

/** The partitions still copying with the most bytes left first (ties by topic and partition), at most `shown`, and how many more there are. */
export function inFlightRows(partitions: ReadonlyArray<PartitionProgressFields>, shown: number = IN_FLIGHT_SHOWN): { rows: InFlightRow[]; more: number } {
  const left = (p: PartitionProgressFields) => Math.max(0, p.totalBytes - p.copiedBytes);
  const sorted = [...partitions].sort((a, b) => left(b) - left(a) || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0) || a.partition - b.partition || a.broker - b.broker);
  return {
    rows: sorted.slice(0, shown).map((p) => ({
      key: `${p.topic}-${p.partition}-${p.broker}-${p.kind}`,
      partition: `${p.topic}-${p.partition}`,
      where: p.kind === "inter" ? `copying to broker ${p.broker}` : `moving between dirs of broker ${p.broker}`,
      copied: `${formatBytes(Math.min(p.copiedBytes, p.totalBytes))} of ${formatBytes(p.totalBytes)}`,
      left: formatBytes(left(p)),
      fraction: share(p.copiedBytes, p.totalBytes),
    })),
    more: Math.max(0, sorted.length - shown),
  };
}

export interface ClockFields {
  doneBytes: number;
  totalBytes: number;
  measuredBytesPerSecond: number | null;
  remainingSeconds: number | null;
  plannedRemainingSeconds: number;
}

export interface ClockView {
  fraction: number;
  /** "12.3 GiB of 40.0 GiB copied (31%)". */
  copied: string;
  /** "about 4 min 10 s left at the measured 12.3 MiB/s; planned 4 min 40 s"; for a finished job, how long it took against the plan. */
  sentence: string;
}

/**
 * The clock: bytes copied, and time left at the measured rate beside the plan's estimate of what is
 * left. Before two polls have seen data move there is no measured rate: the time left is the plan's.
 * A finished job says how long it took against the plan's total.
 */
export function clockView(clock: ClockFields | null, job: { state: JobState; createdAt: string; finishedAt: string | null; estimate: { seconds: number } }): ClockView | null {
  if (clock === null) return null;
  const fraction = share(clock.doneBytes, clock.totalBytes);
  // A cancelled job's bytes are those read back in place as planned: what was copied and reverted is gone.
  const verb = job.state === "cancelled" ? "moved and kept" : "copied";
  const copied = `${formatBytes(Math.min(clock.doneBytes, clock.totalBytes))} of ${formatBytes(clock.totalBytes)} ${verb} (${formatWholePercent(fraction)})`;
  const planned = formatDuration(clock.plannedRemainingSeconds);
  let sentence: string;
  if (["cancelled", "done", "failed"].includes(job.state)) {
    const took = job.finishedAt === null ? null : secondsBetween(job.createdAt, Date.parse(job.finishedAt));
    sentence = `${took === null ? "Ended" : `Took ${formatDuration(took)}`}; planned ${formatDuration(job.estimate.seconds)}.`;
  } else if (job.state === "cancelling") {
    // No time left to estimate: what stays moved is what the job reads back once Kafka has answered.
    sentence = "Being cancelled: the job reads back from the cluster what stays moved once Kafka has answered the cancel.";
  } else {
    // Paused, the clock stands still: what is left is copying still to do once resumed.
    const about = job.state === "paused" ? "Paused with about" : "About";
    const left = job.state === "paused" ? "of copying left" : "left";
    sentence =
      clock.measuredBytesPerSecond !== null && clock.remainingSeconds !== null
        ? `${about} ${formatDuration(clock.remainingSeconds)} ${left} at the measured ${formatByteRate(clock.measuredBytesPerSecond)}; planned ${planned}.`
        : `${about} ${planned} ${left} by the plan's estimate; no copy rate measured yet.`;
  }
  return { fraction, copied, sentence };
}

/** The rates in force, as the throttle rows show them. */
export function ratesText(rates: { replicationBytesPerSecond: number; alterLogDirsBytesPerSecond: number }): { replication: string; alterLogDirs: string } {
  return { replication: formatByteRate(rates.replicationBytesPerSecond), alterLogDirs: formatByteRate(rates.alterLogDirsBytesPerSecond) };
}
