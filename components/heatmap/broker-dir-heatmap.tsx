"use client";
/**
 * The broker × log-dir heatmap: one row per broker, one cell per log dir, coloured by the chosen
 * metric. An ARIA grid with a roving tab stop: Tab enters at the active cell, arrows / Home / End /
 * PageUp / PageDown move, Enter opens the broker. Rows are virtualised, so 1,000 brokers render
 * as fast as 30. Cell data comes from lib/view/overview/broker-dir-heatmap; this file only lays it out.
 *
 * The cell under the pointer (or focused) is read out in a tooltip beside the cell, so the figures
 * show where the eye is (the line under the grid, also a live region, can be below the fold). With
 * `compactOnPhone`, a phone-wide screen (under 640 px) shows the simulator's compact table instead
 * (every dir of a broker side by side with its value and partition count, no sideways scroll, so
 * the fullest dirs are never hidden behind a scroll).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { DirGrid } from "@/components/simulate/dir-grid";
import type { BalanceReport } from "@/lib/model/report";
import { brokerDirGrid, emptyCellLabel, type DirCell } from "@/lib/view/overview/broker-dir-heatmap";
import type { BrokerState } from "@/lib/model/snapshot";
import type { DirMetric } from "@/lib/view/common/dir-metric";
import { shortDirLabels } from "@/lib/view/overview/dir-grid";
import { scrollToReveal, visibleRange } from "@/lib/view/common/virtual-window";
import { cellBackground } from "./cell-patterns";
import { ScrollEdges, useScrollCue } from "@/components/ui/scroll-region";
import { LegendBar } from "./legend-bar";
import { useScrollBox } from "./use-scroll-box";

/** Row height bounds in px: 44 fits a value and a badge; a few brokers get taller rows that fill the box. */
const MIN_ROW_H = 44;
const MAX_ROW_H = 96;
const HEADER_H = 32;
/** Rows drawn before the container is measured (the server render): what the box shows at 44 px. */
const FIRST_PAINT_ROWS = 12;
/** Rows rendered beyond each edge of the viewport, so a quick scroll never shows a blank band. */
const OVERSCAN = 3;
/** 6.5rem and 10rem: a dir column's least width and the row header's widest (the grid template below). */
const COLUMN_MIN_PX = 104;
const ROW_HEADER_PX = 160;
/** Width of one character of the 12 px monospace header font. */
const MONO_CHAR_PX = 7.3;
/** A row header's colour: red for a broker that did not answer, amber for one whose dirs were never listed. */
const ROW_TONE: Record<BrokerState, string> = { online: "", unreachable: "text-red-700 dark:text-red-400", unknown: "text-amber-800 dark:text-amber-300" };

interface Props {
  report: BalanceReport;
  metric: DirMetric;
  onOpenBroker: (broker: number) => void;
  /** Under 640 px, the compact table (components/simulate/dir-grid.tsx) instead of the grid. */
  compactOnPhone?: boolean;
  /** Called once the grid has committed its cells (the UI bench's end mark). */
  onRendered?: () => void;
}

interface Pos {
  row: number;
  /** 0 is the row header; 1..n are dir columns. */
  col: number;
}

