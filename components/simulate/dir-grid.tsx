/**
 * A compact broker × log-dir table for side-by-side panels: each cell shows the dir's value on the
 * shared colour scale AND its partition count, so "counts even, bytes not" is visible at a glance.
 * A real <table>, so screen readers announce the broker and dir of every cell; the full sentence
 * (bytes, utilisation, partitions) is each cell's tooltip and accessible description.
 */
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import { formatCount, formatInByteUnit } from "@/lib/model/format";
import { emptyCellLabel, type BrokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import { dirGridLabels, dirGridUnit, isWideDirGrid } from "@/lib/view/overview/dir-grid";
import { cellBackground } from "@/components/heatmap/cell-patterns";

interface Props {
  grid: BrokerDirGrid;
  report: BalanceReport;
  caption: string;
  /** Rows beyond this are summarised in a note. */
  maxRows?: number;
  /** Where the hidden rows can be seen, for the note. */
  moreAt?: string;
  /** Opens the broker's details (the broker drawer) from its row header. */
  onOpenBroker?: (broker: number) => void;
}

export function DirGrid({ grid, report, caption, maxRows = 12, moreAt, onOpenBroker }: Props) {
  const dirs = new Map<string, DirFigures>(report.dirs.map((d) => [`${d.broker}\u0000${d.path}`, d]));
  const rows = grid.rows.slice(0, maxRows);
  const hidden = grid.rows.length - rows.length;
  const wide = isWideDirGrid(grid);
  const labels = dirGridLabels(grid);
  const unit = dirGridUnit(grid);
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
                {onOpenBroker ? (
                  <button
                    type="button"
                    onClick={() => onOpenBroker(row.broker)}
                    aria-label={`${row.label}: open its details`}
                    className="-mx-1 rounded px-1.5 py-1 text-blue-700 underline decoration-dotted underline-offset-2 hover:bg-zinc-100 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400 dark:hover:bg-zinc-800"
                    data-open-broker={row.broker}
                  >
                    {row.broker}
                  </button>
                ) : (
                  row.broker
                )}
              </th>
              {row.cells.map((cell, i) => {
                if (!cell) {
                  return (
                    <td
                      key={`none-${i}`}
                      className={`truncate rounded-sm px-1 text-center ${row.empty.pattern === "none" ? "text-zinc-500 dark:text-zinc-400" : ""}`}
                      style={cellBackground(row.empty.pattern, null)}
                      title={emptyCellLabel(row, grid.columns[i]!.label)}
                    >
                      {row.empty.text}
                    </td>
                  );
                }
                const partitions = dirs.get(cell.key)?.partitions ?? 0;
                return (
                  <td
                    key={cell.key}
                    title={[cell.summary, ...cell.details].join(" · ")}
                    className="h-12 rounded-sm px-1 text-center align-middle leading-tight"
                    style={{ ...cellBackground(cell.pattern, cell.background), color: cell.background ? cell.foreground : undefined }}
                    data-cell
                    data-broker={cell.broker}
                    data-path={cell.path}
                    data-value={cell.value ?? ""}
                    data-partitions={partitions}
                  >
                    <span
                      className={`block truncate tabular-nums ${cell.pattern === "none" || cell.pattern === "cordoned" ? `${wide ? "text-sm" : "text-xs"} font-semibold` : "rounded bg-white/85 font-medium text-zinc-900 dark:bg-zinc-900/85 dark:text-zinc-100"}`}
                    >
                      {unit && cell.value !== null ? formatInByteUnit(cell.value, unit) : cell.text}
                    </span>
                    <span className="block truncate text-[11px] tabular-nums">
                      {formatCount(partitions)} {wide ? `partition${partitions === 1 ? "" : "s"}` : "p"}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {wide ? null : (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{unit ? `${unit.name} per dir; ` : ""}p = partitions in the dir; hover a cell for its exact figures.</p>
      )}
      {hidden > 0 ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Showing brokers {rows[0]?.broker}–{rows[rows.length - 1]?.broker}; {formatCount(hidden)} more {moreAt ?? "not shown"}.
        </p>
      ) : null}
    </div>
  );
}
