import { describe, expect, it } from "vitest";
import { isJsonContentType } from "@/lib/http/content-type";
import { failureResponse, readBody } from "@/lib/http/respond";

const post = (type: string | null, body = "{}") =>
  new Request("http://localhost/api/x", { method: "POST", headers: type === null ? {} : { "content-type": type }, body: new Blob([body]) });

describe("JSON routes take JSON only", () => {
  it.each(["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json", "application/vnd.kafka-balance+json;v=1"])(
    "accepts %s",
    (type) => {
      expect(isJsonContentType(type)).toBe(true);
    },
  );

  // What a page of another site can send without a CORS preflight, and what is not JSON at all.
  it.each([
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonp",
    "application/json-seq",
    "text/json",
    "",
  ])("refuses %j with 415 naming application/json", async (type) => {
    const read = await readBody(post(type), 1000, true);
    if (read.ok) throw new Error(`${type} was read as JSON`);
    const response = failureResponse(read.error);
    expect(response.status).toBe(415);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unsupported_media_type");
    expect(body.error.message).toContain("Content-Type: application/json");
  });

  it("refuses a body without a Content-Type (a Blob without a type sends none)", async () => {
    const read = await readBody(post(null), 1000, true);
    expect(!read.ok && failureResponse(read.error).status).toBe(415);
  });

  it("readBody refuses before reading a byte, and parses JSON sent as JSON", async () => {
    const refused = await readBody(post("text/plain", '{"kind":"snapshot"}'), 1000, true);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(failureResponse(refused.error).status).toBe(415);
    const read = await readBody(post("application/json", '{"a":1}'), 1000, true);
    expect(read.ok && read.value).toEqual({ a: 1 });
  });

  it.each([
    ["application/json; charset=utf-16", null, /UTF-8 .*charset "utf-16"/],
    ['application/json;charset="ISO-8859-1"', null, /charset "iso-8859-1"/],
    ["application/json", "gzip", /uncompressed .*Content-Encoding "gzip"/],
    ["application/json", "br", /Content-Encoding "br"/],
  ])("refuses JSON it would misread (%s, Content-Encoding %s) with 415 saying what to send", async (type, encoding, message) => {
    const request = new Request("http://localhost/api/x", { method: "POST", headers: { "content-type": type, ...(encoding ? { "content-encoding": encoding } : {}) }, body: "{}" });
    const read = await readBody(request, 1000, true);
    if (read.ok) throw new Error("read as JSON");
    const response = failureResponse(read.error);
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
  });

  it("takes UTF-8 named either way and an identity Content-Encoding", async () => {
    for (const [type, encoding] of [
      ["application/json; charset=UTF-8", null],
      ["application/json;charset=utf8", "identity"],
    ] as const) {
      const request = new Request("http://localhost/api/x", {
        method: "POST",
        headers: { "content-type": type, ...(encoding ? { "content-encoding": encoding } : {}) },
        body: '{"a":1}',
      });
      const read = await readBody(request, 1000, true);
      expect(read.ok && read.value, type).toEqual({ a: 1 });
    }
  });

  it("readBody without JSON parsing (raw text) is not checked", async () => {
    const read = await readBody(post("text/plain", "log dirs"), 1000, false);
    expect(read.ok && read.value).toBe("log dirs");
  });

  it("readBody answers 400 (not a thrown error, so no stack is logged) when the connection ends before the body does", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"kind":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const request = new Request("http://localhost/api/x", { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
    const read = await readBody(request, 1000, true);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      const response = failureResponse(read.error);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/connection closed before the whole body arrived/);
    }
  });
});
