/**
 * GET /api/cluster?cluster=<name> → { snapshot, report }. `?refresh=1` scans again now (joining a scan
 * in flight). The cluster is a configured one (lib/cluster/clusters.ts; none named = the first), the
 * demo cluster when none is configured; an unknown name is a 404 listing the names; an unreachable
 * cluster is a 502 (504 on timeout) naming the bootstrap servers and the cause.
 */
import { getClusterSnapshot } from "@/lib/cluster/source";
import { clusterSourceFailure, ok } from "@/lib/http/respond";
import { balanceReport } from "@/lib/model/report";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const refresh = ["1", "true"].includes(params.get("refresh") ?? "");
  try {
    const snapshot = await getClusterSnapshot({ refresh, cluster: params.get("cluster") });
    return ok({ snapshot, report: balanceReport(snapshot) });
  } catch (error) {
    return clusterSourceFailure(error);
  }
}
