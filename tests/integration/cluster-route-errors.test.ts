import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { GET } from "@/app/api/cluster/route";
import { clusterScanCount, resetClusterSource } from "@/lib/cluster/source";

// No Kafka here: a closed port and a TCP server that accepts and never answers stand in for a dead and
// a hung cluster. Port 19290 is this file's.
const SILENT_PORT = 19290;
const savedEnv = { ...process.env };
let silent: net.Server;
const sockets = new Set<net.Socket>();

function setEnv(vars: Record<string, string>): void {
  for (const k of Object.keys(process.env)) if (k.startsWith("KAFKA_")) delete process.env[k];
  Object.assign(process.env, vars);
  resetClusterSource();
}

async function get(query = ""): Promise<{ status: number; body: { error?: { code: string; message: string }; snapshot?: { source: { kind: string } } }; ms: number }> {
  const started = Date.now();
  const response = await GET(new Request(`http://localhost/api/cluster${query}`));
  return { status: response.status, body: await response.json(), ms: Date.now() - started };
}

describe("GET /api/cluster when Kafka cannot be read", () => {
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(SILENT_PORT, "127.0.0.1", resolve));
  });

  afterEach(() => {
    process.env = { ...savedEnv };
    resetClusterSource();
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("GET /api/cluster answers 502 naming the bootstrap servers when nothing listens", async () => {
    setEnv({ KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:1,127.0.0.1:2", KAFKA_REQUEST_TIMEOUT_MS: "2000" });
    const { status, body, ms } = await get();
    expect(status).toBe(502);
    expect(body.error!.code).toBe("kafka_unreachable");
    expect(body.error!.message).toContain("127.0.0.1:1,127.0.0.1:2");
    expect(body.error!.message).toMatch(/ECONNREFUSED/);
    expect(ms).toBeLessThan(2000);
  });

  it("GET /api/cluster answers 504 within the request timeout when the bootstrap server never answers", async () => {
    setEnv({ KAFKA_BOOTSTRAP_SERVERS: `127.0.0.1:${SILENT_PORT}`, KAFKA_REQUEST_TIMEOUT_MS: "1500" });
    const { status, body, ms } = await get();
    expect(status).toBe(504);
    expect(body.error!.code).toBe("kafka_timeout");
    expect(body.error!.message).toContain(`127.0.0.1:${SILENT_PORT}`);
    expect(ms).toBeLessThan(1500 * 2 + 1000);
  });

  it("GET /api/cluster reuses a failed scan within the refresh interval and rescans on ?refresh=1", async () => {
    setEnv({ KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:1", KAFKA_REQUEST_TIMEOUT_MS: "1000" });
    const all = await Promise.all(Array.from({ length: 50 }, () => get()));
    expect(all.every((r) => r.status === 502)).toBe(true);
    expect(clusterScanCount()).toBe(1);
    await get("?refresh=1");
    expect(clusterScanCount()).toBe(2);
  });

  it("GET /api/cluster answers 500 naming the env var when the connection settings are invalid", async () => {
    setEnv({ KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:9092", KAFKA_SASL_MECHANISM: "GSSAPI" });
    const { status, body } = await get();
    expect(status).toBe(500);
    expect(body.error!.code).toBe("kafka_config");
    expect(body.error!.message).toMatch(/KAFKA_SASL_MECHANISM/);

    setEnv({ KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:9092", KAFKA_REQUEST_TIMEOUT_MS: "soon" });
    const timeout = await get();
    expect(timeout.status).toBe(500);
    expect(timeout.body.error!.message).toMatch(/KAFKA_REQUEST_TIMEOUT_MS/);
  });

  it("GET /api/cluster serves the demo cluster without KAFKA_BOOTSTRAP_SERVERS, with no scan", async () => {
    setEnv({});
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.snapshot!.source.kind).toBe("demo");
    expect(clusterScanCount()).toBe(0);
  });
});
