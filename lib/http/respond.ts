/**
 * The one place route handlers build responses. Errors always have the same shape:
 * `{ error: { code, message, issues?, ...details } }`, with a message that says what to fix, and the
 * status the code maps to (status.ts). Never a stack trace.
 */
import { sourceFailure } from "@/lib/cluster/source";
import { currentEnv } from "@/lib/config";
import { readBounded } from "@/lib/model/bounded-stream";
import { parseJsonBytes, parseJsonText, PARSE_OFF_THREAD_BYTES, type JsonBody } from "@/lib/model/json-body";
import { failure, invalid, payloadTooLarge, success, type Err, type Failure, type Issue, type Result } from "@/lib/model/result";
import { workFailureOf } from "@/lib/workers/pool";
import { notJsonMessage } from "./content-type";
import { statusFor } from "./status";

export interface ErrorBody {
  error: { code: string; message: string; issues?: Issue[]; [detail: string]: unknown };
}

const noStore = { "cache-control": "no-store" };

export function ok<T>(data: T, status = 200): Response {
  return Response.json(data, { status, headers: noStore });
}

/** 256 KB: the slice of a large answer written per turn of the event loop. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Bytes as a body sent in slices, one per read, as the client (and compression) takes them: a 100 MB
 * answer handed over whole is written (and gzipped) in one go, which holds the event loop.
 */
export function chunkedBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.subarray(at, at + CHUNK_BYTES));
        at += CHUNK_BYTES;
      },
    },
    { highWaterMark: 0 },
  );
}

/** JSON already serialised (in the worker pool: lib/workers), sent as its bytes, in slices, with `status`. */
export function okJson(json: Uint8Array, status = 200): Response {
  return new Response(chunkedBody(json), { status, headers: { ...noStore, "content-type": "application/json" } });
}

/**
 * The answer for a failure: the status its code maps to, its details beside the message, a
 * Retry-After header when it says when to retry, and for `unauthorized` (a 401) the scheme it
 * expects (RFC 6750: the write token of write-access.ts).
 */
export function failureResponse(error: Failure): Response {
  const { code, message, issues, details } = error;
  const body: ErrorBody = { error: { ...details, code, message, ...(issues.length > 0 ? { issues } : {}) } };
  const response = Response.json(body, { status: statusFor(code), headers: noStore });
  const retryAfter = details?.retryAfterSeconds;
  if (typeof retryAfter === "number") response.headers.set("retry-after", String(retryAfter));
  if (code === "unauthorized") response.headers.set("www-authenticate", 'Bearer realm="kafka-balance"');
  return response;
}

/** A Result as a response: its value as JSON with `status`, or its failure. */
export function resultResponse<T>(result: Result<T>, status = 200): Response {
  return result.ok ? ok(result.value, status) : failureResponse(result.error);
}

/** A failure decided at the edge itself (a missing header, a busy pool). */
export function fail(code: string, message: string, details?: Record<string, unknown>): Response {
  return failureResponse(failure(code, message, details ? { details } : {}).error);
}

export function badRequest(issues: Issue[] | string): Response {
  return typeof issues === "string" ? fail("bad_request", issues) : failureResponse(invalid(issues).error);
}

const ABORTED = Symbol("aborted");

/**
 * The failure for a body whose connection ended before it did: the client went away, or the app's
 * server dropped a stalled upload (scripts/server/uploads.mjs). Nobody may be there to read it; it is
 * an answer rather than a thrown error so no stack is logged for what a client did.
 */
function uploadAborted(): Err {
  return failure(
    "bad_request",
    "The connection closed before the whole body arrived; send it again (a body that sends nothing for a while is dropped, see KAFKA_BALANCE_UPLOAD_IDLE_SECONDS).",
  );
}

/**
 * A body's bytes with a byte limit (checked on Content-Length first, then while reading, so an
 * oversized body is never held in memory whole); a JSON body's Content-Type is checked first.
 */
