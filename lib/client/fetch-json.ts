/**
 * The one fetcher every SWR hook uses: JSON in, JSON out, and a thrown FetchError on any non-2xx
 * answer, carrying the server's own message (`{ error: { code, message, issues } }`, see
 * lib/http/respond.ts) so widgets can show what to fix instead of "500".
 */
import type { Issue } from "@/lib/model/result";

export class FetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
    this.name = "FetchError";
  }
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; issues?: unknown };
}

function issuesOf(raw: unknown): Issue[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((i): i is Record<string, unknown> => typeof i === "object" && i !== null)
    .map((i) => ({
      source: typeof i.source === "string" ? i.source : undefined,
      line: typeof i.line === "number" ? i.line : null,
      column: typeof i.column === "number" ? i.column : null,
      path: typeof i.path === "string" ? i.path : "",
      message: typeof i.message === "string" ? i.message : String(i.message),
    }));
}

/** The JSON body of a 2xx answer; a FetchError with the server's message for any other. */
async function jsonOf(url: string, response: Response): Promise<unknown> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const err = (body as ErrorBody | null)?.error;
    const message = typeof err?.message === "string" ? err.message : `${url} answered ${response.status} ${response.statusText}`.trim();
    throw new FetchError(message, response.status, typeof err?.code === "string" ? err.code : "http_error", issuesOf(err?.issues));
  }
  if (body === null) throw new FetchError(`${url} answered ${response.status} without JSON`, response.status, "bad_response");
  return body;
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: "application/json", ...init?.headers } });
  } catch (error) {
    throw new FetchError(`The server did not answer (${error instanceof Error ? error.message : String(error)}); check that Kafka Balance is running.`, 0, "network");
  }
  return (await jsonOf(url, response)) as T;
}

/** A revalidated answer: new data with its ETag, or `unchanged` when the server answered 304 to `etag` (with its headers). */
export type Tagged<T> = { unchanged: true; headers: Headers } | { unchanged: false; data: T; etag: string | null };

/**
 * Like fetchJson, sending `If-None-Match: etag` when there is one. The browser's own cache is bypassed
 * (`no-store`): the caller keeps the data and its tag, so a 304 is answered from what it already shows.
 */
export async function fetchTagged<T>(url: string, etag: string | null): Promise<Tagged<T>> {
  let response: Response;
  try {
    response = await fetch(url, { cache: "no-store", headers: { accept: "application/json", ...(etag ? { "if-none-match": etag } : {}) } });
  } catch (error) {
    throw new FetchError(`The server did not answer (${error instanceof Error ? error.message : String(error)}); check that Kafka Balance is running.`, 0, "network");
  }
  if (response.status === 304) return { unchanged: true, headers: response.headers };
  return { unchanged: false, data: (await jsonOf(url, response)) as T, etag: response.headers.get("etag") };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
