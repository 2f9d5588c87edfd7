// POST /api/import: pasted kafka-log-dirs output (and optional kafka-topics output) → snapshot + report.
// Parsing runs in a worker thread (lib/workers): a 50 MB paste never holds up the server.
import { bodyLimitFromEnv, fail, readBody, resultResponse, workFailure } from "@/lib/http/respond";
import { runTask } from "@/lib/workers/pool";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** 50 MB: the kafka-log-dirs output of a cluster with several hundred thousand replicas fits. */
const DEFAULT_LIMIT_BYTES = 50 * 1024 * 1024;

export async function POST(request: Request): Promise<Response> {
  const type = request.headers.get("content-type") ?? "";
  const json = /^application\/([\w.+-]+\+)?json\b/i.test(type);
  if (!json && !/^text\/plain\b/i.test(type)) {
    return fail("unsupported_media_type", `Content-Type ${type ? JSON.stringify(type) : "(none)"} is not accepted: send application/json {"logDirs": "...", "topics": "..."} or text/plain with the kafka-log-dirs output alone (curl -H 'content-type: text/plain' --data-binary @log-dirs.txt).`);
  }
  const body = await readBody(request, bodyLimitFromEnv("KAFKA_BALANCE_IMPORT_LIMIT_BYTES", DEFAULT_LIMIT_BYTES), json);
  if (!body.ok) return body.response;
  try {
    return resultResponse(await runTask("import", { body: json ? body.value : { logDirs: body.text }, capturedAt: new Date().toISOString() }));
  } catch (error) {
    return workFailure(error);
  }
}
