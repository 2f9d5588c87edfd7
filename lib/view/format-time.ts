/**
 * Times as the dashboard shows them. The capture time is printed in UTC with a fixed format so the
 * server's first paint and the browser's hydration agree (a locale or time zone would differ);
 * the age ("3 min ago") is computed against a clock passed in, never read here.
 */

/** "2026-01-05 09:00:12 UTC", or the input unchanged when it is not a valid time. */
export function formatCapturedAt(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** "just now", "45 s ago", "3 min ago", "2 h ago", "4 days ago"; "" when `iso` is not a time. */
export function formatAge(iso: string, nowMs: number): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return "";
  const seconds = Math.max(0, Math.round((nowMs - ms) / 1000));
  if (seconds < 5) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
