"use client";
/**
 * The planner's goals: what the plan is for (an operation and what it names), which soft goals in
 * which priority, how closely, how fast data may move, what to leave alone, and how the apply runs
 * the plan (how many moves per broker at a time, in which order). Every field's problem is
 * shown beside it (aria-invalid or aria-describedby) and listed together above the fields, where focus
 * goes when Plan finds problems, so all of them are fixed in one pass.
 */
import type { ReactNode, Ref } from "react";
import { EXECUTION_ORDERS } from "@/lib/plan/batches";
import { EXECUTION_ORDER_LABELS, formErrorList, type PlanForm, type PlanFormErrors } from "@/lib/view/plan/plan-form";
import type { BrokerChoice } from "@/lib/view/plan/plan-operation";
import { GoalOrder } from "./goal-order";
import { OperationPicker } from "./operation-picker";

interface Props {
  form: PlanForm;
  onChange: (form: PlanForm) => void;
  onSubmit: () => void;
  busy: boolean;
  /** False until the cluster to plan for has been read. */
  ready: boolean;
  errors: PlanFormErrors;
  /** The brokers and dirs of the cluster being planned (the operation's pickers); null until it is read. */
  choices: BrokerChoice[] | null;
  /** The list of problems above the fields, focused when Plan finds some. */
  summaryRef?: Ref<HTMLDivElement>;
}

const CONTROL =
  "w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-600 dark:border-zinc-700 dark:bg-zinc-950";

function Field({ id, text, error, className = "", children }: { id: string; text: string; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-zinc-700 dark:text-zinc-300">
        {text}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400" data-field-error>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function PlanGoalsForm({ form, onChange, onSubmit, busy, ready, errors, choices, summaryRef }: Props) {
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => onChange({ ...form, [key]: value });
  const invalid = (key: keyof PlanForm) => (errors[key] ? { "aria-invalid": true, "aria-describedby": `plan-${key}-error` } : {});
  const select = <K extends "intraObjective">(key: K, text: string, options: [PlanForm[K], string][]) => (
    <Field id={`plan-${key}`} text={text} error={errors[key]}>
      <select id={`plan-${key}`} value={form[key]} onChange={(e) => set(key, e.target.value as PlanForm[K])} className={CONTROL} {...invalid(key)}>
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </Field>
  );
  const num = (key: "tolerancePercent" | "headroomPercent" | "maxGiB" | "replicationMiBps" | "alterLogDirsMiBps", text: string, unit: string) => (
    <Field id={`plan-${key}`} text={`${text} (${unit})`} error={errors[key]}>
      <input id={`plan-${key}`} inputMode="decimal" value={form[key]} onChange={(e) => set(key, e.target.value)} className={`${CONTROL} tabular-nums`} {...invalid(key)} />
    </Field>
  );
  const whole = (key: "partitionMovesPerBroker" | "dirMovesPerBroker" | "leaderMovesPerBatch", text: string) => (
    <Field id={`plan-${key}`} text={text} error={errors[key]}>
      <input id={`plan-${key}`} inputMode="numeric" value={form[key]} onChange={(e) => set(key, e.target.value)} className={`${CONTROL} tabular-nums`} {...invalid(key)} />
    </Field>
  );
  const list = formErrorList(errors);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {list.length > 0 ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          aria-labelledby="plan-errors-title"
          className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 focus:outline-2 focus:outline-red-600 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          data-plan-form-errors
        >
          <p id="plan-errors-title" className="font-semibold">
            {list.length === 1 ? "Fix this before planning:" : `Fix these ${list.length} fields before planning:`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {list.map((e) => (
              <li key={e.field}>
                <a
                  href={`#plan-${e.field}`}
                  className="underline underline-offset-2"
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(`plan-${e.field}`)?.focus();
                  }}
                >
                  {e.label}
                </a>
                : {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <OperationPicker form={form} onChange={onChange} choices={choices} errors={errors} control={CONTROL} />
      <GoalOrder goals={form.goals} onChange={(goals) => onChange({ ...form, goals })} error={errors.goals} idPrefix="plan" />
      <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-5">
        {select("intraObjective", "Dirs by", [
          ["utilization", "Utilisation"],
          ["bytes", "Bytes"],
        ])}
        {num("tolerancePercent", "Tolerance", "points")}
        {num("headroomPercent", "Never fill above", "%")}
        {num("maxGiB", "Move at most", "GiB, blank = no cap")}
        {num("replicationMiBps", "Replication throttle", "MiB/s")}
        {num("alterLogDirsMiBps", "Dir-move throttle", "MiB/s")}
        <Field id="plan-excludeTopics" text="Leave these topics alone" error={errors.excludeTopics} className="col-span-2 sm:col-span-1 lg:col-span-1">
          <input
            id="plan-excludeTopics"
            value={form.excludeTopics}
            onChange={(e) => set("excludeTopics", e.target.value)}
            placeholder="topic-a, topic-b"
            className={CONTROL}
            {...invalid("excludeTopics")}
          />
        </Field>
      </div>
      <fieldset className="grid gap-2 rounded border border-zinc-200 p-3 dark:border-zinc-800" data-execution-settings>
        <legend className="px-1 text-sm font-medium">How the apply runs it</legend>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          In batches: each waits for the one before it, no broker has more than these moves in flight at once, and leadership changes come last.
        </p>
        <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          {whole("partitionMovesPerBroker", "Partition moves per broker")}
          {whole("dirMovesPerBroker", "Dir moves per broker")}
          {whole("leaderMovesPerBatch", "Leadership changes per batch")}
          <Field id="plan-executionOrder" text="Order" error={errors.executionOrder}>
            <select
              id="plan-executionOrder"
              value={form.executionOrder}
              onChange={(e) => set("executionOrder", e.target.value as PlanForm["executionOrder"])}
              className={CONTROL}
              {...invalid("executionOrder")}
            >
              {EXECUTION_ORDERS.map((o) => (
                <option key={o} value={o}>
                  {EXECUTION_ORDER_LABELS[o]}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <label className="flex items-center gap-2 text-sm">
          <input id="plan-moveLeaders" type="checkbox" checked={form.moveLeaders} onChange={(e) => set("moveLeaders", e.target.checked)} />
          Allow moving leaders (replicas that must leave always may)
        </label>
        <button
          type="submit"
          disabled={busy || !ready}
          aria-busy={busy || undefined}
          className="rounded bg-zinc-900 px-5 py-1.5 text-sm font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900"
          data-plan-submit
        >
          {busy ? "Planning…" : ready ? "Plan" : "Reading the cluster…"}
        </button>
      </div>
    </form>
  );
}
