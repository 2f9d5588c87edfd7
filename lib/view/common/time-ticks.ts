/**
 * Ticks for a time axis: round UTC moments (every 15 min, hour, 6 h, day, week, month …), about
 * `count` of them (up to `count` + 2, so 14 days get a tick every 2 days rather than every week) across the window, labelled for the span: "14:00" within two days (a midnight tick names its
 * day, "6 Jan"), "6 Jan" up to a few months, "Jan 2026" beyond. UTC throughout, like every time the app
 * prints, so the server's first paint and the browser agree.
 *
 * Invariants: the ticks lie inside the window, ascending; at most `count` + 3 of them, whatever the
 * window (an empty or non-finite window gives none).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Fixed steps; months and years are calendar steps (below). */
const FIXED_STEPS = [MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY] as const;
const MONTH_STEPS = [1, 3, 6, 12, 24, 60] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export type TimeTickFormat = "time" | "day" | "month";

export interface TimeTicks {
  ticks: number[];
  format: TimeTickFormat;
}

/** The label format for a window of `spanMs`. */
export function timeTickFormat(spanMs: number): TimeTickFormat {
  if (spanMs <= 2 * DAY) return "time";
  if (spanMs <= 120 * DAY) return "day";
  return "month";
}

function fixedTicks(fromMs: number, toMs: number, step: number): number[] {
  // Weeks start on a Monday (1970-01-05 was one); shorter steps count from midnight UTC.
  const origin = step === 7 * DAY || step === 14 * DAY ? 4 * DAY : 0;
  const first = Math.ceil((fromMs - origin) / step) * step + origin;
  const out: number[] = [];
  for (let t = first; t <= toMs; t += step) out.push(t);
  return out;
}

function monthTicks(fromMs: number, toMs: number, months: number): number[] {
  const start = new Date(fromMs);
  let index = start.getUTCFullYear() * 12 + start.getUTCMonth();
  index = Math.ceil(index / months) * months;
  const out: number[] = [];
  for (;;) {
    const t = Date.UTC(Math.floor(index / 12), index % 12, 1);
    if (t > toMs) break;
    if (t >= fromMs) out.push(t);
    index += months;
  }
  return out;
}

export function timeTicks(fromMs: number, toMs: number, count = 6): TimeTicks {
  const span = toMs - fromMs;
  const format = timeTickFormat(span);
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || !(span > 0)) return { ticks: [], format };
  const n = Math.max(1, Math.min(20, Math.round(count)));
  const fixed = FIXED_STEPS.find((s) => span / s <= n + 2);
  if (fixed !== undefined) return { ticks: fixedTicks(fromMs, toMs, fixed), format };
  const months = MONTH_STEPS.find((m) => span / (m * 30.44 * DAY) <= n + 2) ?? Math.ceil(span / (n * 365.25 * DAY)) * 12;
  return { ticks: monthTicks(fromMs, toMs, months), format };
}

/** A tick's label in `format`: "14:00" (or "6 Jan" at midnight), "6 Jan", "Jan 2026". */
export function formatTimeTick(ms: number, format: TimeTickFormat): string {
  if (!Number.isFinite(ms)) return "";
  const d = new Date(ms);
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  if (format === "month") return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  if (format === "day") return day;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  if (h === 0 && m === 0) return day;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** A point's time in a tooltip or table: "6 Jan 14:05 UTC". */
export function formatPointTime(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;
}
