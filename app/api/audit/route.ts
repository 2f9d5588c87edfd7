/**
 * GET /api/audit?limit=N&jobId=…&cluster=… — every write Kafka Balance made to a cluster, and every operator
 * request that led to writes, newest first: when, which token label, what, on what, and the result.
 * No token needed to read (it holds no secrets: labels, never tokens).
 */
import { getStore } from "@/lib/store";
import { badRequest, fail, ok } from "@/lib/http/respond";
import { zodIssues } from "@/lib/model/parse";
import { AuditQuerySchema } from "@/lib/plan/apply-request";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AuditQuerySchema.safeParse(query);
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  try {
    return ok({ entries: await getStore().audit.list(parsed.data) });
  } catch (error) {
    console.error(`Reading the audit log failed: ${(error as Error).message}`);
    return fail("store_unavailable", "The audit log cannot be read; see the server log.");
  }
}
