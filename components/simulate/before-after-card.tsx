"use client";
/**
 * Before and after, broker × log dir, on the same colour scale: the dashboard's heatmap when every dir
 * has a known capacity (utilisation has a fixed 0–100 % scale), else compact grids sharing one
 * bytes scale. "After" is the last step by default, or any step picked from the list.
 */
import { useMemo, useState, type ReactNode } from "react";
import { maxOf } from "@/lib/model/min-max";
import { formatBytes, formatCount, formatWholePercent } from "@/lib/model/format";
import type { SimulationStep } from "@/lib/simulate/run-request";
import { asReport, type SlimReport } from "@/lib/simulate/slim-report";
import { verdict } from "@/lib/view/overview/verdict";
import { useBrokerDrawer } from "@/components/broker/use-broker-drawer";
import type { BrokerDrawerData } from "@/components/broker/broker-drawer";
import { BrokerDirHeatmap } from "@/components/heatmap/broker-dir-heatmap";
import { LegendBar } from "@/components/heatmap/legend-bar";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";
import { DirGrid } from "./dir-grid";
import { sharedGrids, sharedMetric } from "@/lib/view/overview/shared-grids";
import type { RunSnapshots } from "./run-snapshots";

interface Props {
  initial: SlimReport | null;
  steps: SimulationStep[];
  state: WidgetState;
  policyName: string;
  /** The snapshots behind the panels, for the broker drawer (components/simulate/run-snapshots). */
  snapshots?: RunSnapshots | null;
}

/** Heatmap row height and chrome (header, borders, gaps, readout, a two-line legend), from components/heatmap/broker-dir-heatmap. */
const ROW_PX = 44;
const CHROME_PX = 32 + 2 + 8 + 40 + 8 + 112;
const MAX_PX = 440;

function Side({ title, report, children }: { title: string; report: SlimReport; children: ReactNode }) {
  const t = report.totals;
  const v = verdict(asReport(report));
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-1.5" data-side={title.toLowerCase().startsWith("before") ? "before" : "after"}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {formatCount(t.brokers)} brokers · {formatCount(t.partitions)} partitions · {formatCount(t.replicas)} replicas · {formatBytes(t.bytes)}
      </p>
      {children}
      <p className="text-xs leading-snug text-zinc-700 dark:text-zinc-300">{v.headline}</p>
    </section>
  );
}

export function BeforeAfterCard({ initial, steps, state, policyName, snapshots = null }: Props) {
  const [pick, setPick] = useState<number | "last">("last");
  const [broker, setBroker] = useState<number | null>(null);
  const afterIndex = pick === "last" || pick >= steps.length ? steps.length - 1 : pick;
  const after = afterIndex >= 0 ? steps[afterIndex]!.report : initial;
  const view = useMemo(() => {
    if (!initial || !after) return null;
    const reports = [asReport(initial), asReport(after)];
    const metric = sharedMetric(reports);
    const columns = maxOf(reports.map((r) => new Set(r.dirs.map((d) => d.path)).size));
    return { reports, metric, columns, grids: metric === "utilization" ? null : sharedGrids(reports, metric) };
  }, [initial, after]);
  const height = view ? Math.min(MAX_PX, Math.max(view.reports[0]!.brokers.length, view.reports[1]!.brokers.length) * ROW_PX + CHROME_PX) : 0;
  const afterTitle = afterIndex < 0 ? "After (no steps)" : afterIndex === steps.length - 1 ? `After the last step (${policyName})` : `After step ${afterIndex + 1} (${policyName})`;
  const drawer = useBrokerDrawer();
  // A broker opens its details in the drawer and, below the panels, its dirs before and after in one line.
  const open = (data: BrokerDrawerData) => (b: number) => {
    setBroker(b);
    drawer.opener(data)(b);
  };
  const sides = view
    ? {
        before: open({ report: view.reports[0]!, snapshot: snapshots?.base ?? null, context: "Before (the base)" }),
        after: open({ report: view.reports[1]!, snapshot: snapshots ? (afterIndex < 0 ? snapshots.base : snapshots.step(afterIndex)) : null, context: afterTitle }),
      }
    : null;
  const brokerLine = (report: SlimReport) =>
    report.dirs
      .filter((d) => d.broker === broker)
      .map((d) => `${d.path} ${d.utilization === null ? formatBytes(d.bytes) : formatWholePercent(d.utilization)} (${d.partitions})`)
      .join(", ") || "not in this cluster";

  return (
    <WidgetCard
      id="before-after"
      title="Before and after"
      subtitle={
        view?.metric === "bytes" ? "Bytes per log dir (capacity unknown), one colour scale for both sides." : "Disk utilisation per log dir, one colour scale for both sides."
      }
      bodyClassName="min-h-[18rem]"
      state={state}
      actions={
        steps.length > 1 ? (
          <label className="flex items-center gap-2 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">After</span>
            <select
              value={String(pick)}
              onChange={(e) => setPick(e.target.value === "last" ? "last" : Number(e.target.value))}
              className="max-w-64 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
              data-after-step
            >
              <option value="last">the last step</option>
              {steps.map((s, i) => (
                <option key={i} value={i}>
                  step {i + 1}: {s.description}
                </option>
              ))}
            </select>
          </label>
        ) : undefined
      }
    >
      {view && initial && after ? (
        <div className="flex flex-col gap-2">
          {/* Side by side while both fit (the heatmap's cells need ~6.5rem each); stacked for wider clusters. */}
          <div className={`grid grid-cols-1 gap-4 ${view.columns <= 3 ? "lg:grid-cols-2" : ""}`}>
            <Side title="Before (the base)" report={initial}>
              {view.grids ? (
                <DirGrid
                  grid={view.grids[0]!}
                  report={view.reports[0]!}
                  caption="Before: bytes and partitions per broker and log dir"
                  maxRows={16}
                  moreAt="not shown in this compact view"
                  onOpenBroker={sides?.before}
                />
              ) : (
                <div style={{ height }}>
                  <BrokerDirHeatmap report={view.reports[0]!} metric="utilization" onOpenBroker={sides?.before ?? setBroker} />
                </div>
              )}
            </Side>
            <Side title={afterTitle} report={after}>
              {view.grids ? (
                <DirGrid
                  grid={view.grids[1]!}
                  report={view.reports[1]!}
                  caption="After: bytes and partitions per broker and log dir"
                  maxRows={16}
                  moreAt="not shown in this compact view"
                  onOpenBroker={sides?.after}
                />
              ) : (
                <div style={{ height }}>
                  <BrokerDirHeatmap report={view.reports[1]!} metric="utilization" onOpenBroker={sides?.after ?? setBroker} />
                </div>
              )}
            </Side>
          </div>
          {view.grids ? <LegendBar legend={view.grids[0]!.legend} /> : null}
          <p role="status" aria-live="polite" className="min-h-5 text-sm" data-broker-compare>
            {broker !== null ? `Broker ${broker} — before: ${brokerLine(initial)}; after: ${brokerLine(after)} (utilisation, partitions in brackets).` : ""}
          </p>
          {drawer.element}
        </div>
      ) : null}
    </WidgetCard>
  );
}
