/**
 * One dir's forecast from its fit and its broker's placement: the projections (expected, fast, slow),
 * growth over the next 30 days, the time to each level, the confidence and the note.
 *
 * Invariants:
 * - Expected path: the fitted trend (0 for a retention plateau, which is not growth) plus the count
 *   rule's arrivals. Fast and slow ends: the ends of the 80 % growth range, the arrival rate's range,
 *   and a ±RATE_DRIFT_PER_MONTH drift of the rate.
 * - Without a capacity there are no times (null) and the confidence is "none"; a dir already past a
 *   level reads 0 for it whether or not it could be fitted.
 */
import type { BrokerPlacement } from "./broker-placement";
import { confidenceOf } from "./confidence";
import type { DirWork } from "./dir-work";
import { FIT_BUCKETS, type GrowthFit } from "./fit";
import { FORECAST_LEVELS, RATE_DRIFT_PER_MONTH, REFERENCE_DAYS, type Confidence, type DirForecast, type Eta } from "./types";
import { forecastNote } from "./note";
import { arrivalBytesBy, arrivalsBy, scaleArrivals } from "./placement";
import { crossingDays, projectedBytes, type Projection } from "./projection";
import type { ByteField } from "./series";

function eta(central: Projection, fast: Projection, slow: Projection, target: number, horizonDays: number): Eta | null {
  const days = crossingDays(central, target, horizonDays);
  if (days === null) return null;
  const early = crossingDays(fast, target, horizonDays);
  const late = crossingDays(slow, target, horizonDays);
  const seconds = days * 86_400;
  return {
    seconds,
    earliestSeconds: Math.min(seconds, early === null ? seconds : early * 86_400),
    latestSeconds: late === null ? null : Math.max(seconds, late * 86_400),
  };
}

// A handful of distinct texts (field × resampled × drop handling × stop): built once each, not per dir.
const methods = new Map<string, string>();

function methodOf(field: ByteField | null, fit: GrowthFit | null): string {
  if (!fit || !field) return "none";
  const key = `${field} ${fit.resampled} ${fit.dropHandling} ${fit.stop?.kind ?? ""}`;
  let method = methods.get(key);
  if (method === undefined) {
    method = describeMethod(field, fit);
    methods.set(key, method);
  }
  return method;
}

function describeMethod(field: ByteField, fit: GrowthFit): string {
  const what = field === "usedBytes" ? "used bytes" : "Kafka bytes";
  let method = `Theil–Sen slope of ${what}${fit.resampled ? `, resampled to ${FIT_BUCKETS} points` : ""}, 80% Sen interval`;
  if (fit.dropHandling === "fit-after") method += "; fitted after the latest drop";
  if (fit.dropHandling === "added-back") method += "; drops added back";
  if (fit.dropHandling === "sawtooth") method += "; repeated drops kept (sawtooth)";
  if (fit.stop) method += fit.stop.kind === "plateau" ? "; recent plateau" : "; recent shrink";
  return method;
}

const LEVEL_KEYS = ["p85", "p95", "full"] as const;

/** r as a share of the broker's expected rate (0 when it expects none). */
function ratioTo(r: number, rate: number): number {
  return rate > 0 ? r / rate : 0;
}

/** The projection's average growth per day over the next REFERENCE_DAYS. */
function per30(p: Projection): number {
  return (projectedBytes(p, REFERENCE_DAYS) - p.levelBytes) / REFERENCE_DAYS;
}

