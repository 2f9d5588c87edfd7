/**
 * Reads a web stream whole, up to a byte limit: past the limit it cancels the stream and answers
 * null, so an oversized body or a decompression bomb is never held in memory whole. Web streams
 * only (browsers and Node alike), no I/O of its own: request bodies and scenario links both use it.
 *
 * When the caller knows the size to expect (a request's Content-Length), each chunk is copied into
 * place as it arrives, so no single step copies the whole: joining ten 40 MB bodies whose last
 * chunks arrive together would otherwise copy 400 MB in one turn of the server's event loop.
 * Without it (or when the stream turns out longer), the chunks are joined at the end.
 */
export async function readBounded(stream: ReadableStream<Uint8Array>, maxBytes: number, expectedBytes?: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let into = expectedBytes !== undefined && Number.isSafeInteger(expectedBytes) && expectedBytes > 0 && expectedBytes <= maxBytes ? new Uint8Array(expectedBytes) : null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      await reader.cancel();
      return null;
    }
    if (into && size + value.byteLength > into.byteLength) {
      // Longer than announced: keep what was copied as the first chunk and join at the end.
      chunks.push(into.subarray(0, size));
      into = null;
    }
    if (into) into.set(value, size);
    else chunks.push(value);
    size += value.byteLength;
  }
  if (into) return size === into.byteLength ? into : into.subarray(0, size);
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
