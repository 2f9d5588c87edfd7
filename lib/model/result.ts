/**
 * The one result shape of the core, and the one shape of what went wrong.
 *
 * - Expected failures (bad input, a refusal, a missing record) are values, never exceptions:
 *   `{ ok: false, error: { code, message, issues?, details? } }`.
 * - `code` is a stable snake_case word a client can branch on; `message` says what to fix, in one
 *   line; `issues` name each offending field by a dotted path (`topics.3.partitions.0.replicas`,
 *   indexes as plain segments, the root as ""); pasted text adds the `source`, the 1-based `line` and, for one place, its `column`.
 * - The core never chooses an HTTP status: `lib/http/status.ts` maps each code to one, at the edge.
 */

export interface Issue {
  /** Dotted path of the offending field, e.g. `topics.3.partitions.0.replicas`; "" for the whole input. */
  path: string;
  message: string;
  /** For pasted text: which text the issue points into (e.g. `logDirs`). */
  source?: string;
  /** For pasted text: the 1-based line, or null when the issue is not about one line. */
  line?: number | null;
  /** For pasted text: the 1-based column on `line`, when the issue is about one place in it. */
  column?: number | null;
}

export interface Failure {
  code: string;
  message: string;
  /** Every offending field; empty when the failure is not about one field. */
  issues: Issue[];
  /** Facts a client can use, sent beside the message (e.g. `{ limit, size }`, `{ retryAfterSeconds }`). */
  details?: Record<string, unknown>;
}

export type Ok<T> = { ok: true; value: T; warnings?: Issue[] };
export type Err = { ok: false; error: Failure };
export type Result<T> = Ok<T> | Err;

export function success<T>(value: T, warnings?: Issue[]): Ok<T> {
  return warnings ? { ok: true, value, warnings } : { ok: true, value };
}

export function failure(code: string, message: string, more: { issues?: Issue[]; details?: Record<string, unknown> } = {}): Err {
  return { ok: false, error: { code, message, issues: more.issues ?? [], ...(more.details ? { details: more.details } : {}) } };
}

/** A body (or `what`) over its limit: code `payload_too_large`, with the limit in the details. */
export function payloadTooLarge(limitBytes: number, what = "request body"): Err {
  return failure("payload_too_large", `The ${what} is larger than the limit of ${limitBytes} bytes; send less or raise the limit.`, { details: { limitBytes } });
}

/** Input that failed validation: code `bad_request` (or `code`), the message from the first issue. */
export function invalid(issues: Issue[], code = "bad_request"): Err {
  return failure(code, describeIssues(issues), { issues });
}

/** One issue as a line: `topics.0.name: a topic needs a name`. */
export function formatIssue(issue: Issue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}

/** One line that says what to fix: `topics.0.name: a topic needs a name (and 2 more problems)`. */
export function describeIssues(issues: readonly Issue[], format: (issue: Issue) => string = formatIssue): string {
  const first = issues[0];
  if (!first) return "invalid input";
  const more = issues.length - 1;
  return more > 0 ? `${format(first)} (and ${more} more problem${more > 1 ? "s" : ""})` : format(first);
}

/** The same issues, with each path placed under `prefix` (a field inside a larger body). */
export function prefixIssues(issues: readonly Issue[], prefix: string): Issue[] {
  if (!prefix) return [...issues];
  return issues.map((i) => ({ ...i, path: i.path ? `${prefix}.${i.path}` : prefix }));
}

/** Segments as a dotted path: `["topics", 3, "name"]` → `topics.3.name`; the inverse of pathSegments. */
export function joinPath(segments: ReadonlyArray<PropertyKey>): string {
  return segments.map(String).join(".");
}

/** A dotted path (`a.0.b`) as segments, indexes as numbers: for building zod issues and tests. */
export function pathSegments(path: string): (string | number)[] {
  return path === "" ? [] : path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
