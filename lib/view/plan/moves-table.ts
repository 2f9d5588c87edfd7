/**
 * The plan's moves as a table an operator can read and sort: topic, partition, from and to (as
 * `broker:dir`), bytes, and how long the move takes on its own at its throttle (moveSeconds).
 *
 * - Sorting is total and deterministic: the chosen column, then topic, partition, from and to
 *   ascending, so equal keys keep one order whichever way the column is sorted.
 * - A new column starts in its natural direction (largest first for bytes and time, A→Z otherwise);
 *   choosing the sorted column again reverses it.
 * - Topics sort as Java strings (code units), as kafka-reassign-partitions orders them.
 */
import { formatBytes, formatCount, formatDuration } from "@/lib/model/format";
import { moveSeconds, type Rates } from "@/lib/plan/estimate";
import type { PlanMove } from "@/lib/plan/planner";
import { compareJavaStrings } from "@/lib/model/java-string";

export type MoveColumn = "topic" | "partition" | "from" | "to" | "bytes" | "seconds";
export type SortDirection = "ascending" | "descending";

export interface MoveSort {
  column: MoveColumn;
  direction: SortDirection;
}

export const DEFAULT_MOVE_SORT: MoveSort = { column: "bytes", direction: "descending" };

/** `hint`: what the header adds where there is room (a phone shows the label alone). */
export const MOVE_COLUMNS: ReadonlyArray<{ column: MoveColumn; label: string; hint: string; numeric: boolean }> = [
  { column: "topic", label: "Topic", hint: "", numeric: false },
  { column: "partition", label: "Partition", hint: "", numeric: true },
  { column: "from", label: "From", hint: " (broker:dir)", numeric: false },
  { column: "to", label: "To", hint: " (broker:dir)", numeric: false },
  { column: "bytes", label: "Bytes", hint: "", numeric: true },
  { column: "seconds", label: "Time alone", hint: " at the throttle", numeric: true },
];

export interface MoveRow {
  key: string;
  kind: PlanMove["kind"];
  topic: string;
  partition: number;
  fromBroker: number;
  fromDir: string | null;
  toBroker: number;
  toDir: string;
  from: string;
  to: string;
  bytes: number;
  bytesText: string;
  seconds: number;
  secondsText: string;
}

/** `1:/data/d1`; a dir Kafka did not report reads `1:(unknown dir)`. */
export function brokerDir(broker: number, dir: string | null): string {
  return `${broker}:${dir ?? "(unknown dir)"}`;
}

export function moveRows(moves: ReadonlyArray<PlanMove>, rates: Rates): MoveRow[] {
  return moves.map((m) => {
    const seconds = moveSeconds(m.kind, m.bytes, rates);
    return {
      key: `${m.topic}\u0000${m.partition}\u0000${m.fromBroker}`,
      kind: m.kind,
      topic: m.topic,
      partition: m.partition,
      fromBroker: m.fromBroker,
      fromDir: m.fromDir,
      toBroker: m.toBroker,
      toDir: m.toDir,
      from: brokerDir(m.fromBroker, m.fromDir),
      to: brokerDir(m.toBroker, m.toDir),
      bytes: m.bytes,
      bytesText: formatBytes(m.bytes),
      seconds,
      secondsText: formatDuration(seconds),
    };
  });
}

const compareText = (a: string | null, b: string | null) => compareJavaStrings(a ?? "", b ?? "");

const BY: Record<MoveColumn, (a: MoveRow, b: MoveRow) => number> = {
  topic: (a, b) => compareJavaStrings(a.topic, b.topic),
  partition: (a, b) => a.partition - b.partition,
  from: (a, b) => a.fromBroker - b.fromBroker || compareText(a.fromDir, b.fromDir),
  to: (a, b) => a.toBroker - b.toBroker || compareText(a.toDir, b.toDir),
  bytes: (a, b) => a.bytes - b.bytes,
  seconds: (a, b) => a.seconds - b.seconds,
};

const TIE_BREAK: MoveColumn[] = ["topic", "partition", "from", "to"];

export function sortMoveRows(rows: ReadonlyArray<MoveRow>, sort: MoveSort): MoveRow[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const primary = sign * BY[sort.column](a, b);
    if (primary !== 0) return primary;
    for (const column of TIE_BREAK) {
      const c = BY[column](a, b);
      if (c !== 0) return c;
    }
    return 0;
  });
}

export function nextMoveSort(current: MoveSort, column: MoveColumn): MoveSort {
  if (current.column === column) return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
  const numeric = MOVE_COLUMNS.find((c) => c.column === column)?.numeric ?? false;
  return { column, direction: numeric && column !== "partition" ? "descending" : "ascending" };
}

/** The `aria-sort` of a column header: only the sorted column has a direction. */
export function ariaSort(sort: MoveSort, column: MoveColumn): SortDirection | "none" {
  return sort.column === column ? sort.direction : "none";
}

/** What the table's caption says about how many moves it lists (the response lists the largest ones only). */
export function movesCaption(listed: number, total: number, sort: MoveSort): string {
  const label = MOVE_COLUMNS.find((c) => c.column === sort.column)?.label.toLowerCase() ?? sort.column;
  const order = `sorted by ${label}, ${sort.direction}`;
  if (listed < total) return `The ${formatCount(listed)} largest of ${formatCount(total)} moves (the reassignment JSON has them all), ${order}.`;
  return `${total === 1 ? "The one move" : `All ${formatCount(total)} moves`}, ${order}.`;
}
