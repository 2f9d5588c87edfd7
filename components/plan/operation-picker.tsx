"use client";
/**
 * What the plan is for: rebalance, add brokers, remove brokers (a dead one too), or drain a log dir, with the brokers
 * or dirs picked from the cluster being planned (never typed blind), and for a drain whether to cordon
 * the dirs first, which only brokers on Kafka 4.3+ can.
 */
import { useState } from "react";
import { OPERATION_KINDS, type OperationKind } from "@/lib/plan/options";
import { OPERATION_LABELS, toggleBroker, toggleDir, withOperation, type PlanForm, type PlanFormErrors } from "@/lib/view/plan/plan-form";
import { cordonNote, emptyBrokers, type BrokerChoice } from "@/lib/view/plan/plan-operation";

interface Props {
  form: PlanForm;
  onChange: (form: PlanForm) => void;
  /** The brokers and dirs of the cluster being planned; null until it is read. */
  choices: BrokerChoice[] | null;
  errors: PlanFormErrors;
  control: string;
}

const HELP: Record<OperationKind, string> = {
  rebalance: "Even out the whole cluster by the goals below, moving as little as possible.",
  "add-brokers":
    "Fill the chosen new brokers (empty ones: each is marked below): data moves only onto them, never between the others. A broker that holds data is evened out by Rebalance.",
  "remove-brokers":
    "Move every replica off the chosen brokers, so they can be decommissioned. A broker that does not answer can be removed too: its replicas are re-created on the brokers that stay, copied from the live leaders, and no config is set on it.",
  "drain-dirs": "Empty the chosen log dirs, into other dirs of the same broker first, so the disk can be removed.",
};

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-xs text-red-700 dark:text-red-400" data-field-error>
      {error}
    </p>
  ) : null;
}

export function OperationPicker({ form, onChange, choices, errors, control }: Props) {
  const op = form.operation;
  return (
    <div className="grid gap-3">
      <div className="flex max-w-md flex-col gap-1">
        <label htmlFor="plan-operation" className="text-sm text-zinc-700 dark:text-zinc-300">
          Operation
        </label>
        <select
          id="plan-operation"
          value={op}
          onChange={(e) => onChange(withOperation(form, e.target.value as OperationKind, choices ? emptyBrokers(choices) : []))}
          className={control}
          aria-describedby="plan-operation-help"
        >
          {OPERATION_KINDS.map((k) => (
            <option key={k} value={k}>
              {OPERATION_LABELS[k]}
            </option>
          ))}
        </select>
        <p id="plan-operation-help" className="text-xs text-zinc-600 dark:text-zinc-400">
          {HELP[op]}
        </p>
      </div>
      {op === "add-brokers" || op === "remove-brokers" ? <BrokerPicker form={form} onChange={onChange} choices={choices} error={errors.brokers} /> : null}
      {op === "drain-dirs" ? <DirPicker form={form} onChange={onChange} choices={choices} error={errors.dirs} control={control} /> : null}
    </div>
  );
}

