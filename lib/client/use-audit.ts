/**
 * `GET /api/audit`: one page of the audit log, newest first (every write to the cluster, every operator
 * request that leads to writes, every write refused for its token), for the page's filters and cursor
 * (lib/view/apply/audit-log.ts builds the query). Read without a token: entries name the token's label,
 * never the token.
 */
import useSWR from "swr";
import type { AuditPageData } from "@/lib/view/apply/audit-log";
import { fetchJson } from "./fetch-json";

export const AUDIT_URL = "/api/audit";
/** 50: a screen or two of rows; the pager reaches the rest. */
export const AUDIT_PAGE_SIZE = 50;
/** 10 s: the log grows while a job runs; nobody reads it second by second. */
const AUDIT_REFRESH_MS = 10_000;

/** The page for a query (auditQuery()); the page shown stays while the next one loads. */
export function useAudit(query: string) {
  return useSWR<AuditPageData>(`${AUDIT_URL}?${query}`, (url: string) => fetchJson(url), { refreshInterval: AUDIT_REFRESH_MS, keepPreviousData: true });
}
