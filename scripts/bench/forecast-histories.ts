/**
 * Generated log-dir histories with a known future, for the forecast bench (scripts/bench/forecast.ts).
 *
 * Every dir's true bytes are a piecewise-linear path with jumps: a level, a slope, and events (a burst,
 * a drop, a new partition that starts growing, a plateau where growth stops). The history the forecast
 * sees is that path sampled as the history store keeps it (daily points before 60 days, hourly to 2
 * days, 5-minute after), with scan noise, a few wild points and failed scans; the truth is the same path
 * continued past "now", so the time it first crosses 85 % is exact.
 *
 * Kinds (one per broker, all 12 dirs alike):
 * - linear: growth that started before the window, with a daily and a weekly rhythm (busy hours, quiet
 *   weekends) and a rate that drifts by −5 % to +10 % a month, so a straight line is only nearly right;
 * - bursty: a little steady growth plus bursts at random (Poisson) times, continuing into the future;
 * - plateau: growth into a retention ceiling below 85 %, flat (with a small retention sawtooth) since
 *   3 to 30 days ago: it never fills;
 * - drop: growth as `linear`, then 10–40 % of the bytes moved out 0.5–12 days ago (and with them up to
 *   30 % of the growth);
 * - placement: Kafka's count rule at work. Partitions arrive on the broker at random times and go to
 *   the live dir with the fewest partitions (`nextLogDirs`, Kafka 4.4 tie order); each grows at its own
 *   rate from then on. Dir 0 holds the 50 tiny `__consumer_offsets` partitions; 1–3 dirs were added
 *   3–30 days ago, empty, and take every new partition until they catch up.
 *
 * Seeded (JavaRandom): the same seed gives the same histories and the same truth.
 */
import { JavaRandom, nextLogDirs } from "@/lib/placement";
import type { DirPoint, DirSeries } from "@/lib/forecast";

export const DAY_MS = 86_400_000;
const TiB = 2 ** 40;
export type HistoryKind = "linear" | "bursty" | "plateau" | "drop" | "placement";
export const KINDS: readonly HistoryKind[] = ["linear", "bursty", "plateau", "drop", "placement"];
/** Share of brokers of each kind. */
const KIND_WEIGHTS: Record<HistoryKind, number> = { linear: 0.3, bursty: 0.2, plateau: 0.15, drop: 0.15, placement: 0.2 };

interface PathEvent {
  day: number;
  jump: number;
  dslope: number;
}

/** A dir's true used bytes: `v0` at `startDay` with slope `s0`, then the events in day order. */
interface TruePath {
  startDay: number;
  v0: number;
  s0: number;
  events: PathEvent[];
}

export interface GeneratedDir {
  kind: HistoryKind;
  series: DirSeries;
  capacity: number;
  /** Days from now until the true path first reaches 85 % of capacity; null when not within `horizonDays`. */
  truthDays85: number | null;
  /** True used bytes at now and at the horizon checkpoint. */
  usedNow: number;
}

export class Draws {
  private readonly rng: JavaRandom;
  constructor(seed: number) {
    this.rng = new JavaRandom(seed);
  }
  uniform(min = 0, max = 1): number {
    return min + ((this.rng.nextInt(1 << 30) + 0.5) / 2 ** 30) * (max - min);
  }
  logUniform(min: number, max: number): number {
    return Math.exp(this.uniform(Math.log(min), Math.log(max)));
  }
  gaussian(): number {
    return Math.sqrt(-2 * Math.log(this.uniform())) * Math.cos(2 * Math.PI * this.uniform());
  }
  exponential(mean: number): number {
    return -Math.log(this.uniform()) * mean;
  }
  int(bound: number): number {
    return this.rng.nextInt(bound);
  }
}

function sortEvents(path: TruePath): TruePath {
  path.events.sort((a, b) => a.day - b.day);
  return path;
}

/** Values of the path at increasing days, one pass. */
function sampler(path: TruePath): (day: number) => number {
  let k = 0;
  let v = path.v0;
  let s = path.s0;
  let at = path.startDay;
  return (day: number) => {
    while (k < path.events.length && path.events[k]!.day <= day) {
      const e = path.events[k++]!;
      v += s * (e.day - at) + e.jump;
      s += e.dslope;
      at = e.day;
    }
    return v + s * (day - at);
  };
}

