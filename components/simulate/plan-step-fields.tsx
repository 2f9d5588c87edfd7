"use client";
/**
 * The form of a `plan` step: the operation, the brokers or dirs it names picked from the cluster at
 * this point of the scenario (the last run's, plus what earlier steps add), the goals in priority order,
 * and how close and how full. Values are the step as typed; problems come keyed by their path in it.
 */
import { useId, useState } from "react";
import { GoalOrder } from "@/components/plan/goal-order";
import { OPERATION_KINDS, SOFT_GOALS, type OperationKind } from "@/lib/plan/options";
import type { StepInput } from "@/lib/simulate/schema";
import { chosenGoals, goalChoices, OPERATION_LABELS } from "@/lib/view/plan/plan-form";
import { planOperation, type ClusterContext } from "@/lib/view/simulate/scenario-draft";
import { CheckField, NumberField, SelectField } from "./fields";

type PlanStep = Extract<StepInput, { kind: "plan" }>;
type Options = NonNullable<PlanStep["options"]>;

interface Props {
  step: PlanStep;
  onChange: (step: StepInput) => void;
  context: ClusterContext;
  errors: Record<string, string>;
}

/** A share as the percentage or points the form shows, without binary rounding noise (0.07 → 7, not 7.000000000000001). */
const points = (share: number) => Math.round(share * 100_000) / 1000;

/** The first problem whose path starts with `prefix` (a list's items report under `prefix.<i>`). */
function errorAt(errors: Record<string, string>, prefix: string): string | undefined {
  return Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
}

export function PlanStepFields({ step, onChange, context, errors }: Props) {
  const id = useId().replace(/:/g, "");
  const options: Options = step.options ?? {};
  const op = options.operation ?? { kind: "rebalance" as const };
  const set = (next: Partial<Options>) => onChange({ ...step, options: { ...options, ...next } });
  const goals = options.goals ?? [...SOFT_GOALS];
  const [drainBroker, setDrainBroker] = useState<number | null>(null);

  const brokerBoxes = (chosen: number[], kind: "add-brokers" | "remove-brokers") => (
    <fieldset
      className="col-span-2 flex min-w-0 flex-col gap-1 rounded border border-zinc-200 p-2 dark:border-zinc-800"
      aria-describedby={errorAt(errors, "options.operation.brokers") ? `${id}-brokers-error` : undefined}
      data-plan-step-brokers
    >
      <legend className="px-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">{kind === "add-brokers" ? "Brokers to fill" : "Brokers to remove"}</legend>
      {errorAt(errors, "options.operation.brokers") ? (
        <p id={`${id}-brokers-error`} className="text-xs text-red-700 dark:text-red-400">
          {errorAt(errors, "options.operation.brokers")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {context.brokerIds.map((b) => (
          <CheckField
            key={b}
            label={`broker ${b}${kind === "add-brokers" && context.emptyBrokers.includes(b) ? " (empty)" : ""}`}
            checked={chosen.includes(b)}
            onChange={(on) => set({ operation: { kind, brokers: on ? [...chosen.filter((x) => x !== b), b].sort((x, y) => x - y) : chosen.filter((x) => x !== b) } })}
          />
        ))}
      </div>
    </fieldset>
  );

  let picker = null;
  if (op.kind === "add-brokers" || op.kind === "remove-brokers") picker = brokerBoxes(op.brokers, op.kind);
  if (op.kind === "drain-dirs") {
    const chosen = op.dirs;
    const brokerIds = [...new Set(context.dirs.map((d) => d.broker))].sort((a, b) => a - b);
    const shown = drainBroker ?? chosen[0]?.broker ?? brokerIds[0] ?? null;
    const toggle = (dir: { broker: number; path: string }, on: boolean) => {
      const rest = chosen.filter((d) => d.broker !== dir.broker || d.path !== dir.path);
      set({ operation: { ...op, dirs: on ? [...rest, dir] : rest } });
    };
    picker = (
      <fieldset
        className="col-span-2 grid min-w-0 grid-cols-2 gap-2 rounded border border-zinc-200 p-2 dark:border-zinc-800"
        aria-describedby={errorAt(errors, "options.operation.dirs") ? `${id}-dirs-error` : undefined}
        data-plan-step-dirs
      >
        <legend className="px-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">Log dirs to drain</legend>
        {errorAt(errors, "options.operation.dirs") ? (
          <p id={`${id}-dirs-error`} className="col-span-2 text-xs text-red-700 dark:text-red-400">
            {errorAt(errors, "options.operation.dirs")}
          </p>
        ) : null}
        {shown !== null ? (
          <SelectField
            label="Broker"
            value={String(shown)}
            onChange={(b) => setDrainBroker(Number(b))}
            options={brokerIds.map((b) => ({ value: String(b), label: `broker ${b}` }))}
          />
        ) : (
          <p className="col-span-2 text-xs text-zinc-600 dark:text-zinc-400">Run the scenario once to pick from its brokers and dirs.</p>
        )}
        <div className="col-span-2 flex flex-wrap gap-x-4 gap-y-1">
          {context.dirs
            .filter((d) => d.broker === shown)
            .map((d) => (
              <CheckField key={d.path} label={d.path} checked={chosen.some((x) => x.broker === d.broker && x.path === d.path)} onChange={(on) => toggle(d, on)} />
            ))}
        </div>
        <p className="col-span-2 text-xs" data-plan-step-drained>
          {chosen.length === 0 ? "No log dir chosen yet." : `To drain: ${chosen.map((d) => `${d.path} on broker ${d.broker}`).join("; ")}.`}
        </p>
        <div className="col-span-2">
          <CheckField
            label="Cordon the dirs first"
            hint="cordoned.log.dirs: Kafka puts nothing new there while they empty (brokers on Kafka 4.3 or newer)."
            checked={op.cordon ?? true}
            onChange={(cordon) => set({ operation: { ...op, cordon } })}
          />
        </div>
      </fieldset>
    );
  }

  return (
    <>
      <SelectField
        label="Operation"
        className="col-span-2"
        value={op.kind}
        onChange={(kind: OperationKind) => set({ operation: planOperation(kind, context) })}
        options={OPERATION_KINDS.map((k) => ({ value: k, label: OPERATION_LABELS[k] }))}
        error={errors["options.operation"] ?? errors["options.operation.kind"]}
      />
      {picker}
      <div className="col-span-2">
        <GoalOrder
          goals={goalChoices(goals)}
          onChange={(choices) => set({ goals: chosenGoals({ goals: choices }) })}
          error={errorAt(errors, "options.goals")}
          idPrefix={`step-${id}`}
        />
      </div>
      <NumberField
        label="Tolerance (points)"
        value={points(options.tolerance ?? 0.05)}
        min={0.1}
        step={0.5}
        onChange={(v) => set({ tolerance: v / 100 })}
        error={errors["options.tolerance"]}
      />
      <NumberField
        label="Never fill above (%)"
        value={points(options.headroom ?? 0.85)}
        min={1}
        step={1}
        onChange={(v) => set({ headroom: v / 100 })}
        error={errors["options.headroom"]}
      />
      <div className="col-span-2">
        <CheckField label="Allow moving leaders" checked={options.moveLeaders ?? false} onChange={(moveLeaders) => set({ moveLeaders })} />
      </div>
    </>
  );
}
