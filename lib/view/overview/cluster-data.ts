/**
 * What every overview widget is fed: one snapshot and its balance report. Live and demo data come
 * from `GET /api/cluster` in this shape (the planner reads it; the overview reads its view model); an imported snapshot gets its report computed here.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { balanceReport, type BalanceReport } from "@/lib/model/report";

export interface ClusterData {
  snapshot: ClusterSnapshot;
  report: BalanceReport;
}

export function clusterData(snapshot: ClusterSnapshot): ClusterData {
  return { snapshot, report: balanceReport(snapshot) };
}

/** How the overview got its data, which decides whether it can refresh. */
export type OverviewMode = "live" | "demo" | "import" | "shared";

export function modeOf(snapshot: Pick<ClusterSnapshot, "source">): OverviewMode {
  switch (snapshot.source.kind) {
    case "kafka":
      return "live";
    case "import":
      return "import";
    default:
      return "demo";
  }
}

export const MODE_LABELS: Record<OverviewMode, string> = { live: "live", demo: "demo", import: "import", shared: "shared" };
