/**
 * POST /api/plan → `{ plan }` (a rebalance of the given snapshot, or of the current source) or
 * `{ review }` (an existing reassignment JSON validated and estimated). Bad input → 400 naming the
 * field; an unreachable cluster → 502/504 as for /api/cluster; work past the time limit → 503.
 * The use-case is lib/server/plan.ts: planning runs in a worker thread, which also parses a body over
 * 1 MB and serialises the answer; this handler reads the body and names the cluster (`?cluster=`;
 * none = the first configured).
 */
import { bodyLimitFromEnv, failureResponse, okJson, readJsonBody, resultResponse } from "@/lib/http/respond";
import { planAnswer } from "@/lib/server/plan";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024));
  if (!read.ok) return failureResponse(read.error);
  const answer = await planAnswer(read.value, new URL(request.url).searchParams.get("cluster"));
  return answer.ok ? okJson(answer.value) : resultResponse(answer);
}
