"use client";
/**
 * A shared link opened in the planner (`/plan?shared=<id>`): the record read once from
 * `GET /api/snapshots/<id>`, which the server decodes in its worker pool, so the page itself carries
 * only the link's id (a 50 MB link's snapshot is neither decoded on the request thread nor
 * serialised into the page). Not refreshed on focus or reconnect: a link's record never changes.
 * Errors are FetchErrors carrying the server's message.
 */
import { useMemo } from "react";
import useSWR from "swr";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { PlanOptions } from "@/lib/plan/options";
import type { SharedRecord } from "@/lib/share/record";
import { errorMessage, fetchJson } from "./fetch-json";
import { SNAPSHOTS_URL } from "./snapshot-links";

/**
 * What the planner reopens: the link's snapshot and, for a plan link, its goals (`options`) and the
 * reassignment JSON it stored. A snapshot link has neither.
 */
export interface SharedPlanLink {
  id: string;
  snapshot: ClusterSnapshot;
  options: PlanOptions | null;
  reassignmentJson: string | null;
}

export type SharedPlanState = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; shared: SharedPlanLink };

/** `GET /api/snapshots/<id>`: the record, as the worker pool serialised it. */
export function sharedRecordUrl(id: string): string {
  return `${SNAPSHOTS_URL}/${encodeURIComponent(id)}`;
}

/** The planner's view of a record: a scenario's plan is none (the page refuses scenario links before). */
export function sharedPlanOf(record: Pick<SharedRecord, "id" | "kind" | "snapshot" | "plan">): SharedPlanLink {
  const plan = record.kind === "plan" ? record.plan : null;
  return { id: record.id, snapshot: record.snapshot, options: plan?.options ?? null, reassignmentJson: plan?.reassignmentJson ?? null };
}

const LOADING: SharedPlanState = { state: "loading" };

/** The link's record once read; `id` null reads nothing (the page opens no link). */
export function useSharedPlan(id: string | null): SharedPlanState | null {
  const swr = useSWR<SharedRecord>(id === null ? null : sharedRecordUrl(id), (url: string) => fetchJson<SharedRecord>(url), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    // A failed read says why (the pool busy: retry); SWR's own retries would pile on a busy server.
    shouldRetryOnError: false,
  });
  const shared = useMemo(() => (swr.data ? sharedPlanOf(swr.data) : null), [swr.data]);
  if (id === null) return null;
  if (shared) return { state: "ready", shared };
  if (swr.error) return { state: "error", message: errorMessage(swr.error) };
  return LOADING;
}
