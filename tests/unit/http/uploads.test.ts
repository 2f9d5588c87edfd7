// The upload guard of the app's server (scripts/server/uploads.mjs) on a plain Node HTTP server and
// real sockets, with small limits: what the e2e test (tests/e2e/app-server.test.ts) does not reach.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { UPLOAD_DEFAULTS, UploadGuard, uploadLimits, uploadState, type UploadLimits } from "../../../scripts/server/uploads.mjs";

let server: http.Server | null = null;
const logs: string[] = [];

afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = null;
  logs.length = 0;
});

/** A server that reads each admitted body whole and answers its length. */
async function serve(limits: UploadLimits): Promise<number> {
  const guard = new UploadGuard(limits, (line) => logs.push(line));
  server = http.createServer((req, res) => {
    const refusal = guard.admit(req, res, "192.0.2.1");
    if (refusal) return res.writeHead(refusal.status, { connection: "close" }).end(refusal.message);
    let n = 0;
    req.on("data", (d: Buffer) => (n += d.length));
    req.on("end", () => res.end(String(n)));
    req.on("error", () => {});
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server!.address() as net.AddressInfo).port;
}

function connect(port: number): { socket: net.Socket; closed: Promise<string> } {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  socket.on("data", (d) => (text += String(d)));
  socket.on("error", () => {});
  return { socket, closed: new Promise((r) => socket.once("close", () => r(text))) };
}

const limits: UploadLimits = { idleMs: 5000, deadlineMs: 5000, perClientUploads: 4, perClientBytes: 10_000, totalBytes: 20_000 };

describe("the upload guard", () => {
  it("drops a chunked body (no Content-Length) once it passes the client's bytes, and gives them back", async () => {
    const port = await serve(limits);
    const before = uploadState().dropped.over_budget;
    const { socket, closed } = connect(port);
    socket.write("POST /api/plan HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    const chunk = "x".repeat(4000);
    for (let i = 0; i < 4 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(await closed).toBe("");
    expect(uploadState().dropped.over_budget - before).toBe(1);
    expect(uploadState()).toMatchObject({ uploads: 0, bytes: 0 });
    expect(logs[0]).toMatch(/KAFKA_BALANCE_UPLOAD_CLIENT_BYTES/);
  });

  it("drops a body that keeps trickling past its deadline", async () => {
    const port = await serve({ ...limits, idleMs: 5000, deadlineMs: 600 });
    const before = uploadState().dropped.deadline;
    const { socket, closed } = connect(port);
    socket.write("POST /api/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n");
    const timer = setInterval(() => socket.write("x"), 100);
    await closed;
    clearInterval(timer);
    expect(uploadState().dropped.deadline - before).toBe(1);
    expect(uploadState()).toMatchObject({ uploads: 0, bytes: 0 });
  });

  it("lets a body within every limit through, and counts nothing once it is answered", async () => {
    const port = await serve(limits);
    const answer = await fetch(`http://127.0.0.1:${port}/api/plan`, { method: "POST", body: "y".repeat(9000) });
    expect(await answer.text()).toBe("9000");
    expect(uploadState()).toMatchObject({ uploads: 0, bytes: 0 });
  });

  it("reads its limits from env, with the documented defaults", () => {
    expect(uploadLimits({})).toEqual({
      idleMs: UPLOAD_DEFAULTS.idleSeconds * 1000,
      deadlineMs: UPLOAD_DEFAULTS.deadlineSeconds * 1000,
      perClientUploads: 8,
      perClientBytes: 320 * 2 ** 20,
      totalBytes: 640 * 2 ** 20,
    });
    expect(uploadLimits({ KAFKA_BALANCE_UPLOAD_IDLE_SECONDS: "5", KAFKA_BALANCE_UPLOADS_PER_CLIENT: "2" })).toMatchObject({ idleMs: 5000, perClientUploads: 2 });
  });
});
