/**
 * POST /api/plan → `{ plan }` (a rebalance of the given snapshot, or of the current source) or
 * `{ review }` (an existing reassignment JSON validated and estimated). Bad input → 400 naming the
 * field; an unreachable cluster → 502/504 as for /api/cluster; work past the time limit → 503.
 * Planning runs in a worker thread (lib/workers); this handler reads the body and the current source
 * (the cluster `?cluster=` names; none = the first configured).
 */
import { getClusterSnapshot } from "@/lib/cluster/source";
import { bodyLimitFromEnv, clusterSourceFailure, readBody, resultResponse, workFailure } from "@/lib/http/respond";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { runTask } from "@/lib/workers/pool";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request): Promise<Response> {
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024), true);
  if (!body.ok) return body.response;
  const raw = body.value;
  const hasSnapshot = raw !== null && typeof raw === "object" && !Array.isArray(raw) && (raw as { snapshot?: unknown }).snapshot !== undefined;
  let current: ClusterSnapshot | null = null;
  if (!hasSnapshot) {
    try {
      current = await getClusterSnapshot({ cluster: new URL(request.url).searchParams.get("cluster") });
    } catch (error) {
      return clusterSourceFailure(error);
    }
  }
  try {
    return resultResponse(await runTask("plan", { body: raw, current }));
  } catch (error) {
    return workFailure(error);
  }
}
