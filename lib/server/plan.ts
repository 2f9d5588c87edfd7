/**
 * The plan use-case (POST /api/plan): a rebalance of the given snapshot, or of the current source
 * (`{ plan }`), or an existing reassignment JSON validated and estimated (`{ review }`). Planning runs in
 * a worker thread (lib/server/tasks.ts `planJson`), which also parses a body over 1 MB and serialises
 * the answer; here only the current source is read, and only when the body has no snapshot of its own.
 */
import { getClusterSnapshot, sourceFailure } from "@/lib/cluster/source";
import type { JsonBody } from "@/lib/model/json-body";
import { failure, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { workFailureOf } from "@/lib/workers/pool";
import { transferable } from "@/lib/workers/transfer";
import { planHasSnapshot } from "./named-base";
import { runTask } from "./run-task";

/** The current source's snapshot (the cluster named; null = the first configured), or its failure (codes as for /api/cluster). */
async function currentSnapshot(cluster: string | null): Promise<Result<ClusterSnapshot>> {
  try {
    return { ok: true, value: await getClusterSnapshot({ cluster }) };
  } catch (error) {
    return sourceFailure(error);
  }
}

/** The answer's JSON bytes: `{ plan }` or `{ review }`; failures: the body's (`bad_request`…), the source's, the pool's. */
export async function planAnswer(body: JsonBody, cluster: string | null): Promise<Result<Uint8Array>> {
  try {
    let answer;
    if ("parsed" in body) {
      let current: ClusterSnapshot | null = null;
      if (!planHasSnapshot(body.parsed)) {
        const loaded = await currentSnapshot(cluster);
        if (!loaded.ok) return loaded;
        current = loaded.value;
      }
      answer = await runTask("planJson", { body: body.parsed, current, looked: true });
    } else {
      // A large body is parsed in the worker; only one without a snapshot of its own needs the current cluster.
      const bytes = transferable(body.bytes);
      const copy = new Uint8Array(bytes);
      answer = await runTask("planJson", { body: undefined, bodyBytes: copy, current: null, looked: false }, { transferList: [copy.buffer] });
      if ("needsCurrent" in answer) {
        const loaded = await currentSnapshot(cluster);
        if (!loaded.ok) return loaded;
        answer = await runTask("planJson", { body: undefined, bodyBytes: bytes, current: loaded.value, looked: true }, { transferList: [bytes.buffer] });
      }
    }
    if ("needsCurrent" in answer) return failure("internal", "The planner asked for the current cluster it was given; retry.");
    return answer;
  } catch (error) {
    return workFailureOf(error);
  }
}
