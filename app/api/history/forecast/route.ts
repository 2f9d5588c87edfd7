/**
 * GET /api/history/forecast?cluster=<name>&limit=<n> → the cluster's forecast table (lib/collector/
 * forecast-table.ts): per log dir the time until 85 %, 95 % and full with a range, the growth it is
 * based on and how sure it is, the first to fill first (at most `limit` dirs; `total` says how many
 * there are); `generated` is null, or for the demo what its generated history is (history-read.ts). Computed in the worker pool once per recorded scan. 400 naming the field, 404 for an
 * unknown cluster, 503 when the pool is busy or the work passes its time limit.
 */
import { resolveCluster } from "@/lib/cluster/clusters";
import { forecastTable } from "@/lib/server/forecast-table";
import { demoForecastTable } from "@/lib/server/history-read";
import { badRequest, fail, failureResponse, ok, workFailure } from "@/lib/http/respond";
import { ForecastQuerySchema } from "@/lib/model/history-query";
import { zodIssues } from "@/lib/model/parse";
import { soonestFirst } from "@/lib/view/history/forecast-order";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const parsed = ForecastQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  const resolved = resolveCluster(parsed.data.cluster);
  if (!resolved.ok) return failureResponse(resolved.error);
  const cluster = resolved.value;
  let table;
  try {
    table = cluster.kind === "demo" ? await demoForecastTable(cluster.name, Date.now()) : { ...(await forecastTable(cluster.name)), generated: null };
  } catch (error) {
    const name = (error as Error | null)?.name;
    if (name === "WorkTimeoutError" || name === "WorkBusyError") return workFailure(error);
    console.error(`The forecast could not be computed: ${(error as Error).message}`);
    return fail("store_unavailable", "The forecast could not be computed from the history; see the server log.");
  }
  const dirs = soonestFirst(table.dirs);
  return ok({
    cluster: table.cluster,
    nowMs: table.nowMs,
    scanAt: table.scanAt,
    fromMs: table.fromMs,
    generated: table.generated,
    total: dirs.length,
    dirs: dirs.slice(0, parsed.data.limit),
  });
}
