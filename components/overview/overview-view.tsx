"use client";
/**
 * The overview, top to bottom as the answer to "is this cluster balanced, and if not, where?":
 * title bar, verdict (or, when there is no data because loading failed, the one panel that says why),
 * the disk forecast (a live cluster with a history), skew cards, broker × log-dir heatmap beside the
 * next-placement preview, per-broker charts, topic × broker heatmap, throttles & reassignments, then
 * every figure as plain tables.
 * It renders whatever data it is given (the server's model of a live or demo cluster, or the figures of
 * an imported or shared snapshot this tab holds); fetching is the caller's.
 */
import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { OverviewMode } from "@/lib/view/overview/cluster-data";
import { BalanceTables } from "@/components/balance-tables";
import { BrokerDrawer } from "@/components/broker/broker-drawer";
import { BrokerBytesChart } from "@/components/charts/broker-bytes-chart";
import { BrokerPartitionsChart } from "@/components/charts/broker-partitions-chart";
import { BrokerDirCard } from "@/components/heatmap/broker-dir-card";
import { TopicBrokerCard } from "@/components/heatmap/topic-broker-card";
import { NextPlacementCard } from "@/components/placement/next-placement-card";
import { ThrottleFindings } from "@/components/throttles/throttle-doctor";
import { ThrottlesPanel } from "@/components/throttles/throttles-panel";
import type { LoadFailure } from "@/components/ui/widget-state";
import { ClusterActions } from "@/components/share/cluster-actions";
import type { SnapshotOrigin } from "@/lib/share/origin";
import { LoadFailurePanel } from "./load-failure-panel";
import type { OverviewData } from "./overview-data";
import { OverviewHeader } from "./overview-header";
import { ReaderWarnings } from "./reader-warnings";
import { SkewCards } from "./skew-cards";
import { VerdictLine } from "./verdict-line";

export interface OverviewViewProps {
  data: OverviewData | null;
  mode: OverviewMode;
  /** Set when there is no data because loading it failed. */
  failure: LoadFailure | null;
  refreshing?: boolean;
  /** A refresh failed while older data stays on screen. */
  refreshError?: string | null;
  onRefresh?: () => void;
  autoRefresh?: { on: boolean; everyMs: number; set: (on: boolean) => void };
  /** Offer Plan, Simulate, Share and Export in the header for the data shown. */
  shareable?: boolean;
  /** Where the data comes from, so Plan and Simulate open the same snapshot (the current source unless told). */
  origin?: SnapshotOrigin;
  /** The title bar's actions when not `shareable` (a shared link's, with its own origin and labels). */
  actions?: ReactNode;
  /** A line in the title bar that only the caller knows. */
  note?: ReactNode;
  /** What the title bar names while there is no snapshot yet (the bootstrap servers of a live cluster). */
  sourceLabel?: string;
  /** The throttle doctor's findings, when a caller has them. */
  doctor?: ReactNode;
  /** Under the verdict: the disk forecast, when the caller's cluster has a history. */
  forecast?: ReactNode;
}

const CURRENT: SnapshotOrigin = { kind: "current" };

export function OverviewView({
  data,
  mode,
  failure,
  refreshing = false,
  refreshError = null,
  onRefresh,
  autoRefresh,
  shareable = false,
  origin = CURRENT,
  actions,
  note,
  sourceLabel,
  doctor,
  forecast,
}: OverviewViewProps) {
  const [openBroker, setOpenBroker] = useState<number | null>(null);
  const onOpenBroker = useCallback((id: number) => setOpenBroker(id), []);
  const [tablesOpen, setTablesOpen] = useState(false);
  const widget = { data, failure };
  const checks = data?.checks ?? null;
  const drawer = useMemo(
    () => (data ? { report: data.report, snapshot: data.loadBrokerDetail ? null : data.snapshot, loadDetail: data.loadBrokerDetail ?? undefined } : null),
    [data],
  );

  return (
    <div className="flex flex-col gap-5" data-overview={mode}>
      <OverviewHeader
        snapshot={data?.head ?? null}
        mode={mode}
        refreshing={refreshing}
        refreshError={refreshError}
        onRefresh={onRefresh}
        autoRefresh={autoRefresh}
        actions={shareable ? <ClusterActions data={data} origin={origin} /> : actions}
        note={note}
        sourceLabel={sourceLabel}
      />
      {checks ? null : <ReaderWarnings warnings={data?.head.source.warnings ?? []} />}
      {!data && failure ? <LoadFailurePanel failure={failure} /> : <VerdictLine verdict={data?.verdict ?? null} checks={checks} origin={origin} />}
      {forecast}
      {checks?.skewScope ? (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-skew-scope>
          {checks.skewScope}
        </p>
      ) : null}
      {!data && failure ? null : <SkewCards cards={data?.cards ?? null} />}
      <div className="grid gap-5 xl:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
        <BrokerDirCard {...widget} onOpenBroker={onOpenBroker} />
        <NextPlacementCard
          {...widget}
          placements={data?.placements ?? null}
          onOpenBroker={onOpenBroker}
          actions={data?.verdict.findings?.find((f) => f.kind === "placement-trap")?.actions}
          origin={origin}
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <BrokerBytesChart {...widget} />
        <BrokerPartitionsChart {...widget} />
      </div>
      <TopicBrokerCard {...widget} onOpenBroker={onOpenBroker} />
      <ThrottlesPanel {...widget} doctor={doctor ?? (data ? <ThrottleFindings diagnosis={data.doctor} /> : undefined)} />
      {data ? (
        <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" onToggle={(e) => setTablesOpen(e.currentTarget.open)}>
          <summary className="cursor-pointer font-semibold">All figures as tables (brokers and log dirs)</summary>
          {/* Rendered when opened: 1,000 brokers × 12 dirs is 13,000 rows nobody reads unasked. */}
          {tablesOpen ? (
            <div className="mt-4">
              <BalanceTables report={data.report} facts={data.facts} />
            </div>
          ) : null}
        </details>
      ) : null}
      <BrokerDrawer data={drawer} broker={openBroker} onClose={() => setOpenBroker(null)} />
    </div>
  );
}
