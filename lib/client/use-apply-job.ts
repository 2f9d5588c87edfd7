/**
 * `/api/plan/apply`: the cluster's apply job (the running one, else the most recent), polled every
 * 2 s until it has finished, and whether this server allows writes. `startApply` sends a reviewed
 * reassignment; `controlApply` and `changeThrottle` ask a running job to pause, resume, cancel or move
 * at other rates (`/api/plan/apply/control`). Each sends the write token as a Bearer header and never
 * stores it; each answers with the job as the server has it after the request.
 */
import useSWR from "swr";
import { jobFinished, type ApplyJobView, type JobRates } from "@/lib/plan/job-model";
import type { PlanOptionsInput } from "@/lib/plan/options";
import { useClusterName, withCluster } from "./cluster-url";
import { fetchJson } from "./fetch-json";

export const APPLY_URL = "/api/plan/apply";
export const APPLY_CONTROL_URL = "/api/plan/apply/control";
/** 2 s: a job polls the cluster every second; the page needs no more than every other poll. */
export const APPLY_POLL_MS = 2000;

export interface ApplyStatus {
  job: ApplyJobView | null;
  writesEnabled: boolean;
}

export type ApplyAction = "pause" | "resume" | "cancel";

export function useApplyJob() {
  return useSWR<ApplyStatus>(withCluster(APPLY_URL, useClusterName()), (url: string) => fetchJson(url), {
    refreshInterval: (latest) => (latest?.job && !jobFinished(latest.job.state) ? APPLY_POLL_MS : 0),
  });
}

function postWithToken(url: string, token: string, body: unknown): Promise<{ job: ApplyJobView }> {
  return fetchJson<{ job: ApplyJobView }>(withCluster(url), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

export async function startApply(token: string, reassignment: string, options: PlanOptionsInput): Promise<ApplyJobView> {
  return (await postWithToken(APPLY_URL, token, { reassignment, options })).job;
}

/** Pause (after the batch in flight), resume, or cancel (in-flight moves reverted, throttles put back). */
export async function controlApply(token: string, jobId: string, action: ApplyAction): Promise<ApplyJobView> {
  return (await postWithToken(APPLY_CONTROL_URL, token, { jobId, action })).job;
}

/** New throttle rates for a running job (bytes/s); a rate left out stays as it is. */
export async function changeThrottle(token: string, jobId: string, rates: Partial<JobRates>): Promise<ApplyJobView> {
  return (await postWithToken(APPLY_CONTROL_URL, token, { jobId, action: "throttle", ...rates })).job;
}
