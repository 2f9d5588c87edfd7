/**
 * The CPU-heavy work of the routes, as plain functions of plain data: what the worker threads run.
 * Each takes what a route read (the JSON body, and any snapshot the route had to fetch, since only
 * the main thread talks to Kafka and the store) and returns what the core returns. The route maps
 * that to an HTTP answer. Inputs and outputs cross a thread boundary, so they are structured-clone
 * data: no functions, no class instances.
 */
import { describeImportIssues, importSnapshot, type ImportIssue } from "@/lib/cluster/import";
import { ImportRequestSchema } from "@/lib/cluster/import/request";
import { zodIssues, type InputIssue } from "@/lib/model/parse";
import { balanceReport, type BalanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { planRebalance, PlanRequestSchema, reviewReassignment } from "@/lib/plan";
import { planResponse } from "@/lib/plan/response";
import type { SimulationLimits } from "@/lib/simulate/limits";
import { parseSimulateRequest } from "@/lib/simulate/request";
import { runSimulateRequest, type BaseLoaders, type LoadResult, type RunOutcome } from "@/lib/simulate/simulate";
import type { SyntheticBase } from "@/lib/simulate/request";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { prepareShare } from "@/lib/snapshots/prepare";

/**
 * Generated clusters kept per worker thread: re-running an edited scenario on the same generated base
 * (the usual loop, and the benchmark's) skips the generator. Two at most, so memory stays bounded.
 */
const syntheticCache = new Map<string, ClusterSnapshot>();
function cachedSynthetic(options: SyntheticBase): ClusterSnapshot {
  const key = JSON.stringify(options, Object.keys(options).sort());
  let snapshot = syntheticCache.get(key);
  if (snapshot) syntheticCache.delete(key);
  else snapshot = syntheticCluster(options);
  syntheticCache.set(key, snapshot);
  while (syntheticCache.size > 2) syntheticCache.delete(syntheticCache.keys().next().value!);
  return snapshot;
}

/** A base the route loaded on the main thread: the current source, or a snapshot link's. */
export type LoadedBase = LoadResult | null;

export type TaskResult<T> = { ok: true; value: T } | { ok: false; status: 400; code: string; message: string; issues?: InputIssue[] | ImportIssue[] };

export interface SimulateTaskInput {
  body: unknown;
  current: LoadedBase;
  shared: LoadedBase;
  limits: SimulationLimits;
}

export async function simulateTask(input: SimulateTaskInput): Promise<TaskResult<RunOutcome>> {
  const parsed = parseSimulateRequest(input.body);
  if (!parsed.ok) return { ok: false, status: 400, code: "bad_request", message: "", issues: parsed.issues };
  const unavailable: LoadResult = { ok: false, status: 500, code: "base_not_loaded", message: "The base cluster was not loaded before the run." };
  const loaders: BaseLoaders = {
    current: async () => input.current ?? unavailable,
    shared: async () => input.shared ?? unavailable,
    synthetic: cachedSynthetic,
  };
  return { ok: true, value: await runSimulateRequest(parsed.value, loaders, input.limits) };
}

export interface PlanTaskInput {
  body: unknown;
  /** The current source, when the body has no snapshot of its own. */
  current: ClusterSnapshot | null;
}

export type PlanTaskValue = { plan: ReturnType<typeof planResponse> } | { review: Extract<ReturnType<typeof reviewReassignment>, { ok: true }>["review"] };

export function planTask(input: PlanTaskInput): TaskResult<PlanTaskValue> {
  const parsed = PlanRequestSchema.safeParse(input.body);
  if (!parsed.success) return { ok: false, status: 400, code: "bad_request", message: "", issues: zodIssues(parsed.error) };
  const snapshot = parsed.data.snapshot ?? input.current;
  if (!snapshot) return { ok: false, status: 400, code: "bad_request", message: "", issues: [{ path: "snapshot", message: "send the snapshot to plan for" }] };
  const { options, reassignment } = parsed.data;
  if (reassignment !== undefined) {
    const review = reviewReassignment(snapshot, reassignment, options);
    return review.ok ? { ok: true, value: { review: review.review } } : { ok: false, status: 400, code: "bad_request", message: "", issues: [{ path: "reassignment", message: review.message }] };
  }
  return { ok: true, value: { plan: planResponse(planRebalance(snapshot, options)) } };
}

export interface ImportTaskInput {
  /** The JSON body, or `{ logDirs: text }` for a text/plain one. */
  body: unknown;
  capturedAt: string;
}

export function importTask(input: ImportTaskInput): TaskResult<{ snapshot: ClusterSnapshot; report: BalanceReport; warnings: ImportIssue[] }> {
  const parsed = ImportRequestSchema.safeParse(input.body);
  if (!parsed.success) return { ok: false, status: 400, code: "bad_request", message: "", issues: zodIssues(parsed.error) };
  const result = importSnapshot({ ...parsed.data, capturedAt: parsed.data.capturedAt ?? input.capturedAt });
  if (!result.ok) return { ok: false, status: 400, code: "invalid_import", message: describeImportIssues(result.issues), issues: result.issues };
  return { ok: true, value: { snapshot: result.snapshot, report: balanceReport(result.snapshot), warnings: result.warnings } };
}

export interface ShareTaskInput {
  body: unknown;
  salt: string;
  labelChars: number;
}

/** Validation and redaction of a new link; the route stores the result within the quotas. */
export function shareTask(input: ShareTaskInput): ReturnType<typeof prepareShare> {
  return prepareShare(input.body, input.salt, input.labelChars);
}

export const TASKS = { simulate: simulateTask, plan: planTask, import: importTask, share: shareTask } as const;
export type TaskKind = keyof typeof TASKS;
export type TaskInput<K extends TaskKind> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskKind> = Awaited<ReturnType<(typeof TASKS)[K]>>;
