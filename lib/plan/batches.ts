/**
 * How a reassignment is executed: in batches, each submitted once the one before it has finished.
 *
 * Why batches: submitting a large plan at once starts every copy together, so every partition is
 * under-replicated for the whole move, a broker's disks and network take every copy at once, and a
 * cancel has the whole plan in flight. Cruise Control's executor bounds the same things with
 * `num.concurrent.partition.movements.per.broker` (5), `num.concurrent.intra.broker.partition.movements`
 * (2) and `num.concurrent.leader.movements` (1000); the defaults here are the same.
 *
 * Rules:
 * - A partition movement (a replica added to or removed from a broker) counts against the limit of
 *   every broker that gains or loses a replica, and of the partition's leader, which sends the data.
 * - A dir move (a replica that stays on its broker but changes dir) counts against that broker's dir
 *   limit. An entry that does both counts against both.
 * - Entries are taken in the chosen order, each into the earliest batch where every broker it counts
 *   against is below its limit. So the first batches hold the most urgent (or smallest) moves, and no
 *   broker ever has more than its limit in flight.
 * - Entries that only reorder replicas (a new preferred leader, no data) come last, in batches of
 *   `leaderMovesPerBatch`: leadership changes are made once the data is where the plan wants it.
 * - Entries that change nothing are left out: Kafka would do nothing for them.
 *
 * Orders:
 * - `urgent-disk-first`: moves out of the fullest dirs first (by the source dir's utilisation, in
 *   whole points), then the smallest first within a point. The default: at 3 a.m. the dir that is
 *   filling is the one to relieve first.
 * - `smallest-first`: fewest bytes first (many partitions reach their target early).
 * - `largest-first`: most bytes first.
 * Ties go by topic and partition, so the batches are the same for the same input.
 *
 * Cost: one pass over the entries, each placed by per-broker pointers to the first batch that still
 * has room (amortised constant per broker touched), plus one sort.
 */
import type { ClusterSnapshot, Partition } from "../model/snapshot";
import { compareJavaStrings } from "../throttle/java-string";
import { copySize } from "../simulate/reassign";
import { ANY_LOG_DIR, type ReassignmentEntry } from "./reassignment-json";
import { batchOverheadSeconds, estimateReassignment, JOB_FINISH_SECONDS, type DurationEstimate, type Rates } from "./estimate";

export const EXECUTION_ORDERS = ["urgent-disk-first", "smallest-first", "largest-first"] as const;
export type ExecutionOrder = (typeof EXECUTION_ORDERS)[number];

export interface ExecutionLimits {
  /** Concurrent partition movements into or out of one broker (Cruise Control's default 5). */
  partitionMovesPerBroker: number;
  /** Concurrent dir moves inside one broker (Cruise Control's default 2). */
  dirMovesPerBroker: number;
  /** Leadership-only changes per batch (Cruise Control's default 1000). */
  leaderMovesPerBatch: number;
  order: ExecutionOrder;
}

export const DEFAULT_EXECUTION: ExecutionLimits = { partitionMovesPerBroker: 5, dirMovesPerBroker: 2, leaderMovesPerBatch: 1000, order: "urgent-disk-first" };

/** What one entry does, broker by broker. */
export interface EntryWork {
  entry: ReassignmentEntry;
  /** Brokers that gain a replica. */
  adding: number[];
  /** Brokers that lose a replica. */
  removing: number[];
  /** The leader that sends the data (null when nothing is copied between brokers, or unknown). */
  source: number | null;
  /** Brokers whose replica changes dir. */
  dirMoves: number[];
  /** Bytes copied: each added replica copies the partition, each dir move its replica. */
  bytes: number;
  /** Utilisation (0–1) of the fullest dir this entry takes a replica out of; 0 when unknown. */
  urgency: number;
  kind: "data" | "leadership" | "none";
}

export interface ExecutionBatch {
  /** 0-based, in execution order. */
  index: number;
  kind: "data" | "leadership";
  entries: ReassignmentEntry[];
  /** Replicas added to brokers in this batch. */
  partitionMoves: number;
  dirMoves: number;
  bytes: number;
  /** Per broker: movements into or out of it, and dir moves inside it, in this batch (ascending by broker). */
  brokers: { broker: number; partitionMoves: number; dirMoves: number }[];
}

function partitionIndex(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): Map<string, Partition> {
  const wanted = new Map<string, Set<number>>();
  for (const e of entries) {
    let parts = wanted.get(e.topic);
    if (!parts) wanted.set(e.topic, (parts = new Set()));
    parts.add(e.partition);
  }
  const out = new Map<string, Partition>();
  for (const t of snapshot.topics) {
    const parts = wanted.get(t.name);
    if (!parts) continue;
    for (const p of t.partitions) if (parts.has(p.id)) out.set(`${t.name}\u0000${p.id}`, p);
  }
  return out;
}

