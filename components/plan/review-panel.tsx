"use client";
/**
 * Review a reassignment JSON the operator already has (from `--generate`, another tool, or by hand).
 * Text that is not JSON is refused with the line and column to fix (and a button that puts the caret
 * there). A reassignment Kafka would refuse shows only what Kafka would refuse; one it would run shows
 * the duration at the goals' throttles with the bottleneck broker, the cluster once it is done, and the
 * commands to run it with its throttles. A review whose JSON or goals changed since is marked stale.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useBrokerDrawer } from "@/components/broker/use-broker-drawer";
import { HeatmapPair } from "./heatmap-pair";
import type { BrokerDrawerData } from "@/components/broker/broker-drawer";
import { planExportSets } from "@/components/share/export-sets";
import { ShareExportActions } from "@/components/share/share-export-actions";
import { errorMessage, FetchError } from "@/lib/client/fetch-json";
import { afterReassignmentLoader } from "@/lib/client/simulated-snapshot";
import { requestReview } from "@/lib/client/use-plan";
import { formatBytes, formatDuration } from "@/lib/model/format";
import { dirSentence } from "@/lib/view/plan/plan-goals";
import { offsetAt } from "@/lib/model/json-scan";
import type { BalanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { BOOTSTRAP_PLACEHOLDER, PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan/options";
import type { ReviewAnswer } from "@/lib/simulate/review";
import { DEFAULT_EXECUTION, planBatches } from "@/lib/plan/batches";
import { asReport } from "@/lib/simulate/slim-report";
import { fieldErrors, planOptionsFromForm, type PlanForm, type PlanFormErrors } from "@/lib/view/plan/plan-form";
import { reviewStatus } from "@/lib/view/plan/plan-status";
import { reviewChanged } from "@/lib/view/plan/result-freshness";
import { reviewFailure, type ReviewFailure } from "@/lib/view/plan/review-failure";
import { HandRun } from "./hand-run";
import { ResultStatusLine } from "./result-status";
import { TransferChart } from "./transfer-chart";
import { useResultFocus } from "./use-result-focus";

const PLACEHOLDER = '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[1,2],"log_dirs":["/data/d2","any"]}]}';

interface Props {
  snapshot: ClusterSnapshot | null;
  form: PlanForm;
  /** `--bootstrap-server` for the commands; null until the snapshot is known. */
  bootstrap: string | null;
  /** A JSON to review as soon as the cluster is known: the one a shared link carries. */
  initialJson?: string | null;
  /** Says the review's status in the page's live region. */
  announce: (text: string) => void;
  /** Shows the goals' problems beside their fields when Review finds the goals invalid. */
  onGoalErrors: (errors: PlanFormErrors) => void;
}

function failureOf(error: unknown): ReviewFailure {
  return error instanceof FetchError ? reviewFailure(error) : { message: errorMessage(error), at: null };
}

function statusOf(r: ReviewAnswer) {
  return reviewStatus(
    r.verdict === "refused"
      ? { verdict: "refused", refusals: r.refusals.length }
      : { verdict: "accepted", partitions: r.entries.length, bytes: r.estimate.interBrokerBytes + r.estimate.dirMoveBytes, outside: r.outsideTolerance },
  );
}

