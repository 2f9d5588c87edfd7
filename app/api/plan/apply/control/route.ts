/**
 * POST /api/plan/apply/control — pause (after the current batch), resume, cancel (Kafka's cancel:
 * in-flight moves reverted, throttles put back) or change the throttle rates of a running apply job.
 * Guarded like the apply itself (scope `cluster`; a refusal is in the audit log); the token's label is recorded in the audit log.
 * Body (ApplyControlSchema): `{ jobId, action: "pause" | "resume" | "cancel" }` or
 * `{ jobId, action: "throttle", replicationBytesPerSecond?, alterLogDirsBytesPerSecond? }`.
 * 202 with the job (the runner acts at its next poll, at once when it runs in this process);
 * 404 `job_not_found`; 409 `job_finished` when the job has ended or is being cancelled.
 */
import { controlApplyJob, getApplyJob, jobView, resumeApplyJobs } from "@/lib/cluster/writes";
import { errorFailure } from "@/lib/http/error-failure";
import { badRequest, fail, failureResponse, ok, readBody } from "@/lib/http/respond";
import { guardWrite } from "@/lib/http/write-access";
import { liveClusterOf } from "@/lib/http/cluster-param";
import { zodIssues } from "@/lib/model/parse";
import { ApplyControlSchema } from "@/lib/plan/apply-request";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request): Promise<Response> {
  const access = await guardWrite("cluster", request, { action: "apply-control", target: "POST /api/plan/apply/control" });
  if (!access.ok) return failureResponse(access.error);
  const live = liveClusterOf(request, "Controlling an apply");
  if (!live.ok) return failureResponse(live.error);
  const body = await readBody(request, 64 * 1024, true);
  if (!body.ok) return failureResponse(body.error);
  const parsed = ApplyControlSchema.safeParse(body.value);
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  const { jobId, ...action } = parsed.data;
  const { name } = live.value;
  try {
    const existing = await getApplyJob(jobId);
    if (existing && existing.cluster !== name) return fail("job_not_found", `Apply job ${jobId} is not a job of cluster ${name}.`);
    const job = await controlApplyJob(jobId, action, access.value.label);
    await resumeApplyJobs();
    return ok({ job: jobView(job) }, 202);
  } catch (error) {
    const refused = errorFailure(error);
    if (refused) return failureResponse(refused.error);
    console.error(`Controlling apply job ${jobId} failed: ${(error as Error).message}`);
    return fail("store_unavailable", "The job store cannot be written; see the server log.");
  }
}
