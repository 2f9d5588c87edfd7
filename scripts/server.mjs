#!/usr/bin/env node
// The app's production server: Next's request handler behind a small Node HTTP server that owns what
// only the connection knows (`npm start` runs it through scripts/start.mjs; so do the e2e tests and
// `npm run fuzz`, tests/support/e2e-server.ts). Before Next sees a request it
//
// 1. decides who the client is (the peer address, or a trusted proxy's X-Forwarded-For; policy.mjs),
//    and passes it on as X-Forwarded-For and x-kafka-balance-client, replacing whatever the client
//    sent (lib/http/client.ts reads it for per-client quotas);
// 2. refuses a Host the app does not answer to (421, DNS rebinding), a method the path cannot take
//    (405), a state-changing /api request from another site's page (403), and the unused image
//    optimizer (404);
// 3. admits a body only within the bytes and uploads in flight allowed per client and in total, and
//    drops a body that stalls or outlives its deadline (uploads.mjs).
//
// Usage: node scripts/server.mjs [-p PORT] [-H HOSTNAME]   (PORT env, default 3000; all interfaces)
import http from "node:http";
import path from "node:path";
import { createRequire } from "node:module";
import {
  ALLOWED_HOSTS_ENV,
  TRUSTED_PROXIES_ENV,
  allowedHosts,
  clientAddress,
  crossSiteWrite,
  hostAllowed,
  methodRefusal,
  normalizeAddress,
  parseTrustedProxies,
} from "./server/policy.mjs";
import { UploadGuard, hasBody, uploadLimits } from "./server/uploads.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// A production server, as `next start` is, however it was started.
process.env.NODE_ENV = "production";
const next = createRequire(import.meta.url)(path.join(root, "node_modules", "next"));

function argument(flags, fallback) {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => flags.includes(a));
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
}

const port = Number(argument(["-p", "--port"], process.env.PORT ?? "3000"));
const hostname = argument(["-H", "--hostname"], undefined);
/** Headers must arrive within 10 s of the connection (or of the previous request on it). */
const HEADERS_TIMEOUT_MS = 10_000;
const FORWARDED = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip", "x-kafka-balance-client"];

const proxies = parseTrustedProxies(process.env[TRUSTED_PROXIES_ENV]);
if (proxies.invalid.length > 0) console.warn(`Kafka Balance: ${TRUSTED_PROXIES_ENV} entries that are not addresses or CIDRs were ignored: ${proxies.invalid.join(", ")}.`);
const hosts = allowedHosts(process.env, hostname);
const limits = uploadLimits();
const uploads = new UploadGuard(limits);

function refuse(res, status, code, message, headers = {}) {
  const body = JSON.stringify({ error: { code, message } });
  // The headers next.config.js gives every API answer, which this one never reaches.
  const security = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  };
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...security, "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Trims a header echoed in a message: never more than 100 printable characters. */
const shown = (value) =>
  JSON.stringify(
    String(value ?? "")
      .replace(/[^\x20-\x7e]/g, "?")
      .slice(0, 100),
  );

function handler(handle) {
  return (req, res) => {
    const peer = normalizeAddress(req.socket.remoteAddress);
    const client = clientAddress(peer, req.headers["x-forwarded-for"], proxies);
    // A client's own forwarding headers mean nothing unless a trusted proxy wrote them.
    if (client === peer) for (const h of FORWARDED) delete req.headers[h];
    req.headers["x-forwarded-for"] = client;
    req.headers["x-kafka-balance-client"] = client;
    const url = String(req.url ?? "");
    if (!url.startsWith("/")) return refuse(res, 400, "bad_request", "The request target must be a path starting with /.", { connection: "close" });
    const pathname = url.split("?")[0];
    const close = hasBody(req) ? { connection: "close" } : {};
    if (!hostAllowed(req.headers.host, hosts)) {
      return refuse(
        res,
        421,
        "host_not_allowed",
        `This server does not answer to the host ${shown(req.headers.host)}. If that is this server's name, add it to ${ALLOWED_HOSTS_ENV} (comma-separated) and restart.`,
        close,
      );
    }
    const method = methodRefusal(req.method ?? "", pathname);
    if (method) return refuse(res, method.status, "method_not_allowed", method.message, { allow: method.allow, ...close });
    if (pathname.startsWith("/_next/image")) return refuse(res, 404, "not_found", "The image optimizer is not used by this app.", close);
    if (crossSiteWrite(req.method, pathname, req.headers)) {
      return refuse(
        res,
        403,
        "cross_site",
        `A page of another site (Origin ${shown(req.headers.origin)}) may not change anything here; open Kafka Balance itself, or send the request without an Origin header (curl, scripts). If this server has another name, add it to ${ALLOWED_HOSTS_ENV}.`,
        close,
      );
    }
    if (hasBody(req)) {
      const refusal = uploads.admit(req, res, client);
      if (refusal) return refuse(res, refusal.status, refusal.code, refusal.message, { "retry-after": String(refusal.retryAfterSeconds), connection: "close" });
    }
    handle(req, res).catch((error) => {
      console.error(`Kafka Balance: ${req.method} ${pathname.slice(0, 100)} failed: ${error?.message ?? error}`);
      if (!res.headersSent) refuse(res, 500, "internal", "The server failed to answer; retry, and report it if it keeps failing.");
      else res.destroy();
    });
  };
}

async function main() {
  const app = next({ dev: false, dir: root, hostname, port });
  await app.prepare();
  const server = http.createServer(handler(app.getRequestHandler()));
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // Node's own limit on a whole request, a backstop behind the upload deadline.
  server.requestTimeout = limits.deadlineMs + 30_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  console.log(`Kafka Balance listening on ${hostname ?? "all interfaces"}, port ${port}`);
  const stop = async (signal) => {
    server.close();
    server.closeIdleConnections();
    await app.close().catch(() => {});
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void stop(signal));
}

main().catch((error) => {
  console.error(`Kafka Balance could not start: ${error?.message ?? error}`);
  process.exit(1);
});
