/**
 * The failures the use-cases meet below them, as Results with a code (the status is lib/http's
 * business, status.ts): a read of the cluster source that failed, work in a worker thread that took
 * too long or found the pool full. Anything else is a bug and is thrown on.
 */
import { isClusterSourceError } from "@/lib/cluster/source";
import { failure, type Err } from "@/lib/model/result";

/** A failed read of a cluster: its code and message when the source said what went wrong (unreachable, timed out, misconfigured), else `internal` saying to retry. */
export function sourceFailure(error: unknown): Err {
  if (isClusterSourceError(error)) return failure(error.code, error.message);
  return failure("internal", "Reading the cluster failed unexpectedly; retry with ?refresh=1.");
}

/** Work the pool stopped (`work_timed_out`) or refused (`busy`, retry after 5 s); any other error is thrown on. */
export function workFailureOf(error: unknown): Err {
  const name = (error as { name?: string } | null)?.name;
  if (name === "WorkTimeoutError") return failure("work_timed_out", (error as Error).message);
  if (name === "WorkBusyError") return failure("busy", (error as Error).message, { details: { retryAfterSeconds: 5 } });
  throw error;
}
