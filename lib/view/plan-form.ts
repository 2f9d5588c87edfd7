/**
 * The planner's goals form: what the operator types (percentages, MiB/s, GiB, comma lists) to the
 * API's plan options (shares, bytes/s, bytes, arrays), and back. Pure, so it is tested without a DOM.
 */
import type { PlanOptions, PlanOptionsInput } from "@/lib/plan/options";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export interface PlanForm {
  mode: "both" | "intra" | "inter";
  order: "inter-first" | "intra-first";
  intraObjective: "utilization" | "bytes";
  interObjective: "bytes" | "replicas";
  tolerancePercent: string;
  headroomPercent: string;
  excludeTopics: string;
  maxGiB: string;
  moveLeaders: boolean;
  replicationMiBps: string;
  alterLogDirsMiBps: string;
}

export const DEFAULT_PLAN_FORM: PlanForm = {
  mode: "both",
  order: "inter-first",
  intraObjective: "utilization",
  interObjective: "bytes",
  tolerancePercent: "5",
  headroomPercent: "85",
  excludeTopics: "",
  maxGiB: "",
  moveLeaders: false,
  replicationMiBps: "50",
  alterLogDirsMiBps: "100",
};

export type FormResult = { ok: true; options: PlanOptionsInput } | { ok: false; field: keyof PlanForm; message: string };

function positive(text: string, field: keyof PlanForm, what: string): number | { field: keyof PlanForm; message: string } {
  const n = Number(text.trim());
  if (!text.trim() || !Number.isFinite(n) || n <= 0) return { field, message: `${what} must be a number above 0` };
  return n;
}

export function planOptionsFromForm(form: PlanForm): FormResult {
  const tolerance = positive(form.tolerancePercent, "tolerancePercent", "Tolerance");
  if (typeof tolerance !== "number") return { ok: false, ...tolerance };
  const headroom = positive(form.headroomPercent, "headroomPercent", "Headroom");
  if (typeof headroom !== "number") return { ok: false, ...headroom };
  if (headroom > 100) return { ok: false, field: "headroomPercent", message: "Headroom is a share of capacity: at most 100%" };
  const replication = positive(form.replicationMiBps, "replicationMiBps", "Replication throttle");
  if (typeof replication !== "number") return { ok: false, ...replication };
  const alter = positive(form.alterLogDirsMiBps, "alterLogDirsMiBps", "Dir-move throttle");
  if (typeof alter !== "number") return { ok: false, ...alter };
  let maxBytesToMove: number | null = null;
  if (form.maxGiB.trim()) {
    const cap = positive(form.maxGiB, "maxGiB", "Byte cap");
    if (typeof cap !== "number") return { ok: false, ...cap };
    maxBytesToMove = Math.round(cap * GiB);
  }
  return {
    ok: true,
    options: {
      mode: form.mode,
      order: form.order,
      intraObjective: form.intraObjective,
      interObjective: form.interObjective,
      tolerance: tolerance / 100,
      headroom: headroom / 100,
      excludeTopics: form.excludeTopics.split(/[\s,]+/).filter(Boolean),
      maxBytesToMove,
      moveLeaders: form.moveLeaders,
      throttle: { replicationBytesPerSecond: Math.round(replication * MiB), alterLogDirsBytesPerSecond: Math.round(alter * MiB) },
    },
  };
}

/** The form that reproduces saved plan options (a shared plan opens with the goals it was made with). */
export function formFromOptions(options: PlanOptions): PlanForm {
  const MiB = 1024 * 1024;
  const round = (n: number) => String(Math.round(n * 1000) / 1000);
  return {
    mode: options.mode,
    order: options.order,
    intraObjective: options.intraObjective,
    interObjective: options.interObjective,
    tolerancePercent: round(options.tolerance * 100),
    headroomPercent: round(options.headroom * 100),
    excludeTopics: options.excludeTopics.join(", "),
    maxGiB: options.maxBytesToMove === null ? "" : round(options.maxBytesToMove / 1024 ** 3),
    moveLeaders: options.moveLeaders,
    replicationMiBps: round(options.throttle.replicationBytesPerSecond / MiB),
    alterLogDirsMiBps: round(options.throttle.alterLogDirsBytesPerSecond / MiB),
  };
}
