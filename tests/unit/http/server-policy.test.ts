// The connection-level policy of scripts/server.mjs (scripts/server/policy.mjs), on plain values.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { allowedHosts, clientAddress, crossSiteWrite, hostAllowed, hostName, methodRefusal, parseTrustedProxies } from "../../../scripts/server/policy.mjs";

describe("the client's address", () => {
  const none = parseTrustedProxies("");
  const proxies = parseTrustedProxies("10.0.0.0/8, ::1");

  it("is the peer's when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("192.0.2.7", "203.0.113.1", none)).toBe("192.0.2.7");
    expect(clientAddress("::ffff:192.0.2.7", undefined, none)).toBe("192.0.2.7");
  });

  it("is the peer's when the peer is not a trusted proxy", () => {
    expect(clientAddress("192.0.2.7", "203.0.113.1", proxies)).toBe("192.0.2.7");
  });

  it("behind a trusted proxy, is the right-most forwarded address that is not a trusted proxy", () => {
    expect(clientAddress("10.1.2.3", "203.0.113.1", proxies)).toBe("203.0.113.1");
    // The client wrote the left-most entry itself: rotating it changes nothing.
    expect(clientAddress("10.1.2.3", "198.51.100.9, 203.0.113.1, 10.9.9.9", proxies)).toBe("203.0.113.1");
    expect(clientAddress("::1", "203.0.113.1", proxies)).toBe("203.0.113.1");
  });

  it("stops at a malformed entry and keeps the last good address", () => {
    expect(clientAddress("10.1.2.3", "203.0.113.1, garbage", proxies)).toBe("10.1.2.3");
  });

  it("names the entries of KAFKA_BALANCE_TRUSTED_PROXIES it ignored", () => {
    expect(parseTrustedProxies("10.0.0.0/8 proxy.local 10.0.0.0/40 ::1/129").invalid).toEqual(["proxy.local", "10.0.0.0/40", "::1/129"]);
  });
});

describe("the Host allow-list (DNS rebinding)", () => {
  const defaults = allowedHosts({}, "127.0.0.1");

  it.each(["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "10.20.30.40", "[fe80::1]", "app.localhost", `${os.hostname()}:3000`, os.hostname().toUpperCase()])(
    "answers %s by default",
    (host) => {
      expect(hostAllowed(host, defaults)).toBe(true);
    },
  );

  it.each(["attacker.example", "attacker.example:3000", "", "local host", "localhost.attacker.example", undefined])("refuses %j by default", (host) => {
    expect(hostAllowed(host, defaults)).toBe(false);
  });

  it("adds KAFKA_BALANCE_ALLOWED_HOSTS' names and .suffixes; * turns the check off", () => {
    const configured = allowedHosts({ KAFKA_BALANCE_ALLOWED_HOSTS: "kafka-balance.corp.example, .tools.example" }, undefined);
    expect(hostAllowed("kafka-balance.corp.example", configured)).toBe(true);
    expect(hostAllowed("kb.tools.example:443", configured)).toBe(true);
    expect(hostAllowed("tools.example.attacker.example", configured)).toBe(false);
    expect(hostAllowed("anything.example", allowedHosts({ KAFKA_BALANCE_ALLOWED_HOSTS: "*" }, undefined))).toBe(true);
  });

  it("reads a Host header's name", () => {
    expect(hostName("Example.ORG.:8080")).toBe("example.org");
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName("a b")).toBeNull();
  });
});

describe("methods", () => {
  it.each(["PUT", "DELETE", "PATCH", "POST", "OPTIONS", "TRACE"])("pages answer 405 to %s", (method) => {
    expect(methodRefusal(method, "/s/abc")).toMatchObject({ status: 405, allow: "GET, HEAD" });
    expect(methodRefusal(method, "/")).toMatchObject({ status: 405 });
    expect(methodRefusal(method, "/_next/static/chunks/x.js")).toMatchObject({ status: 405 });
  });

  it.each(["TRACE", "TRACK", "CONNECT", "PROPFIND", "FOO"])("the API answers 405 to %s", (method) => {
    expect(methodRefusal(method, "/api/simulate")).toMatchObject({ status: 405 });
  });

  it("lets GET and HEAD through everywhere, and the route methods through to /api", () => {
    expect(methodRefusal("GET", "/")).toBeNull();
    expect(methodRefusal("HEAD", "/import")).toBeNull();
    for (const m of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(methodRefusal(m, "/api/snapshots")).toBeNull();
  });
});

describe("cross-site writes (CSRF)", () => {
  it("refuses a state-changing API request whose Origin is another site", () => {
    expect(crossSiteWrite("POST", "/api/snapshots", { host: "localhost:3000", origin: "https://attacker.example" })).toBe(true);
    expect(crossSiteWrite("DELETE", "/api/snapshots/x", { host: "localhost:3000", origin: "http://localhost:4000" })).toBe(true);
    expect(crossSiteWrite("POST", "/api/plan", { host: "localhost:3000", origin: "null" })).toBe(true);
  });

  it("lets the app's own pages, requests without Origin and reads through", () => {
    expect(crossSiteWrite("POST", "/api/snapshots", { host: "localhost:3000", origin: "http://localhost:3000" })).toBe(false);
    expect(crossSiteWrite("POST", "/api/snapshots", { host: "localhost:3000" })).toBe(false);
    expect(crossSiteWrite("GET", "/api/cluster", { host: "localhost:3000", origin: "https://attacker.example" })).toBe(false);
  });
});