export function BrokerDirHeatmap({ report, metric, onOpenBroker, compactOnPhone = false, onRendered }: Props) {
  const grid = useMemo(() => brokerDirGrid(report, metric), [report, metric]);
  const [scrollRef, box] = useScrollBox<HTMLDivElement>({ top: 0, left: 0, width: 0, height: FIRST_PAINT_ROWS * MIN_ROW_H });
  const cue = useScrollCue(scrollRef);
  const [active, setActive] = useState<Pos>({ row: 0, col: 1 });
  const [hover, setHover] = useState<DirCell | null>(null);
  // Where the tooltip points: the hovered or focused cell's box, relative to the grid's frame.
  const [tip, setTip] = useState<{ cell: DirCell; x: number; y: number; bottom: number; width: number } | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const pointAt = (cell: DirCell | null, el: HTMLElement | null) => {
    const frame = frameRef.current;
    if (!cell || !el || !frame) return setTip(null);
    const f = frame.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    setTip({ cell, x: r.left - f.left + r.width / 2, y: r.top - f.top, bottom: r.bottom - f.top, width: f.width });
  };
  const [focused, setFocused] = useState(false);
  const wantFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const rows = grid.rows;
  const cols = grid.columns.length;
  // -2: the container's border, so rows that fill the box never cause a scrollbar.
  const rowH = Math.max(MIN_ROW_H, Math.min(MAX_ROW_H, Math.floor((box.height - HEADER_H - 2) / Math.max(1, rows.length))));
  const range = visibleRange(box.top, Math.max(0, box.height - HEADER_H), rowH, rows.length, OVERSCAN);
  const template = `minmax(8rem, 10rem) repeat(${cols}, minmax(6.5rem, 1fr))`;
  const minWidth = `calc(10rem + ${cols} * 6.5rem)`;
  // Paths that do not fit their column ("/var/lib/kafka/d1" on a phone) print only the part that
  // differs ("d1"); the full path is the header's tooltip and part of every cell's name.
  const columnPx = Math.max(COLUMN_MIN_PX, (box.width - ROW_HEADER_PX) / Math.max(1, cols));
  const headers = useMemo(() => {
    const full = grid.columns.map((c) => c.label);
    return full.some((l) => l.length * MONO_CHAR_PX + 16 > columnPx) ? shortDirLabels(full) : full;
  }, [grid, columnPx]);

  useEffect(() => {
    onRendered?.();
  }, [grid, onRendered]);

  // Focus follows the active cell after keyboard moves, once the row is rendered.
  useEffect(() => {
    if (!wantFocus.current) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-row="${active.row}"][data-col="${active.col}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      wantFocus.current = false;
    }
  });

  const activeCell = active.row < rows.length ? (grid.cells(active.row)[active.col - 1] ?? null) : null;
  const readout = hover ?? (focused ? activeCell : null);

  function move(next: Pos) {
    const row = Math.max(0, Math.min(rows.length - 1, next.row));
    const col = Math.max(0, Math.min(cols, next.col));
    setActive({ row, col });
    wantFocus.current = true;
    const el = scrollRef.current;
    if (el) {
      const to = scrollToReveal(row, rowH, el.scrollTop, el.clientHeight - HEADER_H);
      if (to !== null) el.scrollTop = to;
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const page = Math.max(1, Math.floor((box.height - HEADER_H) / rowH) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move({ ...active, row: active.row + 1 }),
      ArrowUp: () => move({ ...active, row: active.row - 1 }),
      ArrowRight: () => move({ ...active, col: active.col + 1 }),
      ArrowLeft: () => move({ ...active, col: active.col - 1 }),
      PageDown: () => move({ ...active, row: active.row + page }),
      PageUp: () => move({ ...active, row: active.row - page }),
      Home: () => move(e.ctrlKey ? { row: 0, col: 0 } : { ...active, col: 0 }),
      End: () => move(e.ctrlKey ? { row: rows.length - 1, col: cols } : { ...active, col: cols }),
      Enter: () => rows[active.row] && onOpenBroker(rows[active.row]!.broker),
      " ": () => rows[active.row] && onOpenBroker(rows[active.row]!.broker),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  }

  const tabIndex = (row: number, col: number) => (row === active.row && col === active.col ? 0 : -1);

  return (
    <div className="flex h-full flex-col gap-2">
      {compactOnPhone ? (
        <div className="min-h-0 flex-1 overflow-y-auto sm:hidden" data-heatmap-compact>
          <DirGrid grid={grid} report={report} caption={`${grid.legend.title} and partitions per broker and log dir`} maxRows={rows.length} onOpenBroker={onOpenBroker} />
        </div>
      ) : null}
      <div ref={frameRef} className={`relative min-h-0 flex-1 flex-col ${compactOnPhone ? "hidden sm:flex" : "flex"}`}>
        <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto rounded border border-zinc-200 dark:border-zinc-800" data-heatmap-scroll onScroll={() => setTip(null)}>
          <div
            ref={gridRef}
            role="grid"
            aria-label={`Broker × log-dir heatmap, ${grid.legend.title.toLowerCase()}: ${rows.length} brokers, ${grid.cellCount} log dirs. Arrow keys move, Enter opens the broker.`}
            aria-rowcount={rows.length + 1}
            aria-colcount={cols + 1}
            data-heatmap="broker-dir"
            data-metric={metric}
            onKeyDown={onKeyDown}
            onFocus={() => setFocused(true)}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
                setFocused(false);
                setTip(null);
              }
            }}
            onMouseLeave={() => {
              setHover(null);
              setTip(null);
            }}
            style={{ minWidth }}
          >
            <div
              role="row"
              aria-rowindex={1}
              className="sticky top-0 z-10 grid bg-zinc-50 text-xs font-medium text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400"
              style={{ gridTemplateColumns: template, height: HEADER_H }}
            >
              <div role="columnheader" className="flex items-center px-2">
                Broker
              </div>
              {grid.columns.map((c, i) => (
                <div key={c.key} role="columnheader" className="flex min-w-0 items-center justify-center px-2 font-mono" title={c.label}>
                  <span className="truncate">{headers[i]}</span>
                </div>
              ))}
            </div>
            <div style={{ paddingTop: range.start * rowH, paddingBottom: (rows.length - range.end) * rowH }}>
              {rows.slice(range.start, range.end).map((row, i) => {
                const r = range.start + i;
                return (
                  <div
                    key={row.broker}
                    role="row"
                    aria-rowindex={r + 2}
                    data-broker-row={row.broker}
                    className="grid border-t border-zinc-200 dark:border-zinc-800"
                    style={{ gridTemplateColumns: template, height: rowH }}
                  >
                    <div
                      role="rowheader"
                      tabIndex={tabIndex(r, 0)}
                      data-row={r}
                      data-col={0}
                      onClick={() => onOpenBroker(row.broker)}
                      onFocus={() => setActive({ row: r, col: 0 })}
                      aria-label={row.label}
                      title={`${row.label}: open the broker's details`}
                      className={`flex cursor-pointer flex-col justify-center px-2 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-zinc-800 ${ROW_TONE[row.state]}`}
                    >
                      <span className="truncate font-medium">{row.name}</span>
                      {row.note ? <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">{row.note}</span> : null}
                    </div>
                    {grid.cells(r).map((cell, c) =>
                      cell ? (
                        <HeatCell
                          key={cell.key}
                          cell={cell}
                          large={rowH >= 64}
                          row={r}
                          col={c + 1}
                          tabIndex={tabIndex(r, c + 1)}
                          onHover={(hovered, el) => {
                            setHover(hovered);
                            pointAt(hovered, el);
                          }}
                          onFocusCell={(el) => {
                            setActive({ row: r, col: c + 1 });
                            pointAt(cell, el);
                          }}
                          onOpen={() => onOpenBroker(row.broker)}
                        />
                      ) : (
                        <div
                          key={`empty-${c}`}
                          role="gridcell"
                          tabIndex={tabIndex(r, c + 1)}
                          data-row={r}
                          data-col={c + 1}
                          data-empty={row.empty.pattern}
                          aria-label={emptyCellLabel(row, grid.columns[c]!.label)}
                          onFocus={() => setActive({ row: r, col: c + 1 })}
                          className={`m-0.5 flex items-center justify-center rounded-sm text-xs focus-visible:outline-2 focus-visible:outline-blue-600 ${row.empty.pattern === "none" ? "text-zinc-500 dark:text-zinc-400" : ""}`}
                          style={cellBackground(row.empty.pattern, null)}
                        >
                          {row.empty.pattern === "none" ? (
                            row.empty.text
                          ) : (
                            <span className="truncate rounded bg-white/85 px-1 font-medium text-zinc-900 dark:bg-zinc-900/85 dark:text-zinc-100">{row.empty.text}</span>
                          )}
                        </div>
                      ),
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        <ScrollEdges cue={cue} />
        {tip ? <CellTip tip={tip} /> : null}
      </div>
      <p className={`h-10 overflow-hidden text-sm leading-5 text-zinc-700 dark:text-zinc-300 ${compactOnPhone ? "hidden sm:block" : ""}`} data-readout>
        {readout ? (
          <>
            <span className="font-medium">{readout.summary}</span>
            {readout.details.length ? <span className="text-zinc-600 dark:text-zinc-400"> · {readout.details.join(" · ")}</span> : null}
          </>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">
            Hover or focus a cell for its exact figures; click a broker to open its details.
            {grid.columnMode === "position" ? " Brokers use different paths, so columns are positions in log.dirs." : ""}
          </span>
        )}
      </p>
      {grid.note ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-heatmap-note>
          {grid.note}
        </p>
      ) : null}
      <LegendBar legend={grid.legend} />
    </div>
  );
}

/** 288 px: the tooltip's width (w-72), for keeping it inside the frame. */
const TIP_W = 288;

/**
 * The figures of the cell under the pointer (or focused), beside it: above the cell, or below it when
 * the cell is near the top of the frame; kept inside the frame sideways. Not announced (the live
 * region under the grid says the same).
 */
function CellTip({ tip }: { tip: { cell: DirCell; x: number; y: number; bottom: number; width: number } }) {
  const above = tip.y > 96;
  const left = Math.max(0, Math.min(tip.width - TIP_W, tip.x - TIP_W / 2));
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute z-30 w-72 rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs leading-4 text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
      style={{ left, top: above ? tip.y - 6 : tip.bottom + 6, transform: above ? "translateY(-100%)" : undefined }}
      data-cell-tip
    >
      <div className="font-medium">{tip.cell.summary}</div>
      {tip.cell.details.length ? <div className="mt-0.5 text-zinc-300 dark:text-zinc-600">{tip.cell.details.join(" · ")}</div> : null}
    </div>
  );
}

interface CellProps {
  cell: DirCell;
  /** Tall rows (few brokers) print the value larger. */
  large: boolean;
  row: number;
  col: number;
  tabIndex: number;
  onHover: (cell: DirCell | null, el: HTMLElement | null) => void;
  onFocusCell: (el: HTMLElement) => void;
  onOpen: () => void;
}

/**
 * One dir. Its accessible name (cell.ariaLabel) starts with the texts printed here, in this order; the
 * spaces between them keep adjacent texts from running together ("GiB85%+") for tools that read the
 * visible text.
 */
function HeatCell({ cell, large, row, col, tabIndex, onHover, onFocusCell, onOpen }: CellProps) {
  const badge = cell.mark >= 95 ? "bg-red-700 text-white" : cell.mark >= 85 ? "bg-zinc-900 text-white" : "bg-white/80 text-zinc-900";
  return (
    <div
      role="gridcell"
      tabIndex={tabIndex}
      aria-label={cell.ariaLabel}
      data-cell
      data-row={row}
      data-col={col}
      data-broker={cell.broker}
      data-path={cell.path}
      data-pattern={cell.pattern}
      onMouseEnter={(e) => onHover(cell, e.currentTarget)}
      onFocus={(e) => onFocusCell(e.currentTarget)}
      onClick={onOpen}
      className="relative m-0.5 flex cursor-pointer items-center justify-center gap-1 overflow-hidden rounded-sm px-1 text-center focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
      style={{ ...cellBackground(cell.pattern, cell.background), color: cell.background ? cell.foreground : undefined }}
    >
      <span
        className={`truncate tabular-nums ${cell.pattern === "none" || cell.pattern === "cordoned" ? `${large ? "text-xl" : "text-sm"} font-semibold` : "rounded bg-white/85 px-1 text-xs font-medium text-zinc-900 dark:bg-zinc-900/85 dark:text-zinc-100"}`}
      >
        {cell.text}
      </span>
      {cell.caption ? (
        <>
          {" "}
          <span className="absolute bottom-0.5 left-1 max-w-[90%] truncate font-mono text-[10px] leading-3">{cell.caption}</span>
        </>
      ) : null}
      {cell.markText ? (
        <>
          {" "}
          <span className={`absolute top-0.5 right-0.5 rounded px-0.5 text-[10px] leading-3 font-semibold ${badge}`}>{cell.markText}</span>
        </>
      ) : null}
      {cell.futureText ? (
        <>
          {" "}
          <span
            className="absolute right-0.5 bottom-0.5 rounded bg-blue-700 px-0.5 text-[10px] leading-3 font-semibold text-white"
            title={`${cell.futureReplicas} replica(s) moving in`}
          >
            {cell.futureText}
          </span>
        </>
      ) : null}
      {cell.diskText ? (
        <>
          {" "}
          <span
            className="absolute top-0.5 left-0.5 rounded bg-white/85 px-0.5 text-[10px] leading-3 font-medium text-zinc-900 dark:bg-zinc-900/85 dark:text-zinc-100"
            data-disk-badge
          >
            {cell.diskText}
          </span>
        </>
      ) : null}
    </div>
  );
}
