import { describe, expect, it } from "vitest";
import { decodePayload, encodePayload } from "@/lib/links/codec";

describe("payload codec", () => {
  it("encodePayload() compresses repetitive JSON and decodePayload() gives it back byte for byte", async () => {
    const json = JSON.stringify({ replicas: Array.from({ length: 5000 }, (_, i) => ({ broker: i % 3, logDir: "/data/d1", sizeBytes: i * 1024, note: "é" })) });
    const encoded = await encodePayload(json);
    expect(encoded.sizeBytes).toBe(Buffer.byteLength(json));
    expect(encoded.data.byteLength).toBeLessThan(encoded.sizeBytes / 10);
    expect(await decodePayload(encoded.encoding, encoded.data)).toBe(json);
  });

  it("decodePayload() names an encoding it cannot read", async () => {
    await expect(decodePayload("zstd", Buffer.alloc(1))).rejects.toThrow(/"zstd"/);
  });
});
