/**
 * `GET /api/audit`: the audit log's latest entries, newest first (every write to the cluster and every
 * operator request that leads to writes). Read without a token: entries name the token's label, never
 * the token.
 */
import useSWR from "swr";
import type { AuditEntry } from "@/lib/plan/job-model";
import { fetchJson } from "./fetch-json";

export const AUDIT_URL = "/api/audit";
/** 200: a day of a busy apply's writes, enough to read on one page. */
export const AUDIT_PAGE_SIZE = 200;
/** 10 s: the log grows while a job runs; nobody reads it second by second. */
const AUDIT_REFRESH_MS = 10_000;

export function auditUrl(limit: number = AUDIT_PAGE_SIZE): string {
  return `${AUDIT_URL}?limit=${limit}`;
}

export function useAudit(limit: number = AUDIT_PAGE_SIZE) {
  return useSWR<{ entries: AuditEntry[] }>(auditUrl(limit), (url: string) => fetchJson(url), { refreshInterval: AUDIT_REFRESH_MS });
}
