/**
 * The worker pool that runs the routes' CPU-heavy work (simulate, plan, review, import) off the
 * request thread, so `GET /` and `GET /api/cluster` stay fast while a large simulation runs.
 *
 * Invariants:
 * - At most `maxThreads` tasks run at once (cores − 1, at least 1: one core stays with the server);
 *   at most `maxQueue` wait. Beyond that a task is refused at once (WorkBusyError), never queued
 *   without bound.
 * - Every task has a time limit (KAFKA_BALANCE_WORK_TIMEOUT_MS, default 20 s). When it passes, the
 *   worker running it is terminated (the work stops, it does not run on unseen) and the caller gets
 *   WorkTimeoutError.
 * - The workers run one bundled file built from lib/workers/worker.ts with esbuild: built by
 *   `npm run build`, and rebuilt on first use when missing or older than the sources under lib/
 *   (a development checkout, a test run). The build writes a temporary file and renames it, so two
 *   processes building at once never load half a file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";
import { Piscina } from "piscina";
import type { Transferable } from "node:worker_threads";
import type { TaskInput, TaskKind, TaskOutput } from "./tasks";

export const WORK_TIMEOUT_ENV = "KAFKA_BALANCE_WORK_TIMEOUT_MS";
export const DEFAULT_WORK_TIMEOUT_MS = 20_000;
const MAX_QUEUE = 32;

export class WorkTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The work took longer than ${Math.round(timeoutMs / 1000)} s and was stopped. Send less (a smaller cluster, fewer steps), or raise ${WORK_TIMEOUT_ENV} on the server.`);
    this.name = "WorkTimeoutError";
  }
}

export class WorkBusyError extends Error {
  constructor() {
    super("The server is busy with other large requests; retry in a few seconds.");
    this.name = "WorkBusyError";
  }
}

function root(): string {
  return process.env.KAFKA_BALANCE_ROOT ?? process.cwd();
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
    external: ["better-sqlite3", "pg", "pg-native", "@platformatic/kafka", "kafkajs"],
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
  bundleModule(path.join(sources, "workers", "worker.ts"), temp);
  fs.renameSync(temp, bundle);
  return bundle;
}

export function workTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env[WORK_TIMEOUT_ENV]);
  return env[WORK_TIMEOUT_ENV] && Number.isFinite(n) && n > 0 ? n : DEFAULT_WORK_TIMEOUT_MS;
}

const POOL_KEY = Symbol.for("kafka-balance.worker-pool");
type Holder = { [POOL_KEY]?: Piscina };

function pool(): Piscina {
  const holder = globalThis as Holder;
  if (!holder[POOL_KEY]) {
    const threads = Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);
    holder[POOL_KEY] = new Piscina({ filename: ensureWorkerBundle(), minThreads: 0, maxThreads: threads, maxQueue: MAX_QUEUE, idleTimeout: 60_000 });
  }
  return holder[POOL_KEY];
}

/** Runs one task in a worker thread, within the time limit. */
/** `transferList`: objects moved to the worker rather than copied (a MessagePort the task reads from). */
export async function runTask<K extends TaskKind>(kind: K, input: TaskInput<K>, options: { timeoutMs?: number; transferList?: Transferable[] } = {}): Promise<TaskOutput<K>> {
  const timeoutMs = options.timeoutMs ?? workTimeoutMs();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return (await pool().run({ kind, input }, { signal: controller.signal, transferList: options.transferList as never })) as TaskOutput<K>;
  } catch (error) {
    if (controller.signal.aborted) throw new WorkTimeoutError(timeoutMs);
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new WorkBusyError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Stops the pool's threads (tests, shutdown). */
export async function closeWorkerPool(): Promise<void> {
  const holder = globalThis as Holder;
  const p = holder[POOL_KEY];
  delete holder[POOL_KEY];
  await p?.destroy();
}
