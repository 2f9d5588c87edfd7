/**
 * GET /api/cluster → { snapshot, report }. `?refresh=1` scans again now (joining a scan in flight).
 * Live when KAFKA_BOOTSTRAP_SERVERS is set, the demo cluster otherwise; an unreachable cluster is a
 * 502 (504 on timeout) naming the bootstrap servers and the cause.
 */
import { getClusterSnapshot } from "@/lib/cluster/source";
import { clusterSourceFailure, ok } from "@/lib/http/respond";
import { balanceReport } from "@/lib/model/report";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const refresh = ["1", "true"].includes(new URL(request.url).searchParams.get("refresh") ?? "");
  try {
    const snapshot = await getClusterSnapshot({ refresh });
    return ok({ snapshot, report: balanceReport(snapshot) });
  } catch (error) {
    return clusterSourceFailure(error);
  }
}