/** The forecast of one dir read by readDir, on a broker planned by brokerPlacement. */
export function buildForecast(w: DirWork, placement: BrokerPlacement, nowMs: number, horizonDays: number): DirForecast {
  const { fit, series, capacity, latestUsed } = w;
  const dir = series.dir;
  const broker = series.broker;
  const kafkaBytes = w.latestKafka;
  const usedBytes = fit ? fit.levelBytes : w.field === "kafkaBytes" ? kafkaBytes : latestUsed;
  const utilization = capacity !== null && usedBytes !== null ? usedBytes / capacity : null;

  const phases = w.duplicate ? [] : (placement.arrivals.get(dir) ?? []);
  const g = placement.bytesPerPartitionDay;
  const placementShare = placement.rate > 0 ? arrivalsBy(phases, REFERENCE_DAYS) / (placement.rate * REFERENCE_DAYS) : 0;

  let projection: DirForecast["projection"] = null;
  let growth: DirForecast["growth"] = null;
  if (fit) {
    const notGrowing = fit.stop !== null && fit.stop.kind === "plateau" && fit.low <= 0;
    const trend = notGrowing ? 0 : fit.slope;
    const drift = (RATE_DRIFT_PER_MONTH * Math.max(0, trend)) / 30;
    const central: Projection = { levelBytes: fit.levelBytes, trendBytesPerDay: trend, curvatureBytesPerDay2: 0, arrivals: phases, bytesPerPartitionDay: g };
    const fast: Projection = {
      levelBytes: fit.levelBytes,
      trendBytesPerDay: Math.max(trend, fit.high),
      curvatureBytesPerDay2: drift,
      arrivals: scaleArrivals(phases, ratioTo(placement.rateHigh, placement.rate)),
      bytesPerPartitionDay: g,
    };
    const slow: Projection = {
      levelBytes: fit.levelBytes,
      trendBytesPerDay: Math.min(trend, fit.low),
      curvatureBytesPerDay2: -drift,
      arrivals: scaleArrivals(phases, ratioTo(placement.rateLow, placement.rate)),
      bytesPerPartitionDay: g,
    };
    projection = { central, fast, slow };
    const placementBytesPerDay = arrivalBytesBy(phases, g, REFERENCE_DAYS) / REFERENCE_DAYS;
    growth = {
      bytesPerDay: per30(central),
      low: Math.min(per30(slow), per30(central)),
      high: Math.max(per30(fast), per30(central)),
      trendBytesPerDay: fit.slope,
      placementBytesPerDay,
    };
  }

  const until: DirForecast["until"] = { p85: null, p95: null, full: null };
  const levelNow = usedBytes;
  if (capacity !== null && levelNow !== null) {
    for (const key of LEVEL_KEYS) {
      const target = FORECAST_LEVELS[key] * capacity;
      if (levelNow >= target) until[key] = { seconds: 0, earliestSeconds: 0, latestSeconds: 0 };
      else if (projection) until[key] = eta(projection.central, projection.fast, projection.slow, target, horizonDays);
    }
  }

  let confidence: Confidence = "none";
  let reasons: string[] = [];
  if (fit && capacity !== null && w.field) {
    const total = growth ? growth.bytesPerDay : 0;
    const c = confidenceOf(fit, capacity, w.field, growth && total > 0 ? growth.placementBytesPerDay / total : 0);
    confidence = c.level;
    reasons = c.reasons;
  }
  const note = forecastNote({
    broker,
    dir,
    field: w.field,
    fit,
    nowMs,
    capacity,
    windowPoints: w.windowPoints,
    growth,
    placement: {
      duplicate: w.duplicate,
      rate: placement.rate,
      share: placementShare,
      order: placement.order,
      counts: placement.counts,
      bytesPerPartitionDay: g,
    },
    confidence,
    reasons,
  });
  return {
    broker,
    dir,
    capacityBytes: capacity,
    usedBytes,
    kafkaBytes,
    utilization,
    growth,
    until,
    basis: {
      series: fit ? w.field : null,
      points: fit ? fit.rawPoints : 0,
      fromMs: fit ? fit.fromMs : nowMs,
      toMs: fit ? fit.toMs : nowMs,
      method: methodOf(w.field, fit),
      placementShare,
      note,
    },
    confidence,
    projection,
  };
}
