/**
 * POST /api/simulate: a scenario (base + policy + seed + steps) → the cluster after every step, the
 * final snapshot, and the same scenario under every log-dir rule with a one-line verdict.
 * Body shapes and answers: lib/simulate/request.ts and lib/simulate/simulate.ts. A bad field is a 400
 * naming its path; a scenario too large for the limits is a 413 naming the limit; a run past the time
 * limit is stopped and answered 503. The run itself happens in a worker thread (lib/workers): this
 * handler only reads the body and loads what needs I/O (the current source, a snapshot link's base).
 */
import { serverLoaders } from "@/app/simulate/base-loaders";
import { badRequest, bodyLimitFromEnv, fail, ok, readBody, workFailure } from "@/lib/http/respond";
import { limitsFromEnv } from "@/lib/simulate/limits";
import { runTask } from "@/lib/workers/pool";
import type { LoadedBase } from "@/lib/workers/tasks";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** 64 MB: an inline base snapshot of 250,000 replicas (the replica limit) is about 30 MB of JSON. */
const DEFAULT_LIMIT_BYTES = 64 * 1024 * 1024;

/** Which base needing I/O the body names, looked up without validating it (the worker validates). */
function namedBase(raw: unknown): { current: boolean; shared: string | null } {
  const base = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as { base?: unknown }).base : undefined;
  const shared = base && typeof base === "object" && !Array.isArray(base) ? (base as { shared?: unknown }).shared : undefined;
  return { current: base === "current", shared: typeof shared === "string" ? shared : null };
}

export async function POST(request: Request): Promise<Response> {
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_SIMULATE_LIMIT_BYTES", DEFAULT_LIMIT_BYTES), true);
  if (!body.ok) return body.response;
  const named = namedBase(body.value);
  const current: LoadedBase = named.current ? await serverLoaders.current() : null;
  const shared: LoadedBase = named.shared !== null && serverLoaders.shared ? await serverLoaders.shared(named.shared) : null;
  let outcome;
  try {
    outcome = await runTask("simulate", { body: body.value, current, shared, limits: limitsFromEnv(process.env) });
  } catch (error) {
    return workFailure(error);
  }
  if (!outcome.ok) return badRequest(outcome.issues as { path: string; message: string }[]);
  const run = outcome.value;
  return run.ok ? ok(run.result) : fail(run.status, run.code, run.message, run.extra);
}
