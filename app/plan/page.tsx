import type { Metadata } from "next";
import { PlanWorkbench } from "@/components/plan/plan-workbench";
import { resolveCluster } from "@/lib/cluster/clusters";
import { connectionLabel } from "@/lib/cluster/connection";
import { formFromQuery } from "@/lib/view/plan/plan-form";
import { sharedPlanLink } from "@/lib/links/open";
import { originFromParams } from "@/lib/share/origin";
import { PageHeader } from "@/components/shell/page-header";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Plan" };

export default async function PlanPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const origin = originFromParams(params);
  // Only the link's row is read here; the browser fetches the record, decoded in the worker pool.
  const opened = origin.kind === "shared" ? await sharedPlanLink(origin.id) : null;
  const resolved = resolveCluster(typeof params.cluster === "string" ? params.cluster : null);
  const connection = resolved.ok && resolved.value.kind === "live" ? resolved.value.connection : null;
  const live = connection?.ok === true;
  // What the commands name as --bootstrap-server for the live cluster: its servers, never credentials.
  const bootstrap = connection?.ok ? connectionLabel(connection.value) : null;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Rebalancing planner"
        subtitle="Rebalance, fill new brokers, remove brokers or drain a disk: the fewest bytes that meet the goals you rank, with the throttles that protect production and an honest estimate of how long it takes."
      />
      {opened && !opened.ok ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          {opened.error.message} Showing a new plan for the current cluster instead.
        </p>
      ) : null}
      <PlanWorkbench
        sourceLabel={live ? "the live cluster" : "the demo cluster"}
        bootstrap={bootstrap}
        imported={origin.kind === "imported"}
        shared={opened?.ok ? opened.value : undefined}
        initialForm={formFromQuery(params)}
      />
    </div>
  );
}
