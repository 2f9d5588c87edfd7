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
import { compareJavaStrings } from "../model/java-string";
import { copySize } from "../model/reassignment";
import { ANY_LOG_DIR, type ReassignmentEntry } from "../model/reassignment-json";
import {
  batchOverheadSeconds,
  brokerSeconds,
  DIR_MOVE_PROMOTION_SECONDS,
  JOB_FINISH_SECONDS,
  REASSIGNMENT_COMPLETION_SECONDS,
  loadTally,
  nextBatchCredit,
  type BrokerLoad,
  type BrokerTransfer,
  type DurationEstimate,
  type QuotaFigures,
  type Rates,
} from "./estimate";

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
  /** Brokers whose replica changes dir, and the bytes each of those replicas holds. */
  dirMoves: number[];
  dirMoveBytes: number[];
  /** What one new replica copies: the partition's size (its leader's). */
  copyBytes: number;
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
  /** Per broker: the bytes it copies in this batch (in, out as the leader, between its dirs), for the estimate. */
  loads: (BrokerLoad & { broker: number })[];
}

/** The entries' partitions, by topic then id (no key strings: a plan may touch a million partitions). */
function partitionIndex(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): Map<string, Map<number, Partition>> {
  const wanted = new Map<string, Set<number>>();
  for (const e of entries) {
    let parts = wanted.get(e.topic);
    if (!parts) wanted.set(e.topic, (parts = new Set()));
    parts.add(e.partition);
  }
  const out = new Map<string, Map<number, Partition>>();
  for (const t of snapshot.topics) {
    const parts = wanted.get(t.name);
    if (!parts) continue;
    const byId = new Map<number, Partition>();
    for (const p of t.partitions) if (parts.has(p.id)) byId.set(p.id, p);
    out.set(t.name, byId);
  }
  return out;
}

/** Utilisation (0–1, at most 10) per broker and dir path, where the dir's capacity is known. */
function dirUtilisation(snapshot: ClusterSnapshot): Map<number, Map<string, number>> {
  // Kafka's bytes per dir are summed only when some dir's free space is unknown (one pass over replicas).
  const needKafkaBytes = snapshot.brokers.some((b) => b.logDirs.some((d) => d.totalBytes !== null && d.totalBytes > 0 && d.usableBytes === null));
  const used = new Map<number, Map<string, number>>();
  if (needKafkaBytes)
    for (const t of snapshot.topics)
      for (const p of t.partitions)
        for (const r of p.replicas) {
          if (r.logDir === null) continue;
          let dirs = used.get(r.broker);
          if (!dirs) used.set(r.broker, (dirs = new Map()));
          dirs.set(r.logDir, (dirs.get(r.logDir) ?? 0) + (r.sizeBytes ?? 0));
        }
  const out = new Map<number, Map<string, number>>();
  for (const b of snapshot.brokers) {
    const dirs = new Map<string, number>();
    for (const d of b.logDirs) {
      const total = d.totalBytes;
      if (total === null || total <= 0) continue;
      // Utilisation as the disk sees it when known (it includes other files), else Kafka's bytes.
      const u = d.usableBytes !== null ? (total - d.usableBytes) / total : (used.get(b.id)?.get(d.path) ?? 0) / total;
      dirs.set(d.path, Number.isFinite(u) ? Math.min(Math.max(u, 0), 10) : 0);
    }
    out.set(b.id, dirs);
  }
  return out;
}

/** What each entry does against the snapshot; entries for partitions the snapshot lacks count as data with no bytes. */
export function entryWork(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): EntryWork[] {
  const parts = partitionIndex(snapshot, entries);
  const utilisation = dirUtilisation(snapshot);
  const util = (broker: number, dir: string) => utilisation.get(broker)?.get(dir) ?? 0;
  return entries.map((entry) => {
    const p = parts.get(entry.topic)?.get(entry.partition);
    const before = p?.replicas ?? [];
    // Replica lists are short (the replication factor): arrays beat sets here.
    const beforeIds = before.map((r) => r.broker);
    const adding = entry.replicas.filter((b) => !beforeIds.includes(b));
    const removing = beforeIds.filter((b) => !entry.replicas.includes(b));
    const dirMoves: number[] = [];
    const dirMoveBytes: number[] = [];
    let urgency = 0;
    const size = p ? copySize(p) : 0;
    let bytes = size * adding.length;
    for (let i = 0; i < entry.replicas.length; i++) {
      const b = entry.replicas[i]!;
      const dir = entry.logDirs[i] ?? ANY_LOG_DIR;
      if (dir === ANY_LOG_DIR) continue;
      const had = before.find((r) => r.broker === b);
      if (!had || had.logDir === null || had.logDir === dir) continue;
      dirMoves.push(b);
      dirMoveBytes.push(had.sizeBytes ?? 0);
      bytes += had.sizeBytes ?? 0;
      urgency = Math.max(urgency, util(b, had.logDir));
    }
    for (const r of before) if (r.logDir !== null && !entry.replicas.includes(r.broker)) urgency = Math.max(urgency, util(r.broker, r.logDir));
    const reordered = before.length !== entry.replicas.length || entry.replicas.some((b, i) => beforeIds[i] !== b);
    const data = adding.length + removing.length + dirMoves.length > 0;
    const leader = p?.leader ?? beforeIds[0] ?? null;
    return {
      entry,
      adding,
      removing,
      source: adding.length > 0 && leader !== null && beforeIds.includes(leader) ? leader : null,
      dirMoves,
      dirMoveBytes,
      copyBytes: size,
      bytes,
      urgency,
      kind: data ? "data" : reordered ? "leadership" : "none",
    };
  });
}

