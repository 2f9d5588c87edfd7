/**
 * POST /api/plan → `{ plan }` (a rebalance of the given snapshot, or of the current source) or
 * `{ review }` (an existing reassignment JSON validated and estimated). Bad input → 400 naming the
 * field; an unreachable cluster → 502/504 as for /api/cluster.
 */
import { ClusterSourceError, getClusterSnapshot } from "@/lib/cluster/source";
import { badRequest, bodyLimitFromEnv, fail, ok, readBody } from "@/lib/http/respond";
import { zodIssues } from "@/lib/model/parse";
import { planRebalance, PlanRequestSchema, reviewReassignment } from "@/lib/plan";
import { planResponse } from "@/lib/plan/response";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request): Promise<Response> {
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024), true);
  if (!body.ok) return body.response;
  const parsed = PlanRequestSchema.safeParse(body.value);
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  const { options, reassignment } = parsed.data;
  let snapshot = parsed.data.snapshot;
  if (!snapshot) {
    try {
      snapshot = await getClusterSnapshot();
    } catch (error) {
      if (error instanceof ClusterSourceError) return fail(error.status, error.code, error.message);
      throw error;
    }
  }
  if (reassignment !== undefined) {
    const review = reviewReassignment(snapshot, reassignment, options);
    return review.ok ? ok({ review: review.review }) : badRequest([{ path: "reassignment", message: review.message }]);
  }
  return ok({ plan: planResponse(planRebalance(snapshot, options)) });
}
