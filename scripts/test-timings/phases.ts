// What a test file's time goes to: the harness wraps each expensive step (a Kafka cluster's start, the
// production build, a server's start, a wait on a condition) in `timed()`, which appends one JSON line
// per step to $KAFKA_BALANCE_TEST_PHASES (a folder; one file per process). `npm run test:timings` sets it,
// runs the suite with vitest's JSON reporter and joins the two. Without the variable nothing is written.
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";

export type Phase = "cluster start" | "build" | "server start" | "wait";

export interface PhaseRecord {
  /** The test file (absolute), or "" for work done outside any file (global setup). */
  file: string;
  phase: Phase;
  label: string;
  startedAt: number;
  ms: number;
}

/** The test file the calling code runs for, where vitest knows it (tests and hooks). */
function currentFile(): string {
  const fromEnv = process.env.KAFKA_BALANCE_TEST_FILE;
  if (fromEnv) return fromEnv;
  const worker = (globalThis as { __vitest_worker__?: { filepath?: string; current?: { file?: { filepath?: string } } } }).__vitest_worker__;
  return worker?.current?.file?.filepath ?? worker?.filepath ?? "";
}

export function recordPhase(record: Omit<PhaseRecord, "file"> & { file?: string }): void {
  const dir = process.env.KAFKA_BALANCE_TEST_PHASES;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const line: PhaseRecord = { file: record.file ?? currentFile(), phase: record.phase, label: record.label, startedAt: record.startedAt, ms: record.ms };
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), JSON.stringify(line) + "\n");
}

/** Runs `work` and records how long it took as `phase`, whether it resolved or threw. */
export async function timed<T>(phase: Phase, label: string, work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  try {
    return await work();
  } finally {
    recordPhase({ phase, label, startedAt, ms: Date.now() - startedAt });
  }
}

export function timedSync<T>(phase: Phase, label: string, work: () => T): T {
  const startedAt = Date.now();
  try {
    return work();
  } finally {
    recordPhase({ phase, label, startedAt, ms: Date.now() - startedAt });
  }
}

/**
 * Waits until `get` returns a truthy value, polling every `pollMs` (default 100 ms), and returns it;
 * throws `timed out … waiting for <what>` with the last value after `timeoutMs`. An error thrown by `get`
 * ends the wait at once (it is the test's failure, not a reason to wait). Recorded as a "wait" phase.
 */
export async function waitFor<T>(what: string, get: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 60_000, pollMs = 100): Promise<T> {
  return timed("wait", what, async () => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await get();
      if (value) return value;
      if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last value ${JSON.stringify(value)})`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(1, deadline - Date.now()))));
    }
  });
}

/** A fixed pause the test needs as such (a rate measured over a window, "nothing happens for N s"), recorded as a wait. */
export function pause(ms: number, why: string): Promise<void> {
  return timed("wait", why, () => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}
