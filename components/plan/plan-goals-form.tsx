"use client";
/** The planner's goals: what to balance, how closely, how fast data may move, what to leave alone. */
import type { PlanForm } from "@/lib/view/plan-form";

interface Props {
  form: PlanForm;
  onChange: (form: PlanForm) => void;
  onSubmit: () => void;
  busy: boolean;
  /** False until the cluster to plan for has been read. */
  ready: boolean;
  error: { field: keyof PlanForm; message: string } | null;
}

const input = "w-24 rounded border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums dark:border-zinc-700 dark:bg-zinc-950";
const label = "flex flex-col gap-1 text-sm";

function Select<T extends string>({ id, text, value, options, onChange }: { id: string; text: string; value: T; options: [T, string][]; onChange: (v: T) => void }) {
  return (
    <label className={label} htmlFor={id}>
      <span className="text-zinc-600 dark:text-zinc-400">{text}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className="rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950">
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PlanGoalsForm({ form, onChange, onSubmit, busy, ready, error }: Props) {
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => onChange({ ...form, [key]: value });
  const num = (key: keyof PlanForm, text: string, unit: string) => (
    <label className={label} htmlFor={`plan-${key}`}>
      <span className="text-zinc-600 dark:text-zinc-400">
        {text} ({unit})
      </span>
      <input
        id={`plan-${key}`}
        inputMode="decimal"
        value={String(form[key])}
        onChange={(e) => set(key, e.target.value as never)}
        aria-invalid={error?.field === key}
        aria-describedby={error?.field === key ? "plan-form-error" : undefined}
        className={`${input} ${error?.field === key ? "border-red-600" : ""}`}
      />
    </label>
  );
  return (
    <form
      className="flex flex-wrap items-end gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Select id="plan-mode" text="Balance" value={form.mode} onChange={(v) => set("mode", v)} options={[["both", "Dirs and brokers"], ["intra", "Dirs within each broker"], ["inter", "Brokers"]]} />
      <Select id="plan-order" text="Order" value={form.order} onChange={(v) => set("order", v)} options={[["inter-first", "Brokers first"], ["intra-first", "Dirs first"]]} />
      <Select id="plan-intra" text="Dirs by" value={form.intraObjective} onChange={(v) => set("intraObjective", v)} options={[["utilization", "Utilisation"], ["bytes", "Bytes"]]} />
      <Select id="plan-inter" text="Brokers by" value={form.interObjective} onChange={(v) => set("interObjective", v)} options={[["bytes", "Bytes"], ["replicas", "Replica count"]]} />
      {num("tolerancePercent", "Tolerance", "points")}
      {num("headroomPercent", "Never fill above", "%")}
      {num("maxGiB", "Move at most", "GiB, blank = no cap")}
      {num("replicationMiBps", "Replication throttle", "MiB/s")}
      {num("alterLogDirsMiBps", "Dir-move throttle", "MiB/s")}
      <label className={label} htmlFor="plan-exclude">
        <span className="text-zinc-600 dark:text-zinc-400">Leave these topics alone</span>
        <input id="plan-exclude" value={form.excludeTopics} onChange={(e) => set("excludeTopics", e.target.value)} placeholder="topic-a, topic-b" className="w-56 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950" />
      </label>
      <label className="flex items-center gap-2 pb-1 text-sm">
        <input type="checkbox" checked={form.moveLeaders} onChange={(e) => set("moveLeaders", e.target.checked)} />
        Allow moving leaders
      </label>
      <button type="submit" disabled={busy || !ready} className="rounded bg-zinc-900 px-4 py-1.5 text-sm font-medium text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900">
        {busy ? "Planning…" : ready ? "Plan" : "Reading the cluster…"}
      </button>
      {error ? (
        <p id="plan-form-error" role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
