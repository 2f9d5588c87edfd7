/**
 * POST /api/plan → `{ plan }` (a rebalance of the given snapshot, or of the current source) or
 * `{ review }` (an existing reassignment JSON validated and estimated). Bad input → 400 naming the
 * field; an unreachable cluster → 502/504 as for /api/cluster; work past the time limit → 503.
 * Planning runs in a worker thread (lib/workers), which also parses a body over 1 MB and serialises
 * the answer; this handler reads the body and the current source (the cluster `?cluster=` names;
 * none = the first configured).
 */
import { getClusterSnapshot } from "@/lib/cluster/source";
import { bodyLimitFromEnv, clusterSourceFailure, fail, failureResponse, okJson, readJsonBody, resultResponse, workFailure } from "@/lib/http/respond";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { runTask } from "@/lib/server/run-task";
import { planHasSnapshot } from "@/lib/server/named-base";
import { transferable } from "@/lib/workers/transfer";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The current source's snapshot, or the answer for a failed read (502/504 as for /api/cluster, else 500 saying to retry). */
async function currentSnapshot(cluster: string | null): Promise<{ snapshot: ClusterSnapshot } | { response: Response }> {
  try {
    return { snapshot: await getClusterSnapshot({ cluster }) };
  } catch (error) {
    return { response: clusterSourceFailure(error) };
  }
}

export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request, bodyLimitFromEnv("KAFKA_BALANCE_PLAN_LIMIT_BYTES", 50 * 1024 * 1024));
  if (!read.ok) return failureResponse(read.error);
  const cluster = new URL(request.url).searchParams.get("cluster");
  try {
    let answer;
    if ("parsed" in read.value) {
      let current: ClusterSnapshot | null = null;
      if (!planHasSnapshot(read.value.parsed)) {
        const loaded = await currentSnapshot(cluster);
        if ("response" in loaded) return loaded.response;
        current = loaded.snapshot;
      }
      answer = await runTask("planJson", { body: read.value.parsed, current, looked: true });
    } else {
      // A large body is parsed in the worker; only one without a snapshot of its own needs the current cluster.
      const bytes = transferable(read.value.bytes);
      const copy = new Uint8Array(bytes);
      answer = await runTask("planJson", { body: undefined, bodyBytes: copy, current: null, looked: false }, { transferList: [copy.buffer] });
      if ("needsCurrent" in answer) {
        const loaded = await currentSnapshot(cluster);
        if ("response" in loaded) return loaded.response;
        answer = await runTask("planJson", { body: undefined, bodyBytes: bytes, current: loaded.snapshot, looked: true }, { transferList: [bytes.buffer] });
      }
    }
    if ("needsCurrent" in answer) return fail("internal", "The planner asked for the current cluster it was given; retry.");
    return answer.ok ? okJson(answer.value) : resultResponse(answer);
  } catch (error) {
    return workFailure(error);
  }
}
