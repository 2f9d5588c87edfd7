"use client";
/** The planner page's client side: goals → POST /api/plan → result → optional apply. */
import { useState } from "react";
import { fetchJson, errorMessage } from "@/lib/hooks/fetch-json";
import type { PlanOptionsInput } from "@/lib/plan/options";
import type { PlanResponse } from "@/lib/plan/response";
import { DEFAULT_PLAN_FORM, planOptionsFromForm, type PlanForm } from "@/lib/view/plan-form";
import { ApplyPanel } from "./apply-panel";
import { PlanGoalsForm } from "./plan-goals-form";
import { PlanResult } from "./plan-result";

export function PlanWorkbench({ sourceLabel, bootstrap }: { sourceLabel: string; bootstrap: string }) {
  const [form, setForm] = useState<PlanForm>(DEFAULT_PLAN_FORM);
  const [formError, setFormError] = useState<{ field: keyof PlanForm; message: string } | null>(null);
  const [result, setResult] = useState<{ plan: PlanResponse; options: PlanOptionsInput } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = planOptionsFromForm(form);
    if (!parsed.ok) {
      setFormError({ field: parsed.field, message: parsed.message });
      return;
    }
    setFormError(null);
    setFailure(null);
    setBusy(true);
    const options = { ...parsed.options, bootstrapServer: bootstrap };
    try {
      const { plan } = await fetchJson<{ plan: PlanResponse }>("/api/plan", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ options }) });
      setResult({ plan, options });
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-6">
      <section aria-labelledby="goals-title" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <h2 id="goals-title" className="mb-3 text-base font-semibold">
          Goals for {sourceLabel}
        </h2>
        <PlanGoalsForm form={form} onChange={setForm} onSubmit={() => void submit()} busy={busy} error={formError} />
      </section>
      {failure ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {failure}
        </p>
      ) : null}
      {busy && !result ? <div className="h-64 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" role="status" aria-label="Planning" /> : null}
      {result ? (
        <>
          <PlanResult plan={result.plan} bootstrap={bootstrap} />
          <ApplyPanel plan={result.plan} options={result.options} />
        </>
      ) : !busy ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Set the goals and press Plan: nothing is changed until you apply, and applying is off unless the server allows writes.</p>
      ) : null}
    </div>
  );
}
