import { describe, expect, it } from "vitest";
import { checkWriteToken } from "@/lib/snapshots/auth";

const env = { KAFKA_BALANCE_WRITE_TOKEN: "s3cret-token" };

describe("checkWriteToken()", () => {
  it("checkWriteToken() answers 403 with how to enable it when no token is configured", () => {
    const access = checkWriteToken("Bearer anything", {});
    expect(access).toMatchObject({ ok: false, status: 403 });
    expect(!access.ok && access.message).toContain("KAFKA_BALANCE_WRITE_TOKEN");
  });

  it("checkWriteToken() answers 401 for a missing, malformed or wrong token", () => {
    expect(checkWriteToken(null, env)).toMatchObject({ ok: false, status: 401 });
    expect(checkWriteToken("s3cret-token", env)).toMatchObject({ ok: false, status: 401 });
    expect(checkWriteToken("Bearer s3cret-tokeN", env)).toMatchObject({ ok: false, status: 401 });
    expect(checkWriteToken("Bearer s3cret", env)).toMatchObject({ ok: false, status: 401 });
  });

  it("checkWriteToken() accepts the configured token as a bearer token", () => {
    expect(checkWriteToken("Bearer s3cret-token", env)).toEqual({ ok: true });
    expect(checkWriteToken("bearer   s3cret-token", env)).toEqual({ ok: true });
  });
});
