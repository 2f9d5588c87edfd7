/**
 * Before a forecast exists: how much history the forecast had, against the 6 hours a fit needs
 * (lib/forecast/fit.ts MIN_FIT_SPAN_MS). Until a dir is fitted nothing is known of when it fills, so
 * the pages say "not enough history yet (30 min of 6 h)" where a verdict would go: unknown is not "none".
 *
 * The span is the cluster's successful scans in the forecast's window (lib/server/forecast-table.ts),
 * first to last; minutes are whole minutes rounded down, so 5 h 59 min never reads as the 6 h it is not.
 */
import { MIN_FIT_SPAN_MS } from "@/lib/forecast/fit";
import { MINUTE_MS } from "@/lib/model/units";

/** The successful scans a forecast was read from: first and last times (null when none) and how many. */
export interface HistorySpan {
  firstAt: number | null;
  lastAt: number | null;
  scans: number;
}

/** 6 h: the history a dir's growth fit needs. */
export const FORECAST_NEEDS_MS = MIN_FIT_SPAN_MS;

/** First to last scan in ms; 0 with fewer than two. */
export function historySpanMs(span: HistorySpan | null | undefined): number {
  if (!span || span.firstAt === null || span.lastAt === null) return 0;
  return Math.max(0, span.lastAt - span.firstAt);
}

/** "0 min", "10 min", "5 h 59 min", "6 h": a span in whole minutes, rounded down. */
export function shortSpan(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "30 min of 6 h": the history there is, of what a forecast needs. */
export function historyProgress(span: HistorySpan | null | undefined): string {
  return `${shortSpan(Math.min(historySpanMs(span), FORECAST_NEEDS_MS))} of ${shortSpan(FORECAST_NEEDS_MS)}`;
}

/**
 * What a page says when no dir could be fitted: "Not enough history yet (30 min of 6 h)." while the
 * history is shorter than 6 h; with 6 h of scans and still no fit (dirs newer than the cluster's
 * history, or scans without dir figures), that no dir has 6 h of its own yet.
 */
export function notEnoughHistory(span: HistorySpan | null | undefined): string {
  if (historySpanMs(span) < FORECAST_NEEDS_MS) return `Not enough history yet (${historyProgress(span)}): a forecast needs ${shortSpan(FORECAST_NEEDS_MS)} of scans.`;
  return `Not enough history yet: no log dir has ${shortSpan(FORECAST_NEEDS_MS)} of scans of its own.`;
}
