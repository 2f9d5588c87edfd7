/**
 * The worker threads' entry point (bundled to one file by pool.ts): runs one task by name.
 * Piscina calls the default export with what `runTask` posted.
 */
import { TASKS, type TaskKind } from "./tasks";

export default async function run(message: { kind: TaskKind; input: unknown }): Promise<unknown> {
  const task = TASKS[message.kind] as (input: unknown) => unknown;
  if (!task) throw new Error(`unknown task ${String(message.kind)}`);
  return task(message.input);
}
