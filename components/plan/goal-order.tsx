"use client";
/**
 * The soft goals in priority order: a box to include each, and buttons to move it up or down. Moving
 * keeps focus on the moved goal's button (or its other one at an end) and says the new place in a
 * polite live region, so the order can be set from the keyboard alone.
 */
import { useState } from "react";
import { GOAL_LABELS } from "@/lib/plan/goals";
import type { SoftGoal } from "@/lib/plan/options";
import { includeGoalIn, moveGoalIn, type GoalChoice } from "@/lib/view/plan/plan-form";

/** What each goal asks, in a line under its name. */
const GOAL_HINTS: Record<SoftGoal, string> = {
  "dir-utilization": "every log dir within the tolerance of its broker's utilisation",
  "broker-bytes": "Kafka bytes per broker within the tolerance of the mean",
  "broker-replicas": "replicas per broker: request load and recovery time follow them",
  "broker-leaders": "preferred leaders per broker, by reordering replicas and a preferred-leader election: no data moves",
  "topic-spread": "each topic's replicas evenly over the brokers",
};

const BUTTON =
  "rounded border border-zinc-300 px-2 py-0.5 text-sm leading-none hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40 dark:border-zinc-700 dark:hover:bg-zinc-800";

interface Props {
  goals: readonly GoalChoice[];
  onChange: (goals: GoalChoice[]) => void;
  error?: string;
  /** Prefix of every id inside (`plan` → `plan-goals`, `plan-goal-broker-bytes-up`): one per list on a page. */
  idPrefix: string;
  /** The fieldset's heading. */
  legend?: string;
}

export function GoalOrder({ goals, onChange, error, idPrefix: p, legend = "Goals, highest priority first" }: Props) {
  const [said, setSaid] = useState({ text: "", n: 0 });
  const count = goals.length;
  const move = (goal: SoftGoal, delta: -1 | 1) => {
    const next = moveGoalIn(goals, goal, delta);
    if (next === goals) return;
    onChange([...next]);
    const place = next.findIndex((g) => g.goal === goal);
    setSaid((s) => ({ text: `${GOAL_LABELS[goal]}: now priority ${place + 1} of ${count}.`, n: s.n + 1 }));
    // The row moved: keep focus on its button, or on its other one once it reaches an end.
    const atEnd = (delta === -1 && place === 0) || (delta === 1 && place === count - 1);
    requestAnimationFrame(() => document.getElementById(`${p}-goal-${goal}-${atEnd ? (delta === -1 ? "down" : "up") : delta === -1 ? "up" : "down"}`)?.focus());
  };
  return (
    <fieldset
      id={`${p}-goals`}
      tabIndex={-1}
      aria-describedby={error ? `${p}-goals-error` : `${p}-goals-hint`}
      className="min-w-0 rounded border border-zinc-200 p-3 focus:outline-2 focus:outline-blue-600 dark:border-zinc-800"
      data-plan-goals
    >
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <p id={`${p}-goals-hint`} className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        A move made for one goal never worsens a goal ranked above it. Leave a goal out to ignore it.
      </p>
      {error ? (
        <p id={`${p}-goals-error`} className="mb-2 text-xs text-red-700 dark:text-red-400" data-field-error>
          {error}
        </p>
      ) : null}
      <ol className="grid gap-1.5">
        {goals.map(({ goal, on }, i) => (
          <li key={goal} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-goal-row={goal}>
            <span className="w-5 text-right text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-hidden="true">
              {i + 1}.
            </span>
            <div className="flex gap-1">
              <button type="button" id={`${p}-goal-${goal}-up`} className={BUTTON} disabled={i === 0} aria-label={`Move ${GOAL_LABELS[goal]} up`} onClick={() => move(goal, -1)}>
                ↑
              </button>
              <button
                type="button"
                id={`${p}-goal-${goal}-down`}
                className={BUTTON}
                disabled={i === count - 1}
                aria-label={`Move ${GOAL_LABELS[goal]} down`}
                onClick={() => move(goal, 1)}
              >
                ↓
              </button>
            </div>
            <label className="flex min-w-0 flex-1 items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                checked={on}
                onChange={(e) => onChange(includeGoalIn(goals, goal, e.target.checked))}
                aria-describedby={`${p}-goal-${goal}-hint`}
                data-goal-include={goal}
              />
              <span className="min-w-0">
                <span className={on ? "font-medium" : "text-zinc-500 line-through dark:text-zinc-400"}>{GOAL_LABELS[goal]}</span>
                <span id={`${p}-goal-${goal}-hint`} className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {GOAL_HINTS[goal]}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only" data-goal-announcer>
        <span key={said.n}>{said.text}</span>
      </p>
    </fieldset>
  );
}