function dirUtilisation(snapshot: ClusterSnapshot): Map<string, number> {
  const used = new Map<string, number>();
  for (const t of snapshot.topics)
    for (const p of t.partitions)
      for (const r of p.replicas) {
        if (r.logDir === null) continue;
        const key = `${r.broker}\u0000${r.logDir}`;
        used.set(key, (used.get(key) ?? 0) + (r.sizeBytes ?? 0));
      }
  const out = new Map<string, number>();
  for (const b of snapshot.brokers)
    for (const d of b.logDirs) {
      const key = `${b.id}\u0000${d.path}`;
      const total = d.totalBytes;
      if (total !== null && total > 0) {
        const usable = d.usableBytes;
        // Utilisation as the disk sees it when known (it includes other files), else Kafka's bytes.
        const u = usable !== null ? (total - usable) / total : (used.get(key) ?? 0) / total;
        out.set(key, Number.isFinite(u) ? Math.min(Math.max(u, 0), 10) : 0);
      }
    }
  return out;
}

/** What each entry does against the snapshot; entries for partitions the snapshot lacks count as data with no bytes. */
export function entryWork(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): EntryWork[] {
  const parts = partitionIndex(snapshot, entries);
  const utilisation = dirUtilisation(snapshot);
  return entries.map((entry) => {
    const p = parts.get(`${entry.topic}\u0000${entry.partition}`);
    const before = p?.replicas ?? [];
    const beforeIds = new Set(before.map((r) => r.broker));
    const afterIds = new Set(entry.replicas);
    const adding = entry.replicas.filter((b) => !beforeIds.has(b));
    const removing = before.map((r) => r.broker).filter((b) => !afterIds.has(b));
    const dirMoves: number[] = [];
    let bytes = 0;
    let urgency = 0;
    const size = p ? copySize(p) : 0;
    bytes += size * adding.length;
    entry.replicas.forEach((b, i) => {
      const dir = entry.logDirs[i] ?? ANY_LOG_DIR;
      const had = before.find((r) => r.broker === b);
      if (!had || dir === ANY_LOG_DIR || had.logDir === null || had.logDir === dir) return;
      dirMoves.push(b);
      bytes += had.sizeBytes ?? 0;
      urgency = Math.max(urgency, utilisation.get(`${b}\u0000${had.logDir}`) ?? 0);
    });
    for (const r of before) if (!afterIds.has(r.broker) && r.logDir !== null) urgency = Math.max(urgency, utilisation.get(`${r.broker}\u0000${r.logDir}`) ?? 0);
    const reordered = before.length !== entry.replicas.length || entry.replicas.some((b, i) => before[i]?.broker !== b);
    const data = adding.length + removing.length + dirMoves.length > 0;
    const leader = p?.leader ?? before[0]?.broker ?? null;
    return {
      entry,
      adding,
      removing,
      source: adding.length > 0 && leader !== null && beforeIds.has(leader) ? leader : null,
      dirMoves,
      bytes,
      urgency,
      kind: data ? "data" : reordered ? "leadership" : "none",
    };
  });
}

function compareEntries(order: ExecutionOrder): (a: EntryWork, b: EntryWork) => number {
  const byName = (a: EntryWork, b: EntryWork) => compareJavaStrings(a.entry.topic, b.entry.topic) || a.entry.partition - b.entry.partition;
  if (order === "smallest-first") return (a, b) => a.bytes - b.bytes || byName(a, b);
  if (order === "largest-first") return (a, b) => b.bytes - a.bytes || byName(a, b);
  return (a, b) => Math.floor(b.urgency * 100) - Math.floor(a.urgency * 100) || a.bytes - b.bytes || byName(a, b);
}

/** Per broker: how many movements each batch holds, and the first batch that still has room. */
class Slots {
  private readonly counts = new Map<number, number[]>();
  private readonly first = new Map<number, number>();
  constructor(private readonly limit: number) {}
  firstOpen(broker: number): number {
    return this.first.get(broker) ?? 0;
  }
  hasRoom(broker: number, batch: number): boolean {
    return (this.counts.get(broker)?.[batch] ?? 0) < this.limit;
  }
  take(broker: number, batch: number): void {
    let counts = this.counts.get(broker);
    if (!counts) this.counts.set(broker, (counts = []));
    while (counts.length <= batch) counts.push(0);
    counts[batch] = counts[batch]! + 1;
    let f = this.first.get(broker) ?? 0;
    while ((counts[f] ?? 0) >= this.limit) f += 1;
    this.first.set(broker, f);
  }
}

/** The brokers an entry counts against, each once: movements (adding, removing, source) and dir moves. */
function footprint(w: EntryWork): { moves: number[]; dirs: number[] } {
  const moves = [...new Set([...w.adding, ...w.removing, ...(w.source !== null ? [w.source] : [])])];
  return { moves, dirs: [...new Set(w.dirMoves)] };
}

/**
 * The batches for a reassignment, in execution order (see the header for the rules). Limits below 1
 * are taken as 1, so every entry has a batch.
 */