/** First day in [0, horizon] the path reaches `target`, or null. */
function crossing(path: TruePath, target: number, horizon: number): number | null {
  let v = path.v0;
  let s = path.s0;
  let at = path.startDay;
  const check = (from: number, to: number): number | null => {
    const vFrom = v + s * (from - at);
    if (vFrom >= target) return from;
    if (s > 0) {
      const d = from + (target - vFrom) / s;
      if (d <= to) return d;
    }
    return null;
  };
  for (const e of path.events) {
    if (e.day > 0) {
      const found = check(Math.max(0, at), Math.min(e.day, horizon));
      if (found !== null && found >= 0) return found;
      if (e.day > horizon) return null;
    }
    v += s * (e.day - at) + e.jump;
    s += e.dslope;
    at = e.day;
  }
  const found = check(Math.max(0, at), horizon);
  return found !== null && found >= 0 && found <= horizon ? found : null;
}

/** The store's sampling: daily before 60 days ago, hourly to 2 days ago, every 5 minutes after. */
export function storeTimes(nowMs: number, historyDays: number): number[] {
  const out: number[] = [];
  const hourlyFrom = nowMs - 60 * DAY_MS;
  const fineFrom = nowMs - 2 * DAY_MS;
  for (let t = nowMs - historyDays * DAY_MS; t < hourlyFrom; t += DAY_MS) out.push(t);
  for (let t = Math.max(hourlyFrom, nowMs - historyDays * DAY_MS); t < fineFrom; t += 3_600_000) out.push(t);
  for (let t = fineFrom; t <= nowMs; t += 300_000) out.push(t);
  return out;
}

interface DirSpec {
  path: TruePath;
  /** Partition count changes: [day, delta]. */
  partitions: { p0: number; events: [number, number][] };
  /** The dir exists from this day on (no points before). */
  fromDay: number;
  other: number;
  /** A retention sawtooth from `fromDay` on: amplitude (share of the level) and period (days). */
  saw: { fromDay: number; amp: number; period: number } | null;
  /**
   * Daily and weekly rhythm of the write rate around its mean `bytesPerDay` (relative amplitudes): the
   * bytes swing by ±amplitude·rate·period/2π around the trend, and average out over whole days and weeks.
   */
  wave: { bytesPerDay: number; daily: number; weekly: number } | null;
}

/** Daily events that make the slope drift by `perMonth` of itself every 30 days, from `fromDay` to `toDay`. */
function drift(slope: number, perMonth: number, fromDay: number, toDay: number): PathEvent[] {
  const events: PathEvent[] = [];
  for (let day = Math.ceil(fromDay); day <= toDay; day++) events.push({ day, jump: 0, dslope: (slope * perMonth) / 30 });
  return events;
}

/** Steady growth that started 20–90 days ago, reaching 85 % in 5–500 days if it stayed a line. */
function steadySpec(d: Draws, capacity: number): DirSpec {
  const eta = d.logUniform(5, 500);
  const rhoMin = Math.max(0.2, (17 + 0.02 * eta) / (eta + 20));
  const rho = d.uniform(Math.min(rhoMin, 0.8), 0.8);
  const slope = ((0.85 - rho) * capacity) / eta;
  const start = Math.max(-90, -((rho - 0.02) * capacity) / slope);
  const v0 = rho * capacity + slope * start;
  return {
    path: { startDay: -90, v0, s0: 0, events: [{ day: start, jump: 0, dslope: slope }] },
    partitions: { p0: 10 + d.int(150), events: [] },
    fromDay: -90,
    other: d.uniform(0.005, 0.02) * capacity,
    saw: null,
    wave: null,
  };
}

function linearSpec(d: Draws, capacity: number, horizon: number): DirSpec {
  const spec = steadySpec(d, capacity);
  const first = spec.path.events[0]!;
  const perMonth = d.uniform(-0.05, 0.1);
  // The rate drifts from the start of growth; today's rate is the drawn one, so the start rate is scaled back.
  const startRate = first.dslope / (1 + (perMonth * (0 - first.day)) / 30);
  first.dslope = startRate;
  spec.path.events.push(...drift(startRate, perMonth, first.day, horizon));
  spec.wave = { bytesPerDay: first.dslope, daily: d.uniform(0, 0.8), weekly: d.uniform(0, 0.4) };
  sortEvents(spec.path);
  return spec;
}

