/**
 * What an apply job measures at each poll, as data (pure: a snapshot in, figures out).
 *
 * - A batch is done when Kafka lists none of its partitions as reassigning, each has exactly the
 *   planned replicas, and each pinned replica is in its dir with no `-future` copy left.
 * - Bytes done per partition: a new replica's size on its new broker against the partition's copy
 *   size (the leader's); a dir move's `-future` size against the replica's. A move that has finished
 *   counts whole.
 * - The clock: the measured rate is bytes done over the time data was moving in the last polls (a
 *   window, so one slow poll does not swing it; a pause, the wait between batches and the time before
 *   a throttle change count for nothing); time left at that rate, next to the plan's estimate of what
 *   is left.
 */
import type { ClusterSnapshot, Partition } from "@/lib/model/snapshot";
import { ANY_LOG_DIR, type ReassignmentEntry } from "@/lib/plan";
import { copySize } from "@/lib/model/reassignment";
import type { BrokerProgress, JobClock, PartitionProgress } from "./job-model";

export interface BatchProgress {
  /** Partitions of the batch still moving, or not yet as planned. */
  pending: string[];
  partitions: PartitionProgress[];
  brokers: BrokerProgress[];
  copiedBytes: number;
  totalBytes: number;
  /** Whether anything is being copied right now (a reassignment listed, or a future replica). */
  copying: boolean;
  done: boolean;
}

function partitionsOf(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): Map<string, Partition> {
  const wanted = new Map<string, Set<number>>();
  for (const e of entries) {
    let s = wanted.get(e.topic);
    if (!s) wanted.set(e.topic, (s = new Set()));
    s.add(e.partition);
  }
  const out = new Map<string, Partition>();
  for (const t of snapshot.topics) {
    const ps = wanted.get(t.name);
    if (!ps) continue;
    for (const p of t.partitions) if (ps.has(p.id)) out.set(`${t.name}-${p.id}`, p);
  }
  return out;
}

/**
 * The progress of one batch against a live snapshot. `original` holds each partition's replicas
 * before the job (a replica that was there before copies nothing between brokers).
 */
export function batchProgress(
  snapshot: ClusterSnapshot,
  entries: ReadonlyArray<ReassignmentEntry>,
  original: Readonly<Record<string, { replicas: number[]; dirs: (string | null)[] }>>,
): BatchProgress {
  const parts = partitionsOf(snapshot, entries);
  const listed = new Set(snapshot.throttles.reassignments.map((r) => `${r.topic}-${r.partition}`));
  const pending: string[] = [];
  const partitions: PartitionProgress[] = [];
  const brokers = new Map<number, BrokerProgress>();
  let copying = false;
  const add = (p: PartitionProgress) => {
    partitions.push(p);
    let b = brokers.get(p.broker);
    if (!b) brokers.set(p.broker, (b = { broker: p.broker, copiedBytes: 0, totalBytes: 0 }));
    b.copiedBytes += p.copiedBytes;
    b.totalBytes += p.totalBytes;
  };
  for (const e of entries) {
    const key = `${e.topic}-${e.partition}`;
    const p = parts.get(key);
    if (!p) {
      // The partition is gone (topic deleted while the job ran): nothing left to wait for.
      continue;
    }
    const before = original[key]?.replicas ?? p.replicas.map((r) => r.broker);
    const now = p.replicas.map((r) => r.broker);
    const inFlight = listed.has(key) || p.adding.length > 0 || p.removing.length > 0;
    const asPlanned = now.length === e.replicas.length && e.replicas.every((b, i) => now[i] === b);
    if (inFlight) copying = true;
    let partitionDone = !inFlight && asPlanned;
    // What a new replica copies: the size of a replica that was there before (a new one is still
    // growing); once none is left, any replica's (the copies are complete by then).
    const held = p.replicas.filter((r) => before.includes(r.broker));
    const size = copySize({ leader: p.leader, replicas: held.length > 0 ? held : p.replicas });
    e.replicas.forEach((b, i) => {
      const r = p.replicas.find((x) => x.broker === b);
      if (!before.includes(b)) {
        const copied = r ? Math.min(size, r.sizeBytes ?? 0) : 0;
        add({ topic: e.topic, partition: e.partition, broker: b, kind: "inter", copiedBytes: partitionDone ? size : copied, totalBytes: size });
        return;
      }
      const dir = e.logDirs[i] ?? ANY_LOG_DIR;
      if (dir === ANY_LOG_DIR || !r) return;
      const total = r.sizeBytes ?? 0;
      if (r.future) {
        copying = true;
        partitionDone = false;
        add({ topic: e.topic, partition: e.partition, broker: b, kind: "intra", copiedBytes: Math.min(total, r.future.sizeBytes ?? 0), totalBytes: total });
      } else if (r.logDir === dir) {
        if (original[key]?.dirs[before.indexOf(b)] !== dir) add({ topic: e.topic, partition: e.partition, broker: b, kind: "intra", copiedBytes: total, totalBytes: total });
      } else {
        // Pinned, not there yet, and no future copy: the dir move has not started.
        partitionDone = false;
        add({ topic: e.topic, partition: e.partition, broker: b, kind: "intra", copiedBytes: 0, totalBytes: total });
      }
    });
    if (!partitionDone) pending.push(key);
  }
  const copiedBytes = partitions.reduce((a, p) => a + p.copiedBytes, 0);
  const totalBytes = partitions.reduce((a, p) => a + p.totalBytes, 0);
  return { pending, partitions, brokers: [...brokers.values()].sort((a, b) => a.broker - b.broker), copiedBytes, totalBytes, copying, done: pending.length === 0 };
}

