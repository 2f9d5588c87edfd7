/**
 * The one place route handlers build responses. Errors always have the same shape:
 * `{ error: { code, message, issues? } }`, with a message that says what to fix. Never a stack trace.
 */
import type { InputIssue } from "@/lib/model/parse";
import { describeIssues } from "@/lib/model/parse";
import { ClusterSourceError } from "@/lib/cluster/source";

export interface ErrorBody {
  error: { code: string; message: string; issues?: InputIssue[]; [extra: string]: unknown };
}

const noStore = { "cache-control": "no-store" };

export function ok<T>(data: T, status = 200): Response {
  return Response.json(data, { status, headers: noStore });
}

export function fail(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  const body: ErrorBody = { error: { code, message, ...extra } };
  return Response.json(body, { status, headers: noStore });
}

export function badRequest(issues: InputIssue[] | string): Response {
  if (typeof issues === "string") return fail(400, "bad_request", issues);
  return fail(400, "bad_request", describeIssues(issues), { issues });
}

export function payloadTooLarge(limitBytes: number, what = "request body"): Response {
  return fail(413, "payload_too_large", `The ${what} is larger than the limit of ${limitBytes} bytes; send less or raise the limit.`, { limitBytes });
}

export type BodyResult = { ok: true; value: unknown; text: string } | { ok: false; response: Response };

/**
 * Reads a request body as text with a byte limit (checked on Content-Length first, then while
 * reading, so an oversized body is never held in memory whole), then parses JSON when asked.
 */
export async function readBody(request: Request, limitBytes: number, parseJson: boolean): Promise<BodyResult> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limitBytes) return { ok: false, response: payloadTooLarge(limitBytes) };
  if (!request.body) return { ok: false, response: badRequest("The request has no body; send JSON.") };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return { ok: false, response: payloadTooLarge(limitBytes) };
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!parseJson) return { ok: true, value: text, text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown, text };
  } catch (error) {
    return { ok: false, response: badRequest(`The body is not valid JSON: ${(error as Error).message}`) };
  }
}

/** Byte limits for request bodies, from env, with defaults. */
export function bodyLimitFromEnv(name: string, defaultBytes: number): number {
  const raw = process.env[name];
  if (!raw) return defaultBytes;
  const parsed = Number(raw);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : defaultBytes;
}

/**
 * The answer for work the pool refused or stopped (lib/workers/pool.ts): 503 with what to do, and
 * Retry-After when the pool was only busy. Anything else is a bug and propagates.
 */
export function workFailure(error: unknown): Response {
  const name = (error as { name?: string } | null)?.name;
  if (name === "WorkTimeoutError") return fail(503, "work_timed_out", (error as Error).message);
  if (name === "WorkBusyError") {
    const response = fail(503, "busy", (error as Error).message);
    response.headers.set("retry-after", "5");
    return response;
  }
  throw error;
}

/**
 * The one answer for a failed read of the dashboard's cluster source: its own status and message when
 * the source said what went wrong (unreachable, timed out, misconfigured), else a 500 that says to retry.
 */
export function clusterSourceFailure(error: unknown): Response {
  if (error instanceof ClusterSourceError) return fail(error.status, error.code, error.message);
  return fail(500, "internal", "Reading the cluster failed unexpectedly; retry with ?refresh=1.");
}
