import { describe, expect, it } from "vitest";
import { importSnapshot, LogDirsStreamReader } from "@/lib/import";
import { decodeUpload, repairPastedText, scanUtf8, sniffEncoding } from "@/lib/import/text-encoding";
import { fixture } from "@/tests/fixtures/import/format";

const TEXT = fixture("log-dirs-3.9.txt");

function utf16(text: string, order: "le" | "be", bom: boolean): Uint8Array {
  const le = Buffer.from((bom ? "\ufeff" : "") + text, "utf16le");
  if (order === "le") return new Uint8Array(le);
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1]!, le[i]!];
  return new Uint8Array(be);
}

/** The streaming reader fed in chunks of `size` bytes. */
function streamed(bytes: Uint8Array, size: number) {
  const reader = new LogDirsStreamReader();
  for (let i = 0; i < bytes.length; i += size) reader.write(bytes.subarray(i, i + size));
  return reader.end();
}

describe("encodings of an uploaded paste", () => {
  it.each([
    ["UTF-16LE with a BOM", utf16(TEXT, "le", true), "UTF-16LE (with a byte-order mark)"],
    ["UTF-16BE with a BOM", utf16(TEXT, "be", true), "UTF-16BE (with a byte-order mark)"],
    ["UTF-16LE without a BOM", utf16(TEXT, "le", false), "UTF-16LE (no byte-order mark; told by its NUL bytes)"],
  ])("%s is decoded and imported like the UTF-8 text, with a note", (_name, bytes, said) => {
    for (const size of [1, 3, 7, 65536]) {
      const result = streamed(bytes, size);
      expect(result.ok, `chunks of ${size}`).toBe(true);
      if (!result.ok) return;
      expect(result.value.replicas).toHaveLength(6 * 3 + 4 * 2 + 3 * 3 + 2 + 3);
      expect(result.warnings?.map((w) => w.message)).toEqual([expect.stringContaining(`the upload is ${said}`)]);
    }
    expect(decodeUpload(bytes)).toMatchObject({ ok: true, text: TEXT });
  });

  it("drops a UTF-8 BOM and says nothing of it", () => {
    const result = streamed(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(TEXT)]), 2);
    expect(result.ok && result.warnings).toBeUndefined();
  });

  it("refuses bytes that are not UTF-8, naming the byte, its offset and its line", () => {
    const latin1 = new Uint8Array(Buffer.from(TEXT.replace("/data/kafka/d3", "/data/caf\u00e9"), "latin1"));
    for (const size of [1, 5, 65536]) {
      const result = streamed(latin1, size);
      expect(!result.ok && result.error.issues[0]).toMatchObject({
        line: 3,
        message: expect.stringMatching(/^the upload is not UTF-8 \(byte 0xE9 at offset \d+ is not valid UTF-8: Windows-1252 or ISO-8859-1/),
      });
    }
  });

  it("refuses UTF-32 by name", () => {
    expect(sniffEncoding(new Uint8Array([0xff, 0xfe, 0, 0, 0x51, 0, 0, 0]))).toEqual({ refused: expect.stringMatching(/^the upload is UTF-32LE/) });
    const result = streamed(new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x51]), 3);
    expect(!result.ok && result.error.message).toMatch(/UTF-32BE/);
  });

  it("scanUtf8() waits for a character cut at a chunk's end and refuses overlong and surrogate forms", () => {
    expect(scanUtf8(new Uint8Array([0x41, 0xe2, 0x82]), false)).toEqual({ bad: -1, end: 1 });
    expect(scanUtf8(new Uint8Array([0x41, 0xe2, 0x82]), true)).toEqual({ bad: 1, end: 1 });
    expect(scanUtf8(new Uint8Array([0xc0, 0x80]), true).bad).toBe(0);
    expect(scanUtf8(new Uint8Array([0xed, 0xa0, 0x80]), true).bad).toBe(0);
    expect(scanUtf8(new Uint8Array(Buffer.from("zürich-€-𝄞")), true)).toEqual({ bad: -1, end: 16 });
  });
});

describe("repairPastedText() for a JSON field that carries UTF-16 read as 8-bit text", () => {
  const asLatin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
  const asUtf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

  it("restores ASCII text exactly, BOM or not, and the import says so", () => {
    for (const broken of [asUtf8(utf16(TEXT, "le", true)), asLatin1(utf16(TEXT, "le", true)), asLatin1(utf16(TEXT, "le", false)), asLatin1(utf16(TEXT, "be", true))]) {
      expect(repairPastedText(broken)).toMatchObject({ ok: true, text: TEXT });
    }
    const result = importSnapshot({ logDirs: asUtf8(utf16(TEXT, "le", true)), capturedAt: "2025-01-31T12:00:00Z" });
    expect(result.ok && result.warnings?.[0]).toMatchObject({ source: "logDirs", message: expect.stringMatching(/^the text was UTF-16LE read as 8-bit text/) });
  });

  it("refuses what cannot be restored", () => {
    const broken = asUtf8(utf16(TEXT.replace("d3", "dé"), "le", true));
    expect(repairPastedText(broken)).toMatchObject({ ok: false, message: expect.stringMatching(/cannot be restored; upload the file itself/) });
    expect(repairPastedText(TEXT)).toEqual({ ok: true, text: TEXT, encoding: "utf-8", note: null });
  });
});