/** The order of the entries, as a sort of their positions on precomputed keys (names only on ties). */
function ordered(ws: EntryWork[], order: ExecutionOrder): EntryWork[] {
  const primary = ws.map((w) => (order === "urgent-disk-first" ? -Math.floor(w.urgency * 100) : 0));
  const size = ws.map((w) => (order === "largest-first" ? -w.bytes : w.bytes));
  const idx = ws.map((_, i) => i);
  idx.sort(
    (a, b) => primary[a]! - primary[b]! || size[a]! - size[b]! || compareJavaStrings(ws[a]!.entry.topic, ws[b]!.entry.topic) || ws[a]!.entry.partition - ws[b]!.entry.partition,
  );
  return idx.map((i) => ws[i]!);
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
  const moves: number[] = [];
  for (const b of w.adding) if (!moves.includes(b)) moves.push(b);
  for (const b of w.removing) if (!moves.includes(b)) moves.push(b);
  if (w.source !== null && !moves.includes(w.source)) moves.push(w.source);
  const dirs: number[] = [];
  for (const b of w.dirMoves) if (!dirs.includes(b)) dirs.push(b);
  return { moves, dirs };
}

/**
 * The batches for a reassignment, in execution order (see the header for the rules). Limits below 1
 * are taken as 1, so every entry has a batch.
 */
export function planBatches(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>, limits: ExecutionLimits = DEFAULT_EXECUTION): ExecutionBatch[] {
  const work = entryWork(snapshot, entries);
  const data = ordered(
    work.filter((w) => w.kind === "data"),
    limits.order,
  );
  const leadership = ordered(
    work.filter((w) => w.kind === "leadership"),
    "smallest-first",
  );
  const moveSlots = new Slots(Math.max(1, Math.floor(limits.partitionMovesPerBroker)));
  const dirSlots = new Slots(Math.max(1, Math.floor(limits.dirMovesPerBroker)));
  const batchOf: number[] = [];
  let batchCount = 0;
  const prints = data.map(footprint);
  for (let i = 0; i < data.length; i++) {
    const { moves, dirs } = prints[i]!;
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
  const grouped: number[][] = Array.from({ length: batchCount }, () => []);
  batchOf.forEach((b, i) => grouped[b]!.push(i));
  const batches: ExecutionBatch[] = grouped.map((is, index) =>
    summarise(
      index,
      "data",
      is.map((i) => data[i]!),
      is.map((i) => prints[i]!),
    ),
  );
  const per = Math.max(1, Math.floor(limits.leaderMovesPerBatch));
  for (let i = 0; i < leadership.length; i += per) {
    const ws = leadership.slice(i, i + per);
    batches.push(summarise(batches.length, "leadership", ws, ws.map(footprint)));
  }
  return batches;
}

function summarise(index: number, kind: ExecutionBatch["kind"], ws: EntryWork[], prints: { moves: number[]; dirs: number[] }[]): ExecutionBatch {
  const brokers = new Map<number, { broker: number; partitionMoves: number; dirMoves: number }>();
  const tally = loadTally();
  const at = (broker: number) => {
    let b = brokers.get(broker);
    if (!b) brokers.set(broker, (b = { broker, partitionMoves: 0, dirMoves: 0 }));
    return b;
  };
  let partitionMoves = 0;
  let dirMoves = 0;
  let bytes = 0;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const { moves, dirs } = prints[i]!;
    for (const s of moves) at(s).partitionMoves += 1;
    for (const s of dirs) at(s).dirMoves += 1;
    for (const b of w.adding) tally.copy(b, w.source, w.copyBytes);
    w.dirMoves.forEach((b, i) => tally.dirMove(b, w.dirMoveBytes[i]!));
    partitionMoves += w.adding.length;
    dirMoves += w.dirMoves.length;
    bytes += w.bytes;
  }
  return {
    index,
    kind,
    entries: ws.map((w) => w.entry),
    partitionMoves,
    dirMoves,
    bytes,
    brokers: [...brokers.values()].sort((a, b) => a.broker - b.broker),
    loads: tally.loads(),
  };
}

/** How the job that runs the batches waits: it polls the cluster every `pollSeconds`. */
export interface ExecutionTiming {
  pollSeconds: number;
}
export const DEFAULT_TIMING: ExecutionTiming = { pollSeconds: 1 };

/** A batch as the plan shows it: what it moves, not its entries (the plan's JSON has them). */
export type BatchSummary = Omit<ExecutionBatch, "entries" | "loads"> & { partitions: number; seconds: number };

