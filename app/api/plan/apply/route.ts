/**
 * POST /api/plan/apply?cluster=<name> — execute a reviewed reassignment on a live cluster (the one named; none = the first configured), as a durable batched job
 * (the use-case: lib/server/apply.ts; the job: lib/cluster/writes). The write gate comes first (lib/http/write-access.ts, scope `cluster`: 403 when
 * writes are off, 401 without a token; a refusal is in the audit log), then 404 for an unknown cluster, 409 `no_live_cluster` for
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
import { liveClusterOf } from "@/lib/http/cluster-param";
import { bodyLimitFromEnv, failureResponse, ok, readBody, resultResponse } from "@/lib/http/respond";
import { guardWrite, writeGate } from "@/lib/http/write-access";
import { currentApply, startApply } from "@/lib/server/apply";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const live = liveClusterOf(request, "Apply");
  const writesEnabled = writeGate("cluster").ok && live.ok;
  if (!live.ok) {
    // An unknown cluster is the caller's mistake; the demo or a broken setting just has no job.
    return live.error.code === "unknown_cluster" ? failureResponse(live.error) : ok({ job: null, writesEnabled });
  }
  const job = await currentApply(live.value.name);
  return job.ok ? ok({ job: job.value, writesEnabled }) : resultResponse(job);
}

export async function POST(request: Request): Promise<Response> {
  const access = await guardWrite("cluster", request, { action: "apply-requested", target: "POST /api/plan/apply" });
  if (!access.ok) return failureResponse(access.error);
  const live = liveClusterOf(request, "Apply");
  if (!live.ok) return failureResponse(live.error);
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024), true);
  if (!body.ok) return failureResponse(body.error);
  const started = await startApply({ cluster: live.value.name, connection: live.value.connection, body: body.value, actor: access.value.label });
  if (!started.ok) return resultResponse(started);
  return ok({ job: started.value.job }, started.value.refused ? 409 : 202);
}