async function readBodyBytes(request: Request, limitBytes: number, json: boolean): Promise<Result<Uint8Array>> {
  // A JSON body must say so (content-type.ts: what stops cross-site posts), checked before a byte is read.
  const notJson = json ? notJsonMessage(request.headers.get("content-type"), request.headers.get("content-encoding")) : null;
  if (notJson) return failure("unsupported_media_type", notJson);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limitBytes) return payloadTooLarge(limitBytes);
  if (!request.body) return failure("bad_request", "The request has no body; send JSON.");
  // The declared size lets each chunk be copied into place as it arrives (bounded-stream.ts).
  const bytes = await readBounded(request.body, limitBytes, Number.isFinite(declared) ? declared : undefined).catch((): typeof ABORTED => ABORTED);
  if (bytes === ABORTED) return uploadAborted();
  if (bytes === null) return payloadTooLarge(limitBytes);
  return success(bytes);
}

/**
 * Reads a request body with a byte limit (readBodyBytes): its text, or with `parseJson` its JSON
 * value, checked as lib/model/json-body.ts checks it (JSON nested deeper than MAX_JSON_DEPTH is
 * refused first, without recursion). A refusal answers with failureResponse.
 */
export async function readBody(request: Request, limitBytes: number, parseJson: boolean): Promise<Result<unknown>> {
  const read = await readBodyBytes(request, limitBytes, parseJson);
  if (!read.ok) return read;
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(read.value);
  return parseJson ? parseJsonText(text) : success(text);
}

/**
 * readBody for the routes whose work runs in the worker pool: a body of more than `offThreadAbove`
 * bytes (1 MB) comes back as its bytes, for the worker to check and parse (lib/model/json-body.ts
 * gives the same answers as here); JSON.parse of 40 MB would hold this thread for a second.
 */
export async function readJsonBody(request: Request, limitBytes: number, offThreadAbove = PARSE_OFF_THREAD_BYTES): Promise<Result<JsonBody>> {
  const read = await readBodyBytes(request, limitBytes, true);
  if (!read.ok) return read;
  if (read.value.byteLength > offThreadAbove) return success({ bytes: read.value });
  const parsed = parseJsonBytes(read.value);
  return parsed.ok ? success({ parsed: parsed.value }) : parsed;
}

/** Byte limits for request bodies, from env, with defaults. */
export function bodyLimitFromEnv(name: string, defaultBytes: number): number {
  const raw = currentEnv()[name];
  if (!raw) return defaultBytes;
  const parsed = Number(raw);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : defaultBytes;
}

/**
 * The answer for work the pool refused or stopped (lib/workers/pool.ts): 503 with what to do, and
 * Retry-After when the pool was only busy. Anything else is a bug and propagates.
 */
export function workFailure(error: unknown): Response {
  return failureResponse(workFailureOf(error).error);
}

/**
 * The one answer for a failed read of the dashboard's cluster source: its code and message when the
 * source said what went wrong (unreachable 502, timed out 504, misconfigured 500), else a 500 that
 * says to retry.
 */
export function clusterSourceFailure(error: unknown): Response {
  return failureResponse(sourceFailure(error).error);
}

/** Whether an If-None-Match header names this strong ETag (or is `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * A JSON body the client may keep and revalidate: 304 with no body when its If-None-Match names the
 * body's ETag, else 200 with it. `no-cache`: kept, but asked about again every time (refreshes stay
 * current); `private`: never kept by a shared cache. Server-Timing says how long the server took;
 * `x-captured-at`, when given, the capture time of the snapshot (a tag that leaves it out is still
 * news on a 304).
 */
export function tagged(request: Request, answer: { body: string; etag: string; serverMs: number; capturedAt?: string }): Response {
  const headers: Record<string, string> = { etag: answer.etag, "cache-control": "private, no-cache", "server-timing": `overview;dur=${answer.serverMs.toFixed(1)}` };
  if (answer.capturedAt !== undefined) headers["x-captured-at"] = answer.capturedAt;
  if (matches(request.headers.get("if-none-match"), answer.etag)) return new Response(null, { status: 304, headers });
  return new Response(answer.body, { status: 200, headers: { ...headers, "content-type": "application/json" } });
}
