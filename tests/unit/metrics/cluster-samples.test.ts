import { describe, expect, it } from "vitest";
import { clusterSamples } from "@/lib/metrics/cluster-samples";
import type { Sample } from "@/lib/metrics/families";
import { balanceReport } from "@/lib/model/report";
import { ClusterSnapshotSchema, type ClusterSnapshotInput } from "@/lib/model/snapshot";
import { demoSnapshot } from "@/lib/simulate/presets";
import { sharedDiskSnapshot } from "@/tests/support/snapshots";

const snap = (input: Partial<ClusterSnapshotInput>) =>
  ClusterSnapshotSchema.parse({ schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { kind: "kafka", label: "t", kafkaVersion: "4.4.0" }, brokers: [], topics: [], ...input });

const GiB = 1024 ** 3;

/**
 * Broker 1: /d1 holds many small partitions, /d2 few large ones (90 % full) and a -future copy moving in,
 * /d3 is offline. Broker 2: capacity unknown. Broker 3: unreachable.
 */
const mixed = snap({
  brokers: [
    {
      id: 1,
      logDirs: [
        { path: "/d1", totalBytes: 100 * GiB, usableBytes: 90 * GiB },
        { path: "/d2", totalBytes: 100 * GiB, usableBytes: 10 * GiB },
        { path: "/d3", state: "offline", error: "KAFKA_STORAGE_ERROR" },
      ],
    },
    { id: 2, logDirs: [{ path: "/d1" }, { path: '/data/weird "dir"\\x' }] },
    { id: 3, state: "unreachable", error: "timed out" },
  ],
  topics: [
    {
      name: "small",
      partitions: [0, 1, 2, 3].map((id) => ({
        id,
        leader: 1,
        isr: [1, 2],
        replicas: [
          { broker: 1, logDir: "/d1", sizeBytes: GiB },
          { broker: 2, logDir: "/d1", sizeBytes: GiB },
        ],
      })),
    },
    {
      name: "big",
      partitions: [
        {
          id: 0,
          leader: 2,
          isr: [2, 1, 3],
          replicas: [
            { broker: 2, logDir: '/data/weird "dir"\\x', sizeBytes: 80 * GiB },
            { broker: 1, logDir: "/d2", sizeBytes: 80 * GiB, future: null },
            { broker: 3, logDir: null, sizeBytes: null },
          ],
        },
      ],
    },
    {
      // Being copied from /d1 to /d2 on broker 1 (KIP-113): 1 GiB so far.
      name: "moving",
      partitions: [{ id: 0, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/d1", sizeBytes: 2 * GiB, future: { logDir: "/d2", sizeBytes: GiB } }] }],
    },
  ],
});

function find(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v) && Object.keys(s.labels).length === Object.keys(labels).length)?.value;
}

