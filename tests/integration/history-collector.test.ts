/**
 * The collector on real Kafka (4.4, one KRaft node × 2 log dirs): a producer writes into one topic at a
 * known constant rate (256 KiB/s of record values for 25 s) while the collector records the cluster
 * every 1.5 s; the growth of the dir holding the topic, fitted to the recorded history, is the produced
 * rate within ±10 % (Kafka's bytes of the dir: what the partition takes on disk, record overhead
 * included, which for 16 KiB records is a fraction of a percent). Then the cluster's address points at
 * a dead port for a few collections: each is recorded as a failure, and the dir has no points then —
 * a gap, never zeros — until the collector reaches the cluster again.
 */
import path from "node:path";
import { Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetClusterSource } from "@/lib/cluster/source";
import { collectorStatus, startCollectors, stopCollectors } from "@/lib/collector";
import { getStore } from "@/lib/store";
import { startCluster, type LocalCluster } from "@/scripts/kafka/cluster";
import { withAdmin } from "@/scripts/kafka/version-matrix";
import { useTempStore } from "../fixtures/snapshots/harness";
import { KiB } from "../support/data-cluster";

// Client port 29400, controller 29450; 29499 stays closed (the dead address).
const BASE_PORT = 29400;
const DEAD = "127.0.0.1:29499";
const TOPIC = "growth";
const RATE = 256 * KiB;
const PRODUCE_MS = 25_000;
const TICK_MS = 250;
const INTERVAL_MS = 1500;
const ENV = { KAFKA_BALANCE_COLLECT_INTERVAL_MS: String(INTERVAL_MS), KAFKA_BALANCE_REFRESH_MS: "0", KAFKA_REQUEST_TIMEOUT_MS: "3000" };
const saved = Object.fromEntries(["KAFKA_BOOTSTRAP_SERVERS", ...Object.keys(ENV)].map((k) => [k, process.env[k]]));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: LocalCluster;
let store: ReturnType<typeof useTempStore>;

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxy / sxx;
}

describe("the collector on real Kafka", () => {
  beforeAll(async () => {
    store = useTempStore("history-collector");
    cluster = await startCluster({ baseDir: path.resolve(".kafka/hist-collector"), basePort: BASE_PORT, nodes: 1, dirsPerNode: 2 });
    await withAdmin(cluster.bootstrap, (admin) => admin.createTopics({ topics: [TOPIC], assignments: [{ partition: 0, brokers: [1] }] }));
    Object.assign(process.env, ENV, { KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap });
    resetClusterSource();
  }, 180_000);

  afterAll(async () => {
    await stopCollectors();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetClusterSource();
    await cluster?.stop();
    store?.cleanup();
  }, 120_000);

  it("records the dir holding the topic growing at the produced rate (±10 %), and a cluster it cannot reach as a gap", async () => {
    startCollectors({ intervalMs: INTERVAL_MS });
    const history = getStore().history;
    // The collector's first scan, and where the partition lives.
    const deadline = Date.now() + 30_000;
    while ((await collectorStatus("default")).lastSuccessAt === null) {
      if (Date.now() > deadline) throw new Error(`no successful collection within 30 s: ${JSON.stringify(await collectorStatus("default"))}`);
      await sleep(200);
    }
    const kafka = new Kafka({ clientId: "it-history-collector", brokers: cluster.bootstrap.split(","), logLevel: logLevel.NOTHING });
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    const value = Buffer.alloc(16 * KiB, 7);
    const perTick = (RATE * TICK_MS) / 1000 / value.length;
    const started = Date.now();
    let sent = 0;
    try {
      for (let tick = 0; Date.now() - started < PRODUCE_MS; tick++) {
        await producer.send({ topic: TOPIC, acks: -1, messages: Array.from({ length: perTick }, () => ({ value })) });
        sent += perTick * value.length;
        const next = started + (tick + 1) * TICK_MS;
        if (next > Date.now()) await sleep(next - Date.now());
      }
    } finally {
      await producer.disconnect();
    }
    const ended = Date.now();
    const producedRate = sent / ((ended - started) / 1000);
    expect(producedRate).toBeGreaterThan(RATE * 0.9);

    // The dir holding the partition, and its recorded points while the producer ran (a scan's margin at each end).
    const dirs = await history.allDirSeries("default", started, ended);
    const grown = dirs.map((d) => ({ d, growth: d.points.at(-1)!.kafkaBytes - d.points[0]!.kafkaBytes })).sort((a, b) => b.growth - a.growth);
    const holder = grown[0]!.d;
    expect(grown[1]!.growth).toBeLessThan(grown[0]!.growth / 100);
    const window = holder.points.filter((p) => p.t >= started + INTERVAL_MS && p.t <= ended - INTERVAL_MS);
    expect(window.length).toBeGreaterThanOrEqual(8);
    const recordedRate = slope(window.map((p) => ({ x: p.t / 1000, y: p.kafkaBytes })));
    expect(Math.abs(recordedRate / producedRate - 1), `recorded ${recordedRate.toFixed(0)} B/s, produced ${producedRate.toFixed(0)} B/s`).toBeLessThan(0.1);

    // The cluster's address now points at a dead port: failures, recorded with their message.
    process.env.KAFKA_BOOTSTRAP_SERVERS = DEAD;
    const cutAt = Date.now();
    const failedBy = Date.now() + 30_000;
    let failures: { at: number; ok: boolean; error: string | null }[] = [];
    while (failures.length < 2) {
      if (Date.now() > failedBy) throw new Error(`no failed collections within 30 s: ${JSON.stringify(await collectorStatus("default"))}`);
      await sleep(500);
      failures = (await history.clusterSeries("default", cutAt, Date.now())).filter((p) => !p.ok);
    }
    expect((await collectorStatus("default")).lastError).toMatch(/29499/);
    process.env.KAFKA_BOOTSTRAP_SERVERS = cluster.bootstrap;
    const backAt = Date.now();
    const recoveredBy = Date.now() + 30_000;
    while (((await collectorStatus("default")).lastSuccessAt ?? 0) < backAt) {
      if (Date.now() > recoveredBy) throw new Error(`no successful collection within 30 s of the address coming back: ${JSON.stringify(await collectorStatus("default"))}`);
      await sleep(200);
    }
    await stopCollectors();

    // The gap: between the last success before the cut and the first after it, the dir has no points, and no point is zero.
    const scans = await history.clusterSeries("default", started, Date.now());
    const lastBefore = scans.filter((p) => p.ok && p.at < failures[0]!.at).at(-1)!.at;
    const firstAfter = scans.find((p) => p.ok && p.at > failures.at(-1)!.at)!.at;
    const points = await history.dirSeries("default", 1, holder.dir, started, Date.now());
    expect(points.filter((p) => p.t > lastBefore && p.t < firstAfter)).toEqual([]);
    expect(points.every((p) => p.kafkaBytes > 0)).toBe(true);
    expect(points.some((p) => p.t >= firstAfter)).toBe(true);
    expect(scans.filter((p) => !p.ok).every((p) => p.figures === null && p.error !== null)).toBe(true);
  }, 150_000);
});
