import { describe, expect, it } from "vitest";
import { DEFAULT_METRICS_TIMEOUT_MS, metricsExposition, metricsTimeoutMs, registryOf, scrapeSamples } from "@/lib/metrics/scrape";
import type { MetricSources } from "@/lib/metrics/sources";

/** No collector and no forecasts: nothing here opens the history store. */
const none: MetricSources = { collectorStatus: () => null, dirForecasts: () => null };

describe("metricsTimeoutMs()", () => {
  it("metricsTimeoutMs() reads KAFKA_BALANCE_METRICS_TIMEOUT_MS and falls back to the default on anything but a positive number", () => {
    expect(metricsTimeoutMs({})).toBe(DEFAULT_METRICS_TIMEOUT_MS);
    expect(metricsTimeoutMs({ KAFKA_BALANCE_METRICS_TIMEOUT_MS: "2500" })).toBe(2500);
    for (const bad of ["", "0", "-1", "soon", "Infinity"]) expect(metricsTimeoutMs({ KAFKA_BALANCE_METRICS_TIMEOUT_MS: bad }), bad).toBe(DEFAULT_METRICS_TIMEOUT_MS);
  });
});

describe("registryOf()", () => {
  it("registryOf() writes one gauge family per metric, with escaped label values", async () => {
    const registry = registryOf([
      { name: "kafka_balance_log_dir_partitions", labels: { cluster: "a", broker: "1", log_dir: 'C:\\kafka "logs"\nx' }, value: 3 },
      { name: "kafka_balance_log_dir_partitions", labels: { cluster: "a", broker: "2", log_dir: "/d1" }, value: 4 },
      { name: "kafka_balance_collector_up", labels: { cluster: "a" }, value: 1 },
    ]);
    const text = await registry.metrics();
    expect(text.match(/^# TYPE .*$/gm)).toEqual(["# TYPE kafka_balance_log_dir_partitions gauge", "# TYPE kafka_balance_collector_up gauge"]);
    expect(text).toContain('kafka_balance_log_dir_partitions{cluster="a",broker="1",log_dir="C:\\\\kafka \\"logs\\"\\nx"} 3');
    expect(text).toContain('kafka_balance_log_dir_partitions{cluster="a",broker="2",log_dir="/d1"} 4');
    expect(text).toContain('kafka_balance_collector_up{cluster="a"} 1');
  });

  it("registryOf() writes nothing for no samples", async () => {
    expect(await registryOf([]).metrics()).toBe("\n");
  });
});

describe("scrapeSamples()", () => {
  it("scrapeSamples() exports the demo cluster, labelled demo, when no cluster is configured", async () => {
    const samples = await scrapeSamples({ env: {}, sources: none });
    expect(new Set(samples.map((s) => s.labels.cluster))).toEqual(new Set(["demo"]));
    expect(samples.find((s) => s.name === "kafka_balance_collector_up")?.value).toBe(1);
    expect(samples.filter((s) => s.name === "kafka_balance_log_dir_utilization_ratio")).toHaveLength(9);
  });

  it("scrapeSamples() gives nothing when the cluster configuration cannot be read", async () => {
    expect(await scrapeSamples({ env: { KAFKA_BALANCE_CLUSTERS: "Not A Name" }, sources: none })).toEqual([]);
  });

  it("scrapeSamples() exports a cluster whose settings are invalid as collector_up 0, beside the others", async () => {
    const samples = await scrapeSamples({
      env: { KAFKA_BALANCE_CLUSTERS: "broken", KAFKA_BALANCE_CLUSTER_BROKEN_BOOTSTRAP_SERVERS: "127.0.0.1:29599", KAFKA_BALANCE_CLUSTER_BROKEN_SASL_MECHANISM: "NOPE" },
      sources: none,
    });
    expect(samples).toEqual([{ name: "kafka_balance_collector_up", labels: { cluster: "broken" }, value: 0 }]);
  });

  it("scrapeSamples() asks the sources for each cluster's collector status, and for forecasts only of a cluster it could read", async () => {
    const asked: string[] = [];
    const sources: MetricSources = {
      collectorStatus: (c) => (asked.push(`status ${c.name} ${c.kind}`), { lastSuccessAt: 5000, lastAttemptAt: 5000, lastDurationMs: 250, lastError: null, intervalMs: 60_000 }),
      dirForecasts: (c, snapshot, nowMs) => (
        asked.push(`forecast ${c.name} ${snapshot.brokers.length} ${nowMs}`),
        [{ broker: 1, dir: "/data/d2", p85Seconds: 60, p95Seconds: null, fullSeconds: null }]
      ),
    };
    const samples = await scrapeSamples({ env: {}, sources, nowMs: 42 });
    expect(asked).toEqual(["status demo demo", "forecast demo 3 42"]);
    expect(samples.filter((s) => s.name.startsWith("kafka_balance_collector_")).map((s) => [s.name, s.value])).toEqual([
      ["kafka_balance_collector_up", 1],
      ["kafka_balance_collector_last_success_timestamp_seconds", 5],
      ["kafka_balance_collector_scan_duration_seconds", 0.25],
      ["kafka_balance_collector_interval_seconds", 60],
    ]);
    expect(samples.filter((s) => s.name.includes("forecast")).map((s) => [s.name, s.labels.broker, s.labels.log_dir, s.value])).toEqual([
      ["kafka_balance_log_dir_forecast_85_seconds", "1", "/data/d2", 60],
    ]);
    asked.length = 0;
    await scrapeSamples({
      env: { KAFKA_BALANCE_CLUSTERS: "broken", KAFKA_BALANCE_CLUSTER_BROKEN_BOOTSTRAP_SERVERS: "127.0.0.1:29599", KAFKA_BALANCE_CLUSTER_BROKEN_SASL_MECHANISM: "NOPE" },
      sources,
    });
    expect(asked).toEqual(["status broken live"]);
  });
});

describe("metricsExposition()", () => {
  it("metricsExposition() answers Prometheus's text format with the process metrics beside the clusters'", async () => {
    const { contentType, body } = await metricsExposition({ env: {}, sources: none });
    expect(contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(body).toMatch(/^kafka_balance_log_dir_utilization_ratio\{cluster="demo",broker="1",log_dir="\/data\/d2"\} 0\.76\d+$/m);
    expect(body).toMatch(/^process_cpu_seconds_total \d/m);
  });

  it("metricsExposition() exports only finite numbers, even two scrapes back to back (no 2^63 ns event-loop min, no NaN mean)", async () => {
    for (let i = 0; i < 2; i++) {
      const { body } = await metricsExposition({ env: {}, sources: none });
      const lines = body.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) {
        const value = line.slice(line.lastIndexOf(" ") + 1);
        expect(Number.isFinite(Number(value)), line).toBe(true);
      }
    }
  });

  it("metricsExposition() does not show the exact Node version (prom-client's nodejs_version_info)", async () => {
    const { body } = await metricsExposition({ env: {}, sources: none });
    expect(body).not.toContain("nodejs_version_info");
    expect(body).not.toContain(process.version);
  });

  it("metricsExposition() exports the app server's upload accounting (scripts/server/uploads.mjs)", async () => {
    const key = Symbol.for("kafka-balance.uploads");
    const holder = globalThis as Record<symbol, unknown>;
    const before = holder[key];
    holder[key] = { uploads: 2, bytes: 12345, refused: { client_uploads: 1, client_bytes: 0, total_bytes: 3 }, dropped: { idle: 4, deadline: 0, over_budget: 0 } };
    try {
      const { body } = await metricsExposition({ env: {}, sources: none });
      expect(body).toMatch(/^kafka_balance_uploads_in_flight 2$/m);
      expect(body).toMatch(/^kafka_balance_upload_bytes_in_flight 12345$/m);
      expect(body).toMatch(/^kafka_balance_uploads_refused_total\{reason="total_bytes"\} 3$/m);
      expect(body).toMatch(/^kafka_balance_uploads_dropped_total\{reason="idle"\} 4$/m);
    } finally {
      holder[key] = before;
    }
  });
});
