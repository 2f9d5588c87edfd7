"use client";
/**
 * The actions of a page showing one cluster (the overview of the live or demo cluster, of an import,
 * of a shared link): plan or simulate THIS snapshot, share it, export it.
 */
import Link from "next/link";
import { useMemo } from "react";
import { plannerPath, simulatorPath, type SnapshotOrigin } from "@/lib/share/origin";
import type { OverviewData } from "@/components/overview/overview-data";
import { resolveSnapshot } from "@/lib/client/use-snapshot-behind";
import { isDirMetric, type DirMetric } from "@/lib/view/common/dir-metric";
import { clusterExportSets } from "./export-sets";
import { ShareExportActions } from "./share-export-actions";
import { actionButton } from "./share-button";

interface Props {
  data: OverviewData | null;
  origin: SnapshotOrigin;
  /** "Share a copy" on a shared link: a recipient can pass it on with more hidden. */
  shareLabel?: string;
}

/** The metric the page's heatmap shows right now (its card owns that state), so the PNG matches the screen. */
function shownMetric(data: OverviewData): DirMetric {
  const shown = document.querySelector('[data-heatmap="broker-dir"]')?.getAttribute("data-metric") ?? "";
  if (isDirMetric(shown)) return shown;
  return data.report.dirs.some((d) => d.utilization !== null) ? "utilization" : "bytes";
}

export function ClusterActions({ data, origin, shareLabel }: Props) {
  const exports = useMemo(() => (data ? clusterExportSets(data, () => shownMetric(data)) : null), [data]);
  const snapshot = data?.snapshot ?? null;
  return (
    <>
      <Link href={simulatorPath(origin)} className={actionButton} data-open-simulator>
        Simulate
      </Link>
      <Link href={plannerPath(origin)} className={actionButton} data-open-planner>
        Plan a rebalance
      </Link>
      {/* A cluster the server reads is fetched whole only when someone shares it. */}
      <ShareExportActions share={snapshot ? async () => ({ kind: "snapshot", snapshot: await resolveSnapshot(snapshot) }) : null} exports={exports} shareLabel={shareLabel} />
    </>
  );
}
