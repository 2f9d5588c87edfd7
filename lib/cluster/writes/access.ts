/**
 * Writes are off unless the operator turns them on: `KAFKA_BALANCE_ALLOW_WRITES=true` AND a request
 * carrying `Authorization: Bearer <KAFKA_BALANCE_WRITE_TOKEN>`. The token is compared in constant time
 * and never echoed.
 */
import { timingSafeEqual } from "node:crypto";

export type WriteAccess = { ok: true } | { ok: false; status: 401 | 403; message: string };

export function writeAccess(request: Request, env: Record<string, string | undefined> = process.env): WriteAccess {
  if (env.KAFKA_BALANCE_ALLOW_WRITES !== "true") {
    return { ok: false, status: 403, message: "Writes to the cluster are off. Start Kafka Balance with KAFKA_BALANCE_ALLOW_WRITES=true and KAFKA_BALANCE_WRITE_TOKEN=<secret> to allow them." };
  }
  const token = env.KAFKA_BALANCE_WRITE_TOKEN ?? "";
  if (token.length < 8) {
    return { ok: false, status: 403, message: "KAFKA_BALANCE_WRITE_TOKEN must be set (8 characters or more) before writes are allowed." };
  }
  const header = request.headers.get("authorization") ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7) : "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    return { ok: false, status: 401, message: "This action changes the cluster: send the write token as 'Authorization: Bearer <token>'." };
  }
  return { ok: true };
}
