"use client";
/**
 * What a plan does: its status in one sentence (and whether the goals changed since), the summary an
 * operator signs off on (moves, duration at the chosen throttle, the bottleneck broker), the goals
 * met or not and why, the quality figures (bytes moved against the lower bound and against Kafka's
 * own `--generate`), what a removal or drain moved off and what it could not, the leadership changes,
 * before/after heatmaps on the same utilisation scale, the moves one by one, the transfer per broker,
 * and the artefacts to run it by hand, in the order to run them (cordons, throttles, the reassignment,
 * the election, removing the throttles), with the JSON files and the rollback.
 */
import { useMemo, type Ref } from "react";
import { HeatmapPair } from "./heatmap-pair";
import { useBrokerDrawer } from "@/components/broker/use-broker-drawer";
import { afterReassignmentLoader } from "@/lib/client/simulated-snapshot";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { formatCountOf, formatDuration } from "@/lib/model/format";
import { planBatches } from "@/lib/plan/batches";
import type { PlanResponse } from "@/lib/plan/response";
import { dirFigures, qualityFigures, worsenedGoals } from "@/lib/view/plan/plan-goals";
import type { ResultStatus } from "@/lib/view/plan/plan-status";
import { HandRun } from "./hand-run";
import { GoalsTable } from "./goals-table";
import { MovesTable } from "./moves-table";
import { EvacuationSummary, LeadershipSummary } from "./plan-extras";
import { ResultStatusLine } from "./result-status";
import { TransferChart } from "./transfer-chart";

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="text-xs text-zinc-600 dark:text-zinc-400">{label}</div>
      <div className="text-xl font-semibold tabular-nums">{value}</div>
      {hint ? <div className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</div> : null}
    </div>
  );
}

interface Props {
  plan: PlanResponse;
  /** The snapshot the plan was made for: the "before" heatmap's broker details, and the "after" one's base. */
  snapshot: ClusterSnapshot;
  status: ResultStatus;
  /** The goals changed since this plan was made. */
  stale: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}

export function PlanResult({ plan, snapshot, status, stale, headingRef }: Props) {
  const drawer = useBrokerDrawer();
  const e = plan.estimate;
  const bottleneck = e.bottleneck ? `broker ${e.bottleneck.broker} (${e.bottleneck.limitedBy} rate)` : "none";
  // The apply's batches (the planner's, from the same snapshot and options): the hand-run's files.
  const worse = worsenedGoals(plan);
  const batches = useMemo(() => planBatches(snapshot, plan.entries, plan.options.execution), [snapshot, plan]);
  return (
    <section
      aria-labelledby="plan-result-title"
      className={`grid gap-6 ${stale ? "rounded-lg border-2 border-dashed border-zinc-400 p-3 dark:border-zinc-600" : ""}`}
      data-plan-result
      data-stale={stale || undefined}
    >
      <div className="grid gap-3">
        <h2
          id="plan-result-title"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-4 text-lg font-semibold focus:outline-none focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          The plan
        </h2>
        {/* What the snapshot has no figures for comes first: every figure below is read without it. */}
        {plan.warnings.length > 0 ? (
          <ul aria-label="Warnings" className="grid gap-1 text-sm">
            {plan.warnings.map((w) => (
              <li
                key={w}
                className="rounded border border-amber-300 bg-amber-50 px-3 py-1.5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
                data-plan-warning
              >
                {w}
              </li>
            ))}
          </ul>
        ) : null}
        <ResultStatusLine status={status} stale={stale} staleText="The goals changed after this plan was made: it shows the previous goals. Press Plan to update it." of="plan" />
        {worse.length > 0 ? (
          <ul aria-label="Made worse by the plan" className="grid gap-1 text-sm">
            {worse.map((w) => (
              <li
                key={w}
                className="rounded border border-amber-300 bg-amber-50 px-3 py-1.5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
                data-plan-worse
              >
                {w}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <section aria-label="Plan summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Figure label="Moves" value={String(plan.movesTotal)} hint={formatCountOf(plan.entries.length, "partition")} />
        <Figure label="Estimated duration" value={formatDuration(e.seconds)} hint={`bottleneck: ${bottleneck}`} />
        <Figure label="Leadership changes" value={String(plan.leadership.changes.length)} hint="by reordering replicas, no bytes" />
        {dirFigures(plan).map((f) => (
          <Figure key={f.label} label={f.label} value={f.value} hint={f.hint} />
        ))}
      </section>
      <GoalsTable goals={plan.goals} />
      <section aria-labelledby="plan-quality-title" className="grid gap-2">
        <h3 id="plan-quality-title" className="text-base font-semibold">
          Quality
        </h3>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-plan-quality>
          {qualityFigures(plan).map((f) => (
            <Figure key={f.label} label={f.label} value={f.value} hint={f.hint} />
          ))}
        </div>
      </section>
      {plan.evacuation ? <EvacuationSummary operation={plan.options.operation} evacuation={plan.evacuation} /> : null}
      {plan.leadership.changes.length > 0 ? <LeadershipSummary leadership={plan.leadership} /> : null}
      <HeatmapPair
        idPrefix="plan"
        heading="h3"
        before={{ report: plan.before, title: "Before — utilisation", onOpenBroker: drawer.opener({ report: plan.before, snapshot, context: "Before the plan" }) }}
        after={{
          report: plan.after,
          title: "After — utilisation (same scale)",
          onOpenBroker: drawer.opener({ report: plan.after, snapshot: afterReassignmentLoader(snapshot, plan.entries), context: "After the plan" }),
        }}
      />
      {plan.movesTotal > 0 ? <MovesTable moves={plan.moves} total={plan.movesTotal} rates={plan.options.throttle} /> : null}
      <section aria-labelledby="plan-transfer-title">
        <h3 id="plan-transfer-title" className="mb-2 text-base font-semibold">
          Data each broker moves
        </h3>
        {e.brokers.length > 0 ? <TransferChart brokers={e.brokers} /> : <p className="text-sm">No data moves.</p>}
        <ul className="mt-2 list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">
          {e.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </section>
      <HandRun
        idPrefix="plan"
        heading="h3"
        snapshot={snapshot}
        bootstrapServer={plan.options.bootstrapServer}
        entries={plan.entries}
        batches={batches}
        cordons={plan.cordons}
        throttles={plan.throttles}
        leadershipChanges={plan.leadership.changes}
        estimate={plan.estimate}
        wholeJson={plan.entries.length > 0 ? { name: "plan.json", text: plan.reassignmentJson } : null}
      />
      {drawer.element}
    </section>
  );
}
