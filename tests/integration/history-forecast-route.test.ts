/**
 * GET /api/history/forecast through the route handler, on a real store file: a cluster whose dir grows
 * 1 GiB a day is forecast to fill at that rate; the demo and a cluster without history answer no dirs;
 * 400 for an unknown parameter, 404 for an unknown cluster. And the simulator's forecast base on the
 * demo: 409 no_history, saying why.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/history/forecast/route";
import { POST } from "@/app/api/simulate/route";
import { resetClusterSource } from "@/lib/cluster/source";
import type { ForecastResponse } from "@/lib/collector/forecast-read";
import { getHistoryStore } from "@/lib/store/history";
import { useTempStore } from "../fixtures/snapshots/harness";
import { GiB, historyCluster } from "../support/history";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const saved = { ...process.env };
let temp: ReturnType<typeof useTempStore>;
/** The history ends now: the route forecasts from the server's clock. */
const END = Date.now();

async function get(query: string): Promise<{ status: number; body: ForecastResponse & { error?: { code: string; issues?: { path: string }[] } } }> {
  const res = await GET(new Request(`http://localhost/api/history/forecast${query}`));
  return { status: res.status, body: await res.json() };
}

beforeAll(() => {
  temp = useTempStore("history-forecast-route");
  const store = getHistoryStore();
  // Three days of hourly scans: broker 1's /d1 grows 1 GiB a day (historyCluster), the rest is flat.
  for (let t = END - 3 * DAY; t <= END; t += HOUR) store.recordScan("east", t, historyCluster(t - (END - 3 * DAY) + Date.UTC(2026, 0, 1)), 300);
});
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetClusterSource();
});
afterAll(() => temp.cleanup());

function twoClusters(): void {
  Object.assign(process.env, {
    KAFKA_BALANCE_CLUSTERS: "east,west",
    KAFKA_BALANCE_CLUSTER_EAST_BOOTSTRAP_SERVERS: "127.0.0.1:29698",
    KAFKA_BALANCE_CLUSTER_WEST_BOOTSTRAP_SERVERS: "127.0.0.1:29697",
  });
}

describe("GET /api/history/forecast", () => {
  it("forecasts each dir with history: the growing dir fills at its rate, the flat one does not", async () => {
    twoClusters();
    const { status, body } = await get("?cluster=east");
    expect(status).toBe(200);
    expect(body).toMatchObject({ cluster: "east", collected: true, windowDays: 14, horizonDays: 365 });
    const growing = body.dirs.find((d) => d.broker === 1 && d.dir === "/d1")!;
    expect(growing.growth!.bytesPerDay / GiB).toBeCloseTo(1, 1);
    // 100 GiB disk, about 13 GiB used: 85 % is about 72 days away at 1 GiB a day.
    expect(growing.until.p85!.seconds / 86_400).toBeGreaterThan(60);
    expect(growing.until.p85!.seconds / 86_400).toBeLessThan(85);
    expect(growing.projection).not.toBeNull();
    const flat = body.dirs.find((d) => d.broker === 1 && d.dir === "/d2")!;
    expect(flat.until.full).toBeNull();
  });

  it("answers no dirs for a cluster without history and for the demo", async () => {
    twoClusters();
    expect((await get("?cluster=west")).body).toMatchObject({ cluster: "west", collected: true, dirs: [] });
    delete process.env.KAFKA_BALANCE_CLUSTERS;
    expect((await get("")).body).toMatchObject({ cluster: "demo", collected: false, dirs: [] });
  });

  it("refuses an unknown parameter with 400 naming it, and an unknown cluster with 404", async () => {
    twoClusters();
    const bad = await get("?cluster=east&days=3");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.issues?.map((i) => i.path)).toEqual(["days"]);
    const unknown = await get("?cluster=north");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe("unknown_cluster");
  });
});

describe("POST /api/simulate from the forecast", () => {
  it("refuses the demo with 409 no_history, saying why", async () => {
    const res = await POST(new Request("http://localhost/api/simulate", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ base: { forecast: { days: 30 } } }) }));
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("no_history");
    expect(body.error.message).toMatch(/^The demo cluster is not collected/);
  });
});
