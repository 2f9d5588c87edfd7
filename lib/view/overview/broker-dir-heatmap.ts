/**
 * The broker × log-dir heatmap as data: one row per broker, one cell per log dir, each cell with its
 * colour, the short text printed in it, the pattern and label for states colour cannot carry, and the
 * full sentence a screen reader reads after that text ("78%: broker 2, /data/d3: 412.0 GiB, 78% used,
 * 27 partitions").
 *
 * Cells are built on demand, row by row (`cells(row)`, cached): the grid is virtualised, so a
 * 1,000-broker cluster labels the 30 rows on screen, not 12,000 cells.
 *
 * Columns: brokers of one cluster nearly always share their `log.dirs` paths, so cells line up by
 * path and a column reads as "this disk on every broker". When paths are not shared (each broker has
 * its own, e.g. /var/kafka-3/d1) that would give a sparse grid with a column per path, so cells are
 * then placed by their position in the broker's `log.dirs` instead.
 *
 * Dirs on one filesystem (lib/model/disks.ts: a report's `sharedDisk`) are one disk: every figure of
 * theirs is the disk's (the same utilisation, the disk's deviation), so each such cell carries a
 * "shared disk" badge, names the dirs it shares with, and the grid's `note` says what the badge means —
 * never a flat colour without a word.
 */
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import type { BrokerState } from "@/lib/model/snapshot";
import { formatBytes, formatCountOf, formatSignedPercent, formatUtilization } from "@/lib/model/format";
import { divergingScale, sequentialScale, textColorOn, type ColorScale } from "../common/color-scale";
import { dirMetricValue, formatDirMetric, utilizationMark, type DirMetric, type UtilizationMark } from "../common/dir-metric";
import { dirHeatmapLegend, type CellPattern, type Legend, type LegendSwatch } from "../common/legend";

export interface DirCell {
  key: string;
  broker: number;
  path: string;
  /** The metric's value, or null when the dir has none (capacity unknown, offline, unreachable). */
  value: number | null;
  /** Printed inside the cell: the value, or the state in words when there is no value. */
  text: string;
  /** The dir's path, printed small when the column does not name it (brokers with their own paths). */
  caption: string | null;
  /** The badge of the utilisation mark reached ("85%+"), or null below 70 %. */
  markText: string | null;
  /** The badge of replicas moving in ("⇢ 2"), or null. */
  futureText: string | null;
  /** The badge of a dir that shares its filesystem with other dirs of its broker ("shared disk"), or null. */
  diskText: string | null;
  /** Cell fill, or null when the pattern alone fills it. */
  background: string | null;
  foreground: string;
  pattern: CellPattern;
  /** Utilisation mark reached (70 / 85 / 95), whatever the metric shown. */
  mark: UtilizationMark;
  futureReplicas: number;
  futureBytes: number;
  /** The sentence that says everything about the dir (dirAriaLabel): the tooltip's and readout's first line. */
  summary: string;
  /**
   * The cell's accessible name: everything printed in it, in the order printed, then the summary.
   * Starting with the visible text (WCAG 2.5.3, label in name) lets a voice-control user say what
   * they see, and a screen reader hears the value before the sentence.
   */
  ariaLabel: string;
  /** Extra lines for the tooltip after the summary's figures. */
  details: string[];
}

/** What a row shows where it has no dir: a dash, or the broker's state when its dirs are not known at all. */
export interface EmptyCell {
  text: string;
  pattern: CellPattern;
  /** Why the cell is empty, after the column's label: "has no /data/d3", "log dirs unknown (…)". */
  reason: string;
}

export interface BrokerRow {
  broker: number;
  rack: string | null;
  state: BrokerState;
  unreachable: boolean;
  /** Row header text: "broker 2" plus its state when not plain online. */
  label: string;
  /** The same in two parts for a two-line header: "broker 2" and "rack a · unreachable" (or null). */
  name: string;
  note: string | null;
  /** How this row's missing dirs are drawn. */
  empty: EmptyCell;
  /** The broker's dirs, each with the column it goes in. */
  dirs: { dir: DirFigures; column: number }[];
  /**
   * Aligned with `BrokerDirGrid.columns`; null where this broker has no dir in that column.
   * Built on first read (a getter), so rows that are never shown cost nothing.
   */
  readonly cells: (DirCell | null)[];
}