describe("clusterSamples()", () => {
  it("clusterSamples() exports a cluster that cannot be read as collector_up 0 and nothing else", () => {
    const samples = clusterSamples({ cluster: "prod", snapshot: null, collector: null, forecasts: [{ broker: 1, dir: "/d1", p85Seconds: 10, p95Seconds: 20, fullSeconds: 30 }] });
    expect(samples).toEqual([{ name: "kafka_balance_collector_up", labels: { cluster: "prod" }, value: 0 }]);
  });

  it("clusterSamples() keeps the collector's last success and scan time for a cluster that cannot be read", () => {
    const samples = clusterSamples({
      cluster: "prod",
      snapshot: null,
      collector: { lastSuccessAt: 1_700_000_000_000, lastAttemptAt: 1_700_000_300_000, lastDurationMs: 1250, lastError: "down", intervalMs: 300_000 },
      forecasts: null,
    });
    expect(samples.map((s) => [s.name, s.value])).toEqual([
      ["kafka_balance_collector_up", 0],
      ["kafka_balance_collector_last_success_timestamp_seconds", 1_700_000_000],
      ["kafka_balance_collector_scan_duration_seconds", 1.25],
      ["kafka_balance_collector_interval_seconds", 300],
    ]);
  });

  it("clusterSamples() leaves out the collector timings it does not know", () => {
    const samples = clusterSamples({
      cluster: "prod",
      snapshot: null,
      collector: { lastSuccessAt: null, lastAttemptAt: null, lastDurationMs: null, lastError: null, intervalMs: null },
      forecasts: null,
    });
    expect(samples.map((s) => s.name)).toEqual(["kafka_balance_collector_up"]);
  });

  it("clusterSamples() exports the report's figures for every online dir, labelled by cluster, broker id and path", () => {
    const samples = clusterSamples({ cluster: "prod", snapshot: mixed, collector: null, forecasts: null });
    const d2 = { cluster: "prod", broker: "1", log_dir: "/d2" };
    expect(find(samples, "kafka_balance_collector_up", { cluster: "prod" })).toBe(1);
    expect(find(samples, "kafka_balance_log_dir_used_bytes", d2)).toBe(90 * GiB);
    expect(find(samples, "kafka_balance_log_dir_capacity_bytes", d2)).toBe(100 * GiB);
    // 80 GiB of "big" and the 1 GiB -future copy of "moving": both take the disk, and both are logs the count rule counts.
    expect(find(samples, "kafka_balance_log_dir_kafka_bytes", d2)).toBe(81 * GiB);
    expect(find(samples, "kafka_balance_log_dir_utilization_ratio", d2)).toBeCloseTo(0.9);
    expect(find(samples, "kafka_balance_log_dir_partitions", d2)).toBe(2);
    expect(find(samples, "kafka_balance_log_dir_online", d2)).toBe(1);
    expect(find(samples, "kafka_balance_log_dir_partitions", { cluster: "prod", broker: "2", log_dir: '/data/weird "dir"\\x' })).toBe(1);
  });

  it("clusterSamples() leaves capacity and utilisation out where the broker reports no capacity, never 0", () => {
    const samples = clusterSamples({ cluster: "prod", snapshot: mixed, collector: null, forecasts: null });
    const d1 = { cluster: "prod", broker: "2", log_dir: "/d1" };
    expect(find(samples, "kafka_balance_log_dir_used_bytes", d1)).toBe(4 * GiB);
    expect(find(samples, "kafka_balance_log_dir_capacity_bytes", d1)).toBeUndefined();
    expect(find(samples, "kafka_balance_log_dir_utilization_ratio", d1)).toBeUndefined();
    expect(find(samples, "kafka_balance_broker_dir_skew_ratio", { cluster: "prod", broker: "2" })).toBeUndefined();
  });

  it("clusterSamples() exports an offline dir as online 0 with no figures", () => {
    const samples = clusterSamples({ cluster: "prod", snapshot: mixed, collector: null, forecasts: null });
    const d3 = { cluster: "prod", broker: "1", log_dir: "/d3" };
    expect(find(samples, "kafka_balance_log_dir_online", d3)).toBe(0);
    expect(samples.filter((s) => s.labels.log_dir === "/d3").map((s) => s.name)).toEqual(["kafka_balance_log_dir_online"]);
  });

  it("clusterSamples() exports an unreachable broker's partitions and leaders but not its bytes or dirs", () => {
    const samples = clusterSamples({ cluster: "prod", snapshot: mixed, collector: null, forecasts: null });
    expect(find(samples, "kafka_balance_broker_partitions", { cluster: "prod", broker: "3" })).toBe(1);
    expect(find(samples, "kafka_balance_broker_leaders", { cluster: "prod", broker: "3" })).toBe(0);
    expect(find(samples, "kafka_balance_broker_bytes", { cluster: "prod", broker: "3" })).toBeUndefined();
    expect(
      samples
        .filter((s) => s.labels.broker === "3")
        .map((s) => s.name)
        .sort(),
    ).toEqual(["kafka_balance_broker_leaders", "kafka_balance_broker_partitions", "kafka_balance_broker_up"]);
    expect(find(samples, "kafka_balance_cluster_brokers", { cluster: "prod" })).toBe(3);
  });

  it("clusterSamples() says each broker up or down, and the partitions at risk; unknown is absent, never 0", () => {
    const samples = clusterSamples({ cluster: "prod", snapshot: mixed, collector: null, forecasts: null });
    expect(find(samples, "kafka_balance_collector_up", { cluster: "prod" })).toBe(1);
    expect(["1", "2", "3"].map((broker) => find(samples, "kafka_balance_broker_up", { cluster: "prod", broker }))).toEqual([1, 1, 0]);
    const down = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/d" }] },
        { id: 2, state: "unreachable" },
      ],
      topics: [
        {
          name: "t",
          minInsyncReplicas: 2,
          partitions: [
            { id: 0, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/d", sizeBytes: 1 }, { broker: 2 }] },
            { id: 1, leader: null, isr: [2], replicas: [{ broker: 2 }] },
          ],
        },
      ],
    });
    const at = clusterSamples({ cluster: "prod", snapshot: down, collector: null, forecasts: null });
    expect(find(at, "kafka_balance_cluster_under_replicated_partitions", { cluster: "prod" })).toBe(1);
    expect(find(at, "kafka_balance_cluster_under_min_isr_partitions", { cluster: "prod" })).toBe(2);
    expect(find(at, "kafka_balance_cluster_offline_partitions", { cluster: "prod" })).toBe(1);
    // min.insync.replicas unknown (an older snapshot, or configs not read): no under-min-ISR sample at all.
    delete down.topics[0]!.minInsyncReplicas;
    const unknown = clusterSamples({ cluster: "prod", snapshot: { ...down }, collector: null, forecasts: null });
    expect(find(unknown, "kafka_balance_cluster_under_min_isr_partitions", { cluster: "prod" })).toBeUndefined();
    expect(find(unknown, "kafka_balance_cluster_under_replicated_partitions", { cluster: "prod" })).toBe(1);
  });

  it("clusterSamples() flags the dir Kafka's count rule picks next when it is already the broker's fullest", () => {
    // On both brokers the 80 GiB dir holds 1 log against 4 in /d1, so nextLogDirs picks it: on broker 1
    // by utilisation (90 % full), on broker 2 (no capacity reported) by used bytes.
    const samples = clusterSamples({ cluster: "prod", snapshot: mixed, collector: null, forecasts: null });
    const trap = samples.filter((s) => s.name === "kafka_balance_log_dir_next_placement_trap");
    expect(trap.filter((s) => s.value === 1).map((s) => [s.labels.broker, s.labels.log_dir])).toEqual([
      ["1", "/d2"],
      ["2", '/data/weird "dir"\\x'],
    ]);
    expect(trap.map((s) => [s.labels.broker, s.labels.log_dir]).sort()).toEqual(
      [
        ["1", "/d1"],
        ["1", "/d2"],
        ["2", "/d1"],
        ["2", '/data/weird "dir"\\x'],
      ].sort(),
    );
  });

  it("clusterSamples() exports balanced as the overview's verdict and the planner define it, and no trap below the size floor", () => {
    const demo = demoSnapshot();
    expect(find(clusterSamples({ cluster: "demo", snapshot: demo, collector: null, forecasts: null }), "kafka_balance_cluster_balanced", { cluster: "demo" })).toBe(0);
    const even = snap({
      brokers: [1, 2].map((id) => ({ id, logDirs: [{ path: "/a" }, { path: "/b" }] })),
      topics: [
        {
          name: "t",
          partitions: [0, 1].map((p) => ({
            id: p,
            leader: 1 + p,
            isr: [1, 2],
            replicas: (p === 0 ? [1, 2] : [2, 1]).map((b) => ({ broker: b, logDir: p === 0 ? "/a" : "/b", sizeBytes: 10 * GiB })),
          })),
        },
      ],
    });
    expect(find(clusterSamples({ cluster: "even", snapshot: even, collector: null, forecasts: null }), "kafka_balance_cluster_balanced", { cluster: "even" })).toBe(1);
    // 16 KiB against nothing: 3× skew of nothing, not a trap and not unbalanced.
    const tiny = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a" }, { path: "/b" }] }],
      topics: [
        {
          name: "t",
          partitions: [
            { id: 0, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/a", sizeBytes: 16 * 1024 }] },
            { id: 1, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/b", sizeBytes: 0 }] },
            { id: 2, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/b", sizeBytes: 0 }] },
          ],
        },
      ],
    });
    const samples = clusterSamples({ cluster: "tiny", snapshot: tiny, collector: null, forecasts: null });
    expect(find(samples, "kafka_balance_cluster_balanced", { cluster: "tiny" })).toBe(1);
    expect(samples.filter((s) => s.name === "kafka_balance_log_dir_next_placement_trap" && s.value === 1)).toEqual([]);
  });

  it("clusterSamples() takes the skew figures from the report: broker bytes, the worst broker's and each broker's dir utilisation", () => {
    const demo = demoSnapshot();
    const report = balanceReport(demo);
    const samples = clusterSamples({ cluster: "demo", snapshot: demo, collector: null, forecasts: null });
    expect(find(samples, "kafka_balance_cluster_broker_bytes_skew_ratio", { cluster: "demo" })).toBe(report.skew.brokerBytes.maxOverMean);
    expect(find(samples, "kafka_balance_cluster_dir_skew_ratio", { cluster: "demo" })).toBe(report.skew.dirUtilization.maxOverMean);
    const perBroker = samples.filter((s) => s.name === "kafka_balance_broker_dir_skew_ratio").map((s) => s.value);
    expect(perBroker).toHaveLength(3);
    expect(Math.max(...perBroker)).toBe(report.skew.dirUtilization.maxOverMean);
    for (const b of report.brokers) expect(find(samples, "kafka_balance_broker_bytes", { cluster: "demo", broker: String(b.id) })).toBe(b.bytes);
  });

  it("clusterSamples() exports each dir's forecast seconds, leaving out the marks it is not on course to reach", () => {
    const samples = clusterSamples({
      cluster: "prod",
      snapshot: mixed,
      collector: null,
      forecasts: [
        { broker: 1, dir: "/d2", p85Seconds: 0, p95Seconds: 3600, fullSeconds: 7200 },
        { broker: 1, dir: "/d1", p85Seconds: null, p95Seconds: null, fullSeconds: null },
        { broker: 1, dir: "/d3", p85Seconds: 1, p95Seconds: 2, fullSeconds: 3 },
      ],
    });
    const d2 = { cluster: "prod", broker: "1", log_dir: "/d2" };
    expect(find(samples, "kafka_balance_log_dir_forecast_85_seconds", d2)).toBe(0);
    expect(find(samples, "kafka_balance_log_dir_forecast_95_seconds", d2)).toBe(3600);
    expect(find(samples, "kafka_balance_log_dir_forecast_full_seconds", d2)).toBe(7200);
    expect(samples.filter((s) => s.name.includes("forecast")).map((s) => s.labels.log_dir)).toEqual(["/d2", "/d2", "/d2"]);
  });
});