function BrokerPicker({ form, onChange, choices, error }: { form: PlanForm; onChange: (f: PlanForm) => void; choices: BrokerChoice[] | null; error?: string }) {
  const adding = form.operation === "add-brokers";
  return (
    <fieldset
      id="plan-brokers"
      tabIndex={-1}
      aria-describedby={error ? "plan-brokers-error" : undefined}
      className="min-w-0 rounded border border-zinc-200 p-3 focus:outline-2 focus:outline-blue-600 dark:border-zinc-800"
      data-plan-brokers
    >
      <legend className="px-1 text-sm font-medium">{adding ? "Brokers to fill" : "Brokers to remove"}</legend>
      <FieldError id="plan-brokers-error" error={error} />
      {choices === null ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Reading the cluster…</p>
      ) : (
        <ul className="flex flex-wrap gap-x-5 gap-y-1.5">
          {choices.map((b) => (
            <li key={b.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={form.brokers.includes(b.id)}
                  onChange={(e) => onChange(toggleBroker(form, b.id, e.target.checked))}
                  data-plan-broker={b.id}
                  aria-describedby={adding ? `plan-broker-fill-${b.id}` : b.removeNote ? `plan-broker-remove-${b.id}` : undefined}
                />
                {b.label}
              </label>
              {adding ? (
                <span
                  id={`plan-broker-fill-${b.id}`}
                  className={`ml-6 block text-xs ${b.fill.ok ? "text-emerald-800 dark:text-emerald-300" : "text-zinc-600 dark:text-zinc-400"}`}
                  data-plan-broker-fill={b.fill.ok ? "empty" : "not-empty"}
                >
                  {b.fill.note}
                </span>
              ) : b.removeNote ? (
                <span id={`plan-broker-remove-${b.id}`} className="ml-6 block text-xs text-zinc-600 dark:text-zinc-400" data-plan-broker-remove>
                  {b.removeNote}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function DirPicker({
  form,
  onChange,
  choices,
  error,
  control,
}: {
  form: PlanForm;
  onChange: (f: PlanForm) => void;
  choices: BrokerChoice[] | null;
  error?: string;
  control: string;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  const withDirs = (choices ?? []).filter((b) => b.dirs.length > 0);
  const brokerId = picked ?? form.dirs[0]?.broker ?? withDirs[0]?.id ?? null;
  const broker = withDirs.find((b) => b.id === brokerId) ?? null;
  const chosen = (b: number, path: string) => form.dirs.some((d) => d.broker === b && d.path === path);
  const note = choices && form.cordon ? cordonNote(choices, form.dirs) : null;
  return (
    <fieldset
      id="plan-dirs"
      tabIndex={-1}
      aria-describedby={error ? "plan-dirs-error" : undefined}
      className="grid min-w-0 gap-2 rounded border border-zinc-200 p-3 focus:outline-2 focus:outline-blue-600 dark:border-zinc-800"
      data-plan-dirs
    >
      <legend className="px-1 text-sm font-medium">Log dirs to drain</legend>
      <FieldError id="plan-dirs-error" error={error} />
      {choices === null ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Reading the cluster…</p>
      ) : (
        <>
          <div className="flex max-w-md flex-col gap-1">
            <label htmlFor="plan-drain-broker" className="text-sm text-zinc-700 dark:text-zinc-300">
              Broker
            </label>
            <select id="plan-drain-broker" value={brokerId ?? ""} onChange={(e) => setPicked(Number(e.target.value))} className={control}>
              {withDirs.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
          {broker ? (
            <ul aria-label={`Log dirs of broker ${broker.id}`} className="flex flex-wrap gap-x-5 gap-y-1.5">
              {broker.dirs.map((d) => (
                <li key={d.path}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={chosen(d.broker, d.path)}
                      onChange={(e) => onChange(toggleDir(form, d, e.target.checked))}
                      data-plan-dir={`${d.broker}:${d.path}`}
                    />
                    {d.label}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-sm" data-plan-dirs-chosen>
            {form.dirs.length === 0 ? "No log dir chosen yet." : `To drain: ${form.dirs.map((d) => `${d.path} on broker ${d.broker}`).join("; ")}.`}
          </p>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={form.cordon}
              onChange={(e) => onChange({ ...form, cordon: e.target.checked })}
              aria-describedby="plan-cordon-hint"
              id="plan-cordon"
            />
            <span>
              Cordon the dirs first
              <span id="plan-cordon-hint" className="block text-xs text-zinc-600 dark:text-zinc-400">
                <code>cordoned.log.dirs</code> keeps Kafka from putting new partitions into a dir being drained; only brokers on Kafka 4.3 or newer have cordons.
                {note ? ` ${note}` : ""}
              </span>
            </span>
          </label>
        </>
      )}
    </fieldset>
  );
}
