/**
 * GET /api/metrics on real Kafka: three configured clusters — `live` (a local 2-node KRaft cluster,
 * 2 log dirs each), `gone` (a port nothing listens on) and `stuck` (a port that accepts connections and
 * never answers). The live cluster's figures equal the balance report of its cached snapshot; the two
 * others are exported as collector_up 0 with no figures, and the stuck one does not hold the answer
 * past the scrape's deadline; a second scrape within the refresh interval starts no scan. After one
 * collection of each (lib/collector, into a temp history store) the collector's last success and scan
 * time are exported as the store has them.
 *
 * Ports 29500.. (clients), 29550.. (controllers) and this baseDir belong to this file only; the two
 * dead ports come from the free-port finder.
 */
import net from "node:net";
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { collectCluster, collectorStatus } from "@/lib/collector";
import { clusterScanCount, getClusterSnapshot, resetClusterSource } from "@/lib/cluster/source";
import { balanceReport } from "@/lib/model/report";
import { getStore } from "@/lib/store";
import { startCluster, stopAll, type LocalCluster } from "@/scripts/kafka/cluster";
import { useTempStore } from "../fixtures/snapshots/harness";
import { freePort } from "../support/e2e-server";

const BASE_DIR = path.resolve(".kafka/metrics-route");
const BASE_PORT = 29500;
/** Far beyond the scrape deadline: the stuck cluster's scan is still waiting when the answer goes out. */
const STUCK_REQUEST_TIMEOUT_MS = 30_000;
const DEADLINE_MS = 3000;

let cluster: LocalCluster | undefined;
let store: ReturnType<typeof useTempStore> | undefined;
let stuck: net.Server | undefined;
const stuckSockets = new Set<net.Socket>();
const savedEnv = { ...process.env };