export interface BrokerDirGrid {
  metric: DirMetric;
  /** "path": columns are shared paths; "position": columns are the n-th entry of `log.dirs`. */
  columnMode: "path" | "position";
  columns: { key: string; label: string }[];
  rows: BrokerRow[];
  /** Row `index`'s cells, aligned with `columns`; null where the broker has no dir in that column. */
  cells(index: number): (DirCell | null)[];
  scale: ColorScale;
  legend: Legend;
  /** Number of dir cells (null placeholders excluded). */
  cellCount: number;
  /** What the "shared disk" badge means, when some cell carries it; null otherwise. */
  note: string | null;
}

/** The badge printed in a cell whose dir shares its filesystem. */
export const SHARED_DISK_BADGE = "shared disk";

/** Above this many distinct paths per widest broker, paths are not shared: place by position. */
const SHARED_PATHS_FACTOR = 1.5;

/** The last two segments of a path ("node1/d1"), for cells whose column does not name the path. */
export function shortPath(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts.length <= 2 ? path : `…/${parts.slice(-2).join("/")}`;
}

export function metricScale(dirs: readonly DirFigures[], metric: DirMetric): ColorScale {
  if (metric === "utilization") return sequentialScale(0, 1);
  if (metric === "deviation") {
    // The span is the fullest dir's excess, so that dir is the darkest red; a dir further below the
    // mean than that takes the blue end. (An empty dir is always −100 %; spanning to it would leave a
    // dir at +50 %, the one about to fill, pale.)
    let above = 0;
    for (const d of dirs) if (d.state !== "offline") above = Math.max(above, d.deviationFromBrokerMean);
    // 0.25: a floor so a near-balanced cluster shows pale cells instead of stretching ±1 % to full red.
    return divergingScale(Math.max(0.25, above));
  }
  let max = 0;
  for (const d of dirs) max = Math.max(max, metric === "bytes" ? d.bytes : d.partitions);
  return sequentialScale(0, max);
}

/**
 * The sentence that says everything about a dir: a cell's summary (read after its printed text) and
 * the tooltip's first line. `diskMates`: the other dirs of its filesystem, when it shares one.
 */
export function dirAriaLabel(dir: DirFigures, metric: DirMetric, unreachable: boolean, diskMates: readonly string[] = []): string {
  const used = dir.utilization === null ? "capacity unknown" : `${formatUtilization(dir.utilization)} used${diskMates.length > 0 ? " (the disk's)" : ""}`;
  const parts = [formatBytes(dir.bytes), used, formatCountOf(dir.partitions, "partition")];
  if (diskMates.length > 0) parts.push(`one disk with ${diskMates.length <= 3 ? diskMates.join(", ") : `${diskMates.slice(0, 3).join(", ")} and ${diskMates.length - 3} more`}`);
  if (metric === "deviation" && dir.state !== "offline") parts.push(`${formatSignedPercent(dir.deviationFromBrokerMean)} vs broker mean`);
  if (dir.futureReplicas > 0) parts.push(`${dir.futureReplicas} replica${dir.futureReplicas === 1 ? "" : "s"} moving in`);
  if (dir.state !== "online") parts.push(dir.state);
  if (unreachable) parts.push("broker unreachable");
  return `broker ${dir.broker}, ${dir.path}: ${parts.join(", ")}`;
}

/** The accessible name of a cell: the texts printed in it, in order, then its summary sentence. */
export function cellName(cell: Pick<DirCell, "text" | "caption" | "markText" | "futureText" | "diskText" | "summary">): string {
  const printed = [cell.text, cell.caption, cell.markText, cell.futureText, cell.diskText].filter((t): t is string => t !== null);
  return `${printed.join(" ")}: ${cell.summary}`;
}

