"use client";
/**
 * The planner page's client side: goals → POST /api/plan → result → optional apply. It plans the
 * current source, the snapshot imported in this tab, or a shared link's snapshot, and says which.
 * A shared link arrives as its id alone: its record is read from the API (decoded in the server's
 * worker pool, lib/client/use-shared-plan.ts) while the page says so, and a link that cannot be read
 * says why and plans the current source instead, as the server page does for a missing link.
 *
 * After Plan (or Review) focus moves to the result's heading, which scrolls it into view (on a phone
 * it sits far below the form), and its status sentence is announced in the page's polite live region.
 * A result stays on the page when the goals change, marked stale until the next run.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { planExportSets } from "@/components/share/export-sets";
import { ShareExportActions } from "@/components/share/share-export-actions";
import { WorkingOn } from "@/components/share/working-on";
import { errorMessage, FetchError } from "@/lib/client/fetch-json";
import { useImportedSnapshot } from "@/lib/client/imported-snapshot";
import { useSharedPlan, type SharedPlanLink } from "@/lib/client/use-shared-plan";
import { afterReassignmentLoader } from "@/lib/client/simulated-snapshot";
import { useClusterOnce } from "@/lib/client/use-cluster";
import { requestPlan } from "@/lib/client/use-plan";
import { MODE_LABELS, modeOf } from "@/lib/view/overview/cluster-data";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { PlanOptionsInput } from "@/lib/plan/options";
import type { PlanResponse } from "@/lib/plan/response";
import { commandBootstrap } from "@/lib/view/plan/command-bootstrap";
import { DEFAULT_PLAN_FORM, fieldErrors, formErrorsFromIssues, formFromOptions, planOptionsFromForm, type PlanForm, type PlanFormErrors } from "@/lib/view/plan/plan-form";
import { operationChoices } from "@/lib/view/plan/plan-operation";
import { planResultStatus } from "@/lib/view/plan/plan-status";
import { goalsChanged } from "@/lib/view/plan/result-freshness";
import { sameReassignment } from "@/lib/view/plan/shared-plan";
import { ApplyPanel } from "./apply-panel";
import { PlanGoalsForm } from "./plan-goals-form";
import { PlanResult } from "./plan-result";
import { ReviewPanel } from "./review-panel";
import { useResultFocus } from "./use-result-focus";

interface Props {
  sourceLabel: string;
  /** The live cluster's bootstrap servers (a label: no schemes, no credentials), or null without one. */
  bootstrap: string | null;
  /** Plan the snapshot imported in this browser tab instead of the current source. */
  imported?: boolean;
  /** A shared link to plan (the server page checked that it exists and is not a scenario): its id. */
  shared?: { id: string };
  /** The form a finding's link asked for (`/plan?goals=…`, lib/view/plan/plan-form.ts formFromQuery); a shared plan's own goals win. */
  initialForm?: PlanForm | null;
}

/** The workbench, once a shared link's record is read (at once for any other source). */
export function PlanWorkbench({ shared, ...rest }: Props) {
  const link = useSharedPlan(shared?.id ?? null);
  if (link === null) return <Workbench {...rest} />;
  if (link.state === "ready") return <Workbench key={link.shared.id} {...rest} shared={link.shared} />;
  if (link.state === "error") {
    return (
      <div className="grid gap-6">
        <p
          role="alert"
          data-shared-failure
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {link.message} Showing a new plan for the current cluster instead.
        </p>
        <Workbench {...rest} />
      </div>
    );
  }
  return (
    <section aria-labelledby="goals-title" aria-busy="true" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="goals-title" className="mb-3 text-base font-semibold">
        Goals for the shared snapshot
      </h2>
      <p role="status" data-shared-reading className="text-sm text-zinc-600 dark:text-zinc-400">
        Reading the shared link…
      </p>
    </section>
  );
}

interface WorkbenchProps extends Omit<Props, "shared"> {
  /**
   * A shared link's snapshot. A plan link brings its goals (`options`) and is planned again on open (the
   * planner is deterministic); `reassignmentJson` is the JSON the link stored: when it is not the plan's
   * own (an edited plan, or a shared review), it is reviewed below the plan. A snapshot link has neither.
   */
  shared?: SharedPlanLink;
}

