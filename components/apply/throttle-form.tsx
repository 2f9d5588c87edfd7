"use client";
/**
 * Changes a running job's throttle rates (lib/view/apply/throttle-change.ts): both rates typed with their
 * unit, filled with the rates in force; only a changed rate is sent. The job applies it at its next
 * poll. Each field's problem is shown beside it.
 */
import { useState } from "react";
import { throttleChange, throttleForm, type ThrottleForm as Form, type ThrottleRates } from "@/lib/view/apply/throttle-change";

const CONTROL =
  "w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-600 dark:border-zinc-700 dark:bg-zinc-950";

interface Props {
  rates: ThrottleRates;
  disabled: boolean;
  /** Sends the changed rates; resolves once the server has answered (errors are shown by the caller). */
  onSubmit: (rates: Partial<ThrottleRates>) => Promise<void>;
}

export function ThrottleForm({ rates, disabled, onSubmit }: Props) {
  const [form, setForm] = useState<Form>(() => throttleForm(rates));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const field = (key: keyof Form, label: string) => {
    const id = `job-throttle-${key}`;
    const error = errors[key];
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-sm text-zinc-700 dark:text-zinc-300">
          {label}
        </label>
        <input
          id={id}
          value={form[key]}
          disabled={disabled}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `job-throttle-hint`}
          className={CONTROL}
        />
        {error ? (
          <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form
      noValidate
      aria-labelledby="job-throttle-title"
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setNote(null);
        const change = throttleChange(form, rates);
        if (!change.ok) {
          setErrors(Object.fromEntries(change.error.issues.map((i) => [i.path, i.message])));
          return;
        }
        setErrors({});
        if (Object.keys(change.value).length === 0) {
          setNote("Both rates are the ones in force: change one first.");
          return;
        }
        void onSubmit(change.value);
      }}
      data-job-throttle
    >
      <h4 id="job-throttle-title" className="text-sm font-semibold">
        Throttle
      </h4>
      <p id="job-throttle-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
        A rate with its unit, e.g. 80 MiB/s. The job sets it at its next poll, on the brokers it throttles.
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        {field("replication", "Replication throttle")}
        {field("alterLogDirs", "Dir-move throttle")}
        <button
          type="submit"
          disabled={disabled}
          className="rounded border border-zinc-300 px-4 py-1.5 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
          data-job-control="throttle"
        >
          Change throttle
        </button>
      </div>
      {note ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {note}
        </p>
      ) : null}
    </form>
  );
}
