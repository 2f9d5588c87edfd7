// POST /api/import: pasted kafka-log-dirs output (and optional kafka-topics output) → snapshot + report.
// Parsing runs in a worker thread (lib/workers). A text/plain body is streamed to the worker as it
// arrives (lib/workers/import-stream.ts), so a 1,000,000-replica paste is never held whole; the JSON
// form is read whole first (its fields are JSON strings) and has the smaller limit.
import { MessageChannel } from "node:worker_threads";
import { bodyLimitFromEnv, fail, okJson, payloadTooLarge, readJsonBody, resultResponse, workFailure } from "@/lib/http/respond";
import { runTask } from "@/lib/workers/pool";
import { ImportStreamSender } from "@/lib/workers/import-stream";
import { transferable } from "@/lib/workers/transfer";

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
    return fail("unsupported_media_type", `Content-Type ${type ? JSON.stringify(type) : "(none)"} is not accepted: send application/json {"logDirs": "...", "topics": "..."} or text/plain with the kafka-log-dirs output alone (curl -H 'content-type: text/plain' --data-binary @log-dirs.txt).`);
  }
  if (!json) return streamText(request, bodyLimitFromEnv(LIMIT_ENV, DEFAULT_TEXT_LIMIT_BYTES));
  // Parsed here when small, in the worker when over 1 MB; the answer is serialised in the worker.
  const read = await readJsonBody(request, bodyLimitFromEnv(LIMIT_ENV, DEFAULT_JSON_LIMIT_BYTES));
  if (!read.ok) return read.response;
  const body = "parsed" in read.body ? { body: read.body.parsed } : { body: undefined, bodyBytes: transferable(read.body.bytes) };
  try {
    const json = await runTask("importJson", { ...body, capturedAt: new Date().toISOString() }, { transferList: body.bodyBytes ? [body.bodyBytes.buffer] : [] });
    return json.ok ? okJson(json.value) : resultResponse(json);
  } catch (error) {
    return workFailure(error);
  }
}

/**
 * The text/plain body: read as bytes (413 as soon as it passes the limit), then handed chunk by chunk to
 * the worker, whose streaming reader never builds the whole text. The worker is taken only once the
 * upload has ended: a slow upload must not hold one of the pool's few threads (or run out its time
 * limit) while the bytes trickle in. The chunks' buffers are transferred, not copied.
 */
async function streamText(request: Request, limitBytes: number): Promise<Response> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limitBytes) return payloadTooLarge(limitBytes);
  const chunks: Uint8Array[] = [];
  const reader = request.body?.getReader();
  let size = 0;
  while (reader) {
    // The connection ended early (the client left, or the server dropped a stalled upload): an answer, not a logged stack.
    const read = await reader.read().catch(() => null);
    if (read === null) return fail("bad_request", "The connection closed before the whole body arrived; send it again.");
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return payloadTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  const { port1, port2 } = new MessageChannel();
  const sender = new ImportStreamSender(port1);
  const task = runTask("importStream", { port: port2, capturedAt: new Date().toISOString() }, { transferList: [port2] });
  // Settled here whatever happens below, so an abandoned task never goes unhandled.
  const answer = task.then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  void answer.then(() => sender.stop());
  try {
    for (let i = 0; i < chunks.length && !sender.stopped; i++) {
      const chunk = chunks[i]!;
      chunks[i] = EMPTY;
      await sender.send(chunk);
    }
  } catch (error) {
    sender.abort();
    throw error;
  }
  sender.end();
  const outcome = await answer;
  if (!outcome.ok) return workFailure(outcome.error);
  return outcome.result.ok ? okJson(outcome.result.value) : resultResponse(outcome.result);
}

const EMPTY = new Uint8Array(0);