describe("clusterSamples() on dirs that share a filesystem", () => {
  it("clusterSamples() takes the dir skew ratios over disks: a shared disk beside an emptier one fires, one shared disk alone is 1", () => {
    const uneven = clusterSamples({ cluster: "c", snapshot: sharedDiskSnapshot({ thirdDisk: true }), collector: null, forecasts: null });
    const ratio = (samples: Sample[], broker: string) => find(samples, "kafka_balance_broker_dir_skew_ratio", { cluster: "c", broker });
    // 71% against 14.6%, over a mean of 42.8%.
    expect(ratio(uneven, "1")).toBeCloseTo(0.71 / ((0.71 + 73 / 500) / 2), 6);
    expect(find(uneven, "kafka_balance_cluster_dir_skew_ratio", { cluster: "c" })).toBeCloseTo(0.71 / ((0.71 + 73 / 500) / 2), 6);
    expect(find(uneven, "kafka_balance_cluster_balanced", { cluster: "c" })).toBe(0);
    const one = clusterSamples({ cluster: "c", snapshot: sharedDiskSnapshot(), collector: null, forecasts: null });
    expect(ratio(one, "1")).toBe(1);
    expect(find(one, "kafka_balance_cluster_balanced", { cluster: "c" })).toBe(1);
  });
});
