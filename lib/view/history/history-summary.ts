/**
 * What a history chart says in words, for screen readers and for anyone who wants the numbers: one
 * sentence per line of the chart (first, last, lowest and highest value in the range, and how many
 * holes it has), and the chart's points as table rows, thinned evenly to a readable number.
 */
import { formatPointTime } from "../common/time-ticks";
import type { Row } from "./history-rows";

export interface SeriesSpec<K extends string> {
  key: K;
  label: string;
  format: (value: number) => string;
}

/** Holes: runs of blank rows (every value null), counted once per run. */
export function gapCount<K extends string>(rows: readonly Row<K>[], keys: readonly K[]): number {
  let gaps = 0;
  let inGap = false;
  for (const r of rows) {
    const blank = keys.every((k) => r[k] === null);
    if (blank && !inGap) gaps += 1;
    inGap = blank;
  }
  return gaps;
}

/** "Broker-bytes skew: 1.20× on 5 Jan 2026 09:00 UTC, 1.35× on 6 Jan 2026 09:00 UTC; lowest 1.10×, highest 1.40×." */
export function seriesSentence<K extends string>(rows: readonly Row<K>[], spec: SeriesSpec<K>): string {
  const known = rows.filter((r) => r[spec.key] !== null);
  const first = known[0];
  const last = known[known.length - 1];
  if (!first || !last) return `${spec.label}: no values in this range.`;
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of known) {
    const v = r[spec.key]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (known.length === 1) return `${spec.label}: ${spec.format(first[spec.key]!)} on ${formatPointTime(first.t)}, the only value in this range.`;
  return `${spec.label}: ${spec.format(first[spec.key]!)} on ${formatPointTime(first.t)}, ${spec.format(last[spec.key]!)} on ${formatPointTime(last.t)}; lowest ${spec.format(lo)}, highest ${spec.format(hi)}.`;
}

/** The chart in words: one sentence per series, then the holes. */
export function chartSummary<K extends string>(rows: readonly Row<K>[], specs: readonly SeriesSpec<K>[]): string {
  const sentences = specs.map((s) => seriesSentence(rows, s));
  const gaps = gapCount(
    rows,
    specs.map((s) => s.key),
  );
  if (gaps > 0) sentences.push(`${gaps} ${gaps === 1 ? "gap" : "gaps"} where scans failed or none ran.`);
  return sentences.join(" ");
}

/** 48: two days of hourly rows; longer tables are read by nobody. */
export const TABLE_ROWS = 48;

export interface TableRow {
  key: string;
  time: string;
  cells: string[];
}

/**
 * The chart's points (blank rows left out) as text cells, newest first, thinned evenly to at most
 * `max` rows: the newest is always kept.
 */
export function tableRows<K extends string>(rows: readonly Row<K>[], specs: readonly SeriesSpec<K>[], max = TABLE_ROWS): TableRow[] {
  const known = rows.filter((r) => specs.some((s) => r[s.key] !== null));
  const n = Math.max(1, Math.floor(max));
  const picked: Row<K>[] = [];
  if (known.length <= n) picked.push(...known);
  else {
    const step = n > 1 ? (known.length - 1) / (n - 1) : 0;
    for (let i = 0; i < n; i++) picked.push(known[n > 1 ? Math.round(i * step) : known.length - 1]!);
  }
  return picked.reverse().map((r) => ({ key: String(r.t), time: formatPointTime(r.t), cells: specs.map((s) => (r[s.key] === null ? "–" : s.format(r[s.key]!))) }));
}
