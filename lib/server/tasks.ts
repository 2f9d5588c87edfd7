/**
 * The CPU-heavy work of the routes, as plain functions of plain data: what the worker threads run.
 * Each takes what a route read (the JSON body, and any snapshot the route had to fetch, since only
 * the main thread talks to Kafka and writes to the store) and returns what the core returns. The route
 * maps that to an HTTP answer. Inputs and outputs cross a thread boundary, so they are structured-clone
 * data: no functions, no class instances. One task reads: the forecast reads the history from the
 * store's file itself (read-only), since handing it 12,000 dirs' series would cost the server's thread
 * what the task is meant to spare it.
 */
import { applyRequestWork, type ApplyRequest, type ApplyRequestWork } from "@/lib/simulate/apply-request";
import { importSnapshot } from "@/lib/import";
import { forecastCluster, forecastSnapshotAt, type BrokerFacts, type DirForecast } from "@/lib/forecast";
import type { HistorySettings } from "@/lib/model/history-settings";
import type { StoreConfig } from "@/lib/store";
import { ImportRequestSchema } from "@/lib/import/request";
import { zodIssues } from "@/lib/model/parse";
import { failure, invalid, prefixIssues, success, type Issue, type Result } from "@/lib/model/result";
import { balanceReport, type BalanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { batchSummaries, planRebalance, PlanRequestSchema } from "@/lib/plan";
import { reviewReassignment } from "@/lib/simulate/review";
import type { ReviewAnswer } from "@/lib/simulate/review";
import { planResponse } from "@/lib/plan/response";
import type { SimulationLimits } from "@/lib/simulate/limits";
import { parseSimulateRequest } from "@/lib/simulate/request";
import { runSimulateRequest, type BaseLoaders, type SimulationResult } from "@/lib/simulate/run-request";
import type { SyntheticBase } from "@/lib/simulate/request";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { prepareShare } from "@/lib/links/prepare";
import { resourceLimits, type MessagePort, type ResourceLimits } from "node:worker_threads";
import { readImportStream } from "../workers/import-stream";
import { decodeKept, sharedRecordTask } from "./shared-record-task";
import type { RecordRow } from "@/lib/links/decode-record";
import { namedBase, needsIo, planHasSnapshot, type NamedBase } from "./named-base";
import { moved, ownBytes, transferable } from "../workers/transfer";
import { encodeStoredPayload } from "@/lib/links/encode-record";
import type { EncodedShare } from "@/lib/links/share";
import { parseJsonBytes } from "@/lib/model/json-body";

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
export type LoadedBase = Result<ClusterSnapshot> | null;

/** A forecast base as the main thread loads it: the current cluster and its dirs' forecasts. */
export type LoadedForecast = Result<{ snapshot: ClusterSnapshot; forecasts: DirForecast[] }> | null;

export interface SimulateTaskInput {
  body: unknown;
  current: LoadedBase;
  shared: LoadedBase;
  /** A snapshot link's stored row (its payload transferred), decoded here: the shared base when given. */
  sharedRow?: RecordRow;
  forecast?: LoadedForecast;
  limits: SimulationLimits;
}

export async function simulateTask(input: SimulateTaskInput): Promise<Result<SimulationResult>> {
  const parsed = parseSimulateRequest(input.body);
  if (!parsed.ok) return parsed;
  const unavailable = failure("base_not_loaded", "The base cluster was not loaded before the run.");
  const loaders: BaseLoaders = {
    current: async () => input.current ?? unavailable,
    shared: async () => {
      if (!input.sharedRow) return input.shared ?? unavailable;
      const record = await decodeKept(input.sharedRow);
      return record.ok ? success(record.value.snapshot) : record;
    },
    // Growing every replica is a pass over the cluster: done here, off the request thread.
    forecast: async (days) => {
      const loaded = input.forecast ?? unavailable;
      return loaded.ok ? success(forecastSnapshotAt(loaded.value.snapshot, loaded.value.forecasts, days)) : loaded;
    },
    synthetic: cachedSynthetic,
  };
  return runSimulateRequest(parsed.value, loaders, input.limits);
}

export interface SimulateJsonTaskInput extends SimulateTaskInput, BodyInput {
  /** Whether the request thread looked up the bases the body names (it could not, for bytes it did not parse). */
  looked: boolean;
}

/**
 * A POST /api/simulate answer: the result serialised here, its bytes moved back (240,000 replicas with
 * `snapshot: true` are tens of MB of JSON, a second of the server's thread to write). A large body is
 * parsed here too; when it names a base only the request thread can load, the task answers `needs`
 * and the route runs it again with that base loaded.
 */
export async function simulateJsonTask(input: SimulateJsonTaskInput): Promise<{ needs: NamedBase } | Result<Uint8Array>> {
  const body = bodyOf(input);
  if (!body.ok) return body;
  const named = namedBase(body.value);
  if (!input.looked && needsIo(named)) return { needs: named };
  return jsonAnswer(await simulateTask({ ...input, body: body.value }));
}

export interface PlanTaskInput {
  body: unknown;
  /** The current source, when the body has no snapshot of its own. */
  current: ClusterSnapshot | null;
}

/** A review as the route sends it: batches summarised (lib/simulate/review.ts ReviewAnswer). */
export type ReviewResponse = ReviewAnswer;
export type PlanTaskValue = { plan: ReturnType<typeof planResponse> } | { review: ReviewResponse };

export function planTask(input: PlanTaskInput): Result<PlanTaskValue> {
  const parsed = PlanRequestSchema.safeParse(input.body);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const snapshot = parsed.data.snapshot ?? input.current;
  if (!snapshot) return invalid([{ path: "snapshot", message: "send the snapshot to plan for" }]);
  const { options, reassignment } = parsed.data;
  if (reassignment !== undefined) {
    const review = reviewReassignment(snapshot, reassignment, options);
    if (review.ok) {
      const r = review.value;
      return success({ review: r.verdict === "accepted" ? { ...r, batches: batchSummaries(r.batches, r.estimate) } : r });
    }
    // Kafka's refusal keeps its code; its issues (field paths, a syntax error's line and column) move under `reassignment`.
    const { code, message, issues } = review.error;
    return failure(code, `reassignment: ${message}`, { issues: issues.length > 0 ? prefixIssues(issues, "reassignment") : [{ path: "reassignment", message }] });
  }
  const plan = planRebalance(snapshot, options);
  return plan.ok ? success({ plan: planResponse(plan.value) }) : plan;
}

/** A body as the route hands it on: parsed, or (a large one) its bytes, transferred and parsed here. */
export interface BodyInput {
  body: unknown;
  bodyBytes?: Uint8Array;
}

/** The body a task works on: `body`, or `bodyBytes` parsed (the same 400s as readBody). */
function bodyOf(input: BodyInput): Result<unknown> {
  return input.bodyBytes ? parseJsonBytes(input.bodyBytes) : success(input.body);
}

/** A value serialised here, its bytes moved back: the request thread sends them as they are. */
function jsonAnswer<T>(result: Result<T>): Result<Uint8Array> {
  if (!result.ok) return result;
  const json = ownBytes(JSON.stringify(result.value));
  return moved(success(json), [json.buffer]);
}

export interface PlanJsonTaskInput extends BodyInput {
  current: ClusterSnapshot | null;
  /** Whether the route loaded the current cluster for a body without a snapshot (it cannot tell for bytes it did not parse). */
  looked: boolean;
}

/**
 * POST /api/plan's answer, serialised here. A large body is parsed here too; one without a snapshot
 * of its own answers `needsCurrent` until the route has loaded the current cluster.
 */
export function planJsonTask(input: PlanJsonTaskInput): { needsCurrent: true } | Result<Uint8Array> {
  const body = bodyOf(input);
  if (!body.ok) return body;
  if (!input.looked && !planHasSnapshot(body.value)) return { needsCurrent: true };
  return jsonAnswer(planTask({ body: body.value, current: input.current }));
}

export interface ImportTaskInput {
  /** The JSON body, or `{ logDirs: text }` for a text/plain one. */
  body: unknown;
  capturedAt: string;
}

/** POST /api/import's JSON form, its answer serialised here (a large body parsed here too). */
export function importJsonTask(input: Omit<ImportTaskInput, "body"> & BodyInput): Result<Uint8Array> {
  const body = bodyOf(input);
  return body.ok ? jsonAnswer(importTask({ body: body.value, capturedAt: input.capturedAt })) : body;
}

export function importTask(input: ImportTaskInput): Result<{ snapshot: ClusterSnapshot; report: BalanceReport; warnings: Issue[] }> {
  const parsed = ImportRequestSchema.safeParse(input.body);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const result = importSnapshot({ ...parsed.data, capturedAt: parsed.data.capturedAt ?? input.capturedAt });
  if (!result.ok) return result;
  return success({ snapshot: result.value, report: balanceReport(result.value), warnings: result.warnings ?? [] });
}

export interface ImportStreamTaskInput {
  /** The port the route posts the text/plain body's chunks to (lib/workers/import-stream.ts). */
  port: MessagePort;
  capturedAt: string;
}

/** The text/plain import, read from the port as the body arrives; the answer serialised here (a 1M-replica import is ~100 MB of JSON). */
export async function importStreamTask(input: ImportStreamTaskInput): Promise<Result<Uint8Array>> {
  const result = await readImportStream(input.port, { capturedAt: input.capturedAt });
  if (!result.ok) return result;
  return jsonAnswer(success({ snapshot: result.value, report: balanceReport(result.value), warnings: result.warnings ?? [] }));
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

/**
 * POST /api/snapshots: validation, redaction, serialising and compressing all here (a 50 MB snapshot
 * is seconds of CPU), a large body parsed here too; the compressed bytes are moved back and the route
 * only inserts the row within the quotas.
 */
export async function shareEncodedTask(input: Omit<ShareTaskInput, "body"> & BodyInput): Promise<Result<EncodedShare>> {
  const body = bodyOf(input);
  if (!body.ok) return body;
  const prepared = prepareShare(body.value, input.salt, input.labelChars);
  if (!prepared.ok) return prepared;
  const { kind, sharing, content, notices } = prepared.value;
  const encoded = await encodeStoredPayload({ ...content, sharing }, input.labelChars);
  const payload = transferable(encoded.payload);
  return moved(success({ kind, notices, ...encoded, payload: payload as Buffer }), [payload.buffer]);
}

export interface ForecastTaskInput {
  /** Where the store lives (lib/store), read by the worker over its own read-only connection. */
  store: StoreConfig;
  settings: HistorySettings;
  cluster: string;
  nowMs: number;
  /** The history read: from `fromMs` to `nowMs`, each dir folded to at most `maxPointsPerDir` points. */
  fromMs: number;
  maxPointsPerDir: number;
  /** What the current snapshot says of each broker (version, cordoned and offline dirs). */
  brokers: Record<number, BrokerFacts>;
  kafkaVersion: string | null;
}

/** Every dir's forecast (lib/forecast), from the cluster's history in the store. */
export async function forecastTask(input: ForecastTaskInput): Promise<DirForecast[]> {
  // Loaded on first use: the other tasks never open the store.
  const { historyReader } = await import("./history-reader");
  const dirs = await historyReader(input.store, input.settings).allDirSeries(input.cluster, input.fromMs, input.nowMs, { maxPointsPerDir: input.maxPointsPerDir });
  return forecastCluster(dirs, { nowMs: input.nowMs, brokers: input.brokers, kafkaVersion: input.kafkaVersion });
}

export interface ApplyRequestTaskInput {
  request: ApplyRequest;
  /** A fresh scan of the cluster the job will run on. */
  snapshot: ClusterSnapshot;
}

/** POST /api/plan/apply's review of the reassignment on a fresh scan, and the job it asks for (lib/simulate/apply-request.ts). */
export function applyRequestTask(input: ApplyRequestTaskInput): Result<ApplyRequestWork> {
  return applyRequestWork(input.snapshot, input.request);
}

/** What the worker running it was started with: its V8 resource limits (the pool's WORKER_RESOURCE_LIMITS). */
export function workerInfoTask(): { resourceLimits: ResourceLimits } {
  return { resourceLimits: { ...resourceLimits } };
}

export const TASKS = {
  simulate: simulateTask,
  simulateJson: simulateJsonTask,
  plan: planTask,
  planJson: planJsonTask,
  import: importTask,
  importJson: importJsonTask,
  importStream: importStreamTask,
  share: shareTask,
  shareEncoded: shareEncodedTask,
  forecast: forecastTask,
  sharedRecord: sharedRecordTask,
  applyRequest: applyRequestTask,
  workerInfo: workerInfoTask,
} as const;
export type TaskKind = keyof typeof TASKS;
export type TaskInput<K extends TaskKind> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskKind> = Awaited<ReturnType<(typeof TASKS)[K]>>;
