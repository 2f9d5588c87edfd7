/**
 * The snapshot an overview route names (lib/server/overview.ts answers it): a configured cluster's,
 * or a shared link's, whose row is read here and whose answers are made in the worker pool
 * (share-reads.ts), so a 50 MB link is never decoded on the request thread. Here, beside the pool,
 * rather than in lib/cluster, which the workers run.
 */
import { clusterSnapshot, type SnapshotLoader } from "@/lib/server/overview";
import type { SharedViewAnswer } from "@/lib/server/overview-answers";
import { ClusterSourceError } from "@/lib/cluster/source";
import { failure, success, type Result } from "@/lib/model/result";
import { readShareRow } from "@/lib/links/share";
import { sharedView } from "./share-reads";

/** What an overview request names: a configured cluster (`cluster=`), or a shared link's snapshot (`shared=<link id>`). */
export interface SnapshotChoice {
  cluster: string | undefined;
  shared: string | undefined;
}

/**
 * The loader of the snapshot a request names. A shared link's row is read here, so an unknown,
 * expired or malformed link is an answer (404, 410, 400) and a scenario or plan link a 409; its
 * answers are made in the worker pool, whose failures (busy, unreadable) throw as a source's would.
 */
export async function chosenSnapshot(choice: SnapshotChoice, refresh = false): Promise<Result<SnapshotLoader>> {
  if (choice.shared === undefined) return success(clusterSnapshot(choice.cluster, refresh));
  const id = choice.shared;
  const row = await readShareRow(id);
  if (!row.ok) return row;
  if (row.value.kind !== "snapshot") return failure("wrong_kind", `The link ${id} holds a ${row.value.kind}, not a snapshot: open it at /s/${id}.`);
  const load: SnapshotLoader = () => Promise.reject(new Error("a shared link's snapshot is answered in the worker pool"));
  load.shared = async (view) => {
    let answer: Result<SharedViewAnswer>;
    try {
      answer = await sharedView(row.value, view);
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === "WorkBusyError" || name === "WorkTimeoutError") throw sourceError(name === "WorkBusyError" ? "busy" : "work_timed_out", (error as Error).message);
      throw error;
    }
    if (!answer.ok) throw sourceError(answer.error.code, answer.error.message);
    return answer.value;
  };
  return success(load);
}

/** A worker's failure, thrown as a source's failure so the routes answer its code and message (503 busy, 500 unreadable). */
function sourceError(code: string, message: string): ClusterSourceError {
  return new ClusterSourceError(code as ConstructorParameters<typeof ClusterSourceError>[0], message);
}
