/**
 * POST /api/plan → `{ plan }` (a rebalance of the given snapshot, or of the current source) or
 * `{ review }` (an existing reassignment JSON validated and estimated). Bad input → 400 naming the
 * field; an unreachable cluster → 502/504 as for /api/cluster; work past the time limit → 503.
 * Planning runs in a worker thread (lib/workers), which also parses a body over 1 MB and serialises
 * the answer; this handler reads the body and the current source (the cluster `?cluster=` names;
 * none = the first configured).
 */
import { getClusterSnapshot, isClusterSourceError } from "@/lib/cluster/source";
import { bodyLimitFromEnv, clusterSourceFailure, fail, okJson, readJsonBody, resultResponse, workFailure } from "@/lib/http/respond";
import { runTask } from "@/lib/workers/pool";
import { planHasSnapshot } from "@/lib/workers/named-base";
import { transferable } from "@/lib/workers/transfer";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024));
  if (!read.ok) return read.response;
  const cluster = new URL(request.url).searchParams.get("cluster");
  try {
    let answer;
    if ("parsed" in read.body) {
      const current = planHasSnapshot(read.body.parsed) ? null : await getClusterSnapshot({ cluster });
      answer = await runTask("planJson", { body: read.body.parsed, current, looked: true });
    } else {
      // A large body is parsed in the worker; only one without a snapshot of its own needs the current cluster.
      const bytes = transferable(read.body.bytes);
      const copy = new Uint8Array(bytes);
      answer = await runTask("planJson", { body: undefined, bodyBytes: copy, current: null, looked: false }, { transferList: [copy.buffer] });
      if ("needsCurrent" in answer) {
        const current = await getClusterSnapshot({ cluster });
        answer = await runTask("planJson", { body: undefined, bodyBytes: bytes, current, looked: true }, { transferList: [bytes.buffer] });
      }
    }
    if ("needsCurrent" in answer) return fail("internal", "The planner asked for the current cluster it was given; retry.");
    return answer.ok ? okJson(answer.value) : resultResponse(answer);
  } catch (error) {
    if (isClusterSourceError(error)) return clusterSourceFailure(error);
    return workFailure(error);
  }
}