/** Bytes done at a moment, for the measured rate. */
export interface ClockSample {
  atMs: number;
  doneBytes: number;
  /** The stretch of copying it was taken in (one batch watched from its submit to its end, at one throttle); absent: all one stretch. */
  stretch?: number;
}

/** How far back the measured rate looks: long enough to span Kafka's quota window (11 s by default). */
export const RATE_WINDOW_MS = 20_000;

/**
 * The measured rate over the samples: bytes over time within each stretch of copying, summed over the
 * stretches, so the time between them (a pause, the wait between batches, a throttle change) counts
 * neither bytes nor seconds. Null until bytes have moved between two samples of one stretch.
 */
export function measuredRate(samples: ReadonlyArray<ClockSample>): number | null {
  let bytes = 0;
  let ms = 0;
  for (let k = 1; k < samples.length; k++) {
    const a = samples[k - 1]!;
    const b = samples[k]!;
    if ((a.stretch ?? 0) !== (b.stretch ?? 0) || b.atMs <= a.atMs) continue;
    bytes += Math.max(0, b.doneBytes - a.doneBytes);
    ms += b.atMs - a.atMs;
  }
  return ms > 0 && bytes > 0 ? bytes / (ms / 1000) : null;
}

/**
 * The clock after a poll. `samples` are this process's recent (time, bytes done) pairs, oldest first
 * (the caller keeps at most RATE_WINDOW_MS of them); the rate is `measuredRate` of them.
 */
export function jobClock(args: {
  samples: ReadonlyArray<ClockSample>;
  doneBytes: number;
  totalBytes: number;
  plannedRemainingSeconds: number;
  /** The job's own steps still to come (batch overheads, finishing), added to the time at the measured rate. */
  overheadSeconds: number;
  nowMs: number;
}): JobClock {
  const { samples, doneBytes, totalBytes, plannedRemainingSeconds, overheadSeconds, nowMs } = args;
  const rate = measuredRate(samples);
  const left = Math.max(0, totalBytes - doneBytes);
  const remainingSeconds = rate !== null && Number.isFinite(rate) && rate > 0 ? left / rate + Math.max(0, overheadSeconds) : plannedRemainingSeconds;
  return {
    doneBytes,
    totalBytes,
    measuredBytesPerSecond: rate,
    remainingSeconds,
    plannedRemainingSeconds,
    at: new Date(nowMs).toISOString(),
  };
}

/** Keeps the samples inside the rate window (and at least the newest). */
export function trimSamples(samples: ClockSample[], nowMs: number): ClockSample[] {
  const kept = samples.filter((s) => nowMs - s.atMs <= RATE_WINDOW_MS);
  return kept.length > 0 ? kept : samples.slice(-1);
}
