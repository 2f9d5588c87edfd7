/**
 * POST /api/plan/apply?cluster=<name> — execute a reviewed reassignment on a live cluster (the one named; none = the first configured), as a durable batched job
 * (lib/cluster/writes). The write gate comes first (lib/http/write-access.ts, scope `cluster`: 403 when
 * writes are off, 401 without a token), then 404 for an unknown cluster, 409 `no_live_cluster` for
 * the demo. Body: `{ reassignment: "<JSON>", options?: <the plan's options> }`. The reassignment is
 * re-validated against a fresh scan first; what the plan does beside it is derived from that scan,
 * not taken from the client: a drain's cordons from `options.operation`, the batches from
 * `options.execution`, the throttles from `options.throttle`, and a PREFERRED leader election, after
 * the last batch, for every partition whose first replica changes. The job is stored before anything
 * is sent. 202 with the job once its first batch is submitted; 409 `apply_in_progress` while another
 * job of this cluster has not ended; 409 when Kafka refused the first steps (the job says which).
 * GET /api/plan/apply — the cluster's unfinished job, else its latest (`job`, null when none), and
 * `writesEnabled`: true exactly when a POST carrying a token would pass both the write gate and the
 * live-cluster check. A job left behind by a stopped server is picked up here too.
 */
import { getClusterSnapshot } from "@/lib/cluster/source";
import { liveClusterOf } from "@/lib/http/cluster-param";
import { ApplyBusyError, currentApplyJob, jobView, resumeApplyJobs, startApplyJob } from "@/lib/cluster/writes";
import { drainCordons } from "@/lib/plan/cordons";
import { badRequest, bodyLimitFromEnv, clusterSourceFailure, fail, ok, readBody } from "@/lib/http/respond";
import { authorizeWrite, writeGate } from "@/lib/http/write-access";
import { zodIssues } from "@/lib/model/parse";
import { PlanRequestSchema } from "@/lib/plan";
import { reviewReassignment } from "@/lib/simulate/review";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const live = liveClusterOf(request, "Apply");
  const writesEnabled = writeGate("cluster").ok && live.ok;
  if (!live.ok) {
    const status = live.response.status;
    // An unknown cluster is the caller's mistake; the demo or a broken setting just has no job.
    return status === 404 ? live.response : ok({ job: null, writesEnabled });
  }
  try {
    await resumeApplyJobs();
    const job = await currentApplyJob(live.name);
    return ok({ job: job ? jobView(job) : null, writesEnabled });
  } catch (error) {
    console.error(`Reading the apply job failed: ${(error as Error).message}`);
    return fail("store_unavailable", "The job store cannot be read; see the server log.");
  }
}

export async function POST(request: Request): Promise<Response> {
  const access = authorizeWrite("cluster", request);
  if (!access.ok) return access.response;
  const live = liveClusterOf(request, "Apply");
  if (!live.ok) return live.response;
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024), true);
  if (!body.ok) return body.response;
  const parsed = PlanRequestSchema.safeParse(body.value);
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  if (!parsed.data.reassignment) return badRequest([{ path: "reassignment", message: "send the reassignment JSON that was reviewed" }]);
  let snapshot;
  try {
    snapshot = await getClusterSnapshot({ refresh: true, cluster: live.name });
  } catch (error) {
    return clusterSourceFailure(error);
  }
  const options = parsed.data.options;
  const review = reviewReassignment(snapshot, parsed.data.reassignment, options);
  if (!review.ok) return badRequest([{ path: "reassignment", message: review.error.message }]);
  if (review.value.verdict === "refused") return badRequest([{ path: "reassignment", message: review.value.refusals.join(" ") }]);
  try {
    const { entries, throttles } = review.value;
    const job = await startApplyJob(
      live.connection,
      snapshot,
      { entries, throttles, cordons: drainCordons(snapshot, options.operation) },
      {
        cluster: live.name,
        createdBy: access.label,
        execution: options.execution,
        rates: { replicationBytesPerSecond: options.throttle.replicationBytesPerSecond, alterLogDirsBytesPerSecond: options.throttle.alterLogDirsBytesPerSecond },
      },
    );
    return ok({ job: jobView(job) }, job.status.state === "failed" ? 409 : 202);
  } catch (error) {
    if (error instanceof ApplyBusyError) return fail("apply_in_progress", error.message);
    console.error(`Starting an apply job failed: ${(error as Error).message}`);
    return fail("kafka_error", "The job could not be started; nothing was sent to the cluster. See the server log.");
  }
}
