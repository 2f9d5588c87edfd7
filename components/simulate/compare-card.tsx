"use client";
/**
 * The headline of the simulator: the same scenario under Kafka's rule and under the two size-aware
 * rules, side by side on one colour scale, with the one-line verdict above and each outcome's own
 * verdict (from the dashboard's verdict line) below its grid.
 */
import { useMemo } from "react";
import { formatCount, formatSkew, formatUtilization } from "@/lib/model/format";
import type { PolicyComparison, PolicyOutcome } from "@/lib/simulate/compare";
import { sameFailures } from "@/lib/simulate/compare-verdict";
import { asReport } from "@/lib/simulate/slim-report";
import { dirBytesSkew, flooredSkewShort, flooredSkewText } from "@/lib/simulate/byte-skew";
import { verdict as reportVerdict, type Verdict } from "@/lib/view/overview/verdict";
import { useBrokerDrawer } from "@/components/broker/use-broker-drawer";
import type { SimulationSnapshots } from "@/components/share/export-sets";
import { LegendBar } from "@/components/heatmap/legend-bar";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";
import { DirGrid } from "./dir-grid";
import { sharedGrids, sharedMetric } from "@/lib/view/overview/shared-grids";

const TONE: Record<Verdict["tone"], string> = {
  ok: "border-emerald-600 dark:border-emerald-500",
  warn: "border-amber-500",
  bad: "border-red-600 dark:border-red-500",
};

function Figures({ outcome }: { outcome: PolicyOutcome }) {
  const { skew } = outcome.report;
  const fullest = skew.fullestDir;
  const r = skew.brokerReplicas;
  const perBroker = r.min === r.max ? `${formatCount(r.max)} each (${formatSkew(r.maxOverMean)})` : `${formatCount(r.min)}–${formatCount(r.max)} (${formatSkew(r.maxOverMean)})`;
  const dirBytes = dirBytesSkew(outcome.report);
  const items: [string, string, string?][] = [
    ["Partitions per broker", perBroker],
    // Below the size floor a ratio is not skew (lib/plan/balanced.ts): the cell says so, the title why.
    ["Bytes per dir, worst broker", flooredSkewShort(dirBytes), flooredSkewText(dirBytes, "dirs")],
    ["Fullest dir", fullest ? `${formatUtilization(fullest.utilization)} (broker ${fullest.broker} ${fullest.path})` : "capacity unknown"],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {items.map(([k, v, why]) => (
        <div key={k} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{k}</dt>
          <dd className="truncate font-medium tabular-nums" title={why ?? v}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** `snapshots`: the clusters behind the outcomes, for the broker drawer (components/simulate/run-snapshots). */
export function CompareCard({ comparison, state, snapshots = null }: { comparison: PolicyComparison | null; state: WidgetState; snapshots?: SimulationSnapshots | null }) {
  const drawer = useBrokerDrawer();
  // A failure shared by every rule is shown once, above the results; an outcome names only its own.
  const chosenFailures = comparison?.outcomes.find((o) => o.chosen)?.failedSteps ?? [];
  const view = useMemo(() => {
    if (!comparison) return null;
    const reports = comparison.outcomes.map((o) => asReport(o.report));
    const metric = sharedMetric(reports);
    return { reports, metric, grids: sharedGrids(reports, metric), verdicts: reports.map((r) => reportVerdict(r)) };
  }, [comparison]);
  return (
    <WidgetCard
      id="policy-compare"
      title="Kafka's rule vs size-aware rules"
      subtitle="The same steps on the same brokers; only the rule that picks each replica's disk differs."
      bodyClassName="min-h-[21rem]"
      state={state}
    >
      {comparison && view ? (
        <div className="flex flex-col gap-3">
          <p className="rounded-md border-l-4 border-blue-600 bg-blue-50 px-3 py-2 text-base leading-snug font-medium dark:bg-blue-950/40" data-compare-verdict>
            {comparison.verdict}
          </p>
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
            {comparison.outcomes.map((o, i) => (
              <section
                key={o.policy}
                aria-labelledby={`outcome-${o.policy}`}
                className={`flex min-w-0 flex-col gap-2 rounded-md border-t-4 bg-zinc-50 p-2 dark:bg-zinc-950/60 ${TONE[view.verdicts[i]!.tone]}`}
                data-outcome={o.policy}
              >
                <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <h3 id={`outcome-${o.policy}`} className="text-sm font-semibold">
                    {o.name}
                  </h3>
                  <span
                    className={`rounded px-1.5 text-[11px] font-semibold ${o.kafka ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "border border-zinc-400 text-zinc-700 dark:text-zinc-300"}`}
                  >
                    {o.kafka ? "what Kafka does" : "not in Kafka"}
                  </span>
                  {o.chosen ? <span className="text-[11px] text-zinc-600 dark:text-zinc-400">· detailed below</span> : null}
                </header>
                <DirGrid
                  grid={view.grids[i]!}
                  report={view.reports[i]!}
                  caption={`${o.name}: ${view.metric === "utilization" ? "utilisation" : "bytes"} and partitions per broker and log dir after the last step`}
                  maxRows={8}
                  moreAt={view.metric === "utilization" ? "in the before/after heatmap below" : "not shown"}
                  onOpenBroker={drawer.opener({ report: view.reports[i]!, snapshot: snapshots?.after(o.policy) ?? null, context: `${o.name}, after the last step` })}
                />
                <Figures outcome={o} />
                <p className="text-xs leading-snug text-zinc-700 dark:text-zinc-300" data-outcome-verdict>
                  {view.verdicts[i]!.headline}
                </p>
                {o.failedSteps.length > 0 && !sameFailures(o.failedSteps, chosenFailures) ? (
                  <p className="text-xs text-red-700 dark:text-red-400">
                    Step {o.failedSteps[0]!.index + 1} failed under this rule: {o.failedSteps[0]!.message}
                  </p>
                ) : null}
              </section>
            ))}
          </div>
          <LegendBar legend={view.grids[0]!.legend} />
        </div>
      ) : null}
      {drawer.element}
    </WidgetCard>
  );
}