function Workbench({ sourceLabel, bootstrap, imported = false, shared, initialForm }: WorkbenchProps) {
  const [form, setForm] = useState<PlanForm>(shared?.options ? formFromOptions(shared.options) : (initialForm ?? DEFAULT_PLAN_FORM));
  // The plan is made for the snapshot the page shows, so a shared link reproduces exactly this view.
  const cluster = useClusterOnce(!shared && !imported);
  const tab = useImportedSnapshot();
  const importedSnapshot = imported && tab.state === "ready" ? tab.data.snapshot : null;
  const snapshot = shared?.snapshot ?? (imported ? importedSnapshot : (cluster.data?.snapshot ?? null));
  const readFailure = imported
    ? tab.state === "empty"
      ? "Nothing is imported in this browser tab: import the kafka-log-dirs output first (Import), then plan it."
      : tab.state === "error"
        ? tab.message
        : null
    : cluster.error
      ? errorMessage(cluster.error)
      : null;
  const [formErrors, setFormErrors] = useState<PlanFormErrors>({});
  /** The last plan, with the goals and the snapshot it was made for (what Share and Export use). */
  const [result, setResult] = useState<{ plan: PlanResponse; options: PlanOptionsInput; snapshot: ClusterSnapshot } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: "", n: 0 });
  const announce = (text: string) => setAnnouncement((a) => ({ text, n: a.n + 1 }));
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultFocus = useResultFocus<HTMLHeadingElement>();
  // Commands name the live cluster's servers only for the live cluster; a shared plan keeps what its link stored.
  const commandsBootstrap = shared?.options ? shared.options.bootstrapServer : snapshot ? commandBootstrap(snapshot.source.kind, bootstrap) : null;

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
      setFailure(readFailure ?? "The cluster is still being read; try again in a moment.");
      return;
    }
    setBusy(true);
    const options = { ...parsed.value, bootstrapServer: commandsBootstrap };
    try {
      const plan = await requestPlan(snapshot, options);
      setResult({ plan, options, snapshot });
      if (userAsked) {
        announce(`Plan ready. ${planResultStatus(plan).sentence}`);
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

  const choices = useMemo(() => (snapshot ? operationChoices(snapshot) : null), [snapshot]);
  const exports = useMemo(
    () => (result ? planExportSets(result.snapshot, result.plan.before, result.plan.after, afterReassignmentLoader(result.snapshot, result.plan.entries), "plan") : null),
    [result],
  );

  // A shared plan is planned once on open.
  const opened = useRef(false);
  useEffect(() => {
    if (shared?.options && !opened.current) {
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
            Goals for {shared ? `the shared snapshot (${shared.snapshot.source.label})` : imported ? "the imported snapshot" : sourceLabel}
          </h2>
          <ShareExportActions
            shareLabel="Share this plan"
            share={result ? () => ({ kind: "plan", snapshot: result.snapshot, plan: { options: result.options, reassignmentJson: result.plan.reassignmentJson } }) : null}
            exports={exports}
          />
        </div>
        <div className="mb-3">
          {snapshot ? (
            <WorkingOn kind={shared ? "shared link" : MODE_LABELS[modeOf(snapshot)]} label={snapshot.source.label} capturedAt={snapshot.capturedAt} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{readFailure ?? "Reading the cluster…"}</p>
          )}
        </div>
        <PlanGoalsForm
          form={form}
          onChange={setForm}
          onSubmit={() => void submit(true)}
          busy={busy}
          ready={snapshot !== null}
          errors={formErrors}
          choices={choices}
          summaryRef={summaryRef}
        />
      </section>
      {shared?.options ? (
        result && shared.reassignmentJson !== null && !sameReassignment(shared.reassignmentJson, result.plan.reassignmentJson) ? (
          <ReviewPanel
            snapshot={snapshot}
            form={form}
            bootstrap={shared.options.bootstrapServer}
            initialJson={shared.reassignmentJson}
            announce={announce}
            onGoalErrors={showGoalErrors}
          />
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
      {result ? <PlanResult plan={result.plan} snapshot={result.snapshot} status={planResultStatus(result.plan)} stale={stale} headingRef={resultFocus.ref} /> : null}
      {/* Applying writes to the server's own cluster: only a plan of that cluster may be applied. Its job shows with or without a plan. */}
      {shared || imported ? null : <ApplyPanel plan={result?.plan ?? null} options={result?.options ?? null} />}
      {result ? null : !busy ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {readFailure ? `The cluster could not be read: ${readFailure} ` : null}
          Set the goals and press Plan: nothing is changed until you apply, and applying is off unless the server allows writes.
        </p>
      ) : null}
    </div>
  );
}
