"use client";
/**
 * The overview, top to bottom as the answer to "is this cluster balanced, and if not, where?":
 * title bar, verdict (or, when there is no data because loading failed, the one panel that says why),
 * the disk forecast (a live cluster with a history), skew cards, broker × log-dir heatmap beside the
 * next-placement preview, per-broker charts, topic × broker heatmap, throttles & reassignments, then
 * every figure as plain tables.
 * It renders whatever data it is given (live, demo, imported or shared); fetching is the caller's.
 */
import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { ClusterData, OverviewMode } from "@/lib/view/cluster-data";
import { kafkaVersionsOf, nextPlacements } from "@/lib/view/next-placement";
import { skewCards } from "@/lib/view/skew-cards";
import { importChecks } from "@/lib/view/import-checks";
import { verdict } from "@/lib/view/verdict";
import { BalanceTables } from "@/components/balance-tables";
import { BrokerDrawer } from "@/components/broker/broker-drawer";
import { BrokerBytesChart } from "@/components/charts/broker-bytes-chart";
import { BrokerPartitionsChart } from "@/components/charts/broker-partitions-chart";
import { BrokerDirCard } from "@/components/heatmap/broker-dir-card";
import { TopicBrokerCard } from "@/components/heatmap/topic-broker-card";
import { NextPlacementCard } from "@/components/placement/next-placement-card";
import { ThrottleDoctor } from "@/components/throttles/throttle-doctor";
import { ThrottlesPanel } from "@/components/throttles/throttles-panel";
import type { LoadFailure } from "@/components/ui/widget-state";
import { ClusterActions } from "@/components/share/cluster-actions";
import type { SnapshotOrigin } from "@/lib/snapshots/origin";
import { LoadFailurePanel } from "./load-failure-panel";
import { OverviewHeader } from "./overview-header";
import { ReaderWarnings } from "./reader-warnings";
import { SkewCards } from "./skew-cards";
import { VerdictLine } from "./verdict-line";

export interface OverviewViewProps {
  data: ClusterData | null;
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

export function OverviewView({ data, mode, failure, refreshing = false, refreshError = null, onRefresh, autoRefresh, shareable = false, origin = CURRENT, actions, note, sourceLabel, doctor, forecast }: OverviewViewProps) {
  const [openBroker, setOpenBroker] = useState<number | null>(null);
  const onOpenBroker = useCallback((id: number) => setOpenBroker(id), []);
  const placements = useMemo(() => (data ? nextPlacements(data.report, kafkaVersionsOf(data.snapshot)) : null), [data]);
  const summary = useMemo(
    () => (data && placements ? { verdict: verdict(data.report, { placements, reassignments: data.snapshot.throttles.reassignments.length }), cards: skewCards(data.report) } : null),
    [data, placements],
  );
  const widget = { data, failure };
  const checks = data ? importChecks(data.snapshot.source) : null;

  return (
    <div className="flex flex-col gap-5" data-overview={mode}>
      <OverviewHeader snapshot={data?.snapshot ?? null} mode={mode} refreshing={refreshing} refreshError={refreshError} onRefresh={onRefresh} autoRefresh={autoRefresh} actions={shareable ? <ClusterActions data={data} origin={origin} /> : actions} note={note} sourceLabel={sourceLabel} />
      {checks ? null : <ReaderWarnings warnings={data?.snapshot.source.warnings ?? []} />}
      {!data && failure ? <LoadFailurePanel failure={failure} /> : <VerdictLine verdict={summary?.verdict ?? null} checks={checks} />}
      {forecast}
      {!data && failure ? null : <SkewCards cards={summary?.cards ?? null} />}
      <div className="grid gap-5 xl:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
        <BrokerDirCard {...widget} onOpenBroker={onOpenBroker} />
        <NextPlacementCard {...widget} placements={placements} onOpenBroker={onOpenBroker} />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <BrokerBytesChart {...widget} />
        <BrokerPartitionsChart {...widget} />
      </div>
      <TopicBrokerCard {...widget} onOpenBroker={onOpenBroker} />
      <ThrottlesPanel {...widget} doctor={doctor ?? (data ? <ThrottleDoctor snapshot={data.snapshot} /> : undefined)} />
      {data ? (
        <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <summary className="cursor-pointer font-semibold">All figures as tables (brokers and log dirs)</summary>
          <div className="mt-4">
            <BalanceTables report={data.report} />
          </div>
        </details>
      ) : null}
      <BrokerDrawer data={data} broker={openBroker} onClose={() => setOpenBroker(null)} />
    </div>
  );
}
