/**
 * GET /api/audit — one page of the audit log, newest first: every write Kafka Balance made to a cluster,
 * every operator request that led to writes, and every write refused for its token: when, which token
 * label (or "unauthenticated"), what, on what, and the result. The query (AuditQuerySchema): `limit`
 * (1–1000, default 50), `before`/`after` (an entry's seq: the older or newer page), and the filters
 * `cluster`, `jobId`, `actor`, `action`, `result`, `from`, `to` (ISO times, inclusive). Answers
 * `{ entries, total, older, newer }`: `total` matches the filters on every page, `older` is the `before`
 * of the next page and `newer` the `after` of the previous one (null at either end). 400 names the
 * parameter to fix. No token needed to read (it holds no secrets: labels, never tokens).
 */
import { getStore } from "@/lib/store";
import { badRequest, fail, ok } from "@/lib/http/respond";
import { log } from "@/lib/log/logger";
import { zodIssues } from "@/lib/model/parse";
import { AuditQuerySchema } from "@/lib/plan/apply-request";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AuditQuerySchema.safeParse(query);
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  const { limit, before, after, ...filter } = parsed.data;
  try {
    return ok(await getStore().audit.page(filter, { before, after }, limit));
  } catch (error) {
    log("error", "Reading the audit log failed.", { event: "audit.read-failed", error: (error as Error).message });
    return fail("store_unavailable", "The audit log cannot be read; see the server log.");
  }
}
