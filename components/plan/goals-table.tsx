"use client";
/**
 * Each chosen goal after the plan (lib/view/plan/plan-goals.ts): met or not, in a word as well as a mark,
 * what is outside its tolerance and how far, before → after, and why a goal is not met. It scrolls
 * sideways in its own focusable box on a narrow screen.
 */
import type { GoalResult } from "@/lib/plan/goals";
import { goalRows } from "@/lib/view/plan/plan-goals";
import { ScrollRegion } from "@/components/ui/scroll-region";

export function GoalsTable({ goals }: { goals: GoalResult[] }) {
  const rows = goalRows(goals);
  return (
    <section aria-labelledby="plan-goals-title" className="min-w-0" data-goals-table>
      <h3 id="plan-goals-title" className="mb-2 text-base font-semibold">
        Goals
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm">No soft goal was chosen: the plan moves only what the operation must.</p>
      ) : (
        <ScrollRegion label="Goals, before and after the plan" className="rounded border border-zinc-200 dark:border-zinc-800">
          <table className="w-full min-w-[44rem] border-collapse text-sm">
            <caption className="sr-only">
              The chosen goals in priority order: met or not after the plan, what is outside the tolerance and how far, before and after, and why a goal is not met.
            </caption>
            <thead className="bg-zinc-100 text-left dark:bg-zinc-900">
              <tr>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Goal
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Met
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Outside the tolerance
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  How far
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Why not
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.goal} className="border-t border-zinc-200 align-top dark:border-zinc-800" data-goal-result={r.goal} data-met={r.met}>
                  <th scope="row" className="px-2 py-1.5 text-left font-medium">
                    {r.label}
                  </th>
                  <td className={`px-2 py-1.5 whitespace-nowrap ${r.met ? "text-emerald-800 dark:text-emerald-300" : "text-red-800 dark:text-red-300"}`}>
                    <span aria-hidden="true">{r.met ? "✓ " : "✗ "}</span>
                    {r.met ? "Met" : "Not met"}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">
                    {r.outside.before} → {r.outside.after}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">
                    {r.spread.before} → {r.spread.after}
                    {r.unmeasured ? (
                      <span className="block text-xs text-amber-900 dark:text-amber-200" data-goal-unmeasured>
                        {r.unmeasured}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-2 py-1.5 text-zinc-700 dark:text-zinc-300">{r.reason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
