/**
 * The import use-case (POST /api/import): pasted kafka-log-dirs output (and optional kafka-topics and
 * kafka-configs output) → the snapshot, its balance report and the warnings, serialised in a worker
 * thread (lib/server/tasks.ts). A text/plain body is handed to the worker chunk by chunk
 * (lib/workers/import-stream.ts), so a 1,000,000-replica paste is never held whole as text; the JSON
 * form arrives parsed (or, over 1 MB, as bytes the worker parses).
 */
import { MessageChannel } from "node:worker_threads";
import type { JsonBody } from "@/lib/model/json-body";
import { failure, payloadTooLarge, type Result } from "@/lib/model/result";
import { ImportStreamSender } from "@/lib/workers/import-stream";
import { workFailureOf } from "@/lib/workers/pool";
import { runTask } from "./run-task";
import { transferable } from "@/lib/workers/transfer";

/** The JSON form `{ logDirs, topics?, configs?, racks?, capturedAt?, label? }`: the answer's JSON bytes. */
export async function importJson(body: JsonBody, capturedAt: string): Promise<Result<Uint8Array>> {
  const input = "parsed" in body ? { body: body.parsed } : { body: undefined, bodyBytes: transferable(body.bytes) };
  try {
    return await runTask("importJson", { ...input, capturedAt }, { transferList: input.bodyBytes ? [input.bodyBytes.buffer] : [] });
  } catch (error) {
    return workFailureOf(error);
  }
}

/**
 * The text/plain form, the kafka-log-dirs output alone: read as bytes (`payload_too_large` as soon as
 * it passes the limit), then handed chunk by chunk to the worker, whose streaming reader never builds
 * the whole text. The worker is taken only once the upload has ended: a slow upload must not hold one
 * of the pool's few threads (or run out its time limit) while the bytes trickle in. The chunks'
 * buffers are transferred, not copied.
 */
export async function importText(body: ReadableStream<Uint8Array> | null, declaredLength: number, limitBytes: number, capturedAt: string): Promise<Result<Uint8Array>> {
  if (Number.isFinite(declaredLength) && declaredLength > limitBytes) return payloadTooLarge(limitBytes);
  const chunks: Uint8Array[] = [];
  const reader = body?.getReader();
  let size = 0;
  while (reader) {
    // The connection ended early (the client left, or the server dropped a stalled upload): an answer, not a logged stack.
    const read = await reader.read().catch(() => null);
    if (read === null) return failure("bad_request", "The connection closed before the whole body arrived; send it again.");
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
  const task = runTask("importStream", { port: port2, capturedAt }, { transferList: [port2] });
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
  return outcome.ok ? outcome.result : workFailureOf(outcome.error);
}

const EMPTY = new Uint8Array(0);
