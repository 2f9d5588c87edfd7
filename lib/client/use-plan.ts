/**
 * `POST /api/plan`: a plan for a snapshot and goals, or the review of a reassignment JSON the operator
 * already has. Errors are FetchErrors carrying the server's message.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { PlanOptionsInput } from "@/lib/plan/options";
import type { PlanResponse } from "@/lib/plan/response";
import type { ReviewAnswer } from "@/lib/simulate/review";
import { withCluster } from "./cluster-url";
import { fetchJson } from "./fetch-json";

export const PLAN_URL = "/api/plan";

function postPlan<T>(body: Record<string, unknown>): Promise<T> {
  return fetchJson<T>(withCluster(PLAN_URL), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

export async function requestPlan(snapshot: ClusterSnapshot, options: PlanOptionsInput): Promise<PlanResponse> {
  const { plan } = await postPlan<{ plan: PlanResponse }>({ snapshot, options });
  return plan;
}

export async function requestReview(snapshot: ClusterSnapshot, options: PlanOptionsInput, reassignment: string): Promise<ReviewAnswer> {
  const { review } = await postPlan<{ review: ReviewAnswer }>({ snapshot, options, reassignment });
  return review;
}
