/**
 * Answers of a worker task that move their bytes back instead of copying them: a task returns
 * `moved(value, buffers)` and the pool's worker (Piscina) transfers `buffers` to the request thread
 * with the message, so a 50 MB JSON answer costs the server's thread nothing to receive. The value
 * arrives as is; its buffers are detached in the worker.
 *
 * Piscina recognises a moved answer by a symbol of its own module instance, so the worker bundle keeps
 * `piscina` external (pool.ts): the handler and Piscina's worker runtime must share one copy.
 */
import { move, transferableSymbol, valueSymbol } from "piscina";

/** `value`, to be sent with `buffers` transferred (each a whole ArrayBuffer the task owns alone). */
export function moved<T>(value: T, buffers: ArrayBuffer[]): T {
  return move({ [transferableSymbol]: buffers, [valueSymbol]: value } as never) as unknown as T;
}

/** Text as UTF-8 bytes in an ArrayBuffer of their own (never a slice of a shared pool), ready to transfer. */
export function ownBytes(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

/** Bytes whose ArrayBuffer may be transferred: these when they span their whole buffer, else a copy. */
export function transferable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes as Uint8Array<ArrayBuffer>;
  return new Uint8Array(bytes);
}