export function batchSummaries(batches: ReadonlyArray<ExecutionBatch>, estimate: Pick<ExecutionEstimate, "batchSeconds">): BatchSummary[] {
  return batches.map(({ entries, loads: _loads, ...rest }) => ({ ...rest, partitions: entries.length, seconds: estimate.batchSeconds[rest.index] ?? 0 }));
}

export interface ExecutionEstimate extends DurationEstimate {
  /** Seconds per batch, copy and the job's own steps together, in execution order. */
  batchSeconds: number[];
  /** Of `seconds`, what the job's own steps take (submitting, noticing a batch ended, cleaning up). */
  overheadSeconds: number;
}

/**
 * How long the batches take one after another: each batch as long as its slowest broker (brokerSeconds
 * on what the broker copies in that batch) plus the job's steps around it (batchOverheadSeconds), and
 * the steps at the end (JOB_FINISH_SECONDS: throttles put back, preferred leaders elected). Per-broker
 * figures and the bottleneck are the whole plan's. Linear in the batches' size.
 */
export function estimateExecution(batches: ReadonlyArray<ExecutionBatch>, rates: Rates, timing: ExecutionTiming = DEFAULT_TIMING): ExecutionEstimate {
  const overhead = batchOverheadSeconds(timing.pollSeconds);
  const totals = new Map<number, BrokerTransfer>();
  let interBrokerBytes = 0;
  let dirMoveBytes = 0;
  let copySeconds = 0;
  // What each broker's quotas get back from the batch before (nextBatchCredit): the quota's window remembers the idle time.
  let credits = new Map<number, QuotaFigures>();
  const batchSeconds = batches.map((b) => {
    let slowest = 0;
    const copies: { load: BrokerLoad & { broker: number }; seconds: ReturnType<typeof brokerSeconds> }[] = [];
    for (const l of b.loads) {
      const seconds = brokerSeconds(l, rates, credits.get(l.broker));
      copies.push({ load: l, seconds });
      slowest = Math.max(slowest, seconds.seconds);
      let t = totals.get(l.broker);
      if (!t)
        totals.set(l.broker, (t = { broker: l.broker, inBytes: 0, outBytes: 0, dirMoveBytes: 0, inSeconds: 0, outSeconds: 0, dirMoveSeconds: 0, seconds: 0, limitedBy: "none" }));
      t.inBytes += l.inBytes;
      t.outBytes += l.outBytes;
      t.dirMoveBytes += l.dirMoveBytes;
      interBrokerBytes += l.inBytes;
      dirMoveBytes += l.dirMoveBytes;
    }
    const copy = b.kind === "leadership" ? 0 : slowest;
    copySeconds += copy;
    const total = copy + overhead;
    // A quota idles from its last byte (its copy seconds less the fixed cost after it) until the next batch starts.
    credits = new Map();
    for (const { load, seconds } of copies) {
      const idle = (quotaSeconds: number, fixed: number) => total - Math.max(0, quotaSeconds - fixed);
      credits.set(
        load.broker,
        nextBatchCredit(load, rates, {
          in: idle(seconds.inSeconds, REASSIGNMENT_COMPLETION_SECONDS),
          out: idle(seconds.outSeconds, REASSIGNMENT_COMPLETION_SECONDS),
          dir: idle(seconds.dirMoveSeconds, DIR_MOVE_PROMOTION_SECONDS),
        }),
      );
    }
    return total;
  });
  // Per broker over the whole plan: what it copies, and which quota holds it up most.
  const brokers = [...totals.values()].sort((a, b) => a.broker - b.broker);
  let bottleneck: ExecutionEstimate["bottleneck"] = null;
  let worst = 0;
  for (const t of brokers) {
    Object.assign(t, brokerSeconds(t, rates));
    if (t.seconds > worst) {
      worst = t.seconds;
      bottleneck = { broker: t.broker, limitedBy: t.limitedBy };
    }
  }
  const finish = batches.length > 0 ? JOB_FINISH_SECONDS : 0;
  return {
    seconds: batchSeconds.reduce((a, x) => a + x, 0) + finish,
    copySeconds,
    bottleneck,
    brokers,
    interBrokerBytes,
    dirMoveBytes,
    batchSeconds,
    overheadSeconds: batches.length * overhead + finish,
    assumptions: [
      "Each new replica copies the partition's current size from its leader; bytes produced during the move are not included.",
      "Batches run one after another; within a batch each broker's inbound, outbound and dir-move copies run at once, each under its own quota, and the batch lasts as long as its slowest broker.",
      "Each quota keeps whole record batches only, so it copies a little less than its rate (recordBatchBytes); its last fetch passes without waiting, and a batch right after another on the same quota gets back the time the quota was idle in between.",
      `Each batch adds about ${overhead.toFixed(1)} s of submitting and noticing its end (the job polls every ${timing.pollSeconds} s); the end adds ${JOB_FINISH_SECONDS} s for putting throttles back and electing leaders.`,
      "The leader quota also counts replication to in-sync followers of throttled partitions; reserve it with ongoingBytesPerSecond.",
      "The throttle is the limit: where a disk or the network is slower than it (old segments read from disk, a busy broker), the move takes longer.",
    ],
  };
}
