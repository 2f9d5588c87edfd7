/** Turns share.ts results into responses, so each route handler stays a few lines. */
import { fail, ok } from "@/lib/http/respond";
import type { ShareResult } from "./share";

export function shareResponse<T>(result: ShareResult<T>, status = 200): Response {
  if (result.ok) return ok(result.value, status);
  const { status: code, code: name, message, issues, retryAfterSeconds } = result.error;
  const response = fail(code, name, message, { ...(issues ? { issues } : {}), ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
  if (retryAfterSeconds !== undefined) response.headers.set("retry-after", String(retryAfterSeconds));
  return response;
}
