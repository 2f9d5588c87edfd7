/**
 * The metrics' forecasts and collector status from a real history store (a temp SQLite file): a week of
 * hourly scans of a cluster whose broker 1 /d1 grows 1 GiB a day (tests/support/history.ts). The
 * exported seconds are the cluster's forecast table's (lib/server/forecast-table.ts: lib/forecast over
 * the store's series, in the worker pool), computed once per recorded scan, with the time since taken
 * off at later scrapes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ClusterEntry } from "@/lib/cluster/clusters";
import { DAY_MS, DEFAULT_WINDOW_DAYS, forecastCluster, forecastFactsOf } from "@/lib/forecast";
import { clusterSamples } from "@/lib/metrics/cluster-samples";
import { FORECAST_HISTORY_MS, FORECAST_POINTS_PER_DIR } from "@/lib/server/forecast-table";
import { appSources, resetForecastCache } from "@/lib/metrics/sources";
import { getStore } from "@/lib/store";
import { useTempStore } from "../fixtures/snapshots/harness";
import { GiB, historyCluster, T0 } from "../support/history";

const HOUR_MS = 3_600_000;
const NOW = T0 + 7 * DAY_MS;
const live: ClusterEntry = { name: "fc", label: "fc", kind: "live", connection: null };
const demo: ClusterEntry = { name: "demo", label: "Demo cluster", kind: "demo", connection: null };

let temp: ReturnType<typeof useTempStore>;
const savedInterval = process.env.KAFKA_BALANCE_COLLECT_INTERVAL_MS;

beforeAll(async () => {
  temp = useTempStore("metrics-forecast");
  process.env.KAFKA_BALANCE_COLLECT_INTERVAL_MS = "3600000";
  const store = getStore().history;
  for (let t = T0; t <= NOW; t += HOUR_MS) await store.recordScan("fc", t, historyCluster(t), 250);
});
beforeEach(() => resetForecastCache());
afterAll(async () => {
  temp.cleanup();
  if (savedInterval === undefined) delete process.env.KAFKA_BALANCE_COLLECT_INTERVAL_MS;
  else process.env.KAFKA_BALANCE_COLLECT_INTERVAL_MS = savedInterval;
  resetForecastCache();
});

async function forecastNow(nowMs: number) {
  const snapshot = historyCluster(nowMs);
  // The forecast table's read (lib/server/forecast-table.ts): its month of history, its points per dir.
  const series = await getStore().history.allDirSeries("fc", nowMs - FORECAST_HISTORY_MS, nowMs, { maxPointsPerDir: FORECAST_POINTS_PER_DIR });
  return forecastCluster(series, { nowMs, windowDays: DEFAULT_WINDOW_DAYS, kafkaVersion: snapshot.source.kafkaVersion, brokers: forecastFactsOf(snapshot) });
}

describe("appSources.dirForecasts()", () => {
  it("gives each dir's seconds to 85 %, 95 % and full as lib/forecast computes them from the store's series", async () => {
    const figures = (await appSources.dirForecasts(live, historyCluster(NOW), NOW))!;
    const expected = await forecastNow(NOW);
    expect(figures.map((f) => `${f.broker} ${f.dir}`)).toEqual(expected.map((f) => `${f.broker} ${f.dir}`));
    for (const [i, f] of figures.entries()) {
      const e = expected[i]!;
      expect(f, `${f.broker} ${f.dir}`).toEqual({
        broker: e.broker,
        dir: e.dir,
        p85Seconds: e.until.p85?.seconds ?? null,
        p95Seconds: e.until.p95?.seconds ?? null,
        fullSeconds: e.until.full?.seconds ?? null,
      });
    }
  });

  it("forecasts the growing dir to fill at its growth rate, and nothing for the flat dir or dirs without capacity", async () => {
    const figures = (await appSources.dirForecasts(live, historyCluster(NOW), NOW))!;
    const d1 = figures.find((f) => f.broker === 1 && f.dir === "/d1")!;
    // 17 GiB + 1 MiB used of 100 GiB, growing 1 GiB a day: about 83 days to full, 68 to 85 %.
    const free = 100 * GiB - 17 * GiB - 1024 * 1024;
    expect(d1.fullSeconds! / 86_400).toBeCloseTo(free / GiB, 0);
    expect(d1.p85Seconds! / 86_400).toBeCloseTo((0.85 * 100 * GiB - 17 * GiB - 1024 * 1024) / GiB, 0);
    expect(figures.find((f) => f.broker === 1 && f.dir === "/d2")).toMatchObject({ p85Seconds: null, p95Seconds: null, fullSeconds: null });
    expect(figures.filter((f) => f.broker === 2).every((f) => f.fullSeconds === null)).toBe(true);
  });

  it("takes the time since off each crossing until the next recorded scan, then forecasts afresh", async () => {
    const first = (await appSources.dirForecasts(live, historyCluster(NOW), NOW))!.find((f) => f.broker === 1 && f.dir === "/d1")!;
    const later = (await appSources.dirForecasts(live, historyCluster(NOW), NOW + 600_000))!.find((f) => f.broker === 1 && f.dir === "/d1")!;
    expect(later.fullSeconds).toBe(first.fullSeconds! - 600);
    expect(later.p85Seconds).toBe(first.p85Seconds! - 600);

    const next = NOW + HOUR_MS;
    await getStore().history.recordScan("fc", next, historyCluster(next), 250);
    const fresh = (await appSources.dirForecasts(live, historyCluster(next), next))!.find((f) => f.broker === 1 && f.dir === "/d1")!;
    expect(fresh.fullSeconds).toBe((await forecastNow(next)).find((f) => f.broker === 1 && f.dir === "/d1")!.until.full!.seconds);
  });

  it("gives none for the demo, and none for a live cluster the store has never recorded", async () => {
    expect(await appSources.dirForecasts(demo, historyCluster(NOW), NOW)).toBeNull();
    expect(await appSources.dirForecasts({ ...live, name: "never" }, historyCluster(NOW), NOW)).toEqual([]);
  });

  it("ends up as kafka_balance_log_dir_forecast_* samples of the dirs the snapshot lists", async () => {
    const snapshot = historyCluster(NOW + HOUR_MS);
    const samples = clusterSamples({ cluster: "fc", snapshot, collector: null, forecasts: await appSources.dirForecasts(live, snapshot, NOW + HOUR_MS) });
    const forecast = samples.filter((s) => s.name.startsWith("kafka_balance_log_dir_forecast_"));
    expect(forecast.map((s) => `${s.name} ${s.labels.broker} ${s.labels.log_dir}`).sort()).toEqual([
      "kafka_balance_log_dir_forecast_85_seconds 1 /d1",
      "kafka_balance_log_dir_forecast_95_seconds 1 /d1",
      "kafka_balance_log_dir_forecast_full_seconds 1 /d1",
    ]);
  });
});

describe("appSources.collectorStatus()", () => {
  it("gives a live cluster's last recorded scan and the collection interval, and nothing for the demo", async () => {
    const status = (await appSources.collectorStatus(live))!;
    expect(status).toMatchObject({ lastDurationMs: 250, lastError: null, intervalMs: 3_600_000 });
    expect(status.lastSuccessAt).toBe(status.lastAttemptAt);
    expect(status.lastSuccessAt).toBeGreaterThanOrEqual(NOW);
    expect(await appSources.collectorStatus(demo)).toBeNull();
  });
});