export function ReviewPanel({ snapshot, form, bootstrap, initialJson = null, announce, onGoalErrors }: Props) {
  const [text, setText] = useState(initialJson ?? "");
  /** The last answer, with the JSON and options it was made for (what "Share this review" stores). */
  const [review, setReview] = useState<{ review: ReviewAnswer; json: string; options: PlanOptionsInput } | null>(null);
  const [failure, setFailure] = useState<ReviewFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const resultFocus = useResultFocus<HTMLHeadingElement>();

  const submit = async (json: string, userAsked: boolean) => {
    setFailure(null);
    const parsed = planOptionsFromForm(form);
    if (!parsed.ok) {
      onGoalErrors(fieldErrors(parsed.error.issues));
      return setFailure({ message: "Fix the goals above first: each problem is shown beside its field.", at: null });
    }
    if (!snapshot || bootstrap === null) return setFailure({ message: "The cluster is still being read; try again in a moment.", at: null });
    if (json.trim() === "") return setFailure({ message: "Paste a reassignment JSON first.", at: null });
    setBusy(true);
    try {
      const options = { ...parsed.value, bootstrapServer: bootstrap };
      const answer = await requestReview(snapshot, options, json);
      setReview({ review: answer, json, options });
      if (userAsked) {
        announce(`Review ready. ${statusOf(answer).sentence}`);
        resultFocus.request();
      }
    } catch (e) {
      setReview(null);
      setFailure(failureOf(e));
    } finally {
      setBusy(false);
    }
  };

  /** Puts the caret where the JSON stops being JSON. */
  const goTo = (at: { line: number; column: number }) => {
    const box = input.current;
    if (!box) return;
    const offset = offsetAt(box.value, at.line, at.column);
    box.focus();
    box.setSelectionRange(offset, Math.min(offset + 1, box.value.length));
  };

  // A shared link's JSON is reviewed once, when the cluster it was made for is there.
  const reviewedInitial = useRef(false);
  useEffect(() => {
    if (initialJson && snapshot && !reviewedInitial.current) {
      reviewedInitial.current = true;
      void submit(initialJson, false);
    }
  });

  const r = review?.review;
  const stale = review !== null && reviewChanged(form, text, review);
  // The clusters before and after an accepted reassignment: the broker drawer's and Export's.
  const drawer = useBrokerDrawer();
  const views = useMemo(() => {
    if (!r || r.verdict !== "accepted" || !snapshot) return null;
    return {
      before: { report: asReport(r.before), snapshot, context: "Before the reassignment" },
      after: { report: asReport(r.after), snapshot: afterReassignmentLoader(snapshot, r.entries), context: "After the reassignment" },
    };
  }, [r, snapshot]);
  const exports = useMemo(() => (views && snapshot ? planExportSets(snapshot, views.before.report, views.after.report, views.after.snapshot, "review") : null), [views, snapshot]);
  return (
    <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-review-panel open={initialJson ? true : undefined}>
      <summary className="cursor-pointer font-semibold">
        {initialJson ? "The reassignment JSON this link carries, reviewed" : "Review a reassignment JSON you already have"}
      </summary>
      <div className="mt-3 grid gap-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Paste what you would give <code>kafka-reassign-partitions --execute</code>. It is checked against this cluster and estimated at the throttles set in the goals above;
          nothing is changed.
        </p>
        <div className="grid gap-1 text-sm">
          <label htmlFor="review-json" className="font-medium">
            Reassignment JSON
          </label>
          <textarea
            id="review-json"
            ref={input}
            data-review-input
            className="h-40 w-full rounded border border-zinc-300 p-2 font-mono text-xs aria-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-900"
            spellCheck={false}
            placeholder={PLACEHOLDER}
            value={text}
            aria-invalid={failure?.at ? true : undefined}
            aria-describedby={failure ? "review-error" : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            data-review-submit
            className="rounded bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900"
            disabled={busy}
            onClick={() => void submit(text, true)}
          >
            {busy ? "Reviewing…" : "Review"}
          </button>
          <ShareExportActions
            shareLabel="Share this review"
            share={review && snapshot ? () => ({ kind: "plan", snapshot, plan: { options: review.options, reassignmentJson: review.json } }) : null}
            exports={exports}
          />
        </div>
        {failure ? (
          <div
            id="review-error"
            role="alert"
            data-review-error
            className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <p>{failure.message}</p>
            {failure.at ? (
              <button
                type="button"
                onClick={() => goTo(failure.at!)}
                className="mt-2 rounded border border-red-400 px-2 py-0.5 font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700 dark:hover:bg-red-900/40"
                data-review-goto
              >
                Go to line {failure.at.line}, column {failure.at.column}
              </button>
            ) : null}
          </div>
        ) : null}
        {r ? (
          <section
            aria-labelledby="review-result-title"
            className={`grid gap-4 ${stale ? "rounded-lg border-2 border-dashed border-zinc-400 p-3 dark:border-zinc-600" : ""}`}
            data-review-result
            data-stale={stale || undefined}
          >
            <h3
              id="review-result-title"
              ref={resultFocus.ref}
              tabIndex={-1}
              className="scroll-mt-4 text-base font-semibold focus:outline-none focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              The review
            </h3>
            <ResultStatusLine
              status={statusOf(r)}
              stale={stale}
              staleText="The JSON or the goals changed after this review: it shows the previous ones. Press Review to update it."
              of="review"
            />
            {r.notes?.map((note) => (
              <p key={note} data-review-note className="text-sm text-zinc-700 dark:text-zinc-300">
                Read from the paste: {note}.
              </p>
            ))}
            {r.verdict === "accepted" && r.warnings?.length ? (
              <ul
                aria-label="What Kafka would accept but cannot finish"
                className="list-disc rounded-lg border-l-4 border-amber-500 bg-amber-50 py-2 pr-3 pl-8 text-sm dark:bg-amber-950/30"
              >
                {r.warnings.map((w) => (
                  <li key={w} data-review-warning>
                    {w}
                  </li>
                ))}
              </ul>
            ) : null}
            {r.verdict === "refused" ? (
              <ul aria-label="What Kafka would refuse" className="list-disc rounded-lg border-l-4 border-red-600 bg-red-50 py-2 pr-3 pl-8 text-sm dark:bg-red-950/30">
                {r.refusals.map((p) => (
                  <li key={p} data-review-problem>
                    {p}
                  </li>
                ))}
              </ul>
            ) : (
              <AcceptedReviewResult
                review={r}
                options={review.options}
                bootstrap={review.options.bootstrapServer ?? BOOTSTRAP_PLACEHOLDER}
                views={views}
                onOpen={drawer.opener}
                snapshot={snapshot}
              />
            )}
          </section>
        ) : null}
      </div>
      {drawer.element}
    </details>
  );
}

/** A heatmap's report (with what the heatmap needs) and the snapshot behind it. */
type ReviewView = BrokerDrawerData & { report: BalanceReport };

interface AcceptedProps {
  review: Extract<ReviewAnswer, { verdict: "accepted" }>;
  /** The options it was reviewed with: the batches are planned again from them (the answer sends summaries). */
  options: PlanOptionsInput;
  bootstrap: string;
  /** The clusters behind the before and after heatmaps, for the broker drawer. */
  views: { before: ReviewView; after: ReviewView } | null;
  onOpen: (data: BrokerDrawerData) => (broker: number) => void;
  /** The cluster the review was made for: the hand-run's rollback and election. */
  snapshot: ClusterSnapshot | null;
}

function AcceptedReviewResult({ review: r, options, bootstrap, views, onOpen, snapshot }: AcceptedProps) {
  const e = r.estimate;
  // The batches the review estimated (lib/simulate/review.ts plans them with the same snapshot, entries and limits).
  const batches = useMemo(() => {
    const parsed = PlanOptionsSchema.safeParse(options);
    return snapshot ? planBatches(snapshot, r.entries, parsed.success ? parsed.data.execution : DEFAULT_EXECUTION) : [];
  }, [snapshot, r.entries, options]);
  return (
    <>
      <p className="text-sm" data-review-summary>
        {formatBytes(e.interBrokerBytes)} copied between brokers and {formatBytes(e.dirMoveBytes)} moved between dirs; estimated <strong>{formatDuration(e.seconds)}</strong>
        {e.bottleneck ? ` (bottleneck: broker ${e.bottleneck.broker}, ${e.bottleneck.limitedBy} rate)` : ""}. {dirSentence(r.dirs)}
      </p>
      <HeatmapPair
        idPrefix="review"
        heading="h4"
        before={{ report: views?.before.report ?? asReport(r.before), title: "Before — utilisation", onOpenBroker: views ? onOpen(views.before) : () => {} }}
        after={{
          report: views?.after.report ?? asReport(r.after),
          title: "After it completes — utilisation (same scale)",
          onOpenBroker: views ? onOpen(views.after) : () => {},
          dataAttribute: "data-review-after",
        }}
      />
      {e.brokers.length > 0 ? (
        <section aria-labelledby="review-transfer-title">
          <h4 id="review-transfer-title" className="mb-2 text-sm font-semibold">
            Data each broker moves
          </h4>
          <TransferChart brokers={e.brokers} />
        </section>
      ) : null}
      {snapshot ? (
        <HandRun
          idPrefix="review"
          heading="h4"
          snapshot={snapshot}
          bootstrapServer={bootstrap}
          entries={r.entries}
          batches={batches}
          cordons={[]}
          throttles={r.throttles}
          leadershipChanges={[]}
          estimate={e}
        />
      ) : null}
    </>
  );
}
