/**
 * The typed door to the worker pool: a task of lib/server/tasks.ts by name, with its input and output
 * types. The pool (lib/workers/pool.ts) runs tasks by name only, so it imports nothing from here.
 */
import { runWork, type WorkOptions } from "@/lib/workers/pool";
import type { TaskInput, TaskKind, TaskOutput } from "./tasks";

/** Runs the task in a worker thread (limits and errors: lib/workers/pool.ts `runWork`). */
export function runTask<K extends TaskKind>(kind: K, input: TaskInput<K>, options: WorkOptions = {}): Promise<TaskOutput<K>> {
  return runWork(kind, input, options) as Promise<TaskOutput<K>>;
}
