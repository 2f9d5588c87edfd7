/**
 * The compact broker × log-dir table of the simulator's side-by-side panels, as text: column labels
 * that fit a narrow panel, and one byte unit for the whole grid so its cells print bare numbers.
 * Up to three columns the table is "wide": full labels and units in every cell.
 */
import { byteUnitFor, type ByteUnit } from "@/lib/model/format";
import type { BrokerDirGrid } from "./broker-dir-heatmap";

/** 3: up to three dirs per broker, each cell has room for "412.0 GiB" and "27 partitions". */
const WIDE_COLUMNS = 3;
/** 10 characters: the longest label a wide column shows in full ("/data/d1" fits). */
const FULL_LABEL_CHARS = 10;

export function isWideDirGrid(grid: Pick<BrokerDirGrid, "columns">): boolean {
  return grid.columns.length <= WIDE_COLUMNS;
}

/** "/data/d1", "/data/d2" → "d1", "d2": the shared folder says nothing; the full path is the tooltip. */
export function shortDirLabels(labels: readonly string[]): string[] {
  if (labels.length < 2 || !labels.every((l) => l.startsWith("/"))) return [...labels];
  const cut = labels[0]!.lastIndexOf("/") + 1;
  const prefix = labels[0]!.slice(0, cut);
  return labels.every((l) => l.startsWith(prefix) && l.length > cut) ? labels.map((l) => l.slice(cut)) : [...labels];
}

/** Column labels: full paths while they fit a wide grid, else the part that differs. */
export function dirGridLabels(grid: Pick<BrokerDirGrid, "columns">): string[] {
  const full = grid.columns.map((c) => c.label);
  return isWideDirGrid(grid) && full.every((l) => l.length <= FULL_LABEL_CHARS) ? full : shortDirLabels(full);
}

/** The unit a narrow bytes grid prints its cells in (the largest dir's); null when cells keep their own text. */
export function dirGridUnit(grid: Pick<BrokerDirGrid, "columns" | "metric" | "scale">): ByteUnit | null {
  return !isWideDirGrid(grid) && grid.metric === "bytes" ? byteUnitFor(grid.scale.domain[1]) : null;
}
