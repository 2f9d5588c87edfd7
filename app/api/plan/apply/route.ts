/**
 * POST /api/plan/apply — execute a reviewed reassignment on the live cluster, as a durable batched job
 * (lib/cluster/writes). The write gate comes first (lib/http/write-access.ts, scope `cluster`: 403 when
 * writes are off, 401 without a token), then 409 `no_live_cluster` when KAFKA_BOOTSTRAP_SERVERS is not
 * usable. Body: `{ reassignment: "<JSON>", options?: <the plan's options> }`. The reassignment is
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
import { connectionFromEnv } from "@/lib/cluster/connection";
import { getClusterSnapshot } from "@/lib/cluster/source";
import { ApplyBusyError, currentApplyJob, jobView, resumeApplyJobs, startApplyJob } from "@/lib/cluster/writes";
import { drainCordons } from "@/lib/plan/cordons";
import { badRequest, bodyLimitFromEnv, clusterSourceFailure, fail, ok, readBody } from "@/lib/http/respond";
import { authorizeWrite, writeGate } from "@/lib/http/write-access";
import { zodIssues } from "@/lib/model/parse";
import { PlanRequestSchema, reviewReassignment } from "@/lib/plan";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  const connection = connectionFromEnv();
  const writesEnabled = writeGate("cluster").ok && connection.ok;
  if (!connection.ok) return ok({ job: null, writesEnabled });
  try {
    resumeApplyJobs(connection.connection);
    const job = currentApplyJob(connection.connection);
    return ok({ job: job ? jobView(job) : null, writesEnabled });
  } catch (error) {
    console.error(`Reading the apply job failed: ${(error as Error).message}`);
    return fail("store_unavailable", "The job store cannot be read; see the server log.");
  }
}

export async function POST(request: Request): Promise<Response> {
  const access = authorizeWrite("cluster", request);
  if (!access.ok) return access.response;
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
  const options = parsed.data.options;
  const review = reviewReassignment(snapshot, parsed.data.reassignment, options);
  if (!review.ok) return badRequest([{ path: "reassignment", message: review.error.message }]);
  if (review.value.verdict === "refused") return badRequest([{ path: "reassignment", message: review.value.refusals.join(" ") }]);
  try {
    const { entries, throttles } = review.value;
    const job = await startApplyJob(
      connection.connection,
      snapshot,
      { entries, throttles, cordons: drainCordons(snapshot, options.operation) },
      {
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
