"use client";
/**
 * The ordered steps of the scenario: each reads as one line of plain words and opens into its form;
 * steps move up and down, are removed, and new ones are added by kind, filled in for the cluster at
 * hand. What happened to each step in the last run (failed, note) shows beside it.
 */
import { useEffect, useRef, useState } from "react";
import { newStep, type ClusterContext } from "@/lib/view/simulate/scenario-draft";
import { STEP_KINDS, stepKindLabel, stepSummary } from "@/lib/view/simulate/step-list";
import type { StepInput, StepKind } from "@/lib/simulate/schema";
import type { SimulationStep } from "@/lib/simulate/run-request";
import { StepForm } from "./step-form";

interface Props {
  steps: StepInput[];
  onChange: (steps: StepInput[]) => void;
  context: ClusterContext;
  /** Problems keyed by the API's path ("steps.2.partitions"). */
  issues: Record<string, string>;
  /** The last run's outcome per step, when it matches the steps shown. */
  outcomes: SimulationStep[] | null;
  onAnnounce: (message: string) => void;
}

const ICON_BUTTON =
  "rounded px-1.5 py-0.5 text-sm text-zinc-600 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-30 dark:text-zinc-400 dark:hover:bg-zinc-800";

export function StepList({ steps, onChange, context, issues, outcomes, onAnnounce }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const [kind, setKind] = useState<StepKind>("createTopic");
  // After "Add step", focus goes to the new step's first field (scrolled into view), not the button left behind.
  const focusNew = useRef<number | null>(null);
  useEffect(() => {
    const i = focusNew.current;
    if (i === null || open !== i) return;
    focusNew.current = null;
    const field = document.getElementById(`step-form-${i}`)?.querySelector<HTMLElement>("input, select, textarea, button");
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "nearest" });
  }, [open, steps.length]);

  const errorsOf = (i: number): Record<string, string> => {
    const prefix = `steps.${i}.`;
    const out: Record<string, string> = {};
    for (const [path, message] of Object.entries(issues)) if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
    return out;
  };

  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= steps.length) return;
    const next = [...steps];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
    if (open === i) setOpen(j);
    else if (open === j) setOpen(i);
    onAnnounce(`Step ${i + 1} moved ${by < 0 ? "up" : "down"} to position ${j + 1}.`);
  };

  const remove = (i: number) => {
    onChange(steps.filter((_, k) => k !== i));
    if (open === i) setOpen(null);
    else if (open !== null && open > i) setOpen(open - 1);
    onAnnounce(`Step ${i + 1} removed.`);
  };

  const add = () => {
    const step = newStep(kind, context);
    onChange([...steps, step]);
    setOpen(steps.length);
    focusNew.current = steps.length;
    onAnnounce(`Step ${steps.length + 1} added: ${stepSummary(step).text}. Its form is open below it.`);
  };

  return (
    <div className="flex flex-col gap-2">
      {steps.length === 0 ? (
        <p className="rounded border border-dashed border-zinc-300 p-3 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-steps-empty>
          No steps yet: the results show the base cluster as it is. Add a step below (a disk, a broker, a topic…).
        </p>
      ) : (
        <ol className="flex flex-col gap-1.5" aria-label="Scenario steps" data-step-list>
          {steps.map((step, i) => {
            const s = stepSummary(step);
            const outcome = outcomes?.[i];
            const errors = errorsOf(i);
            const invalid = !s.valid || Object.keys(errors).length > 0;
            const formId = `step-form-${i}`;
            return (
              <li
                key={i}
                className={`rounded border ${invalid ? "border-red-400 dark:border-red-800" : "border-zinc-200 dark:border-zinc-800"} bg-white dark:bg-zinc-900`}
                data-step={i + 1}
                data-step-kind={step.kind}
              >
                <div className="flex items-start gap-1 p-1.5">
                  <span className="mt-0.5 w-5 shrink-0 text-right text-xs font-semibold text-zinc-500 tabular-nums" aria-hidden>
                    {i + 1}.
                  </span>
                  <button
                    type="button"
                    onClick={() => setOpen(open === i ? null : i)}
                    aria-expanded={open === i}
                    aria-controls={formId}
                    className="min-w-0 flex-1 rounded px-1 text-left text-sm leading-snug hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-zinc-800"
                    data-step-summary
                  >
                    <span className="sr-only">Step {i + 1}: </span>
                    <span className={s.valid ? "" : "text-red-700 dark:text-red-400"}>{s.text}</span>
                    {outcome && !outcome.ok ? (
                      <span className="mt-0.5 block text-xs text-red-700 dark:text-red-400" data-step-failed>
                        Failed in the last run: {outcome.error?.message}
                      </span>
                    ) : null}
                    {outcome?.note ? <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{outcome.note}</span> : null}
                  </button>
                  <button type="button" className={ICON_BUTTON} onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Move step ${i + 1} up`} title="Move up">
                    ↑
                  </button>
                  <button
                    type="button"
                    className={ICON_BUTTON}
                    onClick={() => move(i, 1)}
                    disabled={i === steps.length - 1}
                    aria-label={`Move step ${i + 1} down`}
                    title="Move down"
                  >
                    ↓
                  </button>
                  <button type="button" className={ICON_BUTTON} onClick={() => remove(i)} aria-label={`Remove step ${i + 1}`} title="Remove">
                    ✕
                  </button>
                </div>
                {open === i ? (
                  <div
                    id={formId}
                    role="group"
                    aria-label={`Step ${i + 1}: ${stepKindLabel(step.kind)}`}
                    className="grid grid-cols-2 gap-2 border-t border-zinc-200 p-2 dark:border-zinc-800"
                  >
                    <p className="col-span-2 text-xs text-zinc-600 dark:text-zinc-400">{STEP_KINDS.find((k) => k.kind === step.kind)?.help}</p>
                    <StepForm step={step} context={context} errors={errors} onChange={(next) => onChange(steps.map((x, k) => (k === i ? next : x)))} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <label htmlFor="new-step-kind" className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            New step
          </label>
          <select
            id="new-step-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as StepKind)}
            className="rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
            data-new-step-kind
          >
            {STEP_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={add}
          className="rounded border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
          data-add-step
        >
          Add step
        </button>
      </div>
    </div>
  );
}
