import { describe, expect, it } from "vitest";
import { CLIENT_HEADER, clientAddress, clientKey } from "@/lib/http/client";

const request = (headers: Record<string, string>) => new Request("http://localhost/api/snapshots", { headers });

describe("the client of a request", () => {
  it("is the address the app's server passed, keyed by a hash that never shows it", () => {
    const r = request({ [CLIENT_HEADER]: "192.0.2.7" });
    expect(clientAddress(r)).toBe("192.0.2.7");
    expect(clientKey(r)).toMatch(/^[0-9a-f]{16}$/);
    expect(clientKey(r)).not.toContain("192");
    expect(clientKey(request({ [CLIENT_HEADER]: "192.0.2.8" }))).not.toBe(clientKey(r));
  });

  it("is unknown without the app's server, whatever X-Forwarded-For says", () => {
    expect(clientKey(request({ "x-forwarded-for": "203.0.113.1" }))).toBeUndefined();
    expect(clientKey(request({ [CLIENT_HEADER]: "x".repeat(65) }))).toBeUndefined();
  });
});
