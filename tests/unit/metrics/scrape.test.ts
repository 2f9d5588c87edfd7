import { describe, expect, it } from "vitest";
import { DEFAULT_METRICS_TIMEOUT_MS, metricsExposition, metricsTimeoutMs, registryOf, scrapeSamples } from "@/lib/metrics/scrape";

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
    const samples = await scrapeSamples({ env: {} });
    expect(new Set(samples.map((s) => s.labels.cluster))).toEqual(new Set(["demo"]));
    expect(samples.find((s) => s.name === "kafka_balance_collector_up")?.value).toBe(1);
    expect(samples.filter((s) => s.name === "kafka_balance_log_dir_utilization_ratio")).toHaveLength(9);
  });

  it("scrapeSamples() gives nothing when the cluster configuration cannot be read", async () => {
    expect(await scrapeSamples({ env: { KAFKA_BALANCE_CLUSTERS: "Not A Name" } })).toEqual([]);
  });

  it("scrapeSamples() exports a cluster whose settings are invalid as collector_up 0, beside the others", async () => {
    const samples = await scrapeSamples({ env: { KAFKA_BALANCE_CLUSTERS: "broken", KAFKA_BALANCE_CLUSTER_BROKEN_BOOTSTRAP_SERVERS: "127.0.0.1:29599", KAFKA_BALANCE_CLUSTER_BROKEN_SASL_MECHANISM: "NOPE" } });
    expect(samples).toEqual([{ name: "kafka_balance_collector_up", labels: { cluster: "broken" }, value: 0 }]);
  });
});

describe("metricsExposition()", () => {
  it("metricsExposition() answers Prometheus's text format with the process metrics beside the clusters'", async () => {
    const { contentType, body } = await metricsExposition({ env: {} });
    expect(contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(body).toMatch(/^kafka_balance_log_dir_utilization_ratio\{cluster="demo",broker="1",log_dir="\/data\/d2"\} 0\.76\d+$/m);
    expect(body).toMatch(/^process_cpu_seconds_total \d/m);
  });
});
