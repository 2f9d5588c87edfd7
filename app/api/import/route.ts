// POST /api/import: pasted kafka-log-dirs output (and optional kafka-topics output) → snapshot + report.
// The use-case is lib/server/import.ts; parsing runs in a worker thread (lib/workers). A text/plain body is streamed to the worker as it
// arrives (lib/workers/import-stream.ts), so a 1,000,000-replica paste is never held whole; the JSON
// form is read whole first (its fields are JSON strings) and has the smaller limit.
import { bodyLimitFromEnv, fail, failureResponse, okJson, readJsonBody, resultResponse } from "@/lib/http/respond";
import { importJson, importText } from "@/lib/server/import";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const LIMIT_ENV = "KAFKA_BALANCE_IMPORT_LIMIT_BYTES";
/** 50 MB: the JSON form is read whole; several hundred thousand replicas fit. */
const DEFAULT_JSON_LIMIT_BYTES = 50 * 1024 * 1024;
/** 256 MB: text/plain is streamed; a 1,000 brokers × 12 dirs, 1,000,000-replica paste (~80–100 MB) fits. */
const DEFAULT_TEXT_LIMIT_BYTES = 256 * 1024 * 1024;

export async function POST(request: Request): Promise<Response> {
  const type = request.headers.get("content-type") ?? "";
  const json = /^application\/([\w.+-]+\+)?json\b/i.test(type);
  if (!json && !/^text\/plain\b/i.test(type)) {
    return fail(
      "unsupported_media_type",
      `Content-Type ${type ? JSON.stringify(type) : "(none)"} is not accepted: send application/json {"logDirs": "...", "topics": "..."} or text/plain with the kafka-log-dirs output alone (curl -H 'content-type: text/plain' --data-binary @log-dirs.txt).`,
    );
  }
  const capturedAt = new Date().toISOString();
  let answer;
  if (json) {
    // Parsed here when small, in the worker when over 1 MB; the answer is serialised in the worker.
    const read = await readJsonBody(request, bodyLimitFromEnv(LIMIT_ENV, DEFAULT_JSON_LIMIT_BYTES));
    if (!read.ok) return failureResponse(read.error);
    answer = await importJson(read.value, capturedAt);
  } else {
    answer = await importText(request.body, Number(request.headers.get("content-length") ?? "NaN"), bodyLimitFromEnv(LIMIT_ENV, DEFAULT_TEXT_LIMIT_BYTES), capturedAt);
  }
  return answer.ok ? okJson(answer.value) : resultResponse(answer);
}
