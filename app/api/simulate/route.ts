/**
 * POST /api/simulate: a scenario (base + policy + seed + steps) → the cluster after every step, the
 * final snapshot, and the same scenario under every log-dir rule with a one-line verdict.
 * Body shapes and answers: lib/simulate/request.ts and lib/simulate/run-request.ts. A bad field is a 400
 * naming its path; a scenario too large for the limits is a 413 naming the limit; a run past the time
 * limit is stopped and answered 503. The run happens in a worker thread (lib/workers), which also
 * parses a body over 1 MB and serialises the answer: this thread only moves bytes.
 */
import { currentEnv } from "@/lib/config";
import { bodyLimitFromEnv, failureResponse, readJsonBody, okJson, resultResponse, workFailure } from "@/lib/http/respond";
import { limitsFromEnv } from "@/lib/simulate/limits";
import { simulateJsonOffThread } from "@/lib/server/simulate-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** 64 MB: an inline base snapshot of 250,000 replicas (the replica limit) is about 30 MB of JSON. */
const DEFAULT_LIMIT_BYTES = 64 * 1024 * 1024;

export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request, bodyLimitFromEnv("KAFKA_BALANCE_SIMULATE_LIMIT_BYTES", DEFAULT_LIMIT_BYTES));
  if (!read.ok) return failureResponse(read.error);
  let json;
  try {
    json = await simulateJsonOffThread(read.value, limitsFromEnv(currentEnv()), new URL(request.url).searchParams.get("cluster"));
  } catch (error) {
    return workFailure(error);
  }
  return json.ok ? okJson(json.value) : resultResponse(json);
}
