"use client";
/** The planner page's client side: goals → POST /api/plan → result → optional apply. */
import { useEffect, useRef, useState } from "react";
import { ShareButton } from "@/components/share/share-button";
import { errorMessage } from "@/lib/hooks/fetch-json";
import { useClusterOnce } from "@/lib/hooks/use-cluster";
import { requestPlan } from "@/lib/hooks/use-plan";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { PlanOptions, PlanOptionsInput } from "@/lib/plan/options";
import type { PlanResponse } from "@/lib/plan/response";
import { DEFAULT_PLAN_FORM, formFromOptions, planOptionsFromForm, type PlanForm } from "@/lib/view/plan-form";
import { sameReassignment } from "@/lib/view/shared-plan";
import { ApplyPanel } from "./apply-panel";
import { PlanGoalsForm } from "./plan-goals-form";
import { PlanResult } from "./plan-result";
import { ReviewPanel } from "./review-panel";

interface Props {
  sourceLabel: string;
  bootstrap: string;
  /**
   * A shared plan: its snapshot and goals; it is planned again on open (the planner is deterministic).
   * `reassignmentJson` is the JSON the link stored: when it is not the plan's own (an edited plan, or a
   * shared review), it is reviewed below the plan.
   */
  shared?: { id: string; snapshot: ClusterSnapshot; options: PlanOptions; reassignmentJson: string | null };
}

export function PlanWorkbench({ sourceLabel, bootstrap, shared }: Props) {
  const [form, setForm] = useState<PlanForm>(shared ? formFromOptions(shared.options) : DEFAULT_PLAN_FORM);
  // The plan is made for the snapshot the page shows, so a shared link reproduces exactly this view.
  const cluster = useClusterOnce(!shared);
  const snapshot = shared?.snapshot ?? cluster.data?.snapshot ?? null;
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
    if (!snapshot) {
      setFailure(cluster.error ? errorMessage(cluster.error) : "The cluster is still being read; try again in a moment.");
      return;
    }
    setBusy(true);
    const options = { ...parsed.options, bootstrapServer: shared?.options.bootstrapServer ?? bootstrap };
    try {
      setResult({ plan: await requestPlan(snapshot, options), options });
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  // A shared plan is planned once on open.
  const opened = useRef(false);
  useEffect(() => {
    if (shared && !opened.current) {
      opened.current = true;
      void submit();
    }
  });

  return (
    <div className="grid gap-6">
      <section aria-labelledby="goals-title" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="goals-title" className="text-base font-semibold">
            Goals for {shared ? `the shared snapshot (${shared.snapshot.source.label})` : sourceLabel}
          </h2>
          <ShareButton
            label="Share this plan"
            getRequest={result && snapshot ? () => ({ kind: "plan", snapshot, plan: { options: result.options, reassignmentJson: result.plan.reassignmentJson } }) : null}
          />
        </div>
        <PlanGoalsForm form={form} onChange={setForm} onSubmit={() => void submit()} busy={busy} ready={snapshot !== null} error={formError} />
      </section>
      {shared ? (
        result && shared.reassignmentJson !== null && !sameReassignment(shared.reassignmentJson, result.plan.reassignmentJson) ? (
          <ReviewPanel snapshot={snapshot} form={form} bootstrap={shared.options.bootstrapServer} initialJson={shared.reassignmentJson} />
        ) : null
      ) : (
        <ReviewPanel snapshot={snapshot} form={form} bootstrap={bootstrap} />
      )}
      {failure ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {failure}
        </p>
      ) : null}
      {busy && !result ? <div className="h-64 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" role="status" aria-label="Planning" /> : null}
      {result ? (
        <>
          <PlanResult plan={result.plan} bootstrap={bootstrap} />
          {shared ? null : <ApplyPanel plan={result.plan} options={result.options} />}
        </>
      ) : !busy ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {cluster.error ? `The cluster could not be read: ${errorMessage(cluster.error)} ` : null}
          Set the goals and press Plan: nothing is changed until you apply, and applying is off unless the server allows writes.
        </p>
      ) : null}
    </div>
  );
}
