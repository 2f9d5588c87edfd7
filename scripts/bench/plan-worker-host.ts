/**
 * Runs a planner bench as the server runs a plan: lib/plan bundled by esbuild the way the worker pool
 * bundles its tasks (lib/workers/pool.ts `bundleModule`), in a worker thread with the pool's resource
 * limits (`WORKER_RESOURCE_LIMITS`). The bundle is built for the run and removed after it.
 */
import { rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { bundleModule, WORKER_RESOURCE_LIMITS } from "@/lib/workers/pool";
import type { PlanBench } from "./plan-worker";

type Reply = { ok: true; value: unknown } | { ok: false; message: string };

export async function inPlanWorker<T>(bench: PlanBench, only?: string[]): Promise<T> {
  const dir = path.resolve(".workers");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-plan.${process.pid}.${bench}.cjs`);
  bundleModule(path.resolve("scripts/bench/plan-worker.ts"), file);
  try {
    const worker = new Worker(file, { workerData: { bench, only }, resourceLimits: { ...WORKER_RESOURCE_LIMITS } });
    const reply = await new Promise<Reply>((resolve, reject) => {
      worker.once("message", (m: Reply) => resolve(m));
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`${bench}: the bench's worker exited (code ${code}) without figures`)));
    });
    await worker.terminate();
    if (!reply.ok) throw new Error(`${bench} failed in its worker: ${reply.message}`);
    return reply.value as T;
  } finally {
    rmSync(file, { force: true });
  }
}
