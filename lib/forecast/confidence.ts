/**
 * How sure a forecast is, as one word and its reasons: the weakest of what the data allows (how long
 * and dense the history is), how wide the growth range is (relative to the growth, or to the disk over
 * 30 days), and what the fit had to assume (a drop taken out, a sawtooth, a recent change of growth,
 * disk usage outside Kafka unknown, growth mostly from partitions not created yet).
 */
import type { GrowthFit } from "./fit";
import type { Confidence } from "./types";
import type { ByteField } from "./series";
import { DAY_MS } from "../model/units";

/** Over how many days the range is weighed against the disk. */
const RANGE_DAYS = 30;

const RANK: Record<Confidence, number> = { none: 0, low: 1, medium: 2, high: 3 };
const lower = (a: Confidence, b: Confidence): Confidence => (RANK[a] <= RANK[b] ? a : b);

/** The confidence of a fitted dir with a known capacity. */
export function confidenceOf(fit: GrowthFit, capacity: number, field: ByteField, placementShareOfGrowth: number): { level: Confidence; reasons: string[] } {
  const reasons: string[] = [];
  const spanDays = (fit.toMs - fit.fromMs) / DAY_MS;
  let level: Confidence = "high";
  if (!(spanDays >= 2 && fit.rawPoints >= 8)) {
    level = "low";
    reasons.push("little history");
  } else if (!(spanDays >= 7 && fit.rawPoints >= 24)) {
    level = "medium";
    reasons.push("under a week of history");
  }
  const width = fit.high - fit.low;
  const relative = width / (2 * Math.max(Math.abs(fit.slope), Number.MIN_VALUE));
  const ofDisk = (width * RANGE_DAYS) / capacity;
  if (!(relative <= 0.6 || ofDisk <= 0.1)) {
    level = lower(level, "low");
    reasons.push("a wide growth range");
  } else if (!(relative <= 0.25 || ofDisk <= 0.02)) {
    level = lower(level, "medium");
    reasons.push("a moderate growth range");
  }
  if (fit.dropHandling === "added-back" || fit.dropHandling === "sawtooth") {
    level = lower(level, "medium");
    reasons.push(fit.dropHandling === "sawtooth" ? "repeated drops" : "a recent drop");
  }
  if (fit.stop) {
    level = lower(level, "medium");
    reasons.push("growth changed recently");
  }
  if (field === "kafkaBytes") {
    level = lower(level, "medium");
    reasons.push("disk usage outside Kafka unknown");
  }
  if (placementShareOfGrowth > 0.5) {
    level = lower(level, "medium");
    reasons.push("most growth expected from new partitions");
  }
  return { level, reasons };
}
