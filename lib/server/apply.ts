/**
 * The apply use-cases (POST and GET /api/plan/apply): start a reviewed reassignment as a durable
 * batched job on a live cluster, and read the cluster's job.
 *
 * Starting: the body checked; a fresh scan of the cluster; the reassignment reviewed again on it, with what runs beside
 * it derived from the scan and the plan's options (lib/simulate/apply-request.ts, in a worker thread);
 * then the job, stored before anything is sent (lib/cluster/writes). The route has checked the write
 * gate and that the cluster is live; statuses are lib/http's.
 */
import type { KafkaConnection } from "@/lib/cluster/connection";
import { getClusterSnapshot, sourceFailure } from "@/lib/cluster/source";
import { currentApplyJob, resumeApplyJobs, startApplyJob } from "@/lib/cluster/writes";
import { errorFailure } from "@/lib/http/error-failure";
import { failure, success, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { jobView, type ApplyJobView } from "@/lib/plan/job-model";
import { parseApplyRequest } from "@/lib/simulate/apply-request";
import { workFailureOf } from "@/lib/workers/pool";
import { runTask } from "./run-task";

export interface ApplyStart {
  /** The configured cluster's name and its connection (a live cluster). */
  cluster: string;
  connection: KafkaConnection;
  /** The request's JSON body: `{ reassignment, options? }`. */
  body: unknown;
  /** Who asked: the write token's label (audit). */
  actor: string;
}

/** The job as started; `refused` when Kafka refused its first steps (the job says which). */
export interface ApplyStarted {
  job: ApplyJobView;
  refused: boolean;
}

/**
 * Starts the job. Failures: `bad_request` naming the field (the body, or the reassignment Kafka would
 * refuse on the fresh scan), the cluster source's codes, `busy` / `work_timed_out` from the worker
 * pool, `apply_in_progress` while another job of the cluster has not ended, `kafka_error` when the job
 * could not be started (nothing was sent).
 */
export async function startApply(start: ApplyStart): Promise<Result<ApplyStarted>> {
  const request = parseApplyRequest(start.body);
  if (!request.ok) return request;
  let snapshot: ClusterSnapshot;
  try {
    snapshot = await getClusterSnapshot({ refresh: true, cluster: start.cluster });
  } catch (error) {
    return sourceFailure(error);
  }
  let work;
  try {
    work = await runTask("applyRequest", { request: request.value, snapshot });
  } catch (error) {
    return workFailureOf(error);
  }
  if (!work.ok) return work;
  const { entries, throttles, cordons, execution, rates } = work.value;
  try {
    const job = await startApplyJob(start.connection, snapshot, { entries, throttles, cordons }, { cluster: start.cluster, createdBy: start.actor, execution, rates });
    return success({ job: jobView(job), refused: job.status.state === "failed" });
  } catch (error) {
    const refused = errorFailure(error);
    if (refused) return refused;
    console.error(`Starting an apply job failed: ${(error as Error).message}`);
    return failure("kafka_error", "The job could not be started; nothing was sent to the cluster. See the server log.");
  }
}

/** The cluster's unfinished job, else its latest (null when none); a job left behind by a stopped server is picked up first. `store_unavailable` when the store cannot be read. */
export async function currentApply(cluster: string): Promise<Result<ApplyJobView | null>> {
  try {
    await resumeApplyJobs();
    const job = await currentApplyJob(cluster);
    return success(job ? jobView(job) : null);
  } catch (error) {
    console.error(`Reading the apply job failed: ${(error as Error).message}`);
    return failure("store_unavailable", "The job store cannot be read; see the server log.");
  }
}
