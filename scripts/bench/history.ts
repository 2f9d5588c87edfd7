/**
 * History benchmark (DESIGN §6: 1,000 brokers × 12 dirs × 90 days in < 500 MB; one dir's 90-day series
 * in < 50 ms; the forecast table for all 12,000 dirs in < 500 ms).
 *
 * How the 90 days are made: a collector would write 25,920 scans of 12,000 dirs (311 million dir
 * points) and fold them as they age; replaying that through SQLite takes hours. So the bench generates
 * every 5-minute sample of every dir for the 90 days (a known truth: steady growth, a retention
 * sawtooth, noise, scans that failed as gaps), folds them in memory with the store's own rule
 * (`bucketColumns`, as compaction does: hours from scans, days from hours) into the tiers a compaction
 * at "now" leaves (every scan for the last 2 days, hourly to 60 days, daily before), and writes each
 * tier with the store's chunk writer (`ChunkTable.writeSpan`, what compaction writes with). The
 * cluster's scan entries go through the scan table and the real compaction. Then the real write path
 * runs at scale: a few `recordScan`s of a 1,000-broker snapshot, and a compaction six hours on (which
 * folds one chunk of every series). Figures: the file's size after a checkpoint and VACUUM, one dir's
 * 90-day series (median over distinct dirs, on a freshly opened connection), every dir's forecast history (FORECAST_HISTORY_MS, 15 days)
 * read as the forecast table reads it, `forecastCluster` over them, the forecast's median error on the
 * time until full against the generated truth (and the forecast bench's accuracy figure, reused), and
 * the write path's times. Wall and CPU times both:
 * the machine the bench runs on may be shared.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bucketColumns, emptyColumns, type SeriesColumns } from "../../lib/model/history-buckets";
import { scanFigures } from "../../lib/model/history-figures";
import { DAY_MS, DEFAULT_HISTORY_RETENTION, defaultCollectLeaseMs, HOUR_MS, type HistorySettings } from "../../lib/model/history-settings";
import type { ClusterSnapshot, Topic } from "../../lib/model/snapshot";
import { openDatabase, SqliteDb } from "../../lib/store/sqlite";
import { HistoryStore } from "../../lib/store/history";
import { LAYOUTS, SeriesKind, TIER_BUCKET_MS, TIER_SPAN_MS, Tier } from "../../lib/store/history-chunks";
import { cutsAt } from "../../lib/store/history-compact";
import { FORECAST_HISTORY_MS, FORECAST_POINTS_PER_DIR } from "../../lib/server/forecast-table";
import { forecastCluster, type DirForecast } from "../../lib/forecast";
import { benchForecastAccuracy } from "./forecast";

const DIRS = 12;
const DAYS = 90;
const TOPICS_PER_BROKER = 10;
const STEP = 300_000;
const CLUSTER = "bench";
/** A fixed "now" (a Wednesday, 09:17 UTC): the figures do not depend on the day the bench runs. */
const NOW = Date.UTC(2026, 3, 1, 9, 17);
const TiB = 1024 ** 4;
const GiB = 1024 ** 3;
const SERIES_QUERIES = 21;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall and CPU time of `f` (CPU: this process's, less sensitive than the wall to other work on a shared machine). */
function timed<T>(f: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = f();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

/** `timed` for work that resolves later (the store's calls): its wall time, and the CPU the process spent meanwhile. */
async function timedAsync<T>(f: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await f();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

/** mulberry32: a small seeded generator, so every run writes the same history. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One dir's truth. */
interface DirTruth {
  capacity: number;
  knownCapacity: boolean;
  start: number;
  /** bytes a day */
  rate: number;
  sawAmplitude: number;
  sawPeriodMs: number;
  sawPhaseMs: number;
  noise: number;
  other: number;
  partitions: number;
}

function dirTruth(rnd: () => number): DirTruth {
  const capacity = [2, 4, 8][Math.floor(rnd() * 3)]! * TiB;
  const kind = rnd();
  const rate = kind < 0.1 ? 0 : kind < 0.15 ? -capacity * 0.0005 * rnd() : capacity * 0.005 * rnd();
  return {
    capacity,
    knownCapacity: rnd() > 0.01,
    start: capacity * (0.15 + 0.35 * rnd()),
    rate,
    sawAmplitude: capacity * 0.004 * rnd(),
    sawPeriodMs: (4 + 20 * rnd()) * HOUR_MS,
    sawPhaseMs: rnd() * DAY_MS,
    noise: capacity * 2e-5,
    other: 64 * 1024 ** 2 + Math.floor(rnd() * GiB),
    partitions: 20 + Math.floor(rnd() * 40),
  };
}

/** Scan times: every 5 minutes with a scan's jitter, and which of them failed (0.3 %, the whole cluster). */
function scanTimes(from: number, to: number, rnd: () => number): { t: number[]; failed: boolean[] } {
  const t: number[] = [];
  const failed: boolean[] = [];
  for (let tick = Math.ceil(from / STEP) * STEP; tick < to; tick += STEP) {
    t.push(tick + Math.round(500 + rnd() * 2500));
    failed.push(rnd() < 0.003);
  }
  return { t, failed };
}

/** Writes logical columns (oldest first) into `tier` of a series, span by span, as compaction does. */
async function writeTier(store: HistoryStore, id: number, kind: SeriesKind, tier: Tier, cols: SeriesColumns): Promise<void> {
  const span = TIER_SPAN_MS[tier];
  const n = cols.t.length;
  let i = 0;
  while (i < n) {
    const spanStart = Math.floor(cols.t[i]! / span) * span;
    let j = i;
    while (j < n && Math.floor(cols.t[j]! / span) * span === spanStart) j++;
    const part: SeriesColumns = { t: cols.t.slice(i, j), values: cols.values.map((c) => c.slice(i, j)), tags: cols.tags.slice(i, j) };
    await store.chunks.writeSpan(id, kind, tier, spanStart, part, tier === Tier.Raw ? STEP : TIER_BUCKET_MS[tier]);
    i = j;
  }
}

/** The points before `cut` and those from it on (the series is sorted by time). */
function split(cols: SeriesColumns, cut: number): [SeriesColumns, SeriesColumns] {
  let lo = 0;
  let hi = cols.t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cols.t[mid]! < cut) lo = mid + 1;
    else hi = mid;
  }
  const part = (a: number, b: number): SeriesColumns => ({ t: cols.t.slice(a, b), values: cols.values.map((c) => c.slice(a, b)), tags: cols.tags.slice(a, b) });
  return [part(0, lo), part(lo, cols.t.length)];
}

/** Splits a series the way a compaction at NOW leaves it: every scan, hourly, daily. */
function tiers(samples: SeriesColumns, kind: SeriesKind, cuts: { rawBefore: number; hourlyBefore: number }): [SeriesColumns, SeriesColumns, SeriesColumns] {
  const rules = LAYOUTS[kind].rules;
  const [older, raw] = split(samples, cuts.rawBefore);
  const [oldest, hourly] = split(bucketColumns(older, HOUR_MS, rules, { round: true }), cuts.hourlyBefore);
  return [raw, hourly, bucketColumns(oldest, DAY_MS, rules, { round: true })];
}

/** 2^16 draws of triangular noise in [−1.5, 1.5] (three uniforms): a dir walks it from its own offset. */
function noiseTable(rnd: () => number): Float64Array {
  const table = new Float64Array(1 << 16);
  for (let i = 0; i < table.length; i++) table[i] = rnd() + rnd() + rnd() - 1.5;
  return table;
}

export interface HistoryBenchFigures {
  brokers: number;
  dirs: number;
  days: number;
  storeBytes: number;
  /** Pages of the history's tables and indexes (dbstat), before VACUUM. */
  historyBytes: number;
  dirPoints: number;
  bytesPerDirPoint: number;
  seriesQueryMs: number;
  seriesPoints: number;
  allDirSeriesMs: number;
  allDirSeriesCpuMs: number;
  /** forecastCluster over every dir's forecast history (15 days) as read above (the route runs both in a worker, once per scan). */
  forecastAllDirsMs: number;
  forecastAllDirsCpuMs: number;
  /** The forecast bench's accuracy figure (scripts/bench/forecast.ts: the time to 85 % on generated histories of five kinds with a known future). */
  forecastMedianErrorPct: number;
  /** The forecast bench's own time for 12,000 dirs (its histories, in batches of 600 dirs): beside forecastAllDirsMs for comparison. */
  forecastBenchAllDirsMs: number;
  /**
   * Median |forecast − truth| ÷ truth of the time until full on this bench's own dirs, their histories
   * read back from the store (its folding and 64 KiB means included), over the dirs whose truth fills
   * within a year: what the store's form costs the forecast.
   */
  storeForecastMedianErrorPct: number;
  storeForecastDirsCompared: number;
  /** The scan's figures (scanFigures) of the 1,000-broker snapshot, 480,000 replicas. */
  scanFiguresMs: number;
  recordScanMs: number;
  recordScanCpuMs: number;
  compactMs: number;
  compactCpuMs: number;
  generateSeconds: number;
}

export async function benchHistory(log: (message: string) => void = () => undefined, options: { brokers?: number; keepFile?: string } = {}): Promise<HistoryBenchFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-bench-history-"));
  const file = path.join(dir, "history.db");
  try {
    const figures = await run(file, options.brokers ?? 1000, log);
    log("history: the forecast bench's accuracy (scripts/bench/forecast.ts)");
    const accuracy = await benchForecastAccuracy();
    figures.forecastMedianErrorPct = accuracy.forecastMedianErrorPct;
    figures.forecastBenchAllDirsMs = accuracy.forecastAllDirsMs;
    return figures;
  } finally {
    if (options.keepFile) fs.copyFileSync(file, options.keepFile);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function run(file: string, BROKERS: number, log: (message: string) => void): Promise<HistoryBenchFigures> {
  const settings: HistorySettings = {
    retention: DEFAULT_HISTORY_RETENTION,
    collectIntervalMs: STEP,
    collectLeaseMs: defaultCollectLeaseMs(STEP),
    topicsPerBroker: TOPICS_PER_BROKER,
  };
  let db = openDatabase(file);
  // A bulk load: one fsync per transaction is what the bench writes with anyway; WAL checkpoints are left to the end.
  db.pragma("synchronous = NORMAL");
  let sql = new SqliteDb(db);
  let store = new HistoryStore(sql, settings);
  const cuts = cutsAt(NOW, settings.retention);
  const from = NOW - DAYS * DAY_MS;
  const rnd = random(17);
  const scans = scanTimes(from, NOW, rnd);
  const ok = scans.t.filter((_, i) => !scans.failed[i]);
  const NOISE = noiseTable(rnd);
  const truths = new Map<string, DirTruth>();
  const started = performance.now();
  let dirPoints = 0;

  // The cluster's entries: every scan's outcome through the scan table, folded by the real compaction.
  await sql.transaction(async () => {
    for (const [i, t] of scans.t.entries()) {
      if (scans.failed[i]) await store.scans.record(CLUSTER, t, 30_000, { error: "Kafka did not answer within 21000 ms" });
      else
        await store.scans.record(CLUSTER, t, 2500, {
          figures: {
            brokers: BROKERS,
            onlineBrokers: BROKERS,
            dirs: BROKERS * DIRS,
            offlineDirs: 0,
            topics: 2000,
            partitions: 160_000,
            replicas: 480_000,
            bytes: 40_000 * TiB,
            usedBytes: 41_000 * TiB,
            capacityBytes: 96_000 * TiB,
            brokerBytesSkew: 1.1 + 0.05 * rnd(),
            brokerReplicasSkew: 1.01,
            brokerLeadersSkew: 1.02,
            dirBytesSkew: 1.5 + 0.1 * rnd(),
            dirUtilizationSkew: 1.4,
            maxDirUtilization: 0.8,
          },
        });
    }
    await store.scans.compact(CLUSTER, cuts);
  });

  const tRaw: number[] = ok;
  const writeBroker = (broker: number) =>
    sql.transaction(async () => {
      const brokerCols = emptyColumns(3);
      for (const t of tRaw) {
        brokerCols.t.push(t);
        brokerCols.values[0]!.push(0);
        brokerCols.values[1]!.push(0);
        brokerCols.values[2]!.push(0);
        brokerCols.tags.push(0);
      }
      for (let d = 0; d < DIRS; d++) {
        const truth = dirTruth(rnd);
        truths.set(`${broker}\u0000/data/d${d + 1}`, truth);
        const cols = emptyColumns(4);
        // The partition count stays: the growth is the dir's own (the truth the forecast is measured against).
        const partitions = truth.partitions;
        let k = Math.floor(rnd() * NOISE.length);
        const mask = NOISE.length - 1;
        for (let i = 0; i < tRaw.length; i++) {
          const t = tRaw[i]!;
          const days = (t - from) / DAY_MS;
          const saw = truth.sawAmplitude * (((t + truth.sawPhaseMs) % truth.sawPeriodMs) / truth.sawPeriodMs);
          k = (k + 1) & mask;
          const noise = NOISE[k]!;
          const kafka = Math.max(0, Math.round(truth.start + truth.rate * days + saw + truth.noise * noise));
          cols.t.push(t);
          cols.values[0]!.push(kafka);
          // The disk's other bytes: fixed, give or take a few filesystem blocks.
          cols.values[1]!.push(truth.knownCapacity ? kafka + truth.other + 4096 * (((noise + 1.5) * 1.33) | 0) : NaN);
          cols.values[2]!.push(partitions);
          cols.values[3]!.push(truth.knownCapacity ? truth.capacity : NaN);
          cols.tags.push(0);
          brokerCols.values[0]![i]! += kafka;
          brokerCols.values[1]![i]! += partitions;
        }
        const id = (await store.chunks.seriesId(CLUSTER, SeriesKind.Dir, broker, `/data/d${d + 1}`, true))!;
        const [raw, hourly, daily] = tiers(cols, SeriesKind.Dir, cuts);
        await writeTier(store, id, SeriesKind.Dir, Tier.Daily, daily);
        await writeTier(store, id, SeriesKind.Dir, Tier.Hourly, hourly);
        await writeTier(store, id, SeriesKind.Dir, Tier.Raw, raw);
        dirPoints += raw.t.length + hourly.t.length + daily.t.length;
      }
      for (let i = 0; i < tRaw.length; i++) brokerCols.values[2]![i] = Math.round(brokerCols.values[1]![i]! / 3);
      const bid = (await store.chunks.seriesId(CLUSTER, SeriesKind.Broker, broker, "", true))!;
      const [raw, hourly, daily] = tiers(brokerCols, SeriesKind.Broker, cuts);
      await writeTier(store, bid, SeriesKind.Broker, Tier.Daily, daily);
      await writeTier(store, bid, SeriesKind.Broker, Tier.Hourly, hourly);
      await writeTier(store, bid, SeriesKind.Broker, Tier.Raw, raw);
      // Topics: the broker's ten largest, at the first scan of each hour, hourly from 60 days on, daily before.
      const firstOfHour = tRaw.map((t, i) => (i === 0 || Math.floor(tRaw[i - 1]! / HOUR_MS) < Math.floor(t / HOUR_MS) ? i : -1)).filter((i) => i >= 0);
      for (let k = 0; k < TOPICS_PER_BROKER; k++) {
        const share = 0.5 / (k + 1);
        const topic = emptyColumns(1);
        for (const i of firstOfHour) {
          topic.t.push(tRaw[i]!);
          topic.values[0]!.push(Math.round(brokerCols.values[0]![i]! * share * (1 + 0.01 * (rnd() - 0.5))));
          topic.tags.push(0);
        }
        const tid = (await store.chunks.seriesId(CLUSTER, SeriesKind.Topic, broker, `topic-${(broker * 7 + k) % 2000}`, true))!;
        const [older, hourly] = split(topic, cuts.hourlyBefore);
        await writeTier(store, tid, SeriesKind.Topic, Tier.Hourly, hourly);
        await writeTier(store, tid, SeriesKind.Topic, Tier.Daily, bucketColumns(older, DAY_MS, LAYOUTS[SeriesKind.Topic].rules, { round: true }));
      }
    });
  for (let b = 1; b <= BROKERS; b++) {
    await writeBroker(b);
    if (b % 100 === 0) log(`history: ${b} of ${BROKERS} brokers written`);
  }
  const generateSeconds = (performance.now() - started) / 1000;

  // The real write path at this scale: scans after NOW, then a compaction three hours on.
  const snapshot = await benchSnapshot(store, NOW, BROKERS);
  // The first scan takes each series' current chunk over as its tail; the next ones append, as every later scan does.
  const records: Awaited<ReturnType<typeof timedAsync>>[] = [];
  for (const i of [1, 2, 3, 4]) records.push(await timedAsync(() => store.recordScan(CLUSTER, NOW + i * STEP, snapshot, 2500)));
  records.shift();
  const figures = timed(() => scanFigures(snapshot));
  const compaction = await timedAsync(() => store.compact(NOW + 6 * HOUR_MS, { cluster: CLUSTER }));
  const historyBytes = await store.sizeBytes();

  db.pragma("wal_checkpoint(TRUNCATE)");
  db.exec("VACUUM");
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  const storeBytes = fs.statSync(file).size;
  log(`history: ${(storeBytes / 1024 ** 2).toFixed(0)} MiB after VACUUM`);

  // Reads on a fresh connection, as a server after a restart.
  db = openDatabase(file);
  sql = new SqliteDb(db);
  store = new HistoryStore(sql, settings);
  const pick = random(99);
  const times: number[] = [];
  let seriesPoints = 0;
  for (let q = 0; q < SERIES_QUERIES; q++) {
    const broker = 1 + Math.floor(pick() * BROKERS);
    const d = 1 + Math.floor(pick() * DIRS);
    const s = performance.now();
    const points = await store.dirSeries(CLUSTER, broker, `/data/d${d}`, NOW - DAYS * DAY_MS, NOW + HOUR_MS);
    times.push(performance.now() - s);
    seriesPoints = points.length;
  }
  const forecastNow = NOW + 4 * STEP;
  const read = await timedAsync(() => store.allDirSeries(CLUSTER, forecastNow - FORECAST_HISTORY_MS, forecastNow, { maxPointsPerDir: FORECAST_POINTS_PER_DIR }));
  log(`history: ${read.value.length} dirs' ${FORECAST_HISTORY_MS / DAY_MS}-day series read in ${read.wallMs.toFixed(0)} ms (${read.cpuMs.toFixed(0)} ms CPU)`);
  // One untimed call on a twentieth of the dirs warms the JIT first, as the forecast bench does.
  forecastCluster(read.value.slice(0, Math.ceil(read.value.length / 20)), { nowMs: forecastNow, kafkaVersion: "4.4" });
  const forecast = timed(() => forecastCluster(read.value, { nowMs: forecastNow, kafkaVersion: "4.4" }));
  log(`history: forecast for ${forecast.value.length} dirs in ${forecast.wallMs.toFixed(0)} ms (${forecast.cpuMs.toFixed(0)} ms CPU)`);
  const accuracy = fullDateErrors(forecast.value, truths, forecastNow, from);
  db.close();

  return {
    brokers: BROKERS,
    dirs: BROKERS * DIRS,
    days: DAYS,
    storeBytes,
    historyBytes,
    dirPoints,
    bytesPerDirPoint: storeBytes / dirPoints,
    seriesQueryMs: median(times),
    seriesPoints,
    allDirSeriesMs: read.wallMs,
    allDirSeriesCpuMs: read.cpuMs,
    forecastAllDirsMs: forecast.wallMs,
    forecastAllDirsCpuMs: forecast.cpuMs,
    forecastMedianErrorPct: NaN,
    forecastBenchAllDirsMs: NaN,
    storeForecastMedianErrorPct: accuracy.medianPct,
    storeForecastDirsCompared: accuracy.compared,
    scanFiguresMs: figures.wallMs,
    recordScanMs: median(records.map((r) => r.wallMs)),
    recordScanCpuMs: median(records.map((r) => r.cpuMs)),
    compactMs: compaction.wallMs,
    compactCpuMs: compaction.cpuMs,
    generateSeconds,
  };
}

/**
 * The forecast's error on the time until full, against each dir's truth: its line (start + rate ×
 * days) plus the sawtooth's mean level and the disk's other bytes reaches capacity after
 * (capacity − level) ÷ rate days. Dirs that do not fill within a year are left out (there is no date
 * to compare); so are those whose capacity the history does not know.
 */
function fullDateErrors(forecasts: readonly DirForecast[], truths: ReadonlyMap<string, DirTruth>, nowMs: number, fromMs: number): { medianPct: number; compared: number } {
  const errors: number[] = [];
  for (const f of forecasts) {
    const truth = truths.get(`${f.broker}\u0000${f.dir}`);
    if (!truth || !truth.knownCapacity || !(truth.rate > 0)) continue;
    const level = truth.start + truth.rate * ((nowMs - fromMs) / DAY_MS) + truth.sawAmplitude / 2 + truth.other;
    const days = (truth.capacity - level) / truth.rate;
    if (!(days > 0 && days <= 365)) continue;
    const forecastDays = f.until.full === null ? Infinity : f.until.full.seconds / 86_400;
    errors.push(Math.abs(forecastDays - days) / days);
  }
  return { medianPct: errors.length > 0 ? 100 * median(errors) : NaN, compared: errors.length };
}

/**
 * A 1,000-broker × 12-dir snapshot whose dirs hold what the history's last points say: each dir's Kafka
 * bytes in its partitions (one replica each), capacity and usable bytes from its used bytes.
 */
async function benchSnapshot(store: HistoryStore, at: number, BROKERS: number): Promise<ClusterSnapshot> {
  const topics: Topic[] = Array.from({ length: 2000 }, (_, i) => ({ name: `topic-${i}`, internal: false, topicId: null, partitions: [] }));
  const brokers: ClusterSnapshot["brokers"] = [];
  let next = 0;
  for (let b = 1; b <= BROKERS; b++) {
    const logDirs: ClusterSnapshot["brokers"][number]["logDirs"] = [];
    for (let d = 1; d <= DIRS; d++) {
      const last = (await store.dirSeries(CLUSTER, b, `/data/d${d}`, at - HOUR_MS, at)).at(-1)!;
      logDirs.push({
        path: `/data/d${d}`,
        totalBytes: last.totalBytes,
        usableBytes: last.totalBytes === null ? null : last.totalBytes - last.usedBytes!,
        state: "online",
        error: null,
      });
      const size = Math.floor(last.kafkaBytes / last.partitions);
      for (let p = 0; p < last.partitions; p++) {
        const topic = topics[next++ % topics.length]!;
        topic.partitions.push({
          id: topic.partitions.length,
          replicas: [{ broker: b, logDir: `/data/d${d}`, sizeBytes: size, offsetLag: 0, future: null }],
          leader: b,
          isr: [b],
          adding: [],
          removing: [],
          offline: [],
        });
      }
    }
    brokers.push({ id: b, rack: null, host: null, port: null, state: "online", error: null, kafkaVersion: "4.4", logDirs });
  }
  return {
    schema: 1,
    capturedAt: new Date(at).toISOString(),
    source: { kind: "kafka", label: "bench", kafkaVersion: "4.4", clusterId: null, warnings: [] },
    brokers,
    topics,
    throttles: { defaults: { leader: null, follower: null, alterLogDirs: null }, brokers: [], topics: [], reassignments: [] },
  };
}

export function historySummary(f: HistoryBenchFigures): string {
  const mib = (b: number) => `${(b / 1024 ** 2).toFixed(0)} MiB`;
  return (
    `history: ${f.brokers.toLocaleString("en-US")} brokers × ${f.dirs / f.brokers} dirs × ${f.days} days (${f.dirPoints.toLocaleString("en-US")} dir points kept) in ${mib(f.storeBytes)} ` +
    `(${f.bytesPerDirPoint.toFixed(1)} bytes a dir point with brokers, topics and scans; target < 500 MB); ` +
    `one dir's ${f.days}-day series (${f.seriesPoints} points) in ${f.seriesQueryMs.toFixed(1)} ms, median (target < 50 ms); ` +
    `every dir's 15-day forecast history read in ${f.allDirSeriesMs.toFixed(0)} ms (${f.allDirSeriesCpuMs.toFixed(0)} ms CPU); ` +
    `forecast for all ${f.dirs.toLocaleString("en-US")} dirs ${f.forecastAllDirsMs.toFixed(0)} ms (${f.forecastAllDirsCpuMs.toFixed(0)} ms CPU; target < 500 ms; the forecast bench's ${f.forecastBenchAllDirsMs.toFixed(0)} ms), ` +
    `median error ${f.forecastMedianErrorPct.toFixed(1)} % (the forecast bench's; target < 10 %), ${f.storeForecastMedianErrorPct.toFixed(1)} % on the time until full of ${f.storeForecastDirsCompared.toLocaleString("en-US")} of these dirs read back from the store; ` +
    `recordScan of the 1,000-broker cluster ${f.recordScanMs.toFixed(0)} ms (${f.recordScanCpuMs.toFixed(0)} ms CPU, of which its figures ${f.scanFiguresMs.toFixed(0)} ms), ` +
    `compaction 6 hours on ${f.compactMs.toFixed(0)} ms (${f.compactCpuMs.toFixed(0)} ms CPU); generated in ${f.generateSeconds.toFixed(0)} s`
  );
}
