/**
 * A generated past for the demo cluster, so History, the forecast and the overview's first-to-fill card
 * show something real on the demo: the demo is never collected (lib/collector), and an empty History
 * page is a dead end.
 *
 * The past is made up, and everything that shows it says so (`note`). It ends exactly at the demo's
 * snapshot: the newest sample IS the snapshot (every byte, count and dir as the overview shows them),
 * and the samples before it are that snapshot rolled back in time:
 * - Small topics (internal ones such as `__consumer_offsets`, or under 1 GiB in all) were there from
 *   the start and keep their size.
 * - Each larger topic arrived on a seeded day in the first days of the window: a backfill of most of
 *   its bytes over 36 hours, then steady produce traffic (busier by day than by night, a seeded
 *   rate from day to day) up to the bytes it holds now. Its partitions appear when it arrives.
 * - A dir holding only such topics was added two days before the first of them arrived (the story's
 *   /data/d2 and /data/d3); other dirs (the first disk, empty dirs) were there from the start.
 * - What a disk holds besides Kafka's bytes (capacity − usable − Kafka's bytes at the snapshot) is
 *   held constant.
 * So the growth the forecast measures on each dir is the growth that brought it to its bytes now.
 *
 * Pure: no clock (`nowMs` is a parameter), no I/O; the same snapshot, `nowMs` and seed give the same
 * samples. Sample times are whole multiples of the step asked for, so a read's points do not move
 * between calls of the same minute. Figures per sample come from `scanFigures`, what the collector
 * records for a real scan, so a figure means the same here as in a recorded history.
 */
import { scanFigures, type ScanFigures } from "../model/history-figures";
import { DAY_MS, HOUR_MS } from "../model/units";
import type { ClusterSnapshot, Topic } from "../model/snapshot";
import { GiB } from "../model/units";

/** How far back the generated history reaches. */
export const DEMO_HISTORY_DAYS = 30;
/** Topics smaller than this (in all) are treated as always there, at their size now. */
const SMALL_TOPIC_BYTES = GiB;
const BACKFILL_MS = 36 * HOUR_MS;
/** Day-versus-night swing of the produce rate: ±40 %, busiest at 14:00 UTC. */
const DIURNAL = 0.4;
const PEAK_MS = 14 * HOUR_MS;
/** Dirs that hold only arriving topics were added this long before the first arrived. */
const DIR_LEAD_MS = 2 * DAY_MS;

export interface DemoHistoryOptions {
  /** The time the history ends at (ms since the epoch): the demo's snapshot is its sample at the last step before it. */
  nowMs: number;
  seed?: number;
  days?: number;
}

interface TopicPlan {
  /** When it arrived; null = before the history starts. */
  arrivedMs: number | null;
  /** Share of its bytes now that arrived by backfill. */
  backfill: number;
  /** Cumulative produce-rate integral at day boundaries from the end of its backfill (index = day since). */
  dayIntegral: number[];
  dayRate: number[];
  /** The integral from the end of its backfill to `nowMs`. */
  total: number;
}

