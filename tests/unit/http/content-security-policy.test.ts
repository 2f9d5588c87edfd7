import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";

describe("contentSecurityPolicy()", () => {
  it("contentSecurityPolicy() allows scripts only by nonce in production, and eval only in development", () => {
    const production = contentSecurityPolicy("abc123==", { development: false });
    expect(production).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc123==' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(production).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy("abc123==", { development: true })).toContain("script-src 'self' 'nonce-abc123==' 'strict-dynamic' 'unsafe-eval';");
  });
});

describe("newNonce()", () => {
  it("newNonce() gives 128 random bits in base64, different every call", () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
