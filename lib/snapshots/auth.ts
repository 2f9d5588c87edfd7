/**
 * The write token guards listing and deleting links (reading one needs only its unguessable id).
 * Without KAFKA_BALANCE_WRITE_TOKEN those operations are off rather than open: a server that was
 * never told who may list every shared snapshot lets nobody.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export const WRITE_TOKEN_ENV = "KAFKA_BALANCE_WRITE_TOKEN";

export type WriteAccess = { ok: true } | { ok: false; status: 401 | 403; code: string; message: string };

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** Checks `authorization: Bearer <token>` against the configured token, in constant time. */
export function checkWriteToken(authorization: string | null, env: Record<string, string | undefined> = process.env): WriteAccess {
  const expected = env[WRITE_TOKEN_ENV]?.trim();
  if (!expected) {
    return { ok: false, status: 403, code: "write_token_not_configured", message: `Listing and deleting snapshot links is disabled: set ${WRITE_TOKEN_ENV} on the server and send it as "authorization: Bearer <token>".` };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return { ok: false, status: 401, code: "unauthorized", message: `Send the write token as "authorization: Bearer <${WRITE_TOKEN_ENV}>".` };
  // Hashing first gives equal lengths, which timingSafeEqual needs, without revealing the token's length.
  if (!timingSafeEqual(digest(match[1]!), digest(expected))) return { ok: false, status: 401, code: "unauthorized", message: `The bearer token does not match ${WRITE_TOKEN_ENV}.` };
  return { ok: true };
}
