"use client";
/**
 * Review a reassignment JSON the operator already has (from `--generate`, another tool, or by hand):
 * Kafka's own validation and the cluster's checks, the duration at the goals' throttles with the
 * bottleneck broker, the cluster once it is done, and the throttle commands it needs.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useBrokerDrawer } from "@/components/broker/use-broker-drawer";
import { BrokerDirHeatmap } from "@/components/heatmap/broker-dir-heatmap";
import { planExportSets } from "@/components/share/export-sets";
import { ShareExportActions } from "@/components/share/share-export-actions";
import { afterReassignmentLoader } from "@/lib/hooks/simulated-snapshot";
import { errorMessage } from "@/lib/hooks/fetch-json";
import { requestReview } from "@/lib/hooks/use-plan";
import { formatBytes, formatDuration, formatSkew } from "@/lib/model/format";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { PlanOptionsInput } from "@/lib/plan/options";
import type { ReassignmentReview } from "@/lib/plan/review";
import { asReport } from "@/lib/simulate/slim-report";
import { planOptionsFromForm, type PlanForm } from "@/lib/view/plan-form";
import { CopyBlock } from "./copy-block";
import { TransferChart } from "./transfer-chart";

const PLACEHOLDER = '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[1,2],"log_dirs":["/data/d2","any"]}]}';

interface Props {
  snapshot: ClusterSnapshot | null;
  form: PlanForm;
  bootstrap: string;
  /** A JSON to review as soon as the cluster is known: the one a shared link carries. */
  initialJson?: string | null;
}

export function ReviewPanel({ snapshot, form, bootstrap, initialJson = null }: Props) {
  const [text, setText] = useState(initialJson ?? "");
  /** The last answer, with the JSON and options it was made for (what "Share this review" stores). */
  const [review, setReview] = useState<{ review: ReassignmentReview; json: string; options: PlanOptionsInput } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (json: string) => {
    setFailure(null);
    const parsed = planOptionsFromForm(form);
    if (!parsed.ok) return setFailure(`Fix the goals first: ${parsed.message}`);
    if (!snapshot) return setFailure("The cluster is still being read; try again in a moment.");
    if (json.trim() === "") return setFailure("Paste a reassignment JSON first.");
    setBusy(true);
    try {
      const options = { ...parsed.options, bootstrapServer: bootstrap };
      setReview({ review: await requestReview(snapshot, options, json), json, options });
    } catch (e) {
      setReview(null);
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  // A shared link's JSON is reviewed once, when the cluster it was made for is there.
  const reviewedInitial = useRef(false);
  useEffect(() => {
    if (initialJson && snapshot && !reviewedInitial.current) {
      reviewedInitial.current = true;
      void submit(initialJson);
    }
  });

  const r = review?.review;
  const e = r?.estimate;
  const drawer = useBrokerDrawer();
  const views = useMemo(() => {
    if (!r || !snapshot) return null;
    const after = r.after ? { report: asReport(r.after), snapshot: afterReassignmentLoader(snapshot, r.entries), context: "After the reassignment" } : null;
    return { before: { report: asReport(r.before), snapshot, context: "Before the reassignment" }, after };
  }, [r, snapshot]);
  const exports = useMemo(() => (views && snapshot ? planExportSets(snapshot, views.before.report, views.after?.report ?? null, views.after?.snapshot ?? null, "review") : null), [views, snapshot]);
  return (
    <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-review-panel open={initialJson ? true : undefined}>
      <summary className="cursor-pointer font-semibold">{initialJson ? "The reassignment JSON this link carries, reviewed" : "Review a reassignment JSON you already have"}</summary>
      <div className="mt-3 grid gap-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Paste what you would give <code>kafka-reassign-partitions --execute</code>. It is checked against this cluster and estimated at the throttles set in the goals above; nothing is changed.
        </p>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">Reassignment JSON</span>
          <textarea
            data-review-input
            className="h-40 rounded border border-zinc-300 p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
            spellCheck={false}
            placeholder={PLACEHOLDER}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" data-review-submit className="rounded bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900" disabled={busy} onClick={() => void submit(text)}>
            {busy ? "Reviewing…" : "Review"}
          </button>
          <ShareExportActions shareLabel="Share this review" share={review && snapshot ? () => ({ kind: "plan", snapshot, plan: { options: review.options, reassignmentJson: review.json } }) : null} exports={exports} />
        </div>
        {failure ? (
          <p role="alert" data-review-error className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {failure}
          </p>
        ) : null}
        {r && e ? (
          <div className="grid gap-4" data-review-result>
            {r.problems.length > 0 ? (
              <section aria-label="Problems" className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 text-sm dark:bg-red-950/30">
                <p className="font-semibold">Kafka would refuse this, or it would not do what you expect:</p>
                <ul className="mt-1 list-disc pl-5">
                  {r.problems.map((p) => (
                    <li key={p} data-review-problem>
                      {p}
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <p className="text-sm" data-review-ok>
                No problems: every partition, broker and log dir exists and is online.
              </p>
            )}
            <p className="text-sm" data-review-summary>
              {r.entries.length} partition(s); {formatBytes(e.interBrokerBytes)} copied between brokers and {formatBytes(e.dirMoveBytes)} moved between dirs; estimated{" "}
              <strong>{formatDuration(e.seconds)}</strong>
              {e.bottleneck ? ` (bottleneck: broker ${e.bottleneck.broker}, ${e.bottleneck.limitedBy} rate)` : ""}.
              {r.after ? ` Worst dir skew ${formatSkew(r.before.skew.dirBytes.maxOverMean)} → ${formatSkew(r.after.skew.dirBytes.maxOverMean)}.` : ""}
            </p>
            {views?.after ? (
              <div className="grid gap-6 xl:grid-cols-2">
                <section className="min-w-0">
                  <h3 className="mb-2 text-sm font-semibold">Before — utilisation</h3>
                  <div className="h-80">
                    <BrokerDirHeatmap report={views.before.report} metric="utilization" onOpenBroker={drawer.opener(views.before)} />
                  </div>
                </section>
                <section className="min-w-0" data-review-after>
                  <h3 className="mb-2 text-sm font-semibold">After it completes — utilisation (same scale)</h3>
                  <div className="h-80">
                    <BrokerDirHeatmap report={views.after.report} metric="utilization" onOpenBroker={drawer.opener(views.after)} />
                  </div>
                </section>
              </div>
            ) : null}
            {e.brokers.length > 0 ? <TransferChart brokers={e.brokers} /> : null}
            {r.throttles.commands.apply.length > 0 ? (
              <div className="grid gap-6 xl:grid-cols-2">
                <CopyBlock id="review-apply-commands" title="Set the throttles before --execute" text={r.throttles.commands.apply.join("\n")} />
                <CopyBlock id="review-remove-commands" title="When nothing is moving: remove them" text={r.throttles.commands.remove.join("\n")} />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      {drawer.element}
    </details>
  );
}
