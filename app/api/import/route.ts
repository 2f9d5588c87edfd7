// POST /api/import: pasted kafka-log-dirs output (and optional kafka-topics output) → snapshot + report.
import { describeImportIssues, importSnapshot } from "@/lib/cluster/import";
import { ImportRequestSchema } from "@/lib/cluster/import/request";
import { badRequest, bodyLimitFromEnv, fail, ok, readBody } from "@/lib/http/respond";
import { zodIssues } from "@/lib/model/parse";
import { balanceReport } from "@/lib/model/report";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** 50 MB: the kafka-log-dirs output of a cluster with several hundred thousand replicas fits. */
const DEFAULT_LIMIT_BYTES = 50 * 1024 * 1024;

export async function POST(request: Request): Promise<Response> {
  const type = request.headers.get("content-type") ?? "";
  const json = /^application\/([\w.+-]+\+)?json\b/i.test(type);
  if (!json && !/^text\/plain\b/i.test(type)) {
    return fail(415, "unsupported_media_type", `Content-Type ${type ? JSON.stringify(type) : "(none)"} is not accepted: send application/json {"logDirs": "...", "topics": "..."} or text/plain with the kafka-log-dirs output alone (curl -H 'content-type: text/plain' --data-binary @log-dirs.txt).`);
  }
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_IMPORT_LIMIT_BYTES", DEFAULT_LIMIT_BYTES), json);
  if (!body.ok) return body.response;
  const parsed = json ? ImportRequestSchema.safeParse(body.value) : ImportRequestSchema.safeParse({ logDirs: body.text });
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  const result = importSnapshot({ ...parsed.data, capturedAt: parsed.data.capturedAt ?? new Date().toISOString() });
  if (!result.ok) return fail(400, "invalid_import", describeImportIssues(result.issues), { issues: result.issues });
  return ok({ snapshot: result.snapshot, report: balanceReport(result.snapshot), warnings: result.warnings });
}
