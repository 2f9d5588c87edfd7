/**
 * The moments plans were applied, as marks on the history charts: an apply job that ran for a visible
 * stretch of the window is a shaded area from its start to its end (to the window's end while it still
 * runs); one too short to see at the window's scale is a line at its start. Each mark has a label for
 * the chart and a sentence for the table and screen readers.
 *
 * The view names the fields it reads of the store's AppliedPlan (id, start, end or null, job state).
 * Marks lie inside the window, oldest first; a job entirely outside it has none.
 *
 * Labels never run into each other: plans whose marks lie closer than MERGE_SHARE of the window (the
 * width of a "12 plans" label on a half-width chart) are one mark, "3 plans", spanning them all, whose
 * title names each plan; each plan keeps its own sentence (`plans`) for the list under the charts.
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
  /** The plan's id; a merged mark's is its first plan's, with "+n". */
  id: string;
  kind: "area" | "line";
  x1: number;
  /** Equals x1 for a line. */
  x2: number;
  /** "plan", or "3 plans" for a merged mark. */
  label: string;
  description: string;
  /** The chart's tooltip (an SVG title): each plan's id and sentence, one a line. */
  title: string;
  /** The plans the mark stands for, oldest first, each with its sentence. */
  plans: { id: string; description: string }[];
}

/**
 * 8 % of the window: about 40 px on a chart 500 px wide, the width of a "12 plans" label at 11 px.
 * Marks closer than that (from one's end to the next one's start) are merged.
 */
export const MERGE_SHARE = 0.08;

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

function merged(group: readonly PlanMark[], span: number): PlanMark {
  if (group.length === 1) return group[0]!;
  const x1 = group[0]!.x1;
  const x2 = Math.max(...group.map((m) => m.x2));
  const kind = (x2 - x1) / span >= MIN_AREA_SHARE ? "area" : "line";
  const plans = group.flatMap((m) => m.plans);
  return {
    id: `${group[0]!.id}+${plans.length - 1}`,
    kind,
    x1,
    x2: kind === "line" ? x1 : x2,
    label: `${plans.length} plans`,
    description: `${plans.length} plans applied between ${formatPointTime(x1)} and ${formatPointTime(x2)}.`,
    title: plans.map((p) => `${p.id}: ${p.description}`).join("\n"),
    plans,
  };
}

/** The marks of the plans applied in `window`, oldest first, close ones merged (`mergeShare` of the window, MERGE_SHARE unless told). */
export function planMarks(plans: readonly AppliedPlanFields[], window: { fromMs: number; toMs: number }, mergeShare = MERGE_SHARE): PlanMark[] {
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
    const description = `Plan applied from ${formatPointTime(p.startedAt)}${ended} (${state}).`;
    marks.push({ id: p.id, kind, x1, x2: kind === "line" ? x1 : x2, label: "plan", description, title: `${p.id}: ${description}`, plans: [{ id: p.id, description }] });
  }
  marks.sort((a, b) => a.x1 - b.x1 || (a.id < b.id ? -1 : 1));
  // One pass, oldest first: a mark starting within the gap of the group's furthest end joins it.
  const out: PlanMark[] = [];
  let group: PlanMark[] = [];
  let groupEnd = -Infinity;
  for (const m of marks) {
    if (group.length > 0 && m.x1 - groupEnd >= mergeShare * span) {
      out.push(merged(group, span));
      group = [];
    }
    group.push(m);
    groupEnd = group.length === 1 ? m.x2 : Math.max(groupEnd, m.x2);
  }
  if (group.length > 0) out.push(merged(group, span));
  return out;
}
