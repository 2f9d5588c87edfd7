/**
 * The app's own server (scripts/server.mjs, what `npm start` runs) in front of the built app, over
 * real sockets: stalled uploads are dropped and their bytes leave the accounting (read from
 * /api/metrics, not from timings), a slow upload that keeps sending completes, bodies beyond the
 * bytes allowed in flight are refused before they are read, and hostile requests get 4xx answers:
 * a foreign Host, TRACE, PUT on a page, the image optimizer, text/plain on a JSON route, a cross-site
 * Origin. No browser.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppServer } from "../support/e2e-server";

let dir: string;
let app: AppServer;
let port: number;

const MB = 1_000_000;
const ENV = {
  KAFKA_BALANCE_UPLOAD_IDLE_SECONDS: "2",
  KAFKA_BALANCE_UPLOADS_PER_CLIENT: "3",
  KAFKA_BALANCE_UPLOAD_CLIENT_BYTES: String(40 * MB),
  KAFKA_BALANCE_UPLOAD_TOTAL_BYTES: String(60 * MB),
  // The tests are one peer (127.0.0.1); as a trusted proxy its X-Forwarded-For names other clients.
  KAFKA_BALANCE_TRUSTED_PROXIES: "127.0.0.1",
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-e2e-server-"));
  app = await startApp({ KAFKA_BALANCE_DB: path.join(dir, "snapshots.db"), ...ENV });
  port = Number(new URL(app.url).port);
});

afterAll(async () => {
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection (the requests ask it to). */
  answer: Promise<string>;
  closed: Promise<void>;
}

/** A request written by hand: its head, then (optionally) part of its body, nothing more. */
function raw(head: string[], body = ""): Raw {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const answer = new Promise<string>((resolve) => {
    socket.on("data", (d) => (text += String(d)));
    void closed.then(() => resolve(text));
  });
  socket.write(`${head.join("\r\n")}\r\n\r\n${body}`);
  return { socket, answer, closed };
}

const post = (pathname: string, length: number, extra: string[] = []) => [
  `POST ${pathname} HTTP/1.1`,
  "Host: 127.0.0.1",
  "Content-Type: application/json",
  `Content-Length: ${length}`,
  "Connection: close",
  ...extra,
];

async function uploads(): Promise<{ inFlight: number; bytes: number; idleDrops: number; refused: Record<string, number> }> {
  const text = await (await fetch(`${app.url}/api/metrics`)).text();
  const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
  const refused: Record<string, number> = {};
  for (const m of text.matchAll(/^kafka_balance_uploads_refused_total\{reason="(\w+)"\} (\d+)$/gm)) refused[m[1]!] = Number(m[2]);
  return {
    inFlight: value(/^kafka_balance_uploads_in_flight (\d+)$/m),
    bytes: value(/^kafka_balance_upload_bytes_in_flight (\d+)$/m),
    idleDrops: value(/^kafka_balance_uploads_dropped_total\{reason="idle"\} (\d+)$/m),
    refused,
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("uploads in flight", () => {
  it("drops stalled bodies at the idle deadline and their bytes leave the accounting; a client at its limit is refused before sending", async () => {
    const before = await uploads();
    // JSON bodies (read by readBody) and a text/plain import (streamed by its route): every reader.
    const textImport = [`POST /api/import HTTP/1.1`, "Host: 127.0.0.1", "Content-Type: text/plain", `Content-Length: ${10 * MB}`, "Connection: close"];
    const stalled = [
      raw(post("/api/plan", 10 * MB), "[".repeat(1000)),
      raw(post("/api/snapshots", 10 * MB), "{"),
      raw(textImport, "Querying brokers for log directories information\n"),
    ];
    const held = await until(uploads, (u) => u.inFlight === 3);
    expect(held.bytes).toBe(30 * MB);
    // A fourth body from the same client: 429 from the headers alone, with when to retry and why.
    const fourth = await fetch(`${app.url}/api/plan`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await fourth.json()) as { error: { message: string } }).error.message).toMatch(/limit is 3 at once \(KAFKA_BALANCE_UPLOADS_PER_CLIENT\)/);
    // Another client is not locked out by this one.
    const other = await fetch(`${app.url}/api/snapshots`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: '{"kind":"nope"}',
    });
    expect(other.status).toBe(400);
    await Promise.all(stalled.map((s) => s.closed));
    const after = await until(uploads, (u) => u.inFlight === 0);
    expect(after.bytes).toBe(0);
    expect(after.idleDrops - before.idleDrops).toBe(3);
    expect(app.output()).not.toMatch(/Error: aborted/);
  });

  it("lets a slow upload that keeps sending finish, however long it takes in all", async () => {
    const pieces = ['{"kind":', " ".repeat(2000), '"nope"', " ".repeat(2000), "}"];
    const length = pieces.join("").length;
    const upload = raw(post("/api/snapshots", length), pieces[0]);
    // Each pause is shorter than the 2 s idle limit; the whole upload takes longer than it.
    for (const piece of pieces.slice(1)) {
      await new Promise((r) => setTimeout(r, 700));
      upload.socket.write(piece);
    }
    const answer = await upload.answer;
    upload.socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/kind must be/);
  });

  it("refuses a body larger than the bytes allowed in flight before reading it: 429 for the client's share, 503 for the server's", async () => {
    const client = raw(post("/api/plan", 50 * MB));
    expect(await client.answer).toMatch(/^HTTP\/1\.1 429[\s\S]*retry-after: \d+[\s\S]*KAFKA_BALANCE_UPLOAD_CLIENT_BYTES/i);
    client.socket.destroy();
    // Two clients of 35 MB each pass their own share of 40 MB but not the server's 60 MB.
    const first = raw(post("/api/plan", 35 * MB, ["X-Forwarded-For: 198.51.100.1"]), "[");
    await until(uploads, (u) => u.inFlight === 1);
    const second = raw(post("/api/plan", 35 * MB, ["X-Forwarded-For: 198.51.100.2"]));
    expect(await second.answer).toMatch(/^HTTP\/1\.1 503[\s\S]*retry-after: \d+[\s\S]*KAFKA_BALANCE_UPLOAD_TOTAL_BYTES/i);
    second.socket.destroy();
    first.socket.destroy();
    expect((await until(uploads, (u) => u.inFlight === 0)).bytes).toBe(0);
  });
});

