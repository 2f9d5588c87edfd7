/**
 * The text/plain import, streamed: the route reads the request body (as bytes, up to its limit), then
 * posts each chunk to the worker over a MessagePort; the worker feeds them to the streaming
 * kafka-log-dirs reader as they come.
 *
 * Why this shape: the request body is I/O and belongs to the main thread, while parsing is CPU work
 * that must stay off it. The worker is taken only once the upload has ended, so a slow upload never
 * holds one of the pool's threads or runs out its time limit; the main thread holds the raw bytes
 * meanwhile (never a string of them), and the worker reads them chunk by chunk, releasing each once
 * read, so the whole text never exists as one string and no JSON tree of it is built.
 *
 * Invariants:
 * - Flow control: the worker acknowledges each chunk once read; the sender keeps at most
 *   MAX_IN_FLIGHT chunks unacknowledged and otherwise waits, so a slow (or still queued) worker slows
 *   the upload down instead of piling chunks up in the port.
 * - Messages: `{ chunk }` (bytes, their buffer transferred), `{ end: true }`, `{ abort: true }`. After
 *   `end` or `abort` the worker answers the task and closes its port; after `abort` its answer is
 *   ignored.
 */
import type { MessagePort } from "node:worker_threads";
import { emptyLogDirs, importParsed, LogDirsStreamReader } from "@/lib/import";
import { failure, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

/** 16 chunks (about 1 MB of a typical 64 KB-chunked body) may be on their way at once. */
export const MAX_IN_FLIGHT = 16;

export type ImportStreamMessage = { chunk: Uint8Array } | { end: true } | { abort: true };

/** The worker half: reads chunks from `port` until the end, then imports what it read. */
export function readImportStream(port: MessagePort, input: { capturedAt: string }): Promise<Result<ClusterSnapshot>> {
  const reader = new LogDirsStreamReader();
  return new Promise((resolve) => {
    port.on("message", (message: ImportStreamMessage) => {
      if ("chunk" in message) {
        reader.write(message.chunk);
        port.postMessage("ack");
        return;
      }
      port.close();
      if ("abort" in message) return resolve(failure("bad_request", "The upload stopped before its end."));
      // end() first: the reader holds the first bytes back until it knows their encoding, so only
      // then does it know whether the paste had any text.
      const read = reader.end();
      resolve(reader.sawText ? importParsed(read, { capturedAt: input.capturedAt }) : emptyLogDirs());
    });
  });
}

/** The main-thread half: posts chunks with flow control. */
export class ImportStreamSender {
  private inFlight = 0;
  private waiting: (() => void) | null = null;
  /** The task has answered (or failed): nothing more is read from the port. */
  stopped = false;

  constructor(private readonly port: MessagePort) {
    port.on("message", () => {
      this.inFlight -= 1;
      const wake = this.waiting;
      this.waiting = null;
      wake?.();
    });
  }

  async send(chunk: Uint8Array): Promise<void> {
    while (this.inFlight >= MAX_IN_FLIGHT && !this.stopped) await new Promise<void>((resolve) => (this.waiting = resolve));
    if (this.stopped) return;
    // A copy of the view's bytes only: a chunk may be a view into a larger, shared buffer.
    const own = chunk.slice();
    this.inFlight += 1;
    this.port.postMessage({ chunk: own } satisfies ImportStreamMessage, [own.buffer]);
  }

  /** The task settled early (a time limit, a crash): wake a waiting sender and send nothing more. */
  stop(): void {
    this.stopped = true;
    this.waiting?.();
    this.waiting = null;
  }

  end(): void {
    if (this.stopped) return this.port.close();
    this.port.postMessage({ end: true } satisfies ImportStreamMessage);
    this.port.close();
  }

  abort(): void {
    if (!this.stopped) this.port.postMessage({ abort: true } satisfies ImportStreamMessage);
    this.port.close();
    this.stop();
  }
}
