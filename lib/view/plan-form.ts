/**
 * The planner's goals form: what the operator types (percentages, MiB/s, GiB, comma lists) to the
 * API's plan options (shares, bytes/s, bytes, arrays), and back, with every field's problem at once
 * (and the server's, placed beside the field it names). Pure, so it is tested without a DOM.
 */
import { topicNameProblem } from "@/lib/model/kafka-names";
import { formatIssue, invalid, success, type Issue, type Result } from "@/lib/model/result";
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

/** Each field's problem, in words the form uses (points, %, MiB/s, GiB). */
export type PlanFormErrors = Partial<Record<keyof PlanForm, string>>;

/** The planner's options, or every field's problem as an issue whose path is the form field's name. */
export type FormResult = Result<PlanOptionsInput>;

/** The issues of a refused form, keyed by field for display beside each input. */
export function fieldErrors(issues: ReadonlyArray<Issue>): PlanFormErrors {
  return Object.fromEntries(issues.map((i) => [i.path, i.message])) as PlanFormErrors;
}

/** The fields in the order the form shows them, with the name each error is listed under. */
export const PLAN_FORM_FIELDS: ReadonlyArray<{ field: keyof PlanForm; label: string }> = [
  { field: "mode", label: "Balance" },
  { field: "order", label: "Order" },
  { field: "intraObjective", label: "Dirs by" },
  { field: "interObjective", label: "Brokers by" },
  { field: "tolerancePercent", label: "Tolerance" },
  { field: "headroomPercent", label: "Never fill above" },
  { field: "maxGiB", label: "Move at most" },
  { field: "replicationMiBps", label: "Replication throttle" },
  { field: "alterLogDirsMiBps", label: "Dir-move throttle" },
  { field: "excludeTopics", label: "Leave these topics alone" },
  { field: "moveLeaders", label: "Allow moving leaders" },
];

/**
 * A number typed into the form, or what to type instead. Messages have no subject: they are shown
 * beside their field, and listed after its label.
 */
function numberIn(text: string, unit: string, min: { value: number; inclusive: boolean }, max: number | null): number | string {
  const trimmed = text.trim();
  const n = Number(trimmed);
  if (!trimmed) return "Enter a number";
  if (!Number.isFinite(n)) return `Enter a number, not “${trimmed}”`;
  const range = min.inclusive ? `between ${min.value} and ${max}${unit}` : max === null ? `above ${min.value}${unit}` : `above ${min.value} and at most ${max}${unit}`;
  if ((min.inclusive ? n < min.value : n <= min.value) || (max !== null && n > max)) return `Enter a number ${range}`;
  return n;
}

/** Bytes (or bytes/s) from a form value in a larger unit: rounded, and never below 1 for a rate above 0. */
const toBytes = (value: number, unit: number) => Math.max(1, Math.round(value * unit));

/**
 * Every field checked at once, against the bounds PlanOptionsSchema enforces (tolerance 0.001–0.5,
 * headroom above 0 and at most 1, rates at least 1 byte/s, legal topic names), so the server never
 * refuses what the form accepted. All problems come back together, one per field.
 */
export function planOptionsFromForm(form: PlanForm): FormResult {
  const errors: PlanFormErrors = {};
  const tolerance = numberIn(form.tolerancePercent, " points", { value: 0.1, inclusive: true }, 50);
  if (typeof tolerance === "string") errors.tolerancePercent = tolerance;
  const headroom = numberIn(form.headroomPercent, "%", { value: 0, inclusive: false }, 100);
  if (typeof headroom === "string") errors.headroomPercent = headroom;
  const replication = numberIn(form.replicationMiBps, " MiB/s", { value: 0, inclusive: false }, null);
  if (typeof replication === "string") errors.replicationMiBps = replication;
  const alter = numberIn(form.alterLogDirsMiBps, " MiB/s", { value: 0, inclusive: false }, null);
  if (typeof alter === "string") errors.alterLogDirsMiBps = alter;
  const cap = form.maxGiB.trim() ? numberIn(form.maxGiB, " GiB", { value: 0, inclusive: false }, null) : null;
  if (typeof cap === "string") errors.maxGiB = `${cap}, or leave it blank for no cap`;
  const excludeTopics = form.excludeTopics.split(/[\s,]+/).filter(Boolean);
  const badTopics = excludeTopics.filter((t) => topicNameProblem(t) !== null);
  if (badTopics.length > 0) {
    errors.excludeTopics = `${badTopics.map((t) => `“${t}”`).join(", ")} ${badTopics.length === 1 ? "is not a topic name" : "are not topic names"} (${topicNameProblem(badTopics[0]!)})`;
  }
  if (typeof tolerance !== "number" || typeof headroom !== "number" || typeof replication !== "number" || typeof alter !== "number" || typeof cap === "string" || badTopics.length > 0) {
    return invalid(Object.entries(errors).map(([path, message]) => ({ path, message })));
  }
  return success({
      mode: form.mode,
      order: form.order,
      intraObjective: form.intraObjective,
      interObjective: form.interObjective,
      tolerance: tolerance / 100,
      headroom: headroom / 100,
      excludeTopics,
      maxBytesToMove: cap === null ? null : Math.round(cap * GiB),
      moveLeaders: form.moveLeaders,
      throttle: { replicationBytesPerSecond: toBytes(replication, MiB), alterLogDirsBytesPerSecond: toBytes(alter, MiB) },
  });
}

/** Which form field an API issue path names (`options.throttle.replicationBytesPerSecond` → replicationMiBps). */
const FIELD_BY_OPTION: Record<string, keyof PlanForm> = {
  mode: "mode",
  order: "order",
  intraObjective: "intraObjective",
  interObjective: "interObjective",
  tolerance: "tolerancePercent",
  headroom: "headroomPercent",
  maxBytesToMove: "maxGiB",
  "throttle.replicationBytesPerSecond": "replicationMiBps",
  "throttle.alterLogDirsBytesPerSecond": "alterLogDirsMiBps",
  excludeTopics: "excludeTopics",
  moveLeaders: "moveLeaders",
};

/**
 * The server's refusal of the options (`{ error: { issues } }` from /api/plan) placed beside the fields
 * they name; issues about anything else stay as `other`, in words.
 */
export function formErrorsFromIssues(issues: ReadonlyArray<Issue>): { errors: PlanFormErrors; other: string[] } {
  const errors: PlanFormErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const path = issue.path.startsWith("options.") ? issue.path.slice("options.".length) : null;
    const key = path === null ? undefined : Object.keys(FIELD_BY_OPTION).find((k) => path === k || path.startsWith(`${k}.`));
    const field = key === undefined ? undefined : FIELD_BY_OPTION[key];
    if (field === undefined) other.push(formatIssue(issue));
    else errors[field] = errors[field] ? `${errors[field]}; ${issue.message}` : issue.message;
  }
  return { errors, other };
}

/** The errors in the order of the form, each with its field's label: the summary above the form lists them. */
export function formErrorList(errors: PlanFormErrors): { field: keyof PlanForm; label: string; message: string }[] {
  return PLAN_FORM_FIELDS.flatMap(({ field, label }) => (errors[field] ? [{ field, label, message: errors[field] }] : []));
}

/** The form that reproduces saved plan options (a shared plan opens with the goals it was made with). */
export function formFromOptions(options: PlanOptions): PlanForm {
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
