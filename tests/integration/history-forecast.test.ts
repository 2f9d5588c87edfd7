/**
 * GET /api/history/forecast through the route handler: the forecast table computed in the worker pool
 * from the history in the store (read-only in the worker), a dir growing 1 GiB a day on a 100 GiB disk
 * forecast to cross 85 % when its line says, the first to fill first, kept until a new scan is recorded;
 * 400 naming the field, 404 for an unknown cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/history/forecast/route";
import { resetForecastTables } from "@/lib/server/forecast-table";
import type { DirForecast } from "@/lib/forecast";
import { DAY_MS, HOUR_MS } from "@/lib/model/history-settings";
import { getStore } from "@/lib/store";
import { closeWorkerPool } from "@/lib/workers/pool";
import { useTempStore } from "../fixtures/snapshots/harness";
import { GiB, historyCluster, T0 } from "../support/history";

const saved = { ...process.env };
let temp: ReturnType<typeof useTempStore>;
/** The history is recorded up to a few minutes ago, so the table counts from about its last point. */
const END = Date.now() - 5 * 60_000;
const START = END - 6 * DAY_MS;

async function get(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await GET(new Request(`http://localhost/api/history/forecast${query}`));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  temp = useTempStore("history-forecast");
  Object.assign(process.env, { KAFKA_BALANCE_CLUSTERS: "east", KAFKA_BALANCE_CLUSTER_EAST_BOOTSTRAP_SERVERS: "127.0.0.1:29496", KAFKA_REQUEST_TIMEOUT_MS: "1000" });
  resetForecastTables();
  const store = getStore().history;
  // An hourly scan for 6 days of the helper's cluster, shifted so that its growth (1 GiB a day) ends now.
  for (let t = START; t <= END; t += HOUR_MS) await store.recordScan("east", t, historyCluster(T0 + (t - START)), 300);
}, 60_000);
afterAll(async () => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetForecastTables();
  await closeWorkerPool();
  temp.cleanup();
});

describe("GET /api/history/forecast", () => {
  it("forecasts each dir from its history in a worker: 1 GiB a day from 16 GiB on a 100 GiB disk reaches 85 % in about 69 days", async () => {
    const { status, body } = await get("?cluster=east");
    expect(status).toBe(200);
    expect(body).toMatchObject({ cluster: "east", total: 3, scanAt: END });
    const dirs = body.dirs as DirForecast[];
    const growing = dirs[0]!;
    expect([growing.broker, growing.dir]).toEqual([1, "/d1"]);
    expect(growing.capacityBytes).toBe(100 * GiB);
    expect(growing.growth!.bytesPerDay / GiB).toBeCloseTo(1, 1);
    const days = (eta: { seconds: number } | null) => eta!.seconds / 86_400;
    // Used now: 16 GiB + 1 MiB; 85 % is 85 GiB.
    const expected = 85 - 16 - 1 / 1024;
    expect(days(growing.until.p85) / expected).toBeGreaterThan(0.95);
    expect(days(growing.until.p85) / expected).toBeLessThan(1.05);
    expect(days(growing.until.full)).toBeGreaterThan(days(growing.until.p95));
    // A dir of unknown capacity has no times; the flat dir none within the horizon.
    expect(dirs.find((d) => d.broker === 2 && d.dir === "/d1")!.until).toEqual({ p85: null, p95: null, full: null });
    expect(dirs.find((d) => d.broker === 1 && d.dir === "/d2")!.until.full).toBeNull();
    // limit lists the first to fill.
    const one = await get("?cluster=east&limit=1");
    expect(one.body).toMatchObject({ total: 3 });
    expect((one.body.dirs as DirForecast[]).map((d) => d.dir)).toEqual(["/d1"]);
  }, 120_000);

  it("keeps the table until a new scan is recorded", async () => {
    const first = await get("?cluster=east");
    const again = await get("?cluster=east");
    expect(again.body.nowMs).toBe(first.body.nowMs);
    await getStore().history.recordScan("east", END + 60_000, historyCluster(T0 + (END + 60_000 - START)), 300);
    const fresh = await get("?cluster=east");
    expect(fresh.body.scanAt).toBe(END + 60_000);
    expect(fresh.body.nowMs as number).toBeGreaterThanOrEqual(first.body.nowMs as number);
  }, 120_000);

  it("refuses a bad limit with 400 naming the field, and an unknown cluster with 404", async () => {
    const bad = await get("?cluster=east&limit=0");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ issues: [{ path: "limit", message: "limit is at least 1" }] });
    expect((await get("?cluster=west")).status).toBe(404);
    expect((await get("?cluster=east&since=1")).status).toBe(400);
  });
});