/** A 32-bit integer hash → [0, 1): deterministic noise without a stream, so any sample time gets the same value. */
function unit(seed: number, a: number, b: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(a + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(b + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** ∫ of the diurnal rate (1 + DIURNAL·sin) from a to b, in ms. */
function diurnal(a: number, b: number): number {
  const w = (2 * Math.PI) / DAY_MS;
  // sin peaks a quarter day after its zero: shift so the peak is at PEAK_MS.
  const phase = PEAK_MS - DAY_MS / 4;
  return b - a - (DIURNAL / w) * (Math.cos(w * (b - phase)) - Math.cos(w * (a - phase)));
}

function topicBytes(topic: Topic): number {
  let sum = 0;
  for (const p of topic.partitions) for (const r of p.replicas) sum += r.sizeBytes ?? 0;
  return sum;
}

export class DemoHistory {
  readonly startMs: number;
  readonly nowMs: number;
  readonly seed: number;
  private readonly plans: TopicPlan[];
  /** `${broker}\u0000${path}` → when the dir appeared (startMs when it was always there). */
  private readonly dirAdded = new Map<string, number>();
  /** Per dir: what the disk holds besides Kafka's bytes (constant). */
  private readonly overhead = new Map<string, number>();
  private readonly memo = new Map<number, ScanFigures>();

  constructor(
    readonly snapshot: ClusterSnapshot,
    options: DemoHistoryOptions,
  ) {
    this.nowMs = options.nowMs;
    this.seed = Math.floor(options.seed ?? 42) | 0;
    this.startMs = this.nowMs - (options.days ?? DEMO_HISTORY_DAYS) * DAY_MS;
    const span = this.nowMs - this.startMs;
    let arrivals = 0;
    this.plans = snapshot.topics.map((topic, i) => {
      const small = topic.internal || topic.name.startsWith("__") || topicBytes(topic) < SMALL_TOPIC_BYTES;
      if (small) return { arrivedMs: null, backfill: 0, dayIntegral: [], dayRate: [], total: 0 };
      // Arrivals from day 4 of the window on, each a few days after the one before, within the first half.
      const at = this.startMs + Math.min(span / 2, (4 + 2 * arrivals + 4 * unit(this.seed, i, 1)) * DAY_MS);
      arrivals++;
      const arrivedMs = Math.round(at / HOUR_MS) * HOUR_MS;
      const backfill = 0.65 + 0.1 * unit(this.seed, i, 2);
      const from = arrivedMs + BACKFILL_MS;
      const dayRate: number[] = [];
      const dayIntegral: number[] = [0];
      for (let d = 0, t = from; t < this.nowMs; d++) {
        const end = Math.min(this.nowMs, Math.floor(t / DAY_MS) * DAY_MS + DAY_MS);
        const rate = 0.75 + 0.5 * unit(this.seed, i, 100 + d);
        dayRate.push(rate);
        dayIntegral.push(dayIntegral[d]! + rate * diurnal(t, end));
        t = end;
      }
      return { arrivedMs, backfill, dayIntegral, dayRate, total: dayIntegral.at(-1)! };
    });
    const firstArrival = new Map<string, number | null>();
    snapshot.topics.forEach((topic, i) => {
      const arrived = this.plans[i]!.arrivedMs;
      for (const p of topic.partitions)
        for (const r of p.replicas) {
          for (const dir of [r.logDir, r.future?.logDir ?? null]) {
            if (dir === null) continue;
            const key = `${r.broker}\u0000${dir}`;
            const seen = firstArrival.get(key);
            // null (an always-there topic) wins: the dir was there from the start.
            if (seen === null) continue;
            firstArrival.set(key, arrived === null ? null : Math.min(seen ?? Infinity, arrived));
          }
        }
    });
    const kafka = this.dirKafkaBytes(this.nowMs);
    for (const b of snapshot.brokers)
      for (const d of b.logDirs) {
        const key = `${b.id}\u0000${d.path}`;
        const first = firstArrival.get(key);
        this.dirAdded.set(key, first === undefined || first === null ? this.startMs : Math.max(this.startMs, first - DIR_LEAD_MS));
        if (d.totalBytes !== null && d.usableBytes !== null) this.overhead.set(key, Math.max(0, d.totalBytes - d.usableBytes - (kafka.get(key) ?? 0)));
      }
  }

  /** The last sample time at or before `nowMs` for a step: the demo's snapshot stands there. */
  lastSampleMs(stepMs: number): number {
    return Math.floor(this.nowMs / stepMs) * stepMs;
  }

  /** The share (0–1) of its bytes now that topic `i` held at `t`; null before it arrived. */
  fraction(i: number, t: number): number | null {
    const plan = this.plans[i]!;
    if (plan.arrivedMs === null) return 1;
    if (t < plan.arrivedMs) return null;
    if (t >= this.nowMs) return 1;
    const backfilled = plan.backfill * Math.min(1, (t - plan.arrivedMs) / BACKFILL_MS);
    const from = plan.arrivedMs + BACKFILL_MS;
    if (t <= from || plan.total <= 0) return backfilled;
    // Whole days from `from` (day d ends at the next UTC midnight), then the part of day d up to t.
    let d = 0;
    let dayStart = from;
    while (d < plan.dayRate.length - 1) {
      const end = Math.floor(dayStart / DAY_MS) * DAY_MS + DAY_MS;
      if (end > t) break;
      dayStart = end;
      d++;
    }
    const produced = plan.dayIntegral[d]! + plan.dayRate[d]! * diurnal(dayStart, t);
    return plan.backfill + (1 - plan.backfill) * Math.min(1, produced / plan.total);
  }

  /** When a topic of the snapshot arrived (null: before the history starts). */
  arrivedMs(topic: string): number | null {
    const i = this.snapshot.topics.findIndex((t) => t.name === topic);
    return i < 0 ? null : this.plans[i]!.arrivedMs;
  }

  /** When a dir appeared (the history's start when it was always there); undefined for a dir the snapshot does not have. */
  dirAddedMs(broker: number, dir: string): number | undefined {
    return this.dirAdded.get(`${broker}\u0000${dir}`);
  }

  private dirKafkaBytes(t: number): Map<string, number> {
    const out = new Map<string, number>();
    this.snapshot.topics.forEach((topic, i) => {
      const f = this.fraction(i, t);
      if (f === null) return;
      for (const p of topic.partitions)
        for (const r of p.replicas) {
          if (r.logDir !== null) out.set(`${r.broker}\u0000${r.logDir}`, (out.get(`${r.broker}\u0000${r.logDir}`) ?? 0) + Math.round((r.sizeBytes ?? 0) * f));
          if (r.future && t >= this.nowMs) out.set(`${r.broker}\u0000${r.future.logDir}`, (out.get(`${r.broker}\u0000${r.future.logDir}`) ?? 0) + (r.future.sizeBytes ?? 0));
        }
    });
    return out;
  }

  /** The cluster as it was at `t` (the demo's snapshot itself at or after `nowMs`); null before the history starts. */
  snapshotAt(t: number): ClusterSnapshot | null {
    if (t < this.startMs) return null;
    if (t >= this.nowMs) return this.snapshot;
    const kafka = this.dirKafkaBytes(t);
    const s = this.snapshot;
    return {
      ...s,
      capturedAt: new Date(t).toISOString(),
      brokers: s.brokers.map((b) => ({
        ...b,
        logDirs: b.logDirs
          .filter((d) => (this.dirAdded.get(`${b.id}\u0000${d.path}`) ?? this.startMs) <= t)
          .map((d) => {
            const key = `${b.id}\u0000${d.path}`;
            if (d.totalBytes === null || d.usableBytes === null) return d;
            return { ...d, usableBytes: Math.max(0, d.totalBytes - (this.overhead.get(key) ?? 0) - (kafka.get(key) ?? 0)) };
          }),
      })),
      topics: s.topics.flatMap((topic, i) => {
        const f = this.fraction(i, t);
        if (f === null) return [];
        if (f === 1) return [topic];
        return [
          {
            ...topic,
            partitions: topic.partitions.map((p) => ({
              ...p,
              replicas: p.replicas.map((r) => ({ ...r, sizeBytes: r.sizeBytes === null ? null : Math.round(r.sizeBytes * f), future: null })),
            })),
          },
        ];
      }),
      throttles: { ...s.throttles, reassignments: [] },
    };
  }

  /** What the collector would have recorded of a scan at `t` (scanFigures); null before the history starts. Kept per time. */
  figuresAt(t: number, topicsPerBroker = 10): ScanFigures | null {
    const cached = this.memo.get(t);
    if (cached) return cached;
    const snapshot = this.snapshotAt(t);
    if (!snapshot) return null;
    const figures = scanFigures(snapshot, { topicsPerBroker });
    if (this.memo.size >= 20_000) this.memo.clear();
    this.memo.set(t, figures);
    return figures;
  }

  /**
   * Sample times in [fromMs, toMs] ∩ [startMs, nowMs], oldest first: whole multiples of a step of at
   * least `minStepMs` (the collector's interval) chosen so there are at most `maxPoints`.
   */
  sampleTimes(fromMs: number, toMs: number, maxPoints: number, minStepMs: number): number[] {
    const from = Math.max(fromMs, this.startMs);
    const to = Math.min(toMs, this.nowMs);
    if (!(to >= from) || !(maxPoints >= 1) || !(minStepMs > 0)) return [];
    const want = Math.max(minStepMs, (to - from) / Math.max(1, maxPoints - 1));
    const step = Math.ceil(want / minStepMs) * minStepMs;
    const out: number[] = [];
    for (let t = Math.ceil(from / step) * step; t <= to && out.length < maxPoints; t += step) out.push(t);
    return out;
  }

  /** In words, for every view that shows the generated history: that it is generated, and the story it tells. */
  note(): string {
    const arrived = this.snapshot.topics
      .map((t, i) => ({ name: t.name, at: this.plans[i]!.arrivedMs }))
      .filter((t): t is { name: string; at: number } => t.at !== null)
      .map((t) => `${t.name} arrived ${Math.round((this.nowMs - t.at) / DAY_MS)} days ago`);
    const days = Math.round((this.nowMs - this.startMs) / DAY_MS);
    const story = arrived.length > 0 ? ` In it, ${arrived.join("; ")}, growing since.` : "";
    return `Generated history: the demo cluster is not recorded, so these ${days} days are made up (seed ${this.seed}) to end at its snapshot now.${story} The forecast is computed from them as it would be from a recorded history; connect a cluster (KAFKA_BOOTSTRAP_SERVERS) to record a real one.`;
  }
}
