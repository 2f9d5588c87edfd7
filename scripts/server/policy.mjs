// The connection-level policy of the app's server (scripts/server.mjs), as plain functions of a
// request's method, path and headers and of the env, so unit tests check them without a socket:
//
// - Who the client is: the peer address of the TCP connection, or, only when that peer is a proxy
//   named in KAFKA_BALANCE_TRUSTED_PROXIES (CIDRs), the last address in X-Forwarded-For that is not
//   itself a trusted proxy. A client-supplied X-Forwarded-For is never believed otherwise.
// - Which Host names the app answers to (DNS rebinding): KAFKA_BALANCE_ALLOWED_HOSTS, by default
//   localhost, the machine's host name, the bound address, and any IP literal (a browser sends an IP
//   in Host only when the user typed that IP, never for an attacker's domain, so IPs cannot rebind).
// - Which methods each kind of path takes: pages and static files GET and HEAD; /api whatever the
//   route exports (Next answers 405 for the rest); methods no route can have (TRACE, CONNECT, …) 405.
// - Cross-site writes (CSRF): a state-changing /api request whose Origin is another site is refused.
import net from "node:net";
import os from "node:os";

export const TRUSTED_PROXIES_ENV = "KAFKA_BALANCE_TRUSTED_PROXIES";
export const ALLOWED_HOSTS_ENV = "KAFKA_BALANCE_ALLOWED_HOSTS";

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports) as plain IPv4. */
export function normalizeAddress(address) {
  const a = String(address ?? "").trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1] : a.toLowerCase();
}

/**
 * The trusted proxies: comma- or space-separated addresses or CIDRs (`10.0.0.0/8, ::1`). Returns the
 * list and the entries that are not addresses, so the server can say which ones it ignored.
 */
export function parseTrustedProxies(raw) {
  const list = new net.BlockList();
  const invalid = [];
  let count = 0;
  for (const entry of String(raw ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const [addr, prefixText, extra] = entry.split("/");
    const address = normalizeAddress(addr);
    const family = net.isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (!family || extra !== undefined || !/^\d+$/.test(String(prefixText ?? max)) || prefix > max) {
      invalid.push(entry);
      continue;
    }
    list.addSubnet(address, prefix, family === 6 ? "ipv6" : "ipv4");
    count++;
  }
  return { list, count, invalid };
}

function isTrusted(address, proxies) {
  const family = net.isIP(address);
  return family !== 0 && proxies.count > 0 && proxies.list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: the peer's, unless the peer is a trusted proxy; then the right-most
 * X-Forwarded-For entry that is not a trusted proxy (entries to its left were written by the client
 * and prove nothing). A malformed entry stops the walk at the last good address.
 */
export function clientAddress(peer, forwardedFor, proxies) {
  let client = normalizeAddress(peer) || "unknown";
  if (!isTrusted(client, proxies) || !forwardedFor) return client;
  const hops = String(forwardedFor)
    .split(",")
    .map((h) => normalizeAddress(h.replace(/^\[|\](:\d+)?$/g, "")));
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!net.isIP(hops[i])) break;
    client = hops[i];
    if (!isTrusted(client, proxies)) break;
  }
  return client;
}

/** The host name of a Host header (`[::1]:3000` → `[::1]`, `Example.org.:80` → `example.org`), or null when malformed. */
export function hostName(header) {
  const h = String(header ?? "")
    .trim()
    .toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:\d{1,5})?$/.exec(h);
  return m ? m[1].replace(/\.$/, "") : null;
}

/**
 * The names the app answers to: KAFKA_BALANCE_ALLOWED_HOSTS (comma-separated names; `.example.com`
 * also allows every subdomain; `*` allows any Host, turning the check off) added to the defaults.
 */
export function allowedHosts(env = process.env, boundHost) {
  const names = new Set(["localhost"]);
  const machine = os.hostname().toLowerCase();
  names.add(machine);
  names.add(machine.split(".")[0]);
  const bound = hostName(boundHost);
  if (bound && bound !== "0.0.0.0" && bound !== "[::]") names.add(bound);
  const suffixes = [];
  let any = false;
  for (const entry of String(env[ALLOWED_HOSTS_ENV] ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const e = entry.toLowerCase();
    if (e === "*") any = true;
    else if (e.startsWith(".")) suffixes.push(e);
    else names.add(hostName(e) ?? e);
  }
  return { names, suffixes, any };
}

function isIpLiteral(name) {
  return net.isIP(name) === 4 || (name.startsWith("[") && net.isIP(name.slice(1, -1)) === 6);
}

export function hostAllowed(header, allowed) {
  if (allowed.any) return true;
  const name = hostName(header);
  if (name === null) return false;
  return isIpLiteral(name) || allowed.names.has(name) || name.endsWith(".localhost") || allowed.suffixes.some((s) => name.endsWith(s));
}

/** Methods a route handler can export; anything else (TRACE, CONNECT, PROPFIND, …) is never routed. */
const ROUTE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * null when the method may go on to Next, else the refusal { status, allow, message }. /api routes
 * answer for themselves (Next gives 405 for a method the route does not export); pages, static files
 * and /_next take GET and HEAD only (the app has no server actions or form posts).
 */
export function methodRefusal(method, pathname) {
  const api = pathname === "/api" || pathname.startsWith("/api/");
  if (api && ROUTE_METHODS.has(method)) return null;
  if (!api && (method === "GET" || method === "HEAD")) return null;
  const allow = api ? [...ROUTE_METHODS].join(", ") : "GET, HEAD";
  return { status: 405, allow, message: `${method.slice(0, 20)} is not allowed on ${api ? "the API" : "this page"}; use ${allow}.` };
}

/**
 * A state-changing /api request sent by a page of another site: its Origin names a host other than
 * the one it was sent to (or `null`, a sandboxed or file page). Requests without Origin (curl,
 * scripts) are not cross-site by construction and go on; the write token guards them.
 */
export function crossSiteWrite(method, pathname, headers) {
  if (!STATE_CHANGING.has(method) || !pathname.startsWith("/api/")) return false;
  const origin = headers.origin;
  if (origin === undefined) return false;
  let originHost;
  try {
    originHost = new URL(String(origin)).host.toLowerCase();
  } catch {
    return true;
  }
  const targets = [headers.host, headers["x-forwarded-host"]].filter(Boolean).map((h) => String(h).toLowerCase());
  return !targets.includes(originHost);
}
