/**
 * Reads a web stream whole, up to a byte limit: past the limit it cancels the stream and answers
 * null, so an oversized body or a decompression bomb is never held in memory whole. Web streams
 * only (browsers and Node alike), no I/O of its own: request bodies and scenario links both use it.
 */
export async function readBounded(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
