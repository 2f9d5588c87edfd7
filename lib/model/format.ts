/**
 * Units as the product shows them: bytes in binary units with one decimal (KiB … PiB), counts as
 * integers, percentages without decimals unless under 1 %, skew as "1.00×". Every finite number
 * gives a bounded label (counts print every digit, at most ~410 characters at 1e308; the rest stay
 * under 30); what is not finite prints as "–".
 *
 * Durations read as a person says them ("1 h 12 min"). Times: the capture time is printed in UTC with a fixed format so the server's first paint and the
 * browser's hydration agree (a locale or time zone would differ); an age ("3 min ago") is computed
 * against a clock passed in, never read here.
 *
 * The one home for formatting values: the core's own messages (simulation limits, the policy
 * verdict, step descriptions), every view-model in lib/view and the components print them with these.
 * It sits in the model so any core folder can import it without depending on lib/view.
 */
const UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return "–";
  const sign = bytes < 0 ? "-" : "";
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${sign}${Math.round(value)} B` : `${sign}${value.toFixed(1)} ${UNITS[unit]}`;
}

/** "40.0 MiB/s": a rate in bytes per second (throttles, copy rates). */
export function formatByteRate(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

export interface ByteUnit {
  name: (typeof UNITS)[number];
  factor: number;
}

/** The one binary unit a whole grid or column of byte counts is printed in: its largest value's. */
export function byteUnitFor(maxBytes: number): ByteUnit {
  let unit = 0;
  while (maxBytes >= 1024 ** (unit + 1) && unit < UNITS.length - 1) unit += 1;
  return { name: UNITS[unit]!, factor: 1024 ** unit };
}

/** A byte count as a bare number in `unit` ("305", "58", "4.2"): whole from 10 up, else one decimal. */
export function formatInByteUnit(bytes: number, unit: ByteUnit): string {
  const v = bytes / unit.factor;
  return v >= 10 || v === 0 ? String(Math.round(v)) : v.toFixed(1);
}

/** `share` is a fraction (0.78 → "78%"); under 1 % keeps one significant decimal ("0.4%"). */
export function formatPercent(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return "–";
  const pct = share * 100;
  if (pct !== 0 && Math.abs(pct) < 1) return `${pct.toFixed(1)}%`;
  return `${Math.round(pct)}%`;
}

/** "+45%" / "−12%" / "0%": a signed share, with a true minus sign. */
export function formatSignedPercent(share: number): string {
  const text = formatPercent(Math.abs(share));
  if (text === "0%") return "0%";
  return share > 0 ? `+${text}` : `\u2212${text}`;
}

/**
 * A utilisation share: like formatPercent, but a nearly empty disk reads "<0.1%" rather than
 * "0.0%", which looks like an exact zero.
 */
export function formatUtilization(share: number | null): string {
  if (share !== null && share > 0 && share < 0.0005) return "<0.1%";
  return formatPercent(share);
}

/**
 * One shared formatter: `Number#toLocaleString` builds a new Intl.NumberFormat on every call, which
 * dominates when labelling tens of thousands of heatmap cells. Same text as `toLocaleString("en-US")`.
 */
const INTEGER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "12,345": rounded to a whole number, with thousands separators. */
export function formatCount(n: number): string {
  const r = Math.round(n);
  // Below a thousand there is no separator to place: the digits are the text, without Intl's cost.
  if (r > -1000 && r < 1000 && !Object.is(r, -0)) return String(r);
  return INTEGER.format(r);
}

/** "1 partition", "12,345 partitions": a count and its noun, singular only for exactly 1. */
export function formatCountOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A fraction as a whole percent that never rounds a little down to nothing: 0.004 → "under 1%", 0.42 → "42%". */
export function formatWholePercent(value: number): string {
  if (!Number.isFinite(value)) return "–";
  if (value > 0 && value < 0.01) return "under 1%";
  return `${Math.round(value * 100)}%`;
}

/** "–" when the ratio is not a number (a mean that overflowed: bytes summed past Number.MAX_VALUE). */
export function formatSkew(ratio: number): string {
  if (!Number.isFinite(ratio)) return "–";
  return `${ratio.toFixed(2)}×`;
}

/** "1 h 12 min", "3 min 20 s", "42 s". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "–";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  return `${h} h ${m % 60} min`;
}

/** A span in days, as far-off dates read: "5 h", "3.5 days", "14 days", "1.2 years"; "–" when not finite. */
export function formatDays(days: number): string {
  if (!Number.isFinite(days)) return "–";
  if (days < 1) return `${Math.max(0, Math.round(days * 24))} h`;
  if (days < 10) return `${days.toFixed(1)} days`;
  if (days < 730) return `${Math.round(days)} days`;
  return `${(days / 365).toFixed(1)} years`;
}

/** "2026-01-05 09:00:12 UTC", or the input unchanged when it is not a valid time. */
export function formatCapturedAt(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** "09:00:12 UTC": the time of day of a moment within a day's work (a batch's start), or the input unchanged when it is not a valid time. */
export function formatTimeOfDay(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return `${new Date(ms).toISOString().slice(11, 19)} UTC`;
}

/** "just now", "45 s ago", "3 min ago", "2 h ago", "4 days ago"; "" when `iso` is not a time. */
export function formatAge(iso: string, nowMs: number): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return "";
  const seconds = Math.max(0, Math.round((nowMs - ms) / 1000));
  if (seconds < 5) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
