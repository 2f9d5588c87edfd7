/**
 * The worker threads' entry point (bundled to one file by pool.ts): runs one task by name.
 * Piscina calls the default export with what `runWork` (lib/workers/pool.ts) posted.
 */
import type { MessagePort } from "node:worker_threads";
import { TASKS, type TaskKind } from "./tasks";

export default async function run(message: { kind: TaskKind; input: unknown; started?: MessagePort }): Promise<unknown> {
  // The time limit runs from here (pool.ts): waiting in the queue is not the task's time.
  message.started?.postMessage("started");
  message.started?.close();
  const task = TASKS[message.kind] as (input: unknown) => unknown;
  if (!task) throw new Error(`unknown task ${String(message.kind)}`);
  return task(message.input);
}
