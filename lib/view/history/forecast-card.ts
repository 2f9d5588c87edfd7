/**
 * The overview's forecast card: the first log dirs to fill, one sentence each, in the table's order
 * (forecast-table.ts): "broker 3 /data/d2 reaches 85% in about 4 days (3–6 days), full in about 9 days".
 * A dir already past a level says where it is now ("is at 91%, reaches 95% in …"). Dirs the forecast
 * cannot place in time (no capacity, too little history) and dirs that reach no level within the
 * horizon are left out; when none is left, the card says that in one line instead.
 */
import { formatUtilization } from "@/lib/model/format";
import { horizonWords } from "./forecast-eta";
import { forecastRows, type DirForecastFields, type ForecastConfidence, type ForecastRow } from "./forecast-table";

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
  lines: ForecastLine[];
  /** Said instead of lines when no dir reaches 85 % within the horizon. */
  calm: string | null;
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

export function forecastCard(forecasts: readonly DirForecastFields[], horizonDays: number, limit = CARD_DIRS): ForecastCard {
  const utilization = new Map(forecasts.map((f) => [`${f.broker}:${f.dir}`, f.utilization]));
  const urgent = forecastRows(forecasts, horizonDays).filter(reachesAny);
  const lines = urgent
    .slice(0, limit)
    .map((row) => ({ key: row.key, broker: row.broker, dir: row.dir, text: sentence(row, utilization.get(row.key) ?? null, horizonDays), confidence: row.confidence }));
  const more = Math.max(0, urgent.length - lines.length);
  return {
    lines,
    calm: lines.length === 0 ? `No log dir is forecast to reach 85% within ${horizonWords(horizonDays)}.` : null,
    more,
    moreText: more > 0 ? `and ${more} more ${more === 1 ? "dir reaches" : "dirs reach"} 85%, 95% or full within ${horizonWords(horizonDays)}.` : null,
  };
}
