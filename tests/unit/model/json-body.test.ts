import { describe, expect, it } from "vitest";
import { jsonBodyValue, parseJsonBytes, parseJsonText } from "@/lib/model/json-body";
import { MAX_JSON_DEPTH } from "@/lib/model/json-depth";

describe("parseJsonBytes (the worker's parse of a large body)", () => {
  it("answers as readBody does: the value, a 400 for broken JSON, a 400 naming the limit for deep JSON", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(parseJsonBytes(bytes('{"a":[1,"ü"]}'))).toEqual({ ok: true, value: { a: [1, "ü"] } });
    const broken = parseJsonBytes(bytes('{"a":'));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toMatchObject({ code: "bad_request", message: expect.stringMatching(/^The body is not valid JSON: /) });
    const deep = parseJsonBytes(bytes("[".repeat(100_000) + "]".repeat(100_000)));
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.error).toMatchObject({ code: "bad_request", details: { nestingDepth: 100_000, limitDepth: MAX_JSON_DEPTH } });
    // A byte-order mark is not JSON (readBody keeps it too, so both refuse it alike).
    expect(parseJsonBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])).ok).toBe(false);
  });
});

describe("jsonBodyValue", () => {
  it("gives a parsed body as it is and parses bytes", () => {
    const value = { a: 1 };
    expect(jsonBodyValue({ parsed: value })).toEqual({ ok: true, value });
    expect(jsonBodyValue({ bytes: new TextEncoder().encode("[1,2]") })).toEqual({ ok: true, value: [1, 2] });
    expect(parseJsonText("nope").ok).toBe(false);
  });
});
