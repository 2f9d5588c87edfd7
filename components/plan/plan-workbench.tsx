"use client";
/**
 * The planner page's client side: goals → POST /api/plan → result → optional apply.
 *
 * After Plan (or Review) focus moves to the result's heading, which scrolls it into view (on a phone
 * it sits far below the form), and its status sentence is announced in the page's polite live region.
 * A result stays on the page when the goals change, marked stale until the next run.
 */
import { useEffect, useRef, useState } from "react";
import { ShareButton } from "@/components/share/share-button";
import { errorMessage, FetchError } from "@/lib/hooks/fetch-json";
import { useClusterOnce } from "@/lib/hooks/use-cluster";
import { requestPlan } from "@/lib/hooks/use-plan";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { PlanOptions, PlanOptionsInput } from "@/lib/plan/options";
import type { PlanResponse } from "@/lib/plan/response";
import { commandBootstrap } from "@/lib/view/command-bootstrap";
import { DEFAULT_PLAN_FORM, fieldErrors, formErrorsFromIssues, formFromOptions, planOptionsFromForm, type PlanForm, type PlanFormErrors } from "@/lib/view/plan-form";
import { planStatus } from "@/lib/view/plan-status";
import { goalsChanged } from "@/lib/view/result-freshness";
import { sameReassignment } from "@/lib/view/shared-plan";
import { ApplyPanel } from "./apply-panel";
import { PlanGoalsForm } from "./plan-goals-form";
import { PlanResult } from "./plan-result";
import { ReviewPanel } from "./review-panel";
import { useResultFocus } from "./use-result-focus";

interface Props {
  sourceLabel: string;
  /** The live cluster's bootstrap servers (a label: no schemes, no credentials), or null without one. */
  bootstrap: string | null;
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
  const [formErrors, setFormErrors] = useState<PlanFormErrors>({});
  const [result, setResult] = useState<{ plan: PlanResponse; options: PlanOptionsInput } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: "", n: 0 });
  const announce = (text: string) => setAnnouncement((a) => ({ text, n: a.n + 1 }));
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultFocus = useResultFocus<HTMLHeadingElement>();
  // Commands name the live cluster's servers only for the live cluster; a shared plan keeps what its link stored.
  const commandsBootstrap = shared ? shared.options.bootstrapServer : snapshot ? commandBootstrap(snapshot.source.kind, bootstrap) : null;

  /** Shows the goals' problems beside their fields and moves focus to their list, once it is on the page. */
  const showGoalErrors = (errors: PlanFormErrors) => {
    setFormErrors(errors);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const submit = async (userAsked: boolean) => {
    const parsed = planOptionsFromForm(form);
    if (!parsed.ok) return showGoalErrors(fieldErrors(parsed.error.issues));
    setFormErrors({});
    setFailure(null);
    if (!snapshot || commandsBootstrap === null) {
      setFailure(cluster.error ? errorMessage(cluster.error) : "The cluster is still being read; try again in a moment.");
      return;
    }
    setBusy(true);
    const options = { ...parsed.value, bootstrapServer: commandsBootstrap };
    try {
      const plan = await requestPlan(snapshot, options);
      setResult({ plan, options });
      if (userAsked) {
        announce(`Plan ready. ${planStatus(statusInput(plan)).sentence}`);
        resultFocus.request();
      }
    } catch (e) {
      const placed = e instanceof FetchError ? formErrorsFromIssues(e.issues) : null;
      if (placed && Object.keys(placed.errors).length > 0) {
        showGoalErrors(placed.errors);
        if (placed.other.length > 0) setFailure(placed.other.join(" "));
      } else {
        setFailure(errorMessage(e));
      }
    } finally {
      setBusy(false);
    }
  };

  // A shared plan is planned once on open.
  const opened = useRef(false);
  useEffect(() => {
    if (shared && !opened.current) {
      opened.current = true;
      void submit(false);
    }
  });

  const stale = result !== null && goalsChanged(form, result.options);
  return (
    <div className="grid gap-6">
      <p role="status" className="sr-only" data-plan-announcer>
        <span key={announcement.n}>{announcement.text}</span>
      </p>
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
        <PlanGoalsForm form={form} onChange={setForm} onSubmit={() => void submit(true)} busy={busy} ready={snapshot !== null} errors={formErrors} summaryRef={summaryRef} />
      </section>
      {shared ? (
        result && shared.reassignmentJson !== null && !sameReassignment(shared.reassignmentJson, result.plan.reassignmentJson) ? (
          <ReviewPanel snapshot={snapshot} form={form} bootstrap={shared.options.bootstrapServer} initialJson={shared.reassignmentJson} announce={announce} onGoalErrors={showGoalErrors} />
        ) : null
      ) : (
        <ReviewPanel snapshot={snapshot} form={form} bootstrap={commandsBootstrap} announce={announce} onGoalErrors={showGoalErrors} />
      )}
      {failure ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {failure}
        </p>
      ) : null}
      {busy && !result ? <div className="h-64 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" role="status" aria-label="Planning" /> : null}
      {result ? (
        <>
          <PlanResult plan={result.plan} status={planStatus(statusInput(result.plan))} stale={stale} headingRef={resultFocus.ref} />
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

function statusInput(plan: PlanResponse) {
  return { moves: plan.movesTotal, bytes: plan.bytesMoved.total, outside: plan.outsideTolerance.after, stoppedBecause: plan.stoppedBecause };
}
