/**
 * The moments plans were applied, as marks on the history charts: an apply job that ran for a visible
 * stretch of the window is a shaded area from its start to its end (to the window's end while it still
 * runs); one too short to see at the window's scale is a line at its start. Each mark has a label for
 * the chart and a sentence for the table and screen readers.
 *
 * The view names the fields it reads of the store's AppliedPlan (id, start, end or null, job state).
 * Marks lie inside the window, oldest first; a job entirely outside it has none.
 */
import { formatPointTime } from "../common/time-ticks";

export interface AppliedPlanFields {
  id: string;
  startedAt: number;
  finishedAt: number | null;
  /** The apply job's state (lib/plan/job-model.ts): "done", "running", "cancelled" … */
  state: string;
}

export interface PlanMark {
  id: string;
  kind: "area" | "line";
  x1: number;
  /** Equals x1 for a line. */
  x2: number;
  label: string;
  description: string;
}

/** 1 %: narrower than about 8 px on a chart 800 px wide, so an area would be a hairline anyway. */
const MIN_AREA_SHARE = 0.01;

const STATE_WORDS: Readonly<Record<string, string>> = {
  done: "done",
  running: "still running",
  pausing: "pausing",
  paused: "paused",
  cancelling: "cancelling",
  cancelled: "cancelled",
  failed: "failed",
};

export function planMarks(plans: readonly AppliedPlanFields[], window: { fromMs: number; toMs: number }): PlanMark[] {
  const span = window.toMs - window.fromMs;
  if (!(span > 0)) return [];
  const marks: PlanMark[] = [];
  for (const p of plans) {
    if (!Number.isFinite(p.startedAt)) continue;
    const end = p.finishedAt !== null && Number.isFinite(p.finishedAt) ? p.finishedAt : window.toMs;
    if (end < window.fromMs || p.startedAt > window.toMs) continue;
    const x1 = Math.max(window.fromMs, p.startedAt);
    const x2 = Math.min(window.toMs, Math.max(end, p.startedAt));
    const kind = (x2 - x1) / span >= MIN_AREA_SHARE ? "area" : "line";
    const state = STATE_WORDS[p.state] ?? p.state;
    const ended = p.finishedAt !== null && Number.isFinite(p.finishedAt) ? `, ended ${formatPointTime(p.finishedAt)}` : "";
    marks.push({ id: p.id, kind, x1, x2: kind === "line" ? x1 : x2, label: "plan", description: `Plan applied from ${formatPointTime(p.startedAt)}${ended} (${state}).` });
  }
  return marks.sort((a, b) => a.x1 - b.x1 || (a.id < b.id ? -1 : 1));
}