function burstySpec(d: Draws, capacity: number, horizon: number): DirSpec {
  const base = steadySpec(d, capacity);
  const slope = base.path.events[0]!.dslope;
  const start = base.path.events[0]!.day;
  const steady = d.uniform(0, 0.4);
  const perDay = d.uniform(0.5, 4);
  const meanSize = ((1 - steady) * slope) / perDay;
  const events: PathEvent[] = [{ day: start, jump: 0, dslope: slope * steady }];
  // Bursts from the start of growth; the path before now is shifted so today's level stays as drawn.
  for (let t = start + d.exponential(1 / perDay); t <= horizon; t += d.exponential(1 / perDay)) events.push({ day: t, jump: d.exponential(meanSize), dslope: 0 });
  const path = sortEvents({ startDay: -90, v0: base.path.v0, s0: 0, events });
  const shift = base.path.v0 + slope * (0 - start) - sampler(path)(0);
  path.v0 += shift;
  return { ...base, path, wave: { bytesPerDay: slope * steady, daily: d.uniform(0, 0.8), weekly: d.uniform(0, 0.4) } };
}

function plateauSpec(d: Draws, capacity: number): DirSpec {
  const ceiling = d.uniform(0.3, 0.8) * capacity;
  const since = d.uniform(-30, -3);
  const slope = (d.uniform(0.15, 0.6) * capacity) / d.uniform(20, 80);
  const rampStart = Math.max(-90, since - (ceiling - 0.02 * capacity) / slope);
  const v0 = ceiling - slope * (since - rampStart);
  return {
    path: {
      startDay: -90,
      v0,
      s0: 0,
      events: [
        { day: rampStart, jump: 0, dslope: slope },
        { day: since, jump: 0, dslope: -slope },
      ],
    },
    partitions: { p0: 10 + d.int(150), events: [] },
    fromDay: -90,
    other: d.uniform(0.005, 0.02) * capacity,
    saw: { fromDay: since, amp: d.uniform(0.002, 0.01), period: d.uniform(0.5, 2) },
    wave: null,
  };
}

function dropSpec(d: Draws, capacity: number, horizon: number): DirSpec {
  const after = steadySpec(d, capacity);
  const slope = after.path.events[0]!.dslope;
  const start = after.path.events[0]!.day;
  const at = d.uniform(-12, -0.5);
  const share = d.uniform(0.1, 0.4);
  const growthLeft = d.uniform(0, 0.3);
  const perMonth = d.uniform(-0.05, 0.1);
  // Today's level and slope are as drawn; before the drop the dir held `share` more and grew faster.
  const levelAfter = after.path.v0 + slope * (at - start);
  const before = levelAfter / (1 - share);
  const slopeBefore = slope / (1 - growthLeft);
  const v0 = before - slopeBefore * (at - start);
  const p0 = after.partitions.p0 + 5;
  return {
    ...after,
    path: sortEvents({
      startDay: -90,
      v0: Math.max(0.02 * capacity, v0),
      s0: 0,
      events: [{ day: start, jump: 0, dslope: slopeBefore }, { day: at, jump: -(before - levelAfter), dslope: slope - slopeBefore }, ...drift(slope, perMonth, at, horizon)],
    }),
    partitions: { p0, events: [[at, -Math.max(1, Math.round(p0 * share))]] },
    wave: { bytesPerDay: slope, daily: d.uniform(0, 0.8), weekly: d.uniform(0, 0.4) },
  };
}

/** The 12 dirs of a placement broker, simulated together under the count rule. */
function placementSpecs(d: Draws, dirs: number, horizon: number): { specs: DirSpec[]; names: string[] } {
  const names = Array.from({ length: dirs }, (_, i) => `/data/d${i + 1}`);
  const perPartition = d.logUniform(50e6, 500e6);
  const grow = () => perPartition * Math.exp(0.5 * d.gaussian());
  const added = 1 + d.int(3);
  const fromDay = names.map((_, i) => (i >= dirs - added ? d.uniform(-30, -3) : -90));
  const specs: DirSpec[] = names.map((_, i) => {
    const p0 = fromDay[i]! > -90 ? 0 : i === 0 ? 50 + d.int(20) : 20 + d.int(40);
    let slope = 0;
    let bytes = 0;
    for (let p = 0; p < p0; p++) {
      const offsets = i === 0 && p < 50;
      const g = offsets ? perPartition * 0.001 : grow();
      slope += g;
      bytes += g * d.uniform(20, 200);
    }
    const other = d.uniform(0.5, 2) * 1e10;
    return { path: { startDay: fromDay[i]!, v0: other + bytes, s0: slope, events: [] }, partitions: { p0, events: [] }, fromDay: fromDay[i]!, other, saw: null, wave: null };
  });
  const counts: Record<string, number> = {};
  names.forEach((n, i) => (counts[n] = specs[i]!.partitions.p0));
  const rate = d.uniform(0.5, 4);
  for (let t = -90 + d.exponential(1 / rate); t <= horizon; t += d.exponential(1 / rate)) {
    const live = names.filter((_, i) => fromDay[i]! <= t);
    const dir = nextLogDirs(live, counts, { tieOrder: "config" })[0]!;
    const i = names.indexOf(dir);
    counts[dir] = counts[dir]! + 1;
    specs[i]!.path.events.push({ day: t, jump: 0, dslope: grow() });
    specs[i]!.partitions.events.push([t, 1]);
  }
  return { specs, names };
}

