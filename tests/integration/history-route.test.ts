/**
 * GET /api/history through the route handler, on a real store file: each scope's answer with its gaps,
 * plans and the collector's state, bounded points, 400 naming the field, 404 for an unknown cluster;
 * several clusters' histories kept apart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/history/route";
import { getStore } from "@/lib/store";
import { useTempStore } from "../fixtures/snapshots/harness";
import { historyCluster, T0 } from "../support/history";

const MIN5 = 300_000;
const saved = { ...process.env };
let temp: ReturnType<typeof useTempStore>;

async function get(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await GET(new Request(`http://localhost/api/history${query}`));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  temp = useTempStore("history-route");
  const store = getStore().history;
  for (let i = 0; i < 24; i++) {
    const t = T0 + i * MIN5;
    if (i === 5) await store.recordFailure("east", t, 21_000, "Kafka at 127.0.0.1:29498 did not answer within 21000 ms");
    else await store.recordScan("east", t, historyCluster(t), 300);
  }
  await store.recordScan("west", T0, historyCluster(T0, { kafka: 1 }), 300);
});
afterEach(async () => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});
afterAll(() => temp.cleanup());

const range = `&from=${T0}&to=${T0 + 2 * 3_600_000}`;
function twoClusters(): void {
  Object.assign(process.env, {
    KAFKA_BALANCE_CLUSTERS: "east,west",
    KAFKA_BALANCE_CLUSTER_EAST_BOOTSTRAP_SERVERS: "127.0.0.1:29498",
    KAFKA_BALANCE_CLUSTER_WEST_BOOTSTRAP_SERVERS: "127.0.0.1:29497",
  });
}

describe("GET /api/history", () => {
  it("answers the cluster's figures over time, failed scans as gaps, and says the cluster is collected", async () => {
    twoClusters();
    const { status, body } = await get(`?cluster=east${range}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ cluster: "east", scope: "cluster", collected: true, brokers: [1, 2], plans: [] });
    expect((body.points as unknown[]).length).toBe(24);
    expect(body.gaps).toEqual([{ at: T0 + 5 * MIN5, error: "Kafka at 127.0.0.1:29498 did not answer within 21000 ms" }]);
    expect(body.collector).toEqual({ holder: null, lastSuccessAt: T0 + 23 * MIN5, lastAttemptAt: T0 + 23 * MIN5, lastDurationMs: 300, lastError: null });
    // The other cluster's history is its own.
    const west = await get(`?cluster=west${range}`);
    expect((west.body.points as unknown[]).length).toBe(1);
  });

  it("answers a broker with its dirs and largest topics, and one dir's points, at most maxPoints each", async () => {
    twoClusters();
    const broker = await get(`?cluster=east&scope=broker&broker=1${range}`);
    expect(broker.status).toBe(200);
    expect((broker.body.dirs as { dir: string }[]).map((d) => d.dir)).toEqual(["/d1", "/d2"]);
    expect((broker.body.topics as { topic: string }[]).map((t) => t.topic)).toEqual(["audit", "events"]);
    expect((broker.body.points as unknown[]).length).toBe(23);
    const dir = await get(`?cluster=east&scope=dir&broker=1&dir=${encodeURIComponent("/d1")}&maxPoints=10${range}`);
    expect(dir.status).toBe(200);
    const points = dir.body.points as { t: number; usedBytes: number }[];
    expect(points.length).toBeGreaterThan(1);
    expect(points.length).toBeLessThanOrEqual(10);
    const unknown = await get(`?cluster=east&scope=dir&broker=1&dir=/nope${range}`);
    expect(unknown.body.points).toEqual([]);
  });

  it("refuses a bad query with 400 naming the field, and an unknown cluster with 404 naming the clusters", async () => {
    twoClusters();
    const bad = await get("?cluster=east&scope=dir&broker=1");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "bad_request", issues: [{ path: "dir" }] });
    const span = await get(`?cluster=east&from=${T0}&to=${T0}`);
    expect(span.status).toBe(400);
    expect(span.body.error).toMatchObject({ issues: [{ path: "from", message: "from is before to" }] });
    const unknown = await get("?cluster=north");
    expect(unknown.status).toBe(404);
    expect((unknown.body.error as { code: string; message: string }).message).toMatch(/east, west/);
  });

  it("answers for the demo cluster with its generated history, which says it is generated and is never collected", async () => {
    delete process.env.KAFKA_BOOTSTRAP_SERVERS;
    const { status, body } = await get("");
    expect(status).toBe(200);
    expect(body).toMatchObject({ cluster: "demo", collected: false, gaps: [] });
    expect(body.generated).toEqual(expect.stringMatching(/generated/i));
    const points = body.points as { at: number; error: string | null }[];
    expect(points.length).toBeGreaterThan(10);
    expect(points.every((p) => p.error === null)).toBe(true);
    // Oldest first, ending within the collector's last interval before now.
    expect(points.map((p) => p.at)).toEqual([...points.map((p) => p.at)].sort((a, b) => a - b));
    expect(Date.now() - points.at(-1)!.at).toBeLessThan(24 * 3600_000);
  });
});
