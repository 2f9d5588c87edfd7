/**
 * `/api/plan/apply`: the current apply job (polled every 2 s while one runs) and whether this server
 * allows writes; `startApply` sends a reviewed reassignment with the write token as a Bearer header
 * (never stored).
 */
import useSWR from "swr";
import type { PlanOptionsInput } from "@/lib/plan/options";
import { fetchJson } from "./fetch-json";

export const APPLY_URL = "/api/plan/apply";

export interface JobView {
  state: string;
  startedAt: string;
  finishedAt: string | null;
  log: string[];
  /** What stays changed after the job (a drained dir's cordon), even when it is done. */
  warnings: string[];
  errors: string[];
  progress: { reassigning: string[]; dirMoves: { topic: string; partition: number; broker: number; copiedBytes: number; totalBytes: number }[]; waitingDirs: number } | null;
}

export interface ApplyStatus {
  job: JobView | null;
  writesEnabled: boolean;
}

export function useApplyJob() {
  return useSWR<ApplyStatus>(APPLY_URL, (url: string) => fetchJson(url), {
    refreshInterval: (latest) => (latest?.job && !["done", "failed"].includes(latest.job.state) ? 2000 : 0),
  });
}

export async function startApply(token: string, reassignment: string, options: PlanOptionsInput): Promise<void> {
  await fetchJson(APPLY_URL, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ reassignment, options }),
  });
}