function cellFor(dir: DirFigures, metric: DirMetric, scale: ColorScale, unreachable: boolean, caption: string | null, diskMates: readonly string[]): DirCell {
  const mark = utilizationMark(dir.state === "offline" ? null : dir.utilization);
  const details: string[] = [];
  if (dir.totalBytes !== null) details.push(`${diskMates.length > 0 ? "the disk's capacity" : "capacity"} ${formatBytes(dir.totalBytes)}, ${formatBytes(dir.usedBytes)} used`);
  if (diskMates.length > 0)
    details.push(
      dir.sharedDisk?.decidedBy === "configured"
        ? "one disk with its other dirs, as KAFKA_BALANCE_DISKS says: moving replicas between them frees no space"
        : "same total and usable bytes as its other dirs: one filesystem (or a mount that failed at boot), so moving replicas between them frees no space",
    );
  if (dir.futureReplicas > 0) details.push(`${dir.futureReplicas} future replica${dir.futureReplicas === 1 ? "" : "s"} (${formatBytes(dir.futureBytes)}) being copied in`);
  if (mark > 0) details.push(`above the ${mark}% mark`);
  const base = {
    key: `${dir.broker}\u0000${dir.path}`,
    broker: dir.broker,
    path: dir.path,
    caption,
    mark,
    markText: mark > 0 ? `${mark}%+` : null,
    futureText: dir.futureReplicas > 0 ? `⇢ ${dir.futureReplicas}` : null,
    diskText: diskMates.length > 0 ? SHARED_DISK_BADGE : null,
    futureReplicas: dir.futureReplicas,
    futureBytes: dir.futureBytes,
    summary: dirAriaLabel(dir, metric, unreachable, diskMates),
    details,
  };
  const named = (cell: Omit<DirCell, "ariaLabel">): DirCell => ({ ...cell, ariaLabel: cellName(cell) });

  let pattern: CellPattern = "none";
  if (unreachable) pattern = "unreachable";
  else if (dir.state === "offline") pattern = "offline";
  else if (dir.state === "cordoned") pattern = "cordoned";
  // An offline dir holds nothing usable, and an unreachable broker's figures are stale or missing.
  if (pattern === "offline" || pattern === "unreachable") {
    return named({ ...base, value: null, text: pattern, background: null, foreground: "inherit", pattern });
  }
  const value = dirMetricValue(dir, metric);
  if (value === null) {
    return named({ ...base, value: null, text: "capacity unknown", background: null, foreground: "inherit", pattern: "unknown" });
  }
  const background = scale.color(value);
  const text = formatDirMetric(value, metric);
  return named({ ...base, value, text: pattern === "cordoned" ? `${text} · cordoned` : text, background, foreground: textColorOn(background), pattern });
}

/** A broker's state in a row header: in full for its label, short for the note under its name. */
const STATE_WORDS: Record<BrokerState, { long: string; short: string } | null> = {
  online: null,
  unreachable: { long: "unreachable", short: "unreachable" },
  unknown: { long: "unknown: not in the kafka-log-dirs output", short: "not in log-dirs output" },
};

/**
 * An online broker without a dir in some column simply has none there (a dash). A broker whose dirs
 * were not read at all fills its row with its state instead, so the row says why it is blank.
 */
export function emptyCellOf(state: BrokerState, dirCount: number): EmptyCell {
  if (dirCount === 0 && state === "unknown") return { text: "not in log-dirs", pattern: "missing", reason: "log dirs unknown: the broker is not in the kafka-log-dirs output" };
  if (dirCount === 0 && state === "unreachable") return { text: "unreachable", pattern: "unreachable", reason: "log dirs unknown: the broker is unreachable" };
  return { text: "—", pattern: "none", reason: "" };
}

/** The accessible name of an empty cell: its visible text first, then whose cell it is and why. */
export function emptyCellLabel(row: Pick<BrokerRow, "broker" | "empty">, column: string): string {
  return row.empty.pattern === "none" ? `broker ${row.broker} has no ${column}` : `${row.empty.text}: broker ${row.broker}, ${column}, ${row.empty.reason}`;
}

