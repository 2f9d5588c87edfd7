/**
 * Who sent a request, for per-client limits (lib/links/quota.ts's link quotas). The app's server
 * (scripts/server.mjs) decides it from the connection (the peer address, or a trusted proxy's
 * X-Forwarded-For when KAFKA_BALANCE_TRUSTED_PROXIES names the peer) and passes it in
 * `x-kafka-balance-client`, replacing anything the client sent. Without that server (`next dev`, a
 * route called directly in a test) the client is unknown and only the limits of all clients apply.
 *
 * What is kept with each link (lib/store/links.ts) is a hash of the address, so the store does not
 * show addresses in clear. It is a tag, not a secret: an IPv4 address's hash is found by trying them all.
 */
import { createHash } from "node:crypto";

export const CLIENT_HEADER = "x-kafka-balance-client";

/** The client's address as the app's server passed it; null without that server. */
export function clientAddress(request: Request): string | null {
  const value = request.headers.get(CLIENT_HEADER)?.trim();
  return value && value.length <= 64 ? value : null;
}

/** The key per-client limits count by (16 hex digits of the address's SHA-256), or undefined when the client is unknown. */
export function clientKey(request: Request): string | undefined {
  const address = clientAddress(request);
  return address === null ? undefined : createHash("sha256").update(address).digest("hex").slice(0, 16);
}
