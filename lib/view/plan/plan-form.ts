/**
 * The planner's form: what the operator picks and types (an operation with its brokers or dirs, the
 * soft goals in priority order, percentages, MiB/s, GiB, comma lists, how the apply runs the plan) to
 * the API's plan options (an operation, a goal list, shares, bytes/s, bytes, arrays, `execution`), and back, with every field's problem at
 * once (and the server's, placed beside the field it names). Pure, so it is tested without a DOM.
 */
import { formatCount } from "@/lib/model/format";
import { topicNameProblem } from "@/lib/model/kafka-names";
import { formatIssue, invalid, success, type Issue, type Result } from "@/lib/model/result";
import { DEFAULT_EXECUTION, type ExecutionOrder } from "@/lib/plan/batches";
import { SOFT_GOALS, type DrainDir, type Operation, type OperationKind, type PlanOptions, type PlanOptionsInput, type SoftGoal } from "@/lib/plan/options";
import { GiB, MiB } from "@/lib/model/units";

/** One soft goal in the form's list: the list holds every goal, in priority order, each included or not. */
export interface GoalChoice {
  goal: SoftGoal;
  on: boolean;
}

export interface PlanForm {
  operation: OperationKind;
  /** add-brokers: the brokers to fill; remove-brokers: the brokers to empty. */
  brokers: number[];
  /** drain-dirs: the log dirs to empty. */
  dirs: DrainDir[];
  /** drain-dirs: cordon the dirs first (only brokers on Kafka 4.3+ have cordons). */
  cordon: boolean;
  /** Every soft goal, highest priority first; the included ones become the plan's goals, in this order. */
  goals: GoalChoice[];
  intraObjective: "utilization" | "bytes";
  tolerancePercent: string;
  headroomPercent: string;
  excludeTopics: string;
  maxGiB: string;
  moveLeaders: boolean;
  replicationMiBps: string;
  alterLogDirsMiBps: string;
  /** How the apply runs the plan (options.execution): concurrent moves per broker, leadership changes per batch, order. */
  partitionMovesPerBroker: string;
  dirMovesPerBroker: string;
  leaderMovesPerBatch: string;
  executionOrder: ExecutionOrder;
}

export const DEFAULT_PLAN_FORM: PlanForm = {
  operation: "rebalance",
  brokers: [],
  dirs: [],
  cordon: true,
  goals: SOFT_GOALS.map((goal) => ({ goal, on: true })),
  intraObjective: "utilization",
  tolerancePercent: "5",
  headroomPercent: "85",
  excludeTopics: "",
  maxGiB: "",
  moveLeaders: false,
  replicationMiBps: "50",
  alterLogDirsMiBps: "100",
  partitionMovesPerBroker: String(DEFAULT_EXECUTION.partitionMovesPerBroker),
  dirMovesPerBroker: String(DEFAULT_EXECUTION.dirMovesPerBroker),
  leaderMovesPerBatch: String(DEFAULT_EXECUTION.leaderMovesPerBatch),
  executionOrder: DEFAULT_EXECUTION.order,
};

/** What each execution order is called in the form. */
export const EXECUTION_ORDER_LABELS: Record<ExecutionOrder, string> = {
  "urgent-disk-first": "Fullest disks first",
  "smallest-first": "Smallest first",
  "largest-first": "Largest first",
};

