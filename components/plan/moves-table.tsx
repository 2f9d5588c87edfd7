"use client";
/**
 * The plan's moves as a table (lib/view/plan/moves-table.ts): sortable by every column with buttons in the
 * headers (keyboard and screen readers get the sort from aria-sort), 50 rows at first and more on
 * request, inside a focusable box that scrolls sideways on a narrow screen (and says so) instead of
 * the page.
 */
import { useMemo, useState } from "react";
import type { Rates } from "@/lib/plan/estimate";
import type { PlanMove } from "@/lib/plan/planner";
import { ariaSort, DEFAULT_MOVE_SORT, MOVE_COLUMNS, moveRows, movesCaption, nextMoveSort, sortMoveRows, type MoveSort } from "@/lib/view/plan/moves-table";

/** 50 rows: a screenful or two; the rest are one click away. */
const PAGE = 50;

const ARROW = { ascending: "▲", descending: "▼", none: "↕" } as const;

export function MovesTable({ moves, total, rates }: { moves: PlanMove[]; total: number; rates: Rates }) {
  const [sort, setSort] = useState<MoveSort>(DEFAULT_MOVE_SORT);
  const [shown, setShown] = useState(PAGE);
  const rows = useMemo(() => sortMoveRows(moveRows(moves, rates), sort), [moves, rates, sort]);
  const visible = rows.slice(0, shown);
  return (
    <section aria-labelledby="plan-moves-title" className="min-w-0" data-moves-table>
      <h3 id="plan-moves-title" className="mb-1 text-base font-semibold">
        Moves
      </h3>
      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        From and To read <code>broker:dir</code>. Time alone: how long the move takes by itself (dir moves at the dir-move throttle, moves between brokers at the replication
        throttle); moves on different brokers run at once, so these do not add up to the plan&apos;s duration.
        <span className="sm:hidden"> Swipe the table sideways for every column.</span>
      </p>
      <div className="overflow-x-auto rounded border border-zinc-200 dark:border-zinc-800" tabIndex={0} role="region" aria-labelledby="plan-moves-title">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only" data-moves-caption>
            {movesCaption(moves.length, total, sort)}
          </caption>
          <thead className="bg-zinc-100 dark:bg-zinc-900">
            <tr>
              {MOVE_COLUMNS.map((c) => {
                const direction = ariaSort(sort, c.column);
                return (
                  <th key={c.column} scope="col" aria-sort={direction} className={`px-2 py-1 font-semibold whitespace-nowrap ${c.numeric ? "text-right" : "text-left"}`}>
                    <button
                      type="button"
                      onClick={() => setSort(nextMoveSort(sort, c.column))}
                      className="inline-flex items-center gap-1 rounded px-1 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-zinc-800"
                      data-sort-column={c.column}
                    >
                      {c.label}
                      {c.hint ? <span className="hidden font-normal text-zinc-600 md:inline dark:text-zinc-400">{c.hint}</span> : null}
                      <span aria-hidden className={direction === "none" ? "text-zinc-400" : ""}>
                        {ARROW[direction]}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.map((r) => (
              <tr key={r.key} className="border-t border-zinc-200 dark:border-zinc-800" data-move-row>
                <td className="px-2 py-1 break-all">{r.topic}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.partition}</td>
                <td className="px-2 py-1 font-mono text-xs whitespace-nowrap">{r.from}</td>
                <td className="px-2 py-1 font-mono text-xs whitespace-nowrap">{r.to}</td>
                <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{r.bytesText}</td>
                <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{r.secondsText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">
            Showing {shown} of {rows.length}.
          </span>
          <button
            type="button"
            onClick={() => setShown(shown + PAGE)}
            className="rounded border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
            data-moves-more
          >
            Show {Math.min(PAGE, rows.length - shown)} more
          </button>
          <button
            type="button"
            onClick={() => setShown(rows.length)}
            className="rounded border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            Show all
          </button>
        </div>
      ) : null}
      {moves.length < total ? <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{movesCaption(moves.length, total, sort)}</p> : null}
    </section>
  );
}
