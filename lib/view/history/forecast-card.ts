/**
 * The overview's forecast card: the first log dirs to fill, one sentence each, in the table's order
 * (forecast-table.ts): "broker 3 /data/d2 reaches 85% in about 4 days (3–6 days), full in about 9 days".
 * A dir already past a level says where it is now ("is at 91%, reaches 95% in …"). Dirs the forecast
 * cannot place in time (no capacity, too little history) and dirs that reach no level within the
 * horizon are left out; when none is left, the card says that in one line instead.
 *
 * Unknown is not "none": the calm line ("no log dir is forecast to reach 85%") is said only of dirs
 * that have a forecast, and in the calm tone only when every dir has one. Before any dir is fitted the
 * card says how much history there is of the 6 h a fit needs (forecast-wait.ts), never a verdict.
 */
import { formatUtilization } from "@/lib/model/format";
import { horizonWords } from "./forecast-eta";
import { forecastRows, type DirForecastFields, type ForecastConfidence, type ForecastRow } from "./forecast-table";
import { notEnoughHistory, type HistorySpan } from "./forecast-wait";

/** 3: the card is a pointer to the history page's table, not the table. */
export const CARD_DIRS = 3;

export interface ForecastLine {
  key: string;
  broker: number;
  dir: string;
  /** What follows the dir's name: "reaches 85% in about 4 days (3–6 days), full in about 9 days". */
  text: string;
  confidence: ForecastConfidence;
}

export interface ForecastCard {
  /** urgent: dirs to name; calm: every dir has a forecast and none reaches a level; waiting: some or all have none yet. */
  tone: "urgent" | "calm" | "waiting";
  lines: ForecastLine[];
  /** Said instead of lines when no dir with a forecast reaches 85 % within the horizon. */
  calm: string | null;
  /** Said instead of lines when no dir has a forecast yet: "Not enough history yet (30 min of 6 h): …". */
  waiting: string | null;
  /** How many dirs have no forecast (too little history, no capacity), in words; null when all have one. */
  unknownText: string | null;
  /** Dirs not shown that also reach a level within the horizon. */
  more: number;
  /** "and 2 more dirs within a year", or null. */
  moreText: string | null;
}

function reachesAny(row: ForecastRow): boolean {
  return row.confidence !== "none" && [row.p85, row.p95, row.full].some((e) => Number.isFinite(e.sortSeconds));
}

function sentence(row: ForecastRow, utilization: number | null, horizonDays: number): string {
  if (row.full.sortSeconds === 0) return `is full (${formatUtilization(utilization)})`;
  const parts: string[] = [];
  const past = row.p95.sortSeconds === 0 ? "95%" : row.p85.sortSeconds === 0 ? "85%" : null;
  if (past) parts.push(`is at ${formatUtilization(utilization)}`);
  const next = row.p85.sortSeconds > 0 ? { label: "85%", eta: row.p85 } : row.p95.sortSeconds > 0 ? { label: "95%", eta: row.p95 } : null;
  if (next && Number.isFinite(next.eta.sortSeconds)) parts.push(`reaches ${next.label} in ${next.eta.full}`);
  parts.push(Number.isFinite(row.full.sortSeconds) ? `full in ${row.full.central}` : `not full within ${horizonWords(horizonDays)}`);
  return parts.join(", ");
}

function unknownWords(unknown: number, total: number, unfitted: number, known: number): string | null {
  if (unknown === 0 || known === 0) return null;
  const why = unfitted === unknown ? "not enough history yet" : unfitted === 0 ? "capacity unknown" : "not enough history yet, or capacity unknown";
  return `${unknown} of ${total} log dirs ${unknown === 1 ? "has" : "have"} no forecast (${why}).`;
}

/** `history`: the scans the forecast was read from (forecast-wait.ts), for what is said before any dir is fitted. */
export function forecastCard(forecasts: readonly DirForecastFields[], horizonDays: number, history: HistorySpan | null, limit = CARD_DIRS): ForecastCard {
  const utilization = new Map(forecasts.map((f) => [`${f.broker}:${f.dir}`, f.utilization]));
  const urgent = forecastRows(forecasts, horizonDays).filter(reachesAny);
  const lines = urgent
    .slice(0, limit)
    .map((row) => ({ key: row.key, broker: row.broker, dir: row.dir, text: sentence(row, utilization.get(row.key) ?? null, horizonDays), confidence: row.confidence }));
  const more = Math.max(0, urgent.length - lines.length);
  const unfitted = forecasts.filter((f) => f.basis.series === null).length;
  const unknown = forecasts.filter((f) => f.confidence === "none").length;
  const known = forecasts.length - unknown;
  const waiting =
    lines.length > 0 || known > 0 ? null : unfitted > 0 || forecasts.length === 0 ? notEnoughHistory(history) : "No log dir's capacity is known: no time to fill can be forecast.";
  return {
    tone: lines.length > 0 ? "urgent" : unknown === 0 && known > 0 ? "calm" : "waiting",
    lines,
    calm:
      lines.length > 0 || known === 0
        ? null
        : unknown > 0
          ? `No log dir with a forecast reaches 85% within ${horizonWords(horizonDays)}.`
          : `No log dir is forecast to reach 85% within ${horizonWords(horizonDays)}.`,
    waiting,
    unknownText: unknownWords(unknown, forecasts.length, unfitted, known),
    more,
    moreText: more > 0 ? `and ${more} more ${more === 1 ? "dir reaches" : "dirs reach"} 85%, 95% or full within ${horizonWords(horizonDays)}.` : null,
  };
}
