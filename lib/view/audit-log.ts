/**
 * The audit log as the audit page lists it: one row per write to a cluster (or per operator request
 * that leads to writes), newest first as the API sends them, with the action in words and the result
 * marked in words as well as colour.
 *
 * The entry is AuditEntry (lib/cluster/writes/job-model.ts); the view names the fields it reads, as
 * it may not import that I/O folder. An action this list does not know is shown as it is named.
 */
import { formatCapturedAt } from "@/lib/model/format";

export interface AuditEntryFields {
  seq: number;
  at: string;
  cluster: string;
  actor: string;
  jobId: string | null;
  action: string;
  target: string;
  result: "ok" | "refused" | "error";
  detail: string;
}

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
};

export const AUDIT_RESULT_LABELS: Record<AuditEntryFields["result"], string> = { ok: "OK", refused: "Refused", error: "Error" };

/** What the page says when nothing has been written from this server. */
export const AUDIT_EMPTY =
  "Nothing has been written to a cluster from here yet. Every write an apply makes (throttles, cordons, reassignments, dir moves, leader elections) every apply, pause, resume, cancel and throttle change asked for, and every job one instance took over from another, is listed here, newest first.";

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
  result: AuditEntryFields["result"];
  resultText: string;
  detail: string;
  cluster: string;
  jobId: string | null;
}

export function auditRows(entries: ReadonlyArray<AuditEntryFields>): AuditRow[] {
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
