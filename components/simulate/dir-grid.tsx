/**
 * A compact broker × log-dir table for side-by-side panels: each cell shows the dir's value on the
 * shared colour scale AND its partition count, so "counts even, bytes not" is visible at a glance.
 * A real <table>, so screen readers announce the broker and dir of every cell; the full sentence
 * (bytes, utilisation, partitions) is each cell's tooltip and accessible description.
 */
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import { formatCount } from "@/lib/model/format";
import type { BrokerDirGrid } from "@/lib/view/broker-dir-heatmap";
import { cellBackground } from "@/components/heatmap/cell-patterns";

interface Props {
  grid: BrokerDirGrid;
  report: BalanceReport;
  caption: string;
  /** Rows beyond this are summarised in a note. */
  maxRows?: number;
  /** Where the hidden rows can be seen, for the note. */
  moreAt?: string;
}

const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];

/** One unit for a whole narrow grid (the largest dir's), so cells print bare numbers: "305", "58". */
function gridUnit(max: number): { name: string; factor: number } {
  let u = 0;
  while (max >= 1024 ** (u + 1) && u < BYTE_UNITS.length - 1) u += 1;
  return { name: BYTE_UNITS[u]!, factor: 1024 ** u };
}

function inUnit(bytes: number, factor: number): string {
  const v = bytes / factor;
  return v >= 10 || v === 0 ? String(Math.round(v)) : v.toFixed(1);
}

/** "/data/d1", "/data/d2" → "d1", "d2": the shared folder says nothing; the full path is the tooltip. */
function shortLabels(labels: readonly string[]): string[] {
  if (labels.length < 2 || !labels.every((l) => l.startsWith("/"))) return [...labels];
  const cut = labels[0]!.lastIndexOf("/") + 1;
  const prefix = labels[0]!.slice(0, cut);
  return labels.every((l) => l.startsWith(prefix) && l.length > cut) ? labels.map((l) => l.slice(cut)) : [...labels];
}

export function DirGrid({ grid, report, caption, maxRows = 12, moreAt }: Props) {
  const dirs = new Map<string, DirFigures>(report.dirs.map((d) => [`${d.broker}\u0000${d.path}`, d]));
  const rows = grid.rows.slice(0, maxRows);
  const hidden = grid.rows.length - rows.length;
  const wide = grid.columns.length <= 3;
  // Full paths while they fit (10 characters: "/data/d1"), else the part that differs.
  const full = grid.columns.map((c) => c.label);
  const labels = wide && full.every((l) => l.length <= 10) ? full : shortLabels(full);
  const unit = !wide && grid.metric === "bytes" ? gridUnit(grid.scale.domain[1]) : null;
  return (
    <div className="min-w-0">
      <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs" data-dir-grid>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-zinc-600 dark:text-zinc-400">
            <th scope="col" className="w-12 px-1 text-left font-medium">
              Broker
            </th>
            {grid.columns.map((c, i) => (
              <th key={c.key} scope="col" className="truncate px-1 text-center font-mono font-medium" title={c.label}>
                {labels[i]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.broker}>
              <th scope="row" className="truncate px-1 text-left font-medium" title={row.label}>
                {row.broker}
              </th>
              {row.cells.map((cell, i) => {
                if (!cell) {
                  return (
                    <td key={`none-${i}`} className="text-center text-zinc-400">
                      —
                    </td>
                  );
                }
                const partitions = dirs.get(cell.key)?.partitions ?? 0;
                return (
                  <td
                    key={cell.key}
                    title={[cell.ariaLabel, ...cell.details].join(" · ")}
                    className="h-12 rounded-sm px-1 text-center align-middle leading-tight"
                    style={{ ...cellBackground(cell.pattern, cell.background), color: cell.background ? cell.foreground : undefined }}
                    data-cell
                    data-broker={cell.broker}
                    data-path={cell.path}
                    data-value={cell.value ?? ""}
                    data-partitions={partitions}
                  >
                    <span className={`block truncate tabular-nums ${cell.pattern === "none" || cell.pattern === "cordoned" ? `${wide ? "text-sm" : "text-xs"} font-semibold` : "rounded bg-white/85 font-medium text-zinc-900 dark:bg-zinc-900/85 dark:text-zinc-100"}`}>
                      {unit && cell.value !== null ? inUnit(cell.value, unit.factor) : cell.text}
                    </span>
                    <span className="block truncate text-[11px] tabular-nums opacity-90">
                      {formatCount(partitions)} {wide ? `partition${partitions === 1 ? "" : "s"}` : "p"}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {wide ? null : <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{unit ? `${unit.name} per dir; ` : ""}p = partitions in the dir; hover a cell for its exact figures.</p>}
      {hidden > 0 ? <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Showing brokers {rows[0]?.broker}–{rows[rows.length - 1]?.broker}; {formatCount(hidden)} more {moreAt ?? "not shown"}.</p> : null}
    </div>
  );
}