/** What each operation is called in the form. */
export const OPERATION_LABELS: Record<OperationKind, string> = {
  rebalance: "Rebalance",
  "add-brokers": "Add brokers",
  "remove-brokers": "Remove brokers",
  "drain-dirs": "Drain or remove a log dir",
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
  { field: "operation", label: "Operation" },
  { field: "brokers", label: "Brokers" },
  { field: "dirs", label: "Log dirs to drain" },
  { field: "cordon", label: "Cordon first" },
  { field: "goals", label: "Goals" },
  { field: "intraObjective", label: "Dirs by" },
  { field: "tolerancePercent", label: "Tolerance" },
  { field: "headroomPercent", label: "Never fill above" },
  { field: "maxGiB", label: "Move at most" },
  { field: "replicationMiBps", label: "Replication throttle" },
  { field: "alterLogDirsMiBps", label: "Dir-move throttle" },
  { field: "excludeTopics", label: "Leave these topics alone" },
  { field: "partitionMovesPerBroker", label: "Partition moves per broker" },
  { field: "dirMovesPerBroker", label: "Dir moves per broker" },
  { field: "leaderMovesPerBatch", label: "Leadership changes per batch" },
  { field: "executionOrder", label: "Order" },
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

/** A whole number typed into the form between `min` and `max`, or what to type instead. */
function integerIn(text: string, min: number, max: number): number | string {
  const trimmed = text.trim();
  if (!trimmed) return "Enter a whole number";
  const n = Number(trimmed);
  if (!Number.isInteger(n) || n < min || n > max) return `Enter a whole number between ${min} and ${formatCount(max)}`;
  return n;
}

/** Bytes (or bytes/s) from a form value in a larger unit: rounded, and never below 1 for a rate above 0. */
const toBytes = (value: number, unit: number) => Math.max(1, Math.round(value * unit));

/** The included goals, in the form's order. */
export function chosenGoals(form: Pick<PlanForm, "goals">): SoftGoal[] {
  return form.goals.filter((g) => g.on).map((g) => g.goal);
}

/** The operation the form describes, or what to choose first (keyed by field). */
function operationOf(form: PlanForm): Operation | PlanFormErrors {
  switch (form.operation) {
    case "rebalance":
      return { kind: "rebalance" };
    case "add-brokers":
    case "remove-brokers":
      if (form.brokers.length === 0) return { brokers: `Choose at least one broker to ${form.operation === "add-brokers" ? "fill" : "remove"}` };
      return { kind: form.operation, brokers: [...new Set(form.brokers)].sort((a, b) => a - b) };
    case "drain-dirs":
      if (form.dirs.length === 0) return { dirs: "Choose at least one log dir to drain" };
      return { kind: "drain-dirs", dirs: form.dirs.map((d) => ({ broker: d.broker, path: d.path })), cordon: form.cordon };
  }
}

/**
 * Every field checked at once, against the bounds PlanOptionsSchema enforces (tolerance 0.001–0.5,
 * headroom above 0 and at most 1, rates at least 1 byte/s, legal topic names, at least one broker or
 * dir for an operation that names them), so the server never refuses what the form accepted. A
 * rebalance or a fill needs a goal (with none it would move nothing); an evacuation moves what it must
 * without one. All problems come back together, one per field.
 */
export function planOptionsFromForm(form: PlanForm): FormResult {
  const errors: PlanFormErrors = {};
  const operation = operationOf(form);
  if (!("kind" in operation)) Object.assign(errors, operation);
  const goals = chosenGoals(form);
  if (goals.length === 0 && (form.operation === "rebalance" || form.operation === "add-brokers")) {
    errors.goals = `Include at least one goal: ${form.operation === "rebalance" ? "a rebalance" : "filling brokers"} with none moves nothing`;
  }
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
  // The bounds of PlanOptionsSchema's `execution`.
  const partitionMoves = integerIn(form.partitionMovesPerBroker, 1, 1000);
  if (typeof partitionMoves === "string") errors.partitionMovesPerBroker = partitionMoves;
  const dirMoves = integerIn(form.dirMovesPerBroker, 1, 100);
  if (typeof dirMoves === "string") errors.dirMovesPerBroker = dirMoves;
  const leaderMoves = integerIn(form.leaderMovesPerBatch, 1, 100_000);
  if (typeof leaderMoves === "string") errors.leaderMovesPerBatch = leaderMoves;
  if (
    !("kind" in operation) ||
    typeof tolerance !== "number" ||
    typeof headroom !== "number" ||
    typeof replication !== "number" ||
    typeof alter !== "number" ||
    typeof cap === "string" ||
    typeof partitionMoves !== "number" ||
    typeof dirMoves !== "number" ||
    typeof leaderMoves !== "number" ||
    Object.keys(errors).length > 0
  ) {
    return invalid(PLAN_FORM_FIELDS.flatMap(({ field }) => (errors[field] ? [{ path: field, message: errors[field] }] : [])));
  }
  return success({
    operation,
    goals,
    intraObjective: form.intraObjective,
    tolerance: tolerance / 100,
    headroom: headroom / 100,
    excludeTopics,
    maxBytesToMove: cap === null ? null : Math.round(cap * GiB),
    moveLeaders: form.moveLeaders,
    throttle: { replicationBytesPerSecond: toBytes(replication, MiB), alterLogDirsBytesPerSecond: toBytes(alter, MiB) },
    execution: { partitionMovesPerBroker: partitionMoves, dirMovesPerBroker: dirMoves, leaderMovesPerBatch: leaderMoves, order: form.executionOrder },
  });
}

/**
 * Which form field an API issue path names (`options.throttle.replicationBytesPerSecond` →
 * replicationMiBps). More specific paths first: the first key the path starts with wins.
 */
const FIELD_BY_OPTION: ReadonlyArray<[string, keyof PlanForm]> = [
  ["operation.brokers", "brokers"],
  ["operation.dirs", "dirs"],
  ["operation.cordon", "cordon"],
  ["operation", "operation"],
  ["goals", "goals"],
  ["intraObjective", "intraObjective"],
  ["tolerance", "tolerancePercent"],
  ["headroom", "headroomPercent"],
  ["maxBytesToMove", "maxGiB"],
  ["throttle.replicationBytesPerSecond", "replicationMiBps"],
  ["throttle.alterLogDirsBytesPerSecond", "alterLogDirsMiBps"],
  ["excludeTopics", "excludeTopics"],
  ["moveLeaders", "moveLeaders"],
  ["execution.partitionMovesPerBroker", "partitionMovesPerBroker"],
  ["execution.dirMovesPerBroker", "dirMovesPerBroker"],
  ["execution.leaderMovesPerBatch", "leaderMovesPerBatch"],
  ["execution.order", "executionOrder"],
];

/**
 * The server's refusal of the options (`{ error: { issues } }` from /api/plan) placed beside the fields
 * they name; issues about anything else stay as `other`, in words.
 */
export function formErrorsFromIssues(issues: ReadonlyArray<Issue>): { errors: PlanFormErrors; other: string[] } {
  const errors: PlanFormErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const path = issue.path.startsWith("options.") ? issue.path.slice("options.".length) : null;
    const field = path === null ? undefined : FIELD_BY_OPTION.find(([k]) => path === k || path.startsWith(`${k}.`))?.[1];
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
  const op = options.operation;
  return {
    operation: op.kind,
    brokers: op.kind === "add-brokers" || op.kind === "remove-brokers" ? [...op.brokers] : [],
    dirs: op.kind === "drain-dirs" ? op.dirs.map((d) => ({ ...d })) : [],
    cordon: op.kind === "drain-dirs" ? op.cordon : true,
    goals: goalChoices(options.goals),
    intraObjective: options.intraObjective,
    tolerancePercent: round(options.tolerance * 100),
    headroomPercent: round(options.headroom * 100),
    excludeTopics: options.excludeTopics.join(", "),
    maxGiB: options.maxBytesToMove === null ? "" : round(options.maxBytesToMove / 1024 ** 3),
    moveLeaders: options.moveLeaders,
    replicationMiBps: round(options.throttle.replicationBytesPerSecond / MiB),
    alterLogDirsMiBps: round(options.throttle.alterLogDirsBytesPerSecond / MiB),
    partitionMovesPerBroker: String(options.execution.partitionMovesPerBroker),
    dirMovesPerBroker: String(options.execution.dirMovesPerBroker),
    leaderMovesPerBatch: String(options.execution.leaderMovesPerBatch),
    executionOrder: options.execution.order,
  };
}

/**
 * The form with another operation chosen: the brokers and dirs of the last one do not carry over (a
 * broker picked for removal must never silently become one to fill). Adding brokers starts with
 * `emptyBrokers` ticked — brokers that hold nothing yet are the ones just added.
 */
export function withOperation(form: PlanForm, operation: OperationKind, emptyBrokers: readonly number[] = []): PlanForm {
  if (operation === form.operation) return form;
  return { ...form, operation, brokers: operation === "add-brokers" ? [...emptyBrokers] : [], dirs: [] };
}

/** Every soft goal as the form lists it: the chosen ones in their order, then the others, left out, in the default order. */
export function goalChoices(goals: readonly SoftGoal[]): GoalChoice[] {
  return [...goals.map((goal) => ({ goal, on: true })), ...SOFT_GOALS.filter((g) => !goals.includes(g)).map((goal) => ({ goal, on: false }))];
}

/** The list with `goal` moved one place up (-1) or down (+1) in priority; the same list at either end. */
export function moveGoalIn(goals: readonly GoalChoice[], goal: SoftGoal, delta: -1 | 1): readonly GoalChoice[] {
  const i = goals.findIndex((g) => g.goal === goal);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= goals.length) return goals;
  const next = [...goals];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** The list with `goal` included or left out, keeping its place. */
export function includeGoalIn(goals: readonly GoalChoice[], goal: SoftGoal, on: boolean): GoalChoice[] {
  return goals.map((g) => (g.goal === goal ? { goal, on } : g));
}

/** The form with `goal` moved one place up (-1) or down (+1) in priority; unchanged at either end. */
export function moveGoal(form: PlanForm, goal: SoftGoal, delta: -1 | 1): PlanForm {
  const goals = moveGoalIn(form.goals, goal, delta);
  return goals === form.goals ? form : { ...form, goals: [...goals] };
}

/** The form with `goal` included or left out, keeping its place. */
export function includeGoal(form: PlanForm, goal: SoftGoal, on: boolean): PlanForm {
  return { ...form, goals: includeGoalIn(form.goals, goal, on) };
}

/** The form with a broker ticked or unticked (add-brokers, remove-brokers). */
export function toggleBroker(form: PlanForm, broker: number, on: boolean): PlanForm {
  const rest = form.brokers.filter((b) => b !== broker);
  return { ...form, brokers: on ? [...rest, broker].sort((a, b) => a - b) : rest };
}

/** The form with a log dir ticked or unticked (drain-dirs), in the order they were ticked. */
export function toggleDir(form: PlanForm, dir: DrainDir, on: boolean): PlanForm {
  const rest = form.dirs.filter((d) => d.broker !== dir.broker || d.path !== dir.path);
  return { ...form, dirs: on ? [...rest, { broker: dir.broker, path: dir.path }] : rest };
}

/** The query a finding's plan action writes (lib/view/overview/finding-actions.ts planActionQuery): `goals`, `operation`, `brokers`. */
export type PlanQuery = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * The form a finding's link asks for (`/plan?goals=dir-utilization`, `/plan?operation=remove-brokers&brokers=3`):
 * the default form with those goals first and only those on, and the operation with its brokers. Values it
 * does not know are left out (a goal or broker that is not one keeps the default); null when the query
 * asks for nothing the form holds.
 */
export function formFromQuery(query: PlanQuery): PlanForm | null {
  const goals = (first(query.goals) ?? "")
    .split(",")
    .map((g) => g.trim())
    .filter((g): g is SoftGoal => (SOFT_GOALS as readonly string[]).includes(g));
  const operation = first(query.operation);
  const kind = operation === "add-brokers" || operation === "remove-brokers" ? operation : null;
  const brokers = kind
    ? [
        ...new Set(
          (first(query.brokers) ?? "")
            .split(",")
            .map((b) => b.trim())
            .filter((b) => /^\d{1,10}$/.test(b))
            .map(Number),
        ),
      ]
        .filter((b) => b <= 2147483647)
        .slice(0, 10_000)
    : [];
  if (goals.length === 0 && (kind === null || brokers.length === 0)) return null;
  return {
    ...DEFAULT_PLAN_FORM,
    ...(goals.length > 0 ? { goals: goalChoices([...new Set(goals)]) } : {}),
    ...(kind !== null && brokers.length > 0 ? { operation: kind, brokers } : {}),
  };
}
