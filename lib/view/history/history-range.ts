/**
 * The time range the history page shows: a preset ending now (6 h, 2 days, 14 days, 60 days, 2 years,
 * the tiers the history keeps: 5-minute points for 2 days, hourly for 60 days, daily for 2 years), or a
 * stretch picked on a chart (drag or brush). Pure: the clock is a parameter.
 *
 * Invariants:
 * - A window is two finite times with `fromMs < toMs`; a zoom never leaves the window it zooms into
 *   and never goes below MIN_ZOOM_MS (whether a drag was meant as a zoom is the chart's to say, in pixels).
 * - The URL names a preset by id (`?range=14d`) or a zoom by its two times (`?from=…&to=…`, ms), so a
 *   link opens the same stretch; anything unreadable falls back to the default.
 * - The default (no range in the URL) follows the data: it reads the 2-day preset and shows the
 *   stretch from the first point it holds to now (autoRange), so 30 minutes of history fill the chart's
 *   width instead of a sliver of 2 days; a longer history shows the last 2 days. A range the operator
 *   picks is theirs: it is kept in the URL, whatever the data.
 */
import { formatPointTime } from "../common/time-ticks";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "@/lib/model/units";

export type HistoryRangeId = "6h" | "2d" | "14d" | "60d" | "2y";

export interface HistoryRange {
  id: HistoryRangeId;
  label: string;
  /** What the button's title says. */
  description: string;
  spanMs: number;
}

export const HISTORY_RANGES: readonly HistoryRange[] = [
  { id: "6h", label: "6 h", description: "The last 6 hours, every scan", spanMs: 6 * HOUR_MS },
  { id: "2d", label: "2 d", description: "The last 2 days, every scan", spanMs: 2 * DAY_MS },
  { id: "14d", label: "14 d", description: "The last 14 days: hourly points past 2 days (the forecast's window)", spanMs: 14 * DAY_MS },
  { id: "60d", label: "60 d", description: "The last 60 days, hourly points past 2 days", spanMs: 60 * DAY_MS },
  { id: "2y", label: "2 y", description: "The last 2 years, daily points past 60 days", spanMs: 730 * DAY_MS },
];

/** 2 days: every scan is still kept at full resolution, and a day's rhythm shows. */
export const DEFAULT_RANGE: HistoryRangeId = "2d";

/** 1 minute: a few scans at the shortest intervals people run the collector at (tests, demos). */
export const MIN_ZOOM_MS = MINUTE_MS;

export interface TimeWindow {
  fromMs: number;
  toMs: number;
}

/** What the page shows: the default (follows the data), a preset ending now, or a zoomed stretch. */
export type RangeChoice = { kind: "auto" } | { kind: "preset"; id: HistoryRangeId } | { kind: "zoom"; fromMs: number; toMs: number };

/** 10 minutes: the narrowest window the default shows (a first scan a moment ago still has room around it). */
export const MIN_AUTO_SPAN_MS = 10 * MINUTE_MS;
/** 4 %: room before the first point, so it is not drawn on the chart's edge. */
const AUTO_PAD = 0.04;

export function isHistoryRangeId(value: unknown): value is HistoryRangeId {
  return typeof value === "string" && HISTORY_RANGES.some((r) => r.id === value);
}

export function historyRange(id: HistoryRangeId): HistoryRange {
  return HISTORY_RANGES.find((r) => r.id === id)!;
}

/** The window a choice reads at `nowMs` (the default reads the default preset's, then shows autoRange's part of it). */
export function rangeWindow(choice: RangeChoice, nowMs: number): TimeWindow {
  if (choice.kind === "zoom") return { fromMs: choice.fromMs, toMs: choice.toMs };
  return { fromMs: nowMs - historyRange(choice.kind === "auto" ? DEFAULT_RANGE : choice.id).spanMs, toMs: nowMs };
}

export interface AutoRange {
  /** What the charts show. */
  window: TimeWindow;
  /** "the 30 min recorded so far", "the last 2 days". */
  text: string;
}

/**
 * The default's window at `nowMs`, from the first point of the default preset's read (`firstAt`, null
 * when it holds none): from a little before that point to now when the history is younger than the
 * preset (at least MIN_AUTO_SPAN_MS), else the preset itself.
 */
