/**
 * What an apply request asks to run, checked against a fresh scan of the cluster (POST /api/plan/apply,
 * through lib/server/apply.ts): the reviewed reassignment is reviewed again on the scan (Kafka's rules,
 * lib/simulate/review.ts), and what runs beside it is derived from the scan and the plan's options,
 * never taken from the client — a drain's cordons from `options.operation`, the batches from
 * `options.execution`, the throttle rates from `options.throttle`.
 *
 * Pure. The body is checked on the request thread, before the scan (parseApplyRequest); the review
 * runs in a worker thread (applyRequestWork; lib/server/tasks.ts `applyRequest`), since a review of
 * a large reassignment is seconds of CPU the request thread must not spend.
 */
import { zodIssues } from "../model/parse";
import { invalid, success, type Result } from "../model/result";
import type { ClusterSnapshot } from "../model/snapshot";
import type { ExecutionLimits } from "../plan/batches";
import { drainCordons, type CordonChange } from "../plan/cordons";
import type { JobRates } from "../plan/job-model";
import type { PlanOptions } from "../plan/options";
import { PlanRequestSchema } from "../plan/request";
import type { ThrottlePlan } from "../plan/throttle-plan";
import type { ReassignmentEntry } from "../model/reassignment-json";
import { reviewReassignment } from "./review";

/** The job to start: the work (reassignment, throttles, cordons) and how it runs. */
export interface ApplyRequestWork {
  entries: ReassignmentEntry[];
  throttles: ThrottlePlan;
  cordons: CordonChange[];
  execution: ExecutionLimits;
  rates: JobRates;
}

/** The request, as the client sent it: the reviewed reassignment JSON and the plan's options. */
export interface ApplyRequest {
  reassignment: string;
  options: PlanOptions;
}

/** The body `{ reassignment, options? }`: the request, or `bad_request` naming the field to fix. */
export function parseApplyRequest(body: unknown): Result<ApplyRequest> {
  const parsed = PlanRequestSchema.safeParse(body);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  if (!parsed.data.reassignment) return invalid([{ path: "reassignment", message: "send the reassignment JSON that was reviewed" }]);
  return success({ reassignment: parsed.data.reassignment, options: parsed.data.options });
}

/** The request on the scan: the work, or `bad_request` under `reassignment` when Kafka would refuse it now. */
export function applyRequestWork(snapshot: ClusterSnapshot, request: ApplyRequest): Result<ApplyRequestWork> {
  const { options } = request;
  const review = reviewReassignment(snapshot, request.reassignment, options);
  if (!review.ok) return invalid([{ path: "reassignment", message: review.error.message }]);
  if (review.value.verdict === "refused") return invalid([{ path: "reassignment", message: review.value.refusals.join(" ") }]);
  const { entries, throttles } = review.value;
  return success({
    entries,
    throttles,
    cordons: drainCordons(snapshot, options.operation),
    execution: options.execution,
    rates: { replicationBytesPerSecond: options.throttle.replicationBytesPerSecond, alterLogDirsBytesPerSecond: options.throttle.alterLogDirsBytesPerSecond },
  });
}
