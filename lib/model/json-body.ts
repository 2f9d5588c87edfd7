/**
 * A JSON request body as a route hands it on: parsed already (a small body, on the request thread),
 * or its raw bytes (a large one, transferred to the worker pool and parsed there: JSON.parse of 40 MB
 * holds a thread for a second or more). Both ways refuse the same things with the same answers:
 * nesting past MAX_JSON_DEPTH (before any recursive walk) and text that is not JSON.
 *
 * Pure: no I/O, usable on either thread.
 */
import { jsonDepthProblem } from "./json-depth";
import { failure, success, type Result } from "./result";

export type JsonBody = { parsed: unknown } | { bytes: Uint8Array };

/** Bodies above this many bytes are parsed in the worker pool rather than on the request thread. */
export const PARSE_OFF_THREAD_BYTES = 1024 * 1024;

/** The body's text parsed, or the 400 that says why it cannot be. */
export function parseJsonText(text: string): Result<unknown> {
  const tooDeep = jsonDepthProblem(text);
  if (tooDeep) return failure("bad_request", tooDeep.message, { details: { nestingDepth: tooDeep.depth, limitDepth: tooDeep.limit } });
  try {
    return success(JSON.parse(text) as unknown);
  } catch (error) {
    return failure("bad_request", `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** UTF-8 bytes (a BOM is kept, so JSON.parse refuses it as readBody does) parsed, or the 400. */
export function parseJsonBytes(bytes: Uint8Array): Result<unknown> {
  return parseJsonText(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
}

/** A JsonBody's value: the parsed one, or the bytes parsed now. */
export function jsonBodyValue(body: JsonBody): Result<unknown> {
  return "parsed" in body ? success(body.parsed) : parseJsonBytes(body.bytes);
}
