/**
 * The audit log as the audit page lists it: one row per write to a cluster (or per operator request
 * that leads to writes, or per write refused for its token), newest first as the API sends them, with
 * the action in words and the result marked in words as well as colour; a page at a time (the API's
 * cursors), filtered by cluster, actor, action, result and a time range given in UTC.
 *
 * The entry is AuditEntry (lib/plan/job-model.ts). An action this list does not know is shown as it
 * is named.
 */
import { formatCapturedAt } from "@/lib/model/format";
import type { AuditEntry } from "@/lib/plan/job-model";

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  "apply-requested": "Apply requested",
  pause: "Pause requested",
  resume: "Resume requested",
  cancel: "Cancel requested",
  throttle: "Throttle change requested",
  "alter-configs": "Configs set",
  "change-throttle": "Throttle changed",
  "alter-partition-reassignments": "Partitions reassigned",
  "cancel-reassignments": "Reassignments cancelled",
  "cancel-dir-moves": "Dir moves cancelled",
  "alter-replica-log-dirs": "Replicas moved between dirs",
  "elect-leaders": "Preferred leaders elected",
  "take-over": "Job taken over by another instance",
  "apply-control": "Job control requested",
  "list-links": "Shared links listed",
  "delete-link": "Shared link deleted",
};

export const AUDIT_RESULT_LABELS: Record<AuditEntry["result"], string> = { ok: "OK", refused: "Refused", error: "Error" };

/** What the page says when nothing has been written from this server. */
export const AUDIT_EMPTY =
  "Nothing has been written to a cluster from here yet. Every write an apply makes (throttles, cordons, reassignments, dir moves, leader elections), every apply, pause, resume, cancel and throttle change asked for, every write refused for a missing or wrong token, and every job one instance took over from another, is listed here, newest first.";

/** What the page says when entries exist but none matches the filters. */
export const AUDIT_NO_MATCH = "No entry matches these filters. Clear them, or widen the time range.";

/** The page's filters as the form holds them: "" is any. Times are `YYYY-MM-DDTHH:MM` in UTC (a datetime-local input's value). */
export interface AuditFilters {
  cluster: string;
  actor: string;
  action: string;
  result: "" | AuditEntry["result"];
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { cluster: "", actor: "", action: "", result: "", from: "", to: "" };

/** Where a page starts: the newest entries, or those older than / newer than an entry's seq. */
export type AuditCursor = { kind: "newest" } | { kind: "before"; seq: number } | { kind: "after"; seq: number };

/** A datetime-local value (UTC, minutes or seconds) as an ISO instant; `end` takes the minute's last millisecond, so "to 09:00" includes 09:00:59. */
function utcInstant(value: string, end: boolean): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}:${m[3] ?? "00"}Z`);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + (end ? (m[3] === undefined ? 59_999 : 999) : 0)).toISOString();
}

/** The query string of GET /api/audit for these filters, this cursor and page size (no leading "?"). */
export function auditQuery(filters: AuditFilters, cursor: AuditCursor, limit: number): string {
  const q = new URLSearchParams();
  q.set("limit", String(limit));
  if (cursor.kind !== "newest") q.set(cursor.kind, String(cursor.seq));
  for (const key of ["cluster", "actor", "action", "result"] as const) if (filters[key].trim() !== "") q.set(key, filters[key].trim());
  const from = utcInstant(filters.from, false);
  const to = utcInstant(filters.to, true);
  if (from) q.set("from", from);
  if (to) q.set("to", to);
  return q.toString();
}

export function filtersActive(filters: AuditFilters): boolean {
  return Object.values(filters).some((v) => v.trim() !== "");
}

/** One page as GET /api/audit answers it. */
export interface AuditPageData {
  entries: AuditEntry[];
  total: number;
  position: number;
  older: number | null;
  newer: number | null;
}

/** The page's heading and its pager's state, true to what was read. */
export function auditPageSummary(page: AuditPageData, filtered: boolean): { heading: string; hasOlder: boolean; hasNewer: boolean } {
  const n = page.entries.length;
  const of = filtered ? `${page.total.toLocaleString("en-US")} matching` : page.total.toLocaleString("en-US");
  const heading =
    n === 0
      ? `No entries on this page (${of} in all)`
      : `Entries ${(page.position + 1).toLocaleString("en-US")}–${(page.position + n).toLocaleString("en-US")} of ${of}, newest first`;
  return { heading, hasOlder: page.older !== null, hasNewer: page.newer !== null };
}

/** The action filter's choices: every action this list names, in words. */
export function auditActionOptions(): { value: string; label: string }[] {
  return Object.entries(AUDIT_ACTION_LABELS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export interface AuditRow {
  key: string;
  time: string;
  /** The machine-readable time, for `<time dateTime>`. */
  at: string;
  actor: string;
  action: string;
  /** The action as the server names it (`alter-configs`). */
  actionCode: string;
  target: string;
  result: AuditEntry["result"];
  resultText: string;
  detail: string;
  cluster: string;
  jobId: string | null;
}

export function auditRows(entries: ReadonlyArray<AuditEntry>): AuditRow[] {
  return entries.map((e) => ({
    key: String(e.seq),
    time: formatCapturedAt(e.at),
    at: e.at,
    actor: e.actor,
    action: AUDIT_ACTION_LABELS[e.action] ?? e.action,
    actionCode: e.action,
    target: e.target,
    result: e.result,
    resultText: AUDIT_RESULT_LABELS[e.result],
    detail: e.detail,
    cluster: e.cluster,
    jobId: e.jobId,
  }));
}
