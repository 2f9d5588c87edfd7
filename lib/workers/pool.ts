/**
 * The worker pool that runs the routes' CPU-heavy work (simulate, plan, review, import) off the
 * request thread, so `GET /` and `GET /api/cluster` stay fast while a large simulation runs.
 *
 * Invariants:
 * - At most `maxThreads` tasks run at once (cores − 1, at least 1: one core stays with the server);
 *   at most `maxQueue` wait. Beyond that a task is refused at once (WorkBusyError), never queued
 *   without bound.
 * - Every task has a time limit (KAFKA_BALANCE_WORK_TIMEOUT_MS, default 20 s), counted from when a
 *   worker starts it (the worker says so on a port of the task's own). When it passes, the worker
 *   running it is terminated (the work stops, it does not run on unseen) and the caller gets
 *   WorkTimeoutError. Waiting in the queue has its own limit (KAFKA_BALANCE_WORK_QUEUE_WAIT_MS, by
 *   default the same): a task that found no free worker by then is dropped unstarted and the caller
 *   gets WorkBusyError saying how long it waited (503 busy with Retry-After), never "took longer".
 * - KAFKA_BALANCE_WORK_THREADS sets the number of threads (read when the pool starts).
 * - The workers run one bundled file built with esbuild from the tasks' entry point,
 *   lib/server/worker.ts (the tasks are lib/server/tasks.ts; this pool knows them only by name, and
 *   lib/server/run-task.ts types them): built on first use when missing or older than the sources
 *   under lib/ (a development checkout, a test run, a fresh `npm start`). The build writes a temporary file and renames it, so two
 *   processes building at once never load half a file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";
import { Piscina } from "piscina";
import { MessageChannel, type MessagePort, type Transferable } from "node:worker_threads";
import { currentEnv, type Env } from "@/lib/config";
import { failure, type Err } from "@/lib/model/result";

export const WORK_TIMEOUT_ENV = "KAFKA_BALANCE_WORK_TIMEOUT_MS";
export const DEFAULT_WORK_TIMEOUT_MS = 20_000;
const MAX_QUEUE = 32;

export class WorkTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The work took longer than ${Math.round(timeoutMs / 1000)} s and was stopped. Send less (a smaller cluster, fewer steps), or raise ${WORK_TIMEOUT_ENV} on the server.`);
    this.name = "WorkTimeoutError";
  }
}

export const WORK_QUEUE_WAIT_ENV = "KAFKA_BALANCE_WORK_QUEUE_WAIT_MS";
export const WORK_THREADS_ENV = "KAFKA_BALANCE_WORK_THREADS";

/** Seconds for a message: one decimal below 10 s ("0.3"), whole above ("25"). */
function seconds(ms: number): string {
  return ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000));
}

export class WorkBusyError extends Error {
  /** `waitedMs`: how long the task waited in the queue before it was dropped; absent when the queue was full. */
  constructor(readonly waitedMs?: number) {
    super(
      waitedMs === undefined
        ? "The server is busy with other large requests; retry in a few seconds."
        : `The server is busy with other large requests: this one waited ${seconds(waitedMs)} s for a free worker and was not started. Retry in a few seconds, or raise ${WORK_QUEUE_WAIT_ENV} on the server.`,
    );
    this.name = "WorkBusyError";
  }
}

/** Work the pool stopped (`work_timed_out`) or refused (`busy`, retry after 5 s) as a Result; any other error is thrown on. */
export function workFailureOf(error: unknown): Err {
  const name = (error as { name?: string } | null)?.name;
  if (name === "WorkTimeoutError") return failure("work_timed_out", (error as Error).message);
  if (name === "WorkBusyError") return failure("busy", (error as Error).message, { details: { retryAfterSeconds: 5 } });
  throw error;
}

function root(): string {
  return currentEnv().KAFKA_BALANCE_ROOT ?? process.cwd();
}

export function workerBundlePath(): string {
  return path.join(root(), ".workers", "worker.cjs");
}

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Bundles one entry point as the worker pool runs code: one CommonJS file for Node 20, imports
 * resolved into direct references (the benches measure the core this way too, as it ships).
 */
export function bundleModule(entry: string, outfile: string): void {
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    tsconfig: path.join(root(), "tsconfig.json"),
    logLevel: "silent",
    // Native and Kafka packages are never needed by a task; keep them out if anything reaches them.
    // Piscina stays external: a moved answer (transfer.ts) is marked with a symbol of its own module.
    external: ["better-sqlite3", "pg", "pg-native", "@platformatic/kafka", "kafkajs", "piscina"],
  });
}

