/**
 * The forecast's account of itself, in words: which data it fitted, what it did with drops and
 * plateaus, what the count rule adds, and how sure it is. One sentence per fact, in that order, units
 * as the product prints them (lib/model/format.ts). The times themselves are figures in `until`.
 */
import { formatBytes, formatCount, formatDays, formatPercent } from "../model/format";
import type { GrowthFit } from "./fit";
import type { ByteField } from "./series";
import { DAY_MS } from "../model/units";
import type { Confidence, DirForecast } from "./types";

export interface NoteInput {
  broker: number;
  dir: string;
  field: ByteField | null;
  fit: GrowthFit | null;
  nowMs: number;
  capacity: number | null;
  windowPoints: number;
  growth: DirForecast["growth"];
  placement: { duplicate: boolean; rate: number; share: number; order: readonly string[]; counts: ReadonlyMap<string, number>; bytesPerPartitionDay: number };
  confidence: Confidence;
  reasons: readonly string[];
}

const perDay = (bytes: number) => `${formatBytes(bytes)}/day`;

function dataSentence(n: NoteInput): string {
  const { fit } = n;
  if (!fit) {
    return n.windowPoints === 0
      ? "No scans of this dir in the window: nothing to fit."
      : `Too little history to fit: ${formatCount(n.windowPoints)} scan${n.windowPoints === 1 ? "" : "s"} in the window.`;
  }
  const what = n.field === "usedBytes" ? "the disk's used bytes" : "Kafka's bytes in the dir";
  const span = formatDays((fit.toMs - fit.fromMs) / DAY_MS);
  const ago = (n.nowMs - fit.toMs) / DAY_MS;
  const stale = ago >= 1 ? `, the newest ${formatDays(ago)} old` : "";
  return `Fitted ${what}: ${formatCount(fit.rawPoints)} scans over ${span}${stale}.`;
}

function dropSentence(fit: GrowthFit, nowMs: number): string | null {
  const total = fit.drops.reduce((s, d) => s + d.bytes, 0);
  const last = fit.drops[fit.drops.length - 1];
  if (!last) return null;
  if (fit.dropHandling === "fit-after") return `${formatBytes(total)} left the dir ${formatDays((nowMs - last.atMs) / DAY_MS)} ago: only the scans after that are fitted.`;
  if (fit.dropHandling === "added-back")
    return `${formatBytes(total)} left the dir ${formatDays((nowMs - last.atMs) / DAY_MS)} ago; too little history since, so the drop is added back to the scans before it.`;
  return `${fit.drops.length} drops in the window are kept as a sawtooth (retention deleting large segments), not treated as moves.`;
}

function growthSentence(n: NoteInput): string | null {
  const { fit, growth } = n;
  if (!fit || !growth) return null;
  if (fit.stop?.kind === "plateau" && growth.trendBytesPerDay <= fit.stop.windowSlope * 0.2) {
    const since = formatDays((n.nowMs - fit.stop.sinceMs) / DAY_MS);
    const flat = fit.low <= 0;
    return flat
      ? `Not growing: flat for the last ${since} after growing ${perDay(fit.stop.windowSlope)}: a retention plateau.`
      : `Growth slowed to ${perDay(fit.slope)} over the last ${since} (it was ${perDay(fit.stop.windowSlope)}).`;
  }
  if (fit.stop?.kind === "shrinking") return `Shrinking: ${perDay(fit.slope)} over the last ${formatDays((n.nowMs - fit.stop.sinceMs) / DAY_MS)}.`;
  if (!(fit.slope > 0)) return `Not growing: ${perDay(fit.slope)} (80% range ${perDay(fit.low)} to ${perDay(fit.high)}).`;
  return `Grows ${perDay(fit.slope)} (80% range ${perDay(fit.low)} to ${perDay(fit.high)}).`;
}

function placementSentence(n: NoteInput): string | null {
  const p = n.placement;
  if (p.duplicate) return `A second series named ${n.dir} on broker ${n.broker}: it takes no new partitions here.`;
  const next = p.order[0];
  if (!(p.rate > 0)) {
    if (next === undefined) return null;
    return next === n.dir
      ? `No net new partitions on broker ${n.broker} in the window; the next one would come here (fewest partitions).`
      : `No net new partitions on broker ${n.broker} in the window.`;
  }
  const expected = p.rate * 30;
  const rate = `Broker ${n.broker} gains ${p.rate >= 10 ? formatCount(p.rate) : p.rate.toFixed(1)} partitions/day`;
  const mine = p.counts.get(n.dir);
  const fewest = next !== undefined ? p.counts.get(next) : undefined;
  if (mine === undefined || !p.order.includes(n.dir)) {
    return `${rate}; this dir takes none of them (offline, cordoned or not scanned recently).`;
  }
  if (p.share <= 0) {
    return `${rate}; by Kafka's count rule this dir takes none of the next ${formatCount(expected)} (it holds ${formatCount(mine)} partitions; ${next} holds the fewest, ${formatCount(fewest ?? 0)}).`;
  }
  const adds = n.growth ? `, adding about ${perDay(n.growth.placementBytesPerDay)} on average over 30 days at ${formatBytes(p.bytesPerPartitionDay)} per partition per day` : "";
  const why =
    next === n.dir ? `it holds the fewest partitions, ${formatCount(mine)}` : `it holds ${formatCount(mine)} partitions; ${next} holds the fewest, ${formatCount(fewest ?? 0)}`;
  return `${rate}; by Kafka's count rule this dir takes ${formatPercent(p.share)} of the next ${formatCount(expected)} (${why})${adds}.`;
}

function capacitySentence(n: NoteInput): string | null {
  return n.capacity === null ? "Capacity unknown: no time to fill." : null;
}

function confidenceSentence(n: NoteInput): string {
  if (n.confidence === "none") {
    if (!n.fit) return "Confidence none: nothing fitted.";
    return "Confidence none: without a capacity there is nothing to fill.";
  }
  return n.reasons.length ? `Confidence ${n.confidence}: ${n.reasons.join(", ")}.` : `Confidence ${n.confidence}.`;
}

export function forecastNote(n: NoteInput): string {
  const sentences = [dataSentence(n), n.fit ? dropSentence(n.fit, n.nowMs) : null, growthSentence(n), placementSentence(n), capacitySentence(n), confidenceSentence(n)];
  return sentences.filter((s): s is string => s !== null).join(" ");
}
