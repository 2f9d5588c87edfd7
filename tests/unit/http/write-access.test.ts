import { describe, expect, it } from "vitest";
import { failureResponse } from "@/lib/http/respond";
import { authorizeWrite, checkWriteAccess, writeGate, type WriteScope } from "@/lib/http/write-access";
import { failure } from "@/lib/model/result";

const TOKEN = "s3cret-Token-42";
const both = { KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN };
const scopes: WriteScope[] = ["links", "cluster"];

describe("checkWriteAccess()", () => {
  it("checkWriteAccess() accepts exactly 'Bearer <token>' in both scopes", () => {
    for (const scope of scopes) expect(checkWriteAccess(scope, `Bearer ${TOKEN}`, both)).toEqual({ ok: true, value: { label: "operator" } });
  });

  it("checkWriteAccess() refuses a token that is a prefix of the configured one, or longer, or of another length", () => {
    for (const given of [TOKEN.slice(0, -1), TOKEN.slice(0, 1), `${TOKEN}x`, `${TOKEN}${TOKEN}`, "", "x".repeat(1000)]) {
      expect(checkWriteAccess("links", `Bearer ${given}`, both), given).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    }
  });

  it("checkWriteAccess() refuses a token that differs in case or in one character", () => {
    expect(checkWriteAccess("links", `Bearer ${TOKEN.toLowerCase()}`, both)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect(checkWriteAccess("links", `Bearer ${TOKEN.slice(0, -1)}3`, both)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
  });

  it("checkWriteAccess() refuses a missing header, another scheme, another case of 'Bearer' or extra whitespace", () => {
    for (const header of [
      null,
      "",
      TOKEN,
      `bearer ${TOKEN}`,
      `BEARER ${TOKEN}`,
      `Basic ${TOKEN}`,
      `Bearer  ${TOKEN}`,
      `Bearer\t${TOKEN}`,
      ` Bearer ${TOKEN}`,
      `Bearer ${TOKEN} `,
      `Bearer ${TOKEN}\n`,
      `Bearer${TOKEN}`,
    ]) {
      expect(checkWriteAccess("links", header, both), JSON.stringify(header)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    }
  });

  it("checkWriteAccess() refuses everyone when no usable token is configured, whatever is sent", () => {
    for (const token of [undefined, "", "   ", "short12", "has a space", "tab\tin-token"]) {
      const env = { KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: token };
      for (const scope of scopes) {
        expect(checkWriteAccess(scope, `Bearer ${token ?? ""}`, env), `${scope} ${JSON.stringify(token)}`).toMatchObject({
          ok: false,
          error: { code: "write_token_not_configured" },
        });
      }
    }
  });

  it("checkWriteAccess() trims whitespace around the configured token only", () => {
    const env = { KAFKA_BALANCE_WRITE_TOKEN: `  ${TOKEN}\n` };
    expect(checkWriteAccess("links", `Bearer ${TOKEN}`, env)).toEqual({ ok: true, value: { label: "operator" } });
    expect(checkWriteAccess("links", `Bearer   ${TOKEN}\n`, env)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
  });

  it("checkWriteAccess() needs KAFKA_BALANCE_ALLOW_WRITES=true, exactly, for the cluster but not for links", () => {
    for (const allow of [undefined, "", "TRUE", "True", "1", "yes", " true"]) {
      const env = { KAFKA_BALANCE_ALLOW_WRITES: allow, KAFKA_BALANCE_WRITE_TOKEN: TOKEN };
      expect(checkWriteAccess("cluster", `Bearer ${TOKEN}`, env), JSON.stringify(allow)).toMatchObject({ ok: false, error: { code: "writes_disabled" } });
      expect(checkWriteAccess("links", `Bearer ${TOKEN}`, env)).toEqual({ ok: true, value: { label: "operator" } });
    }
  });

  it("checkWriteAccess() never puts the presented or configured token in its message", () => {
    const messages = [
      checkWriteAccess("links", "Bearer guessed-token-x", both),
      checkWriteAccess("cluster", `Bearer ${TOKEN}`, { KAFKA_BALANCE_WRITE_TOKEN: TOKEN }),
      checkWriteAccess("links", `Bearer ${TOKEN}`, { KAFKA_BALANCE_WRITE_TOKEN: "short" }),
    ].map((a) => (a.ok ? "" : a.error.message));
    for (const message of messages) {
      expect(message).not.toContain(TOKEN);
      expect(message).not.toContain("guessed-token-x");
      expect(message).toMatch(/KAFKA_BALANCE_/);
    }
  });
});

describe("writeGate()", () => {
  it("writeGate() is ok exactly when the right token passes checkWriteAccess()", () => {
    for (const allow of [undefined, "true", "false", "TRUE"]) {
      for (const token of [undefined, "", "short", TOKEN, ` ${TOKEN} `]) {
        const env = { KAFKA_BALANCE_ALLOW_WRITES: allow, KAFKA_BALANCE_WRITE_TOKEN: token };
        for (const scope of scopes) {
          expect(writeGate(scope, env).ok, `${scope} ${allow} ${token}`).toBe(checkWriteAccess(scope, `Bearer ${token?.trim() ?? ""}`, env).ok);
        }
      }
    }
  });
});

describe("failureResponse() of a denial", () => {
  it("failureResponse() answers 403 for a server that does not allow it and 401 with WWW-Authenticate for a bad token", async () => {
    const off = failureResponse(failure("writes_disabled", "off").error);
    expect(off.status).toBe(403);
    expect(await off.json()).toEqual({ error: { code: "writes_disabled", message: "off" } });
    expect(failureResponse(failure("write_token_not_configured", "m").error).status).toBe(403);
    const bad = failureResponse(failure("unauthorized", "m").error);
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });
});

describe("token labels", () => {
  const env = (extra: Record<string, string>) => ({ KAFKA_BALANCE_ALLOW_WRITES: "true", ...extra });
  it("checkWriteAccess() names the holder of KAFKA_BALANCE_WRITE_TOKEN 'operator', or KAFKA_BALANCE_WRITE_TOKEN_LABEL", () => {
    expect(checkWriteAccess("cluster", "Bearer abcdefgh1", env({ KAFKA_BALANCE_WRITE_TOKEN: "abcdefgh1" }))).toEqual({ ok: true, value: { label: "operator" } });
    expect(checkWriteAccess("cluster", "Bearer abcdefgh1", env({ KAFKA_BALANCE_WRITE_TOKEN: "abcdefgh1", KAFKA_BALANCE_WRITE_TOKEN_LABEL: "oncall" }))).toEqual({
      ok: true,
      value: { label: "oncall" },
    });
  });

  it("checkWriteAccess() takes each label=token of KAFKA_BALANCE_WRITE_TOKENS, and leaves out malformed pairs", () => {
    const tokens = env({ KAFKA_BALANCE_WRITE_TOKENS: "alice=alice-secret-1, bob=bob-secret-22\nbad label=whatever-long, short=abc, =nolabel-token" });
    expect(checkWriteAccess("cluster", "Bearer alice-secret-1", tokens)).toEqual({ ok: true, value: { label: "alice" } });
    expect(checkWriteAccess("cluster", "Bearer bob-secret-22", tokens)).toEqual({ ok: true, value: { label: "bob" } });
    for (const refused of ["whatever-long", "abc", "nolabel-token", "alice=alice-secret-1"]) expect(checkWriteAccess("cluster", `Bearer ${refused}`, tokens).ok).toBe(false);
    // Listed tokens alone are enough configuration to turn writes on.
    expect(writeGate("cluster", tokens).ok).toBe(true);
  });

  it("authorizeWrite() gives a route the label of the token presented, or the response to send", async () => {
    const e = env({ KAFKA_BALANCE_WRITE_TOKENS: "carol=carol-secret-3" });
    const yes = authorizeWrite("cluster", new Request("http://x/", { headers: { authorization: "Bearer carol-secret-3" } }), e);
    expect(yes).toEqual({ ok: true, value: { label: "carol" } });
    const no = authorizeWrite("cluster", new Request("http://x/", { headers: { authorization: "Bearer nope-nope-nope" } }), e);
    expect(no.ok).toBe(false);
    if (!no.ok) expect(failureResponse(no.error).status).toBe(401);
  });
});
