/**
 * What the history page says about its collector, and why a page has no history to show: the demo is
 * never collected; a live cluster is recorded every interval from the server's start, so an empty
 * history means the first scan has not happened yet, or every scan so far failed (with the last error).
 */
import { formatAge } from "@/lib/model/format";

export interface CollectorFields {
  lastSuccessAt: number | null;
  lastAttemptAt: number | null;
  lastError: string | null;
}

/** "5 min", "2 s", "1 h": how often the collector scans. */
export function intervalWords(ms: number): string {
  if (!(ms > 0)) return "–";
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round((ms / 3_600_000) * 10) / 10} h`;
}

export interface CollectorLine {
  text: string;
  /** The last scan failed: shown as a warning. */
  failing: boolean;
}

/** One line under the page title: how often, when last, and the last error when the last scan failed. */
export function collectorLine(c: CollectorFields, intervalMs: number, nowMs: number): CollectorLine {
  const every = `Recorded every ${intervalWords(intervalMs)}`;
  if (c.lastAttemptAt === null) return { text: `${every}; no scan yet.`, failing: false };
  const attempt = formatAge(new Date(c.lastAttemptAt).toISOString(), nowMs);
  if (c.lastError !== null && c.lastSuccessAt !== c.lastAttemptAt) {
    const success = c.lastSuccessAt === null ? "none has succeeded yet" : `the last success was ${formatAge(new Date(c.lastSuccessAt).toISOString(), nowMs)}`;
    return { text: `${every}; the last scan (${attempt}) failed: ${c.lastError}; ${success}.`, failing: true };
  }
  return { text: `${every}; last scan ${attempt}.`, failing: false };
}

export type EmptyReason = "demo" | "not-yet" | "failing";

/** Why there is nothing to chart: the demo, no scan recorded yet, or only failures so far. */
export function emptyReason(kind: "demo" | "live", c: CollectorFields | null, recordedPoints: number): EmptyReason | null {
  if (kind === "demo") return "demo";
  if (recordedPoints > 0 || (c !== null && c.lastSuccessAt !== null)) return null;
  return c !== null && c.lastAttemptAt !== null ? "failing" : "not-yet";
}

export function emptyMessage(reason: EmptyReason, intervalMs: number): string {
  switch (reason) {
    case "demo":
      return "The demo cluster is not collected: history is recorded for live clusters only. Connect a cluster (KAFKA_BOOTSTRAP_SERVERS, or several with KAFKA_BALANCE_CLUSTERS_FILE) and its history starts with the server.";
    case "not-yet":
      return `Nothing recorded yet. The collector records each live cluster every ${intervalWords(intervalMs)} (KAFKA_BALANCE_COLLECT_INTERVAL_MS) while the server runs; the charts start with its first scan, and a forecast needs about a day of scans.`;
    case "failing":
      return "Nothing recorded yet: every scan of this cluster so far failed (the reason is above). Failed scans are kept as gaps, never as zeros; the charts start with the first scan that succeeds.";
  }
}
