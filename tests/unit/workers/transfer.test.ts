import { describe, expect, it } from "vitest";
import { ownBytes, transferable } from "@/lib/workers/transfer";

describe("bytes moved between threads", () => {
  it("transfers bytes that own their whole buffer, and copies a slice of a shared one", () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(transferable(whole)).toBe(whole);
    // Node's small Buffers are slices of one pooled ArrayBuffer: transferring it would detach the others.
    const pooled = Buffer.from("abc");
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    const copy = transferable(pooled);
    expect(copy).not.toBe(pooled);
    expect(copy.byteLength).toBe(copy.buffer.byteLength);
    expect(Buffer.from(copy).toString()).toBe("abc");
  });

  it("encodes text into a buffer of its own", () => {
    const bytes = ownBytes('{"ü":1}');
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    expect(new TextDecoder().decode(bytes)).toBe('{"ü":1}');
  });
});