function seriesOf(spec: DirSpec, capacity: number, times: readonly number[], nowMs: number, d: Draws): DirPoint[] {
  const value = sampler(spec.path);
  const noise = d.uniform(0.0002, 0.002);
  const points: DirPoint[] = [];
  let k = 0;
  let partitions = spec.partitions.p0;
  for (const t of times) {
    const day = (t - nowMs) / DAY_MS;
    if (day < spec.fromDay) continue;
    while (k < spec.partitions.events.length && spec.partitions.events[k]![0] <= day) partitions += spec.partitions.events[k++]![1];
    let used = value(day);
    if (d.uniform() < 0.01) continue; // a failed scan
    if (spec.saw && day >= spec.saw.fromDay) used *= 1 - spec.saw.amp * (((day - spec.saw.fromDay) / spec.saw.period) % 1);
    if (spec.wave) used += (spec.wave.bytesPerDay * (spec.wave.daily * Math.sin(2 * Math.PI * day) + spec.wave.weekly * 7 * Math.sin((2 * Math.PI * day) / 7))) / (2 * Math.PI);
    used *= 1 + noise * d.gaussian();
    if (d.uniform() < 0.001) used *= 1 + (d.uniform() < 0.5 ? -1 : 1) * d.uniform(0.02, 0.1);
    used = Math.min(capacity, Math.max(0, used));
    points.push({ t, usedBytes: used, kafkaBytes: Math.max(0, used - spec.other), partitions, totalBytes: capacity });
  }
  return points;
}

export interface GenerateOptions {
  brokers: number;
  dirsPerBroker: number;
  historyDays: number;
  horizonDays: number;
  nowMs: number;
  seed: number;
  /** First broker id (for generating a large cluster in batches with one seed each). */
  firstBroker?: number;
}

function pickKind(d: Draws): HistoryKind {
  let x = d.uniform();
  for (const k of KINDS) {
    x -= KIND_WEIGHTS[k];
    if (x <= 0) return k;
  }
  return "linear";
}

/** Brokers × dirs of generated histories with their truth. */
export function generateHistories(o: GenerateOptions): GeneratedDir[] {
  const d = new Draws(o.seed);
  const times = storeTimes(o.nowMs, o.historyDays);
  const out: GeneratedDir[] = [];
  for (let b = 0; b < o.brokers; b++) {
    const broker = (o.firstBroker ?? 0) + b;
    const kind = pickKind(d);
    let specs: DirSpec[];
    let names: string[];
    let capacity: number;
    if (kind === "placement") {
      ({ specs, names } = placementSpecs(d, o.dirsPerBroker, o.horizonDays));
      // Capacity such that the broker's fullest dir reaches 85 % in 20–200 days, and none is past 80 % now.
      const when = d.uniform(20, 200);
      const at = (s: DirSpec, day: number) => sampler(s.path)(day);
      capacity = Math.max(Math.max(...specs.map((s) => at(s, when))) / 0.85, Math.max(...specs.map((s) => at(s, 0))) / 0.8);
    } else {
      capacity = [1, 2, 4, 8][d.int(4)]! * TiB;
      names = Array.from({ length: o.dirsPerBroker }, (_, i) => `/data/d${i + 1}`);
      specs = names.map(() =>
        kind === "linear"
          ? linearSpec(d, capacity, o.horizonDays)
          : kind === "bursty"
            ? burstySpec(d, capacity, o.horizonDays)
            : kind === "plateau"
              ? plateauSpec(d, capacity)
              : dropSpec(d, capacity, o.horizonDays),
      );
    }
    specs.forEach((spec, i) => {
      sortEvents(spec.path);
      out.push({
        kind,
        series: { broker, dir: names[i]!, points: seriesOf(spec, capacity, times, o.nowMs, d) },
        capacity,
        truthDays85: crossing(spec.path, 0.85 * capacity, o.horizonDays),
        usedNow: sampler(spec.path)(0),
      });
    });
  }
  return out;
}