export function planBatches(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>, limits: ExecutionLimits = DEFAULT_EXECUTION): ExecutionBatch[] {
  const work = entryWork(snapshot, entries);
  const data = work.filter((w) => w.kind === "data").sort(compareEntries(limits.order));
  const leadership = work.filter((w) => w.kind === "leadership").sort(compareEntries("smallest-first"));
  const moveSlots = new Slots(Math.max(1, Math.floor(limits.partitionMovesPerBroker)));
  const dirSlots = new Slots(Math.max(1, Math.floor(limits.dirMovesPerBroker)));
  const batchOf: number[] = [];
  let batchCount = 0;
  for (const w of data) {
    const { moves, dirs } = footprint(w);
    let b = 0;
    for (const s of moves) b = Math.max(b, moveSlots.firstOpen(s));
    for (const s of dirs) b = Math.max(b, dirSlots.firstOpen(s));
    // Terminates: past the last batch any broker has, every broker has room.
    while (!moves.every((s) => moveSlots.hasRoom(s, b)) || !dirs.every((s) => dirSlots.hasRoom(s, b))) b += 1;
    for (const s of moves) moveSlots.take(s, b);
    for (const s of dirs) dirSlots.take(s, b);
    batchOf.push(b);
    batchCount = Math.max(batchCount, b + 1);
  }
  const grouped: EntryWork[][] = Array.from({ length: batchCount }, () => []);
  data.forEach((w, i) => grouped[batchOf[i]!]!.push(w));
  const batches: ExecutionBatch[] = grouped.map((ws, index) => summarise(index, "data", ws));
  const per = Math.max(1, Math.floor(limits.leaderMovesPerBatch));
  for (let i = 0; i < leadership.length; i += per) batches.push(summarise(batches.length, "leadership", leadership.slice(i, i + per)));
  return batches;
}

function summarise(index: number, kind: ExecutionBatch["kind"], ws: EntryWork[]): ExecutionBatch {
  const brokers = new Map<number, { broker: number; partitionMoves: number; dirMoves: number }>();
  const at = (broker: number) => {
    let b = brokers.get(broker);
    if (!b) brokers.set(broker, (b = { broker, partitionMoves: 0, dirMoves: 0 }));
    return b;
  };
  let partitionMoves = 0;
  let dirMoves = 0;
  let bytes = 0;
  for (const w of ws) {
    const { moves, dirs } = footprint(w);
    for (const s of moves) at(s).partitionMoves += 1;
    for (const s of dirs) at(s).dirMoves += 1;
    partitionMoves += w.adding.length;
    dirMoves += w.dirMoves.length;
    bytes += w.bytes;
  }
  return { index, kind, entries: ws.map((w) => w.entry), partitionMoves, dirMoves, bytes, brokers: [...brokers.values()].sort((a, b) => a.broker - b.broker) };
}


/** How the job that runs the batches waits: it polls the cluster every `pollSeconds`. */
export interface ExecutionTiming {
  pollSeconds: number;
}
export const DEFAULT_TIMING: ExecutionTiming = { pollSeconds: 1 };

/** A batch as the plan shows it: what it moves, not its entries (the plan's JSON has them). */
export type BatchSummary = Omit<ExecutionBatch, "entries"> & { partitions: number; seconds: number };

export function batchSummaries(batches: ReadonlyArray<ExecutionBatch>, estimate: Pick<ExecutionEstimate, "batchSeconds">): BatchSummary[] {
  return batches.map(({ entries, ...rest }) => ({ ...rest, partitions: entries.length, seconds: estimate.batchSeconds[rest.index] ?? 0 }));
}

export interface ExecutionEstimate extends DurationEstimate {
  /** Seconds per batch, copy and the job's own steps together, in execution order. */
  batchSeconds: number[];
  /** Of `seconds`, what the job's own steps take (submitting, noticing a batch ended, cleaning up). */
  overheadSeconds: number;
}

/**
 * How long the batches take one after another: each batch as long as its slowest broker
 * (estimateReassignment on the batch's entries) plus the job's steps around it (batchOverheadSeconds),
 * and the steps at the end (JOB_FINISH_SECONDS: throttles put back, preferred leaders elected).
 * Per-broker figures and the bottleneck are the whole plan's.
 */
export function estimateExecution(snapshot: ClusterSnapshot, batches: ReadonlyArray<ExecutionBatch>, rates: Rates, timing: ExecutionTiming = DEFAULT_TIMING): ExecutionEstimate {
  const whole = estimateReassignment(
    snapshot,
    batches.flatMap((b) => b.entries),
    rates,
  );
  const perBatch = batches.map((b) => (b.kind === "leadership" ? 0 : estimateReassignment(snapshot, b.entries, rates).seconds) + batchOverheadSeconds(timing.pollSeconds));
  const overheadSeconds = batches.length * batchOverheadSeconds(timing.pollSeconds) + (batches.length > 0 ? JOB_FINISH_SECONDS : 0);
  const seconds = perBatch.reduce((a, s) => a + s, 0) + (batches.length > 0 ? JOB_FINISH_SECONDS : 0);
  return {
    ...whole,
    seconds,
    batchSeconds: perBatch,
    overheadSeconds,
    assumptions: [
      ...whole.assumptions,
      `Batches run one after another; each adds about ${batchOverheadSeconds(timing.pollSeconds).toFixed(1)} s of submitting and noticing its end (polls every ${timing.pollSeconds} s).`,
    ],
  };
}
