/**
 * Forecast bench: accuracy of the time-to-85 % forecast on generated histories with a known future
 * (forecast-histories.ts: linear, bursty, retention plateau, data moved out, Kafka's count rule placing
 * new partitions), and the time to forecast every dir of a 1,000-broker × 12-dir cluster with 90 days
 * of history in the store's form (5-minute points for 2 days, hourly to 60 days, daily before).
 *
 * - Accuracy: for each dir whose true path crosses 85 % within the horizon (365 days), the relative
 *   error of the predicted time, |min(predicted, horizon) − true| ÷ true (a dir predicted never to get
 *   there counts as predicted at the horizon). `forecastMedianErrorPct` is the median (target < 10 %).
 *   Dirs that never cross count as false alarms when predicted to cross within half the horizon.
 *   The interval's coverage is the share of crossing dirs whose true time lies in [earliest, latest].
 * - Time: `forecastCluster` over the whole cluster, in 20 calls of 50 brokers (600 dirs) each, each
 *   call the median of 5 runs, summed (target < 500 ms). The whole history as JS objects (24 M points,
 *   ~3 GB) does not fit one process on the bench machine at once; the calls are independent (placement
 *   is per broker), so the sum is the cost of the whole table. One untimed call warms the JIT first.
 * - Placement ablation: the same placement brokers forecast without the count rule, to show what the
 *   rule adds.
 * Timings use the clock here, outside lib/: the core stays clock-free.
 */
import { availableParallelism, loadavg } from "node:os";
import { forecastCluster, median, type DirForecast } from "@/lib/forecast";
import { KINDS, generateHistories, type GeneratedDir, type HistoryKind } from "./forecast-histories";

const BROKERS = 1_000;
const DIRS_PER_BROKER = 12;
const HISTORY_DAYS = 90;
const HORIZON_DAYS = 365;
const BATCH_BROKERS = 50;
const RUNS = 5;
const SEED = 20_260_117;
const NOW_MS = Date.UTC(2026, 0, 17);

export interface KindFigures {
  dirs: number;
  crossing: number;
  medianErrorPct: number;
  p90ErrorPct: number;
  /** Share of crossing dirs whose true time lies in the forecast's range. */
  coveragePct: number;
  /** Share of never-crossing dirs forecast to cross within half the horizon. */
  falseAlarmPct: number;
}

export interface ForecastBenchFigures {
  forecastAllDirsMs: number;
  /** CPU time of the same calls (all of the process's threads): less sensitive than the wall time to other work on the machine. */
  forecastAllDirsCpuMs: number;
  /** The machine's 1-minute load average when the bench ended, and its CPU count: read the times with them. */
  loadAverage: number;
  cpus: number;
  forecastMedianErrorPct: number;
  forecastP90ErrorPct: number;
  forecastIntervalCoveragePct: number;
  forecastFalseAlarmPct: number;
  /** Median error on placement brokers' crossing dirs without the count rule (`placement: false`). */
  forecastMedianErrorPctWithoutPlacement: number;
  forecastMedianErrorPctPlacement: number;
  byKind: Record<HistoryKind, KindFigures>;
  brokers: number;
  dirs: number;
  crossingDirs: number;
  historyDays: number;
  pointsPerDir: number;
  calls: number;
  meetsTarget: boolean;
}