interface Line {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition's sample lines (comments left out); label values unescaped. */
function parseExposition(text: string): Line[] {
  const out: Line[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1]!] = l[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

async function scrape(): Promise<{ status: number; contentType: string | null; lines: Line[]; ms: number }> {
  const started = Date.now();
  const response = await GET(new Request("http://localhost/api/metrics"));
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get("content-type"), lines: parseExposition(text), ms: Date.now() - started };
}

const valueOf = (lines: Line[], name: string, labels: Record<string, string>) =>
  lines.find((l) => l.name === name && Object.keys(labels).length === Object.keys(l.labels).length && Object.entries(labels).every(([k, v]) => l.labels[k] === v))?.value;

beforeAll(async () => {
  await stopAll(BASE_DIR);
  cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 2, dirsPerNode: 2 });
  const admin = new Admin({ clientId: "metrics-route-setup", bootstrapBrokers: cluster.bootstrap.split(",") });
  try {
    await admin.createTopics({ topics: ["metrics-orders"], partitions: 4, replicas: 2 });
  } finally {
    await admin.close();
  }
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";
  const producer = new Kafka({ clientId: "metrics-route-test", brokers: cluster.bootstrap.split(","), logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  try {
    for (let p = 0; p < 4; p++)
      await producer.send({ topic: "metrics-orders", acks: -1, messages: Array.from({ length: 20 }, () => ({ partition: p, value: Buffer.alloc(1000 * (p + 1), p) })) });
  } finally {
    await producer.disconnect();
  }

  stuck = net.createServer((socket) => {
    stuckSockets.add(socket);
    socket.on("close", () => stuckSockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => stuck!.listen(0, "127.0.0.1", () => resolve()));
  const stuckPort = (stuck.address() as net.AddressInfo).port;
  const gonePort = await freePort();

  for (const k of Object.keys(process.env)) if (k.startsWith("KAFKA_")) delete process.env[k];
  Object.assign(process.env, {
    KAFKA_BALANCE_CLUSTERS: "live,gone,stuck",
    KAFKA_BALANCE_CLUSTER_LIVE_BOOTSTRAP_SERVERS: cluster.bootstrap,
    KAFKA_BALANCE_CLUSTER_GONE_BOOTSTRAP_SERVERS: `127.0.0.1:${gonePort}`,
    KAFKA_BALANCE_CLUSTER_GONE_REQUEST_TIMEOUT_MS: "3000",
    KAFKA_BALANCE_CLUSTER_STUCK_BOOTSTRAP_SERVERS: `127.0.0.1:${stuckPort}`,
    KAFKA_BALANCE_CLUSTER_STUCK_REQUEST_TIMEOUT_MS: String(STUCK_REQUEST_TIMEOUT_MS),
    KAFKA_BALANCE_REFRESH_MS: "600000",
    KAFKA_BALANCE_METRICS_TIMEOUT_MS: String(DEADLINE_MS),
  });
  store = useTempStore("metrics-route");
  resetClusterSource();
}, 300_000);

afterAll(async () => {
  for (const socket of stuckSockets) socket.destroy();
  await new Promise<void>((resolve) => (stuck ? stuck.close(() => resolve()) : resolve()));
  await cluster?.stop();
  store?.cleanup();
  process.env = savedEnv;
  resetClusterSource();
});

describe("GET /api/metrics with a live, an unreachable and a silent cluster", () => {
  let first: Awaited<ReturnType<typeof scrape>>;

  beforeAll(async () => {
    // Read the live cluster once first, so its scan (and the JVMs' first answers) are not what the deadline measures.
    await getClusterSnapshot({ cluster: "live" });
    first = await scrape();
  }, 60_000);

  it("answers 200 in Prometheus's text format, within the deadline although one cluster never answers", async () => {
    expect(first.status).toBe(200);
    expect(first.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(first.ms).toBeLessThan(STUCK_REQUEST_TIMEOUT_MS / 2);
  });

  it("exports only finite numbers: no sentinel or NaN (the event loop's delays of the process's first scrape included)", () => {
    expect(first.lines.length).toBeGreaterThan(10);
    for (const l of first.lines) expect(Number.isFinite(l.value), `${l.name} ${JSON.stringify(l.labels)} ${l.value}`).toBe(true);
  });

  it("exports the clusters that cannot be read as collector_up 0 and no figures (only the collection interval beside it), and no demo", async () => {
    expect(valueOf(first.lines, "kafka_balance_collector_up", { cluster: "live" })).toBe(1);
    expect(valueOf(first.lines, "kafka_balance_collector_up", { cluster: "gone" })).toBe(0);
    expect(valueOf(first.lines, "kafka_balance_collector_up", { cluster: "stuck" })).toBe(0);
    const others = first.lines.filter((l) => l.name.startsWith("kafka_balance_") && l.labels.cluster !== undefined && l.labels.cluster !== "live");
    expect(others.map((l) => `${l.name}{${l.labels.cluster}}`).sort()).toEqual([
      "kafka_balance_collector_interval_seconds{gone}",
      "kafka_balance_collector_interval_seconds{stuck}",
      "kafka_balance_collector_up{gone}",
      "kafka_balance_collector_up{stuck}",
    ]);
  });

  it("exports the live cluster's dir and broker figures exactly as the balance report of its snapshot has them", async () => {
    const report = balanceReport(await getClusterSnapshot({ cluster: "live" }));
    expect(report.dirs).toHaveLength(4);
    expect(report.dirs.every((d) => d.totalBytes !== null)).toBe(true);
    for (const d of report.dirs) {
      const labels = { cluster: "live", broker: String(d.broker), log_dir: d.path };
      expect(valueOf(first.lines, "kafka_balance_log_dir_partitions", labels), d.path).toBe(d.logCount);
      expect(valueOf(first.lines, "kafka_balance_log_dir_kafka_bytes", labels), d.path).toBe(d.bytes + d.futureBytes);
      expect(valueOf(first.lines, "kafka_balance_log_dir_used_bytes", labels), d.path).toBe(d.usedBytes);
      expect(valueOf(first.lines, "kafka_balance_log_dir_capacity_bytes", labels), d.path).toBe(d.totalBytes);
      expect(valueOf(first.lines, "kafka_balance_log_dir_utilization_ratio", labels), d.path).toBe(d.utilization);
      expect(valueOf(first.lines, "kafka_balance_log_dir_online", labels), d.path).toBe(1);
    }
    expect(report.dirs.reduce((n, d) => n + d.logCount, 0)).toBeGreaterThanOrEqual(8);
    for (const b of report.brokers) {
      const labels = { cluster: "live", broker: String(b.id) };
      expect(valueOf(first.lines, "kafka_balance_broker_partitions", labels)).toBe(b.replicas);
      expect(valueOf(first.lines, "kafka_balance_broker_leaders", labels)).toBe(b.leaders);
      expect(valueOf(first.lines, "kafka_balance_broker_bytes", labels)).toBe(b.bytes);
    }
    expect(report.brokers.reduce((n, b) => n + b.bytes, 0)).toBeGreaterThan(2 * 20 * 1000 * 10);
    expect(valueOf(first.lines, "kafka_balance_cluster_brokers", { cluster: "live" })).toBe(2);
    expect(valueOf(first.lines, "kafka_balance_cluster_broker_bytes_skew_ratio", { cluster: "live" })).toBe(report.skew.brokerBytes.maxOverMean);
  });

  it("a second scrape within the refresh interval starts no scan", async () => {
    const before = clusterScanCount();
    const second = await scrape();
    expect(second.status).toBe(200);
    expect(clusterScanCount()).toBe(before);
    expect(valueOf(second.lines, "kafka_balance_collector_up", { cluster: "live" })).toBe(1);
  });

  it("exports no collector timings before the first collection, only the interval one is due in", async () => {
    const collector = first.lines.filter((l) => l.name.startsWith("kafka_balance_collector_") && l.name !== "kafka_balance_collector_up");
    expect(collector.map((l) => [l.name, l.labels.cluster, l.value])).toEqual([
      ["kafka_balance_collector_interval_seconds", "live", 300],
      ["kafka_balance_collector_interval_seconds", "gone", 300],
      ["kafka_balance_collector_interval_seconds", "stuck", 300],
    ]);
  });

  it("exports the collector's last success and scan duration as the history store has them, and no success for a cluster never read", async () => {
    const deps = { store: getStore().history, owner: "metrics-route-test", intervalMs: 300_000, scan: (name: string) => getClusterSnapshot({ cluster: name, refresh: true }) };
    expect((await collectCluster("live", deps)).outcome).toBe("recorded");
    expect((await collectCluster("gone", deps)).outcome).toBe("failed");
    const live = await collectorStatus("live");
    const gone = await collectorStatus("gone");
    expect(live.lastSuccessAt).not.toBeNull();
    const { lines } = await scrape();
    expect(valueOf(lines, "kafka_balance_collector_last_success_timestamp_seconds", { cluster: "live" })).toBe(live.lastSuccessAt! / 1000);
    expect(valueOf(lines, "kafka_balance_collector_scan_duration_seconds", { cluster: "live" })).toBe(live.lastDurationMs! / 1000);
    expect(valueOf(lines, "kafka_balance_collector_interval_seconds", { cluster: "live" })).toBe(300);
    expect(valueOf(lines, "kafka_balance_collector_last_success_timestamp_seconds", { cluster: "gone" })).toBeUndefined();
    expect(valueOf(lines, "kafka_balance_collector_scan_duration_seconds", { cluster: "gone" })).toBe(gone.lastDurationMs! / 1000);
    expect(valueOf(lines, "kafka_balance_collector_up", { cluster: "gone" })).toBe(0);
    expect(valueOf(lines, "kafka_balance_collector_last_success_timestamp_seconds", { cluster: "stuck" })).toBeUndefined();
  });
});