export function autoRange(nowMs: number, firstAt: number | null): AutoRange {
  const preset = historyRange(DEFAULT_RANGE).spanMs;
  if (firstAt === null || !Number.isFinite(firstAt) || nowMs - firstAt >= preset)
    return { window: { fromMs: nowMs - preset, toMs: nowMs }, text: describeRange({ kind: "preset", id: DEFAULT_RANGE }) };
  const held = Math.max(0, nowMs - firstAt);
  const span = Math.min(preset, Math.max(MIN_AUTO_SPAN_MS, held * (1 + AUTO_PAD)));
  return {
    window: { fromMs: Math.round(nowMs - span), toMs: nowMs },
    text: held < MINUTE_MS ? "the first scans (under a minute of history)" : `the ${spanWords(held)} recorded so far`,
  };
}

/** "30 min", "5 h 20 min", "26 h": how long the history held is (a minute or more). */
function spanWords(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes % 60 === 0 || hours >= 10 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/**
 * The stretch between two chart positions (a drag or a brush, either way round) inside `window`, or
 * null when it is narrower than MIN_ZOOM_MS or not made of two finite times.
 */
export function zoomWindow(window: TimeWindow, a: number, b: number): TimeWindow | null {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  const fromMs = Math.max(window.fromMs, Math.min(a, b));
  const toMs = Math.min(window.toMs, Math.max(a, b));
  return toMs - fromMs >= MIN_ZOOM_MS ? { fromMs: Math.round(fromMs), toMs: Math.round(toMs) } : null;
}

/** The choice a page URL names (`range`, or `from` and `to` in ms); the default (auto) otherwise. */
export function rangeFromParams(params: { get(name: string): string | null }): RangeChoice {
  const from = Number(params.get("from"));
  const to = Number(params.get("to"));
  if (params.get("from") !== null && params.get("to") !== null && Number.isSafeInteger(from) && Number.isSafeInteger(to) && to - from >= MIN_ZOOM_MS) {
    return { kind: "zoom", fromMs: from, toMs: to };
  }
  const id = params.get("range");
  return isHistoryRangeId(id) ? { kind: "preset", id } : { kind: "auto" };
}

/** The URL parameters for a choice: a preset the operator picked is named (even the default's 2 days); the default needs none. */
export function rangeParams(choice: RangeChoice): Record<string, string> {
  if (choice.kind === "zoom") return { from: String(choice.fromMs), to: String(choice.toMs) };
  return choice.kind === "auto" ? {} : { range: choice.id };
}

/**
 * The span in words for a heading: "the last 2 days", or "5 Jan 2026 09:00 UTC – 6 Jan 2026 12:30 UTC"
 * for a zoom; the default says what autoRange shows (`auto`), else what it reads.
 */
export function describeRange(choice: RangeChoice, auto?: AutoRange | null): string {
  if (choice.kind === "auto") return auto ? auto.text : describeRange({ kind: "preset", id: DEFAULT_RANGE });
  if (choice.kind === "preset") {
    const span = historyRange(choice.id).spanMs;
    return `the last ${span >= 730 * DAY_MS ? "2 years" : span >= DAY_MS ? `${span / DAY_MS} days` : `${span / HOUR_MS} hours`}`;
  }
  return `${formatPointTime(choice.fromMs)} – ${formatPointTime(choice.toMs)}`;
}

/** The largest span a zoom out reaches: the longest preset (what the history keeps at all). */
const MAX_SPAN_MS = 730 * DAY_MS;

/**
 * The keyboard's zoom: `factor` < 1 narrows the window around its middle, > 1 widens it (never past
 * now, never wider than the longest preset, never narrower than MIN_ZOOM_MS).
 */
export function scaleWindow(window: TimeWindow, factor: number, nowMs: number): TimeWindow {
  const mid = (window.fromMs + window.toMs) / 2;
  const span = Math.min(MAX_SPAN_MS, Math.max(MIN_ZOOM_MS, (window.toMs - window.fromMs) * factor));
  const toMs = Math.min(nowMs, mid + span / 2);
  return { fromMs: Math.round(toMs - span), toMs: Math.round(toMs) };
}

/** The keyboard's pan: half a window earlier (-1) or later (+1), never past now. */
export function panWindow(window: TimeWindow, direction: -1 | 1, nowMs: number): TimeWindow {
  const span = window.toMs - window.fromMs;
  const toMs = Math.min(nowMs, window.toMs + (direction * span) / 2);
  return { fromMs: Math.round(toMs - span), toMs: Math.round(toMs) };
}