const quantile = (xs: readonly number[], q: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

function predictedDays(f: DirForecast): number | null {
  return f.until.p85 === null ? null : f.until.p85.seconds / 86_400;
}

function relativeError(truth: number, predicted: number | null): number {
  return Math.abs(Math.min(predicted ?? HORIZON_DAYS, HORIZON_DAYS) - truth) / truth;
}

export async function benchForecastAccuracy(): Promise<ForecastBenchFigures> {
  const options = { nowMs: NOW_MS, horizonDays: HORIZON_DAYS };
  const errors: number[] = [];
  const errorsByKind = new Map<HistoryKind, number[]>(KINDS.map((k) => [k, []]));
  const dirsByKind = new Map<HistoryKind, number>(KINDS.map((k) => [k, 0]));
  const coveredByKind = new Map<HistoryKind, number>(KINDS.map((k) => [k, 0]));
  const neverByKind = new Map<HistoryKind, number>(KINDS.map((k) => [k, 0]));
  const alarmsByKind = new Map<HistoryKind, number>(KINDS.map((k) => [k, 0]));
  const bump = (m: Map<HistoryKind, number>, k: HistoryKind) => m.set(k, m.get(k)! + 1);
  const placementOn: number[] = [];
  const placementOff: number[] = [];
  let covered = 0;
  let never = 0;
  let falseAlarms = 0;
  let totalMs = 0;
  let totalCpuMs = 0;
  let points = 0;
  let dirs = 0;
  let calls = 0;
  for (let first = 0; first < BROKERS; first += BATCH_BROKERS) {
    const batch: GeneratedDir[] = generateHistories({
      brokers: Math.min(BATCH_BROKERS, BROKERS - first),
      dirsPerBroker: DIRS_PER_BROKER,
      historyDays: HISTORY_DAYS,
      horizonDays: HORIZON_DAYS,
      nowMs: NOW_MS,
      seed: SEED + first,
      firstBroker: first,
    });
    const input = batch.map((g) => g.series);
    if (first === 0) forecastCluster(input, options);
    const times: number[] = [];
    const cpu: number[] = [];
    let result: DirForecast[] = [];
    for (let r = 0; r < RUNS; r++) {
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      result = forecastCluster(input, options);
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
    }
    totalMs += median(times);
    totalCpuMs += median(cpu);
    calls += 1;

    const placementIdx = batch.flatMap((g, i) => (g.kind === "placement" ? [i] : []));
    const without = placementIdx.length
      ? forecastCluster(
          placementIdx.map((i) => input[i]!),
          { ...options, placement: false },
        )
      : [];
    placementIdx.forEach((i, k) => {
      const truth = batch[i]!.truthDays85;
      if (truth === null || truth <= 0) return;
      placementOn.push(relativeError(truth, predictedDays(result[i]!)));
      placementOff.push(relativeError(truth, predictedDays(without[k]!)));
    });

    batch.forEach((g, i) => {
      const f = result[i]!;
      dirs += 1;
      points += g.series.points.length;
      dirsByKind.set(g.kind, dirsByKind.get(g.kind)! + 1);
      const predicted = predictedDays(f);
      if (g.truthDays85 === null) {
        never += 1;
        bump(neverByKind, g.kind);
        if (predicted !== null && predicted < HORIZON_DAYS / 2) {
          falseAlarms += 1;
          bump(alarmsByKind, g.kind);
        }
        return;
      }
      if (g.truthDays85 <= 0) return;
      const err = relativeError(g.truthDays85, predicted);
      errors.push(err);
      errorsByKind.get(g.kind)!.push(err);
      const eta = f.until.p85;
      if (eta) {
        const lo = eta.earliestSeconds / 86_400;
        const hi = eta.latestSeconds === null ? Infinity : eta.latestSeconds / 86_400;
        if (g.truthDays85 >= lo && g.truthDays85 <= hi) {
          covered += 1;
          bump(coveredByKind, g.kind);
        }
      }
    });
  }
  const byKind = Object.fromEntries(
    KINDS.map((k) => {
      const e = errorsByKind.get(k)!;
      return [
        k,
        {
          dirs: dirsByKind.get(k)!,
          crossing: e.length,
          medianErrorPct: median(e) * 100,
          p90ErrorPct: quantile(e, 0.9) * 100,
          coveragePct: (coveredByKind.get(k)! / Math.max(1, e.length)) * 100,
          falseAlarmPct: (alarmsByKind.get(k)! / Math.max(1, neverByKind.get(k)!)) * 100,
        },
      ];
    }),
  ) as Record<HistoryKind, KindFigures>;
  const forecastMedianErrorPct = median(errors) * 100;
  return {
    forecastAllDirsMs: totalMs,
    forecastAllDirsCpuMs: totalCpuMs,
    loadAverage: loadavg()[0]!,
    cpus: availableParallelism(),
    forecastMedianErrorPct,
    forecastP90ErrorPct: quantile(errors, 0.9) * 100,
    forecastIntervalCoveragePct: (covered / Math.max(1, errors.length)) * 100,
    forecastFalseAlarmPct: (falseAlarms / Math.max(1, never)) * 100,
    forecastMedianErrorPctWithoutPlacement: median(placementOff) * 100,
    forecastMedianErrorPctPlacement: median(placementOn) * 100,
    byKind,
    brokers: BROKERS,
    dirs,
    crossingDirs: errors.length,
    historyDays: HISTORY_DAYS,
    pointsPerDir: Math.round(points / Math.max(1, dirs)),
    calls,
    meetsTarget: forecastMedianErrorPct < 10 && totalMs < 500,
  };
}

export function forecastSummary(f: ForecastBenchFigures): string {
  const kinds = KINDS.map((k) => {
    const x = f.byKind[k];
    return x.crossing > 0
      ? `${k} ${x.medianErrorPct.toFixed(1)}% (p90 ${x.p90ErrorPct.toFixed(0)}%, range holds ${x.coveragePct.toFixed(0)}%, ${x.crossing}/${x.dirs} cross)`
      : `${k}: none cross, false alarms ${x.falseAlarmPct.toFixed(1)}%`;
  }).join("; ");
  return (
    `forecast: ${f.dirs.toLocaleString("en-US")} dirs (${f.brokers} brokers, ${f.historyDays} days, ~${f.pointsPerDir} points each) forecast in ${f.forecastAllDirsMs.toFixed(0)} ms (target < 500 ms; ${f.calls} calls; CPU ${f.forecastAllDirsCpuMs.toFixed(0)} ms; load ${f.loadAverage.toFixed(1)} on ${f.cpus} CPUs); ` +
    `time-to-85% median error ${f.forecastMedianErrorPct.toFixed(1)}% over ${f.crossingDirs} crossing dirs (target < 10%), p90 ${f.forecastP90ErrorPct.toFixed(1)}%, ` +
    `80% range holds the truth for ${f.forecastIntervalCoveragePct.toFixed(0)}%, false alarms ${f.forecastFalseAlarmPct.toFixed(1)}% of never-filling dirs; ` +
    `by kind: ${kinds}. Placement brokers ${f.forecastMedianErrorPctPlacement.toFixed(1)}% with the count rule vs ${f.forecastMedianErrorPctWithoutPlacement.toFixed(1)}% without`
  );
}
