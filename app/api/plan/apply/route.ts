/**
 * POST /api/plan/apply — execute a reviewed reassignment on the live cluster. The write gate comes
 * first (lib/http/write-access.ts, scope `cluster`: 403 when writes are off, 401 without the token),
 * then 409 `no_live_cluster` when KAFKA_BOOTSTRAP_SERVERS is not usable.
 * Body: `{ reassignment: "<JSON>", options?: <the plan's options> }`. The reassignment is re-validated
 * against a fresh scan first; what the plan does beside it is derived from that scan, not taken from
 * the client: a drain's cordons from `options.operation` (drainCordons: the dirs, on brokers whose
 * Kafka has `cordoned.log.dirs`, set before anything moves and kept), and a PREFERRED leader election,
 * once the data is in place, for every partition whose first replica the reassignment changes.
 * 202 with the job; 409 while another runs.
 * GET /api/plan/apply — the current job's state and progress, and `writesEnabled`: true exactly when
 * a POST carrying the token would pass both the write gate and the live-cluster check.
 */
import { connectionFromEnv } from "@/lib/cluster/connection";
import { getClusterSnapshot } from "@/lib/cluster/source";
import { ApplyBusyError, currentApplyJob, startApplyJob } from "@/lib/cluster/writes";
import { drainCordons } from "@/lib/plan/cordons";
import { badRequest, bodyLimitFromEnv, clusterSourceFailure, fail, ok, readBody } from "@/lib/http/respond";
import { requireWriteAccess, writeGate } from "@/lib/http/write-access";
import { zodIssues } from "@/lib/model/parse";
import { PlanRequestSchema, reviewReassignment } from "@/lib/plan";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  const writesEnabled = writeGate("cluster").ok && connectionFromEnv().ok;
  return ok({ job: currentApplyJob(), writesEnabled });
}

export async function POST(request: Request): Promise<Response> {
  const denied = requireWriteAccess("cluster", request);
  if (denied) return denied;
  const connection = connectionFromEnv();
  if (!connection.ok) return fail("no_live_cluster", "Apply needs a live cluster: set KAFKA_BOOTSTRAP_SERVERS.");
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024), true);
  if (!body.ok) return body.response;
  const parsed = PlanRequestSchema.safeParse(body.value);
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  if (!parsed.data.reassignment) return badRequest([{ path: "reassignment", message: "send the reassignment JSON that was reviewed" }]);
  let snapshot;
  try {
    snapshot = await getClusterSnapshot({ refresh: true });
  } catch (error) {
    return clusterSourceFailure(error);
  }
  const review = reviewReassignment(snapshot, parsed.data.reassignment, parsed.data.options);
  if (!review.ok) return badRequest([{ path: "reassignment", message: review.error.message }]);
  if (review.value.verdict === "refused") return badRequest([{ path: "reassignment", message: review.value.refusals.join(" ") }]);
  try {
    const { entries, throttles } = review.value;
    const job = await startApplyJob(connection.connection, snapshot, { entries, throttles, cordons: drainCordons(snapshot, parsed.data.options.operation) });
    return ok({ job }, job.state === "failed" ? 409 : 202);
  } catch (error) {
    if (error instanceof ApplyBusyError) return fail("apply_in_progress", error.message);
    return fail("kafka_error", "The cluster refused or did not answer; nothing further was sent.");
  }
}
