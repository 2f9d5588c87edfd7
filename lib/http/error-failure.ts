/**
 * The failure a thrown error stands for, read from its `code`, so a route or a use-case that catches
 * one does not list error classes. Lib's errors that say what went wrong carry a readonly `code`
 * (ApplyBusyError, JobNotFoundError, JobFinishedError, JobConflictError, StoreUnavailableError,
 * HistoryConfigError, WriteTargetError, ClusterSourceError); it is read by the property, not by
 * `instanceof`, as isClusterSourceError does, since Next may bundle a class more than once.
 *
 * - Only a refusal is answered with the error's own message: a code the status table knows and maps
 *   to a 4xx (`apply_in_progress`, `job_not_found`, `job_finished`, ...), whose message says to whoever
 *   asked what to do.
 * - A server's fault (a 5xx code, e.g. `store_unavailable`) gives null: its message is for the server
 *   log (it may name the store's file or host), so the caller logs it and answers in its own words.
 * - So does anything else: a bug, or a driver's error whose `code` is its own (`ENOENT`, `SQLITE_BUSY`).
 */
import { failure, type Err } from "@/lib/model/result";
import { STATUS_BY_CODE, statusFor } from "./status";

export function errorFailure(error: unknown): Err | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string" || !Object.hasOwn(STATUS_BY_CODE, code) || statusFor(code) >= 500) return null;
  return failure(code, error.message);
}
