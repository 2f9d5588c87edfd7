"use client";
/**
 * Labelled form controls for the scenario editor. Every control has a visible label, its hint and
 * error are tied to it with aria-describedby, and an error is also marked aria-invalid, so a screen
 * reader hears what to fix where it is.
 */
import { useEffect, useId, useState, type ReactNode } from "react";
import { formatByteInput, parseByteSize } from "@/lib/view/common/byte-size-input";

const INPUT =
  "w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-950";

interface FieldShell {
  label: string;
  hint?: string;
  /** A problem reported for this field (from the schema, with the API's wording). */
  error?: string | null;
  className?: string;
}

function Shell({ id, label, hint, error, className = "", children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`flex min-w-0 flex-col gap-0.5 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string | null, hint?: string): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** A text box that keeps what is typed while it is not yet valid, and reports parsed values. */
function useDraftText(value: string): [string, (t: string) => void] {
  const [text, setText] = useState(value);
  const [last, setLast] = useState(value);
  // The value changed from outside (a preset, a reload): show it.
  if (value !== last) {
    setLast(value);
    setText(value);
  }
  return [text, setText];
}

export function TextField({ value, onChange, placeholder, list, ...shell }: FieldShell & { value: string; onChange: (v: string) => void; placeholder?: string; list?: string }) {
  const id = useId();
  return (
    <Shell id={id} {...shell}>
      <input
        id={id}
        type="text"
        value={value}
        placeholder={placeholder}
        list={list}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={shell.error ? true : undefined}
        aria-describedby={describedBy(id, shell.error, shell.hint)}
        className={INPUT}
      />
    </Shell>
  );
}

/** Whole or decimal numbers; an empty box reports NaN, which the schema turns into a message. */
export function NumberField({ value, onChange, min, step = 1, ...shell }: FieldShell & { value: number; onChange: (v: number) => void; min?: number; step?: number }) {
  const id = useId();
  const [text, setText] = useDraftText(Number.isFinite(value) ? String(value) : "");
  return (
    <Shell id={id} {...shell}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={text}
        min={min}
        step={step}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.trim() === "" ? Number.NaN : Number(e.target.value));
        }}
        aria-invalid={shell.error ? true : undefined}
        aria-describedby={describedBy(id, shell.error, shell.hint)}
        className={INPUT}
      />
    </Shell>
  );
}

/**
 * A byte size typed as "512 GiB". `nullable` fields (capacity) accept an empty box as "unknown".
 * Until the text parses, the last good value stays in the draft and the problem shows here.
 */
export function ByteField({ value, onChange, nullable = false, ...shell }: FieldShell & { value: number | null; onChange: (v: number | null) => void; nullable?: boolean }) {
  const id = useId();
  const shown = value === null ? "" : Number.isFinite(value) ? formatByteInput(value) : "";
  const [text, setText] = useDraftText(shown);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setProblem(null), [shown]);
  const error = problem ?? shell.error;
  return (
    <Shell id={id} {...shell} error={error}>
      <input
        id={id}
        type="text"
        value={text}
        placeholder={nullable ? "unknown" : "e.g. 40 GiB"}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          if (t.trim() === "" && nullable) {
            setProblem(null);
            onChange(null);
            return;
          }
          const parsed = parseByteSize(t);
          if (parsed.ok) {
            setProblem(null);
            onChange(parsed.value);
          } else setProblem(parsed.error.message);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, shell.hint)}
        className={INPUT}
      />
    </Shell>
  );
}

export function SelectField<T extends string>({
  value,
  onChange,
  options,
  ...shell
}: FieldShell & { value: T; onChange: (v: T) => void; options: readonly { value: T; label: string }[] }) {
  const id = useId();
  return (
    <Shell id={id} {...shell}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} aria-describedby={describedBy(id, shell.error, shell.hint)} className={INPUT}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function CheckField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 h-4 w-4" aria-describedby={hint ? `${id}-hint` : undefined} />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
