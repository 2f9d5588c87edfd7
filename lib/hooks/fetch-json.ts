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

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: "application/json", ...init?.headers } });
  } catch (error) {
    throw new FetchError(`The server did not answer (${error instanceof Error ? error.message : String(error)}); check that Kafka Balance is running.`, 0, "network");
  }
  const text = await response.text();
  let body: unknown = null;
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
  return body as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