/** Builds the worker bundle when it is missing or older than lib/; returns its path. */
export function ensureWorkerBundle(): string {
  const bundle = workerBundlePath();
  const built = fs.statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = path.join(root(), "lib");
  if (built > 0 && (!fs.existsSync(sources) || newestMtime(sources) <= built)) return bundle;
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  const temp = `${bundle}.${process.pid}.${Date.now()}.tmp`;
  bundleModule(path.join(sources, "server", "worker.ts"), temp);
  fs.renameSync(temp, bundle);
  return bundle;
}

function positiveFromEnv(env: Env, name: string, fallback: number): number {
  const n = Number(env[name]);
  return env[name] && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function workTimeoutMs(env: Env = currentEnv()): number {
  return positiveFromEnv(env, WORK_TIMEOUT_ENV, DEFAULT_WORK_TIMEOUT_MS);
}

/** How long a task may wait for a free worker: KAFKA_BALANCE_WORK_QUEUE_WAIT_MS, by default the work time limit. */
export function workQueueWaitMs(env: Env = currentEnv()): number {
  return positiveFromEnv(env, WORK_QUEUE_WAIT_ENV, workTimeoutMs(env));
}

/**
 * Each worker's V8 limits. The young generation is raised from a worker's default (48 MiB) because a plan or a
 * simulation of a large cluster builds millions of objects that live to its end: with small semi-spaces
 * each is copied by several scavenges before it is promoted. Measured on the 2.8 M-replica planner-scale
 * plan in one worker (2 cores): 24.7 s by default, 23.5 s at 48 MiB, 19.7 s at 96 MiB, 18.7 s at 192 MiB;
 * the held-out shape (1.2 M replicas) 12.7 → 12.3 s. The young generation grows to the limit only as a
 * task allocates, so a small task costs what it did. The planner benches run in a worker with these
 * limits too (scripts/bench/plan-worker-host.ts).
 */
export const WORKER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 192 } as const;

const POOL_KEY = Symbol.for("kafka-balance.worker-pool");
type Holder = { [POOL_KEY]?: Piscina };

function pool(): Piscina {
  const holder = globalThis as Holder;
  if (!holder[POOL_KEY]) {
    const threads = Math.floor(positiveFromEnv(currentEnv(), WORK_THREADS_ENV, Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1)));
    holder[POOL_KEY] = new Piscina({
      filename: ensureWorkerBundle(),
      minThreads: 0,
      maxThreads: threads,
      maxQueue: MAX_QUEUE,
      idleTimeout: 60_000,
      resourceLimits: { ...WORKER_RESOURCE_LIMITS },
    });
  }
  return holder[POOL_KEY];
}

/** What runWork posts to a worker (lib/server/worker.ts): the task's name, its input, and the port it says "started" on. */
export interface TaskMessage {
  kind: string;
  input: unknown;
  started: MessagePort;
}

export interface WorkOptions {
  timeoutMs?: number;
  queueWaitMs?: number;
  transferList?: Transferable[];
}

/**
 * Runs one task (by its name in lib/server/tasks.ts; lib/server/run-task.ts is the typed door) in a worker thread: it waits at most `queueWaitMs` for a free worker (WorkBusyError
 * after), then runs at most `timeoutMs` from its start (WorkTimeoutError after; the worker is stopped).
 * `transferList`: objects moved to the worker rather than copied (a MessagePort the task reads from,
 * an ArrayBuffer of bytes).
 */
export async function runWork(kind: string, input: unknown, options: WorkOptions = {}): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? workTimeoutMs();
  const queueWaitMs = options.queueWaitMs ?? workQueueWaitMs();
  const controller = new AbortController();
  const enqueuedAt = performance.now();
  let startedAt: number | null = null;
  let timer = setTimeout(() => controller.abort(), queueWaitMs);
  const { port1, port2 } = new MessageChannel();
  port1.once("message", () => {
    startedAt = performance.now();
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), timeoutMs);
    port1.close();
  });
  try {
    const message: TaskMessage = { kind, input, started: port2 };
    return await pool().run(message, { signal: controller.signal, transferList: [port2, ...(options.transferList ?? [])] as never });
  } catch (error) {
    if (controller.signal.aborted) throw startedAt === null ? new WorkBusyError(performance.now() - enqueuedAt) : new WorkTimeoutError(timeoutMs);
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new WorkBusyError();
    throw error;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

/** Stops the pool's threads (tests, shutdown). */
export async function closeWorkerPool(): Promise<void> {
  const holder = globalThis as Holder;
  const p = holder[POOL_KEY];
  delete holder[POOL_KEY];
  await p?.destroy();
}
