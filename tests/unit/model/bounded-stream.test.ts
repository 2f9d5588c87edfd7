import { describe, expect, it } from "vitest";
import { readBounded } from "@/lib/model/bounded-stream";

function streamOf(chunks: number[][]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean; pulled: () => number } {
  let cancelled = false;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[pulled++];
      if (chunk) controller.enqueue(Uint8Array.from(chunk));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled, pulled: () => pulled };
}

describe("readBounded()", () => {
  it("joins the chunks in order when they fit", async () => {
    const { stream } = streamOf([[1, 2], [3], [], [4, 5]]);
    expect(Array.from((await readBounded(stream, 5))!)).toEqual([1, 2, 3, 4, 5]);
  });

  it("answers null and cancels the stream as soon as the limit is passed, without reading the rest", async () => {
    const source = streamOf([[1, 2, 3], [4, 5, 6], [7], [8]]);
    expect(await readBounded(source.stream, 5)).toBeNull();
    expect(source.cancelled()).toBe(true);
    expect(source.pulled()).toBeLessThanOrEqual(3);
  });

  it("reads an empty stream as zero bytes", async () => {
    expect((await readBounded(streamOf([]).stream, 0))!.byteLength).toBe(0);
  });
});

describe("readBounded() with the size to expect", () => {
  it("copies each chunk into place and answers the same bytes", async () => {
    const { stream } = streamOf([[1, 2], [3], [], [4, 5]]);
    const out = (await readBounded(stream, 10, 5))!;
    expect(Array.from(out)).toEqual([1, 2, 3, 4, 5]);
    expect(out.byteLength).toBe(out.buffer.byteLength);
  });

  it("copes with a stream shorter or longer than announced, and still stops at the limit", async () => {
    expect(Array.from((await readBounded(streamOf([[1, 2], [3]]).stream, 10, 8))!)).toEqual([1, 2, 3]);
    expect(Array.from((await readBounded(streamOf([[1, 2], [3, 4], [5]]).stream, 10, 3))!)).toEqual([1, 2, 3, 4, 5]);
    const source = streamOf([[1, 2, 3], [4, 5, 6], [7]]);
    expect(await readBounded(source.stream, 5, 4)).toBeNull();
    expect(source.cancelled()).toBe(true);
    // An announced size past the limit is not allocated: the limit still decides.
    expect(await readBounded(streamOf([[1], [2]]).stream, 5, 1e12)).not.toBeNull();
  });
});