describe("hostile requests", () => {
  it("answers a Host it does not know 421 naming KAFKA_BALANCE_ALLOWED_HOSTS, on pages, the API and _next alike (DNS rebinding)", async () => {
    for (const pathname of ["/", "/api/cluster", "/_next/static/x.js"]) {
      const answer = await raw([`GET ${pathname} HTTP/1.1`, "Host: rebind.attacker.example:3000", "Connection: close"]).answer;
      expect(answer, pathname).toMatch(/^HTTP\/1\.1 421/);
      expect(answer, pathname).toMatch(/KAFKA_BALANCE_ALLOWED_HOSTS/);
    }
    expect((await fetch(`${app.url}/api/cluster`)).status).toBe(200);
  });

  it("answers TRACE 405 on every kind of path without logging a stack, and PUT, DELETE, PATCH on pages 405", async () => {
    for (const pathname of ["/", "/api/cluster", "/s/AAAAAAAAAAAAAAAAAAAAAA"]) {
      const answer = await raw([`TRACE ${pathname} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"]).answer;
      expect(answer, pathname).toMatch(/^HTTP\/1\.1 405/);
    }
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${app.url}/import`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expect(app.output()).not.toMatch(/⨯|\n\s+at /);
  });

  it("answers the unused image optimizer 404, not 500", async () => {
    expect((await fetch(`${app.url}/_next/image?url=/%5Chost/x&w=64&q=75`)).status).toBe(404);
    expect((await fetch(`${app.url}/_next/image?url=/\\host/x`)).status).toBe(404);
  });

  it("refuses text/plain, form and multipart bodies on JSON routes with 415, and another site's Origin with 403", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await fetch(`${app.url}/api/snapshots`, { method: "POST", headers: { "content-type": type }, body: "{}" });
      expect(response.status, type).toBe(415);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain("application/json");
    }
    const crossSite = await fetch(`${app.url}/api/simulate`, { method: "POST", headers: { "content-type": "application/json", origin: "https://attacker.example" }, body: "{}" });
    expect(crossSite.status).toBe(403);
  });

  it("does not show the exact Node version in /api/metrics", async () => {
    const text = await (await fetch(`${app.url}/api/metrics`)).text();
    expect(text).not.toContain("nodejs_version_info");
    expect(text).not.toContain(process.version);
  });
});
