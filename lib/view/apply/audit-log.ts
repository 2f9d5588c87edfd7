/**
 * The audit log as the audit page lists it: one row per write to a cluster (or per operator request
 * that leads to writes), newest first as the API sends them, with the action in words and the result
 * marked in words as well as colour.
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
};

export const AUDIT_RESULT_LABELS: Record<AuditEntry["result"], string> = { ok: "OK", refused: "Refused", error: "Error" };

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