export function brokerDirGrid(report: BalanceReport, metric: DirMetric): BrokerDirGrid {
  const scale = metricScale(report.dirs, metric);
  const byBroker = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    const list = byBroker.get(d.broker);
    if (list) list.push(d);
    else byBroker.set(d.broker, [d]);
  }
  const paths: string[] = [];
  const seen = new Set<string>();
  let widest = 0;
  for (const id of report.brokerIds) {
    const own = byBroker.get(id) ?? [];
    widest = Math.max(widest, own.length);
    for (const d of own) {
      if (seen.has(d.path)) continue;
      seen.add(d.path);
      paths.push(d.path);
    }
  }
  const columnMode = paths.length <= Math.max(1, widest) * SHARED_PATHS_FACTOR ? "path" : "position";
  const columns = columnMode === "path" ? paths.map((p) => ({ key: p, label: p })) : Array.from({ length: widest }, (_, i) => ({ key: `#${i + 1}`, label: `log dir ${i + 1}` }));
  const columnOf = new Map(paths.map((p, i) => [p, i]));

  const present = new Set<LegendSwatch["pattern"]>();
  let cellCount = 0;
  let shared = 0;
  const rows: BrokerRow[] = report.brokers.map((b) => {
    const unreachable = b.state === "unreachable";
    const dirs = (byBroker.get(b.id) ?? []).map((dir, i) => ({ dir, column: columnMode === "path" ? columnOf.get(dir.path)! : i }));
    const mates = (dir: DirFigures) => (dir.sharedDisk ? dirs.filter((x) => x.dir !== dir && x.dir.sharedDisk?.id === dir.sharedDisk!.id).map((x) => x.dir.path) : []);
    for (const { dir } of dirs) if (dir.sharedDisk && !unreachable) shared += 1;
    const empty = emptyCellOf(b.state, dirs.length);
    if (empty.pattern !== "none" && columns.length > 0) present.add(empty.pattern);
    for (const { dir } of dirs) {
      cellCount += 1;
      // The legend lists a pattern only when some cell carries it; the same rules as cellFor().
      if (unreachable) present.add("unreachable");
      else if (dir.state === "offline") present.add("offline");
      else if (dirMetricValue(dir, metric) === null) present.add("unknown");
      else if (dir.state === "cordoned") present.add("cordoned");
      if (dir.futureReplicas > 0) present.add("future");
    }
    const stateWords = STATE_WORDS[b.state];
    const states = [stateWords?.long ?? null, b.rack !== null ? `rack ${b.rack}` : null].filter(Boolean);
    let built: (DirCell | null)[] | null = null;
    return {
      broker: b.id,
      rack: b.rack,
      state: b.state,
      unreachable,
      label: `broker ${b.id}${states.length ? ` (${states.join(", ")})` : ""}`,
      name: `broker ${b.id}`,
      note: [b.rack, stateWords?.short ?? null].filter(Boolean).join(" · ") || null,
      empty,
      dirs,
      get cells() {
        if (built === null) {
          built = new Array<DirCell | null>(columns.length).fill(null);
          for (const { dir, column } of dirs)
            built[column] = cellFor(dir, metric, scale, unreachable, columnMode === "position" ? shortPath(dir.path) : null, unreachable ? [] : mates(dir));
        }
        return built;
      },
    };
  });
  const cells = (index: number): (DirCell | null)[] => rows[index]?.cells ?? [];
  const note =
    shared === 0
      ? null
      : `Cells marked “${SHARED_DISK_BADGE}” are dirs of one broker on one filesystem (identical total and usable bytes, or KAFKA_BALANCE_DISKS): counted as one disk, so they show the disk's utilisation and deviation; moving replicas between them frees no space.`;
  return { metric, columnMode, columns, rows, cells, scale, legend: dirHeatmapLegend(metric, scale, present), cellCount, note };
}
