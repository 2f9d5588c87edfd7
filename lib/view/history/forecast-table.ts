/**
 * The forecast of every log dir as the history page's table and the overview's card read it: the dirs
 * that fill soonest first, each with its utilisation now, growth per day with its range, the time to
 * 85 %, 95 % and full with earliest–latest, how sure the forecast is, and what it was based on.
 *
 * Order: the forecast table's (forecast-order.ts): time to full, then to 95 %, then to 85 %, then the
 * fuller dir, then broker and dir.
 *
 * The forecasts are lib/forecast's DirForecast. A dir without a forecast (nothing fitted yet, or no
 * capacity) has "unknown" times, never "not within a year": unknown is not "none".
 */
import { DEFAULT_HORIZON_DAYS, type Confidence, type DirForecast } from "@/lib/forecast";
import { formatBytes, formatCount, formatUtilization } from "@/lib/model/format";
import { utilizationMark, type UtilizationMark } from "../common/dir-metric";
import { etaText, type EtaText } from "./forecast-eta";
import { notEnoughHistory, type HistorySpan } from "./forecast-wait";
import { soonestFirst } from "./forecast-order";
import { DAY_MS } from "@/lib/model/units";

export type ForecastConfidence = Confidence;

export type DirForecastFields = DirForecast;

export interface ForecastRow {
  key: string;
  broker: number;
  dir: string;
  utilization: string;
  mark: UtilizationMark;
  /** "+1.2 GiB/day", "flat", "−200.0 MiB/day", "unknown". */
  growth: string;
  /** "0.8 GiB to 1.5 GiB a day" (80 % range), or null. */
  growthRange: string | null;
  p85: EtaText;
  p95: EtaText;
  full: EtaText;
  confidence: ForecastConfidence;
  confidenceLabel: string;
  /** Whether the dir's history could be fitted (false: too little history yet). */
  fitted: boolean;
  /** A short account of the data: "The disk's used bytes, 288 scans over 14 days; 40 % of broker 3's new partitions". */
  basis: string;
  /** The forecast's own full account, sentence by sentence. */
  note: string;
}

export const CONFIDENCE_LABELS: Readonly<Record<ForecastConfidence, string>> = { high: "High", medium: "Medium", low: "Low", none: "None" };

function perDay(bytes: number): string {
  if (bytes === 0) return "flat";
  return bytes > 0 ? `+${formatBytes(bytes)}/day` : `\u2212${formatBytes(-bytes)}/day`;
}

function spanWords(ms: number): string {
  if (!(ms > 0)) return "one moment";
  if (ms < 2 * DAY_MS) return `${Math.max(1, Math.round(ms / 3_600_000))} hours`;
  return `${Math.round(ms / DAY_MS)} days`;
}

function basisWords(f: DirForecastFields): string {
  const b = f.basis;
  if (b.series === null) return b.points > 0 ? `Too little history: ${formatCount(b.points)} ${b.points === 1 ? "scan" : "scans"}` : "Nothing fitted yet: too little history";
  const what = b.series === "usedBytes" ? "The disk's used bytes" : "Kafka's bytes (disk usage unknown)";
  const placement = b.placementShare > 0 ? `; takes ${formatUtilization(b.placementShare)} of broker ${f.broker}'s new partitions` : "";
  return `${what}, ${formatCount(b.points)} scans over ${spanWords(b.toMs - b.fromMs)}${placement}`;
}

const UNKNOWN: EtaText = { central: "unknown", range: null, full: "unknown", sortSeconds: Infinity };

export function forecastRow(f: DirForecastFields, horizonDays: number): ForecastRow {
  const g = f.growth;
  // Without a forecast, a level not yet crossed is unknown (a crossed one is still "already past").
  const eta = (e: DirForecastFields["until"]["p85"]) => (e === null && f.confidence === "none" ? UNKNOWN : etaText(e, horizonDays));
  return {
    key: `${f.broker}:${f.dir}`,
    broker: f.broker,
    dir: f.dir,
    utilization: formatUtilization(f.utilization),
    mark: utilizationMark(f.utilization),
    growth: g ? perDay(g.bytesPerDay) : "unknown",
    growthRange: g ? `${formatBytes(g.low)} to ${formatBytes(g.high)} a day` : null,
    p85: eta(f.until.p85),
    p95: eta(f.until.p95),
    full: eta(f.until.full),
    confidence: f.confidence,
    confidenceLabel: CONFIDENCE_LABELS[f.confidence],
    fitted: f.basis.series !== null,
    basis: basisWords(f),
    note: f.basis.note,
  };
}

/** Every dir's row, soonest to fill first (forecast-order.ts). */
export function forecastRows(forecasts: readonly DirForecastFields[], horizonDays: number = DEFAULT_HORIZON_DAYS): ForecastRow[] {
  return soonestFirst(forecasts).map((f) => forecastRow(f, horizonDays));
}

/**
 * One line above the table: how many dirs, how many cross 85 % within 30 days, how many have no
 * forecast. "None reaches 85 %" is said only of dirs with a forecast; when no dir is fitted yet, the
 * line says how much history there is instead (`history`, forecast-wait.ts).
 */
export function forecastSummary(rows: readonly ForecastRow[], history: HistorySpan | null = null): string {
  const month = 30 * 86_400;
  const soon = rows.filter((r) => r.p85.sortSeconds <= month).length;
  const past = rows.filter((r) => r.p85.sortSeconds === 0).length;
  const none = rows.filter((r) => r.confidence === "none").length;
  const parts = [`${formatCount(rows.length)} log ${rows.length === 1 ? "dir" : "dirs"}`];
  if (past > 0) parts.push(`${formatCount(past)} already past 85%`);
  if (soon - past > 0) parts.push(`${formatCount(soon - past)} ${soon - past === 1 ? "reaches" : "reach"} 85% within 30 days`);
  if (soon === 0 && none < rows.length) parts.push(none > 0 ? "none with a forecast reaches 85% within 30 days" : "none reaches 85% within 30 days");
  if (rows.length > 0 && rows.every((r) => !r.fitted)) return `${parts.join("; ")}. ${notEnoughHistory(history)}`;
  if (none > 0) parts.push(`${formatCount(none)} without a forecast (no capacity or too little history)`);
  return `${parts.join("; ")}.`;
}
