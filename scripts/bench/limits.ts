/**
 * Limits benchmark: does each route's time grow at most linearly with what a visitor sends, up to the
 * route's limits, and does the dashboard stay fast while the largest allowed simulation runs?
 *
 * - Growth: every route is timed at a size and at 8× that size (median of RUNS, in-process through the
 *   route handler, as the other benches do); `ratio` = time(8×) ÷ time(1×). Linear work gives about 8;
 *   the target is ≤ 10 for every route and every dimension that costs (replicas, log dirs, steps).
 * - Responsiveness: a production server (`next start`, built when stale) is asked `GET /` over and over
 *   while it runs the largest simulation the default limits allow (250,000 replicas); the p95 of those
 *   page answers is the figure (target < 300 ms).
 * Timings use the clock here, outside lib/: the core stays clock-free.
 */
import { POST as importRoute } from "../../app/api/import/route";
import { POST as planRoute } from "../../app/api/plan/route";
import { POST as shareRoute } from "../../app/api/snapshots/route";
import { POST as simulateRoute } from "../../app/api/simulate/route";
import { syntheticCluster } from "../../lib/simulate/synthetic";
import { closeWorkerPool } from "../../lib/workers/pool";
import { startApp } from "../../tests/support/e2e-server";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const RUNS = 3;

type Route = (request: Request) => Promise<Response>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(route: Route, url: string, body: string, contentType = "application/json"): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const started = performance.now();
    const res = await route(new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": contentType }, body }));
    await res.text();
    if (res.status >= 300) throw new Error(`${url} answered ${res.status} at this size; the bench needs sizes within the limits`);
    if (i > 0) samples.push(performance.now() - started);
  }
  return median(samples);
}

export interface GrowthRow {
  route: string;
  dimension: string;
  small: number;
  large: number;
  smallMs: number;
  largeMs: number;
  ratio: number;
}

function snapshotOf(replicas: number, brokers = 50, dirsPerBroker = 4) {
  return syntheticCluster({ brokers, dirsPerBroker, replicas, seed: 5, skew: 1 });
}

/** kafka-log-dirs output (the JSON line Kafka's tool prints) for a synthetic cluster. */
function logDirsText(replicas: number): string {
  const s = snapshotOf(replicas);
  const byBroker = new Map<number, Map<string, { partition: string; size: number; offsetLag: number; isFuture: boolean }[]>>();
  for (const b of s.brokers) byBroker.set(b.id, new Map(b.logDirs.map((d) => [d.path, []])));
  for (const t of s.topics)
    for (const p of t.partitions)
      for (const r of p.replicas)
        byBroker
          .get(r.broker)!
          .get(r.logDir!)!
          .push({ partition: `${t.name}-${p.id}`, size: r.sizeBytes ?? 0, offsetLag: 0, isFuture: false });
  const brokers = [...byBroker].map(([broker, dirs]) => ({ broker, logDirs: [...dirs].map(([logDir, partitions]) => ({ logDir, error: null, partitions })) }));
  return `Querying brokers for log directories information\nReceived log directory information from brokers 1\n${JSON.stringify({ version: 1, brokers })}\n`;
}

async function growth(): Promise<GrowthRow[]> {
  const rows: GrowthRow[] = [];
  const row = async (route: string, dimension: string, small: number, run: (n: number) => Promise<number>) => {
    const smallMs = await run(small);
    const largeMs = await run(small * 8);
    rows.push({ route, dimension, small, large: small * 8, smallMs, largeMs, ratio: largeMs / smallMs });
  };
  const simulateBody = (replicas: number, brokers: number, dirs: number, steps: number) =>
    JSON.stringify({
      base: { synthetic: { brokers, dirsPerBroker: dirs, replicas, seed: 3 } },
      steps: Array.from({ length: steps }, (_, i) => ({ kind: "createTopic", name: `t${i}`, partitions: 12, replicationFactor: 2 })),
      compare: true,
      snapshot: false,
    });
  await row("POST /api/simulate", "replicas", 25_000, (n) => timed(simulateRoute, "/api/simulate", simulateBody(n, 100, 4, 2)));
  await row("POST /api/simulate", "log dirs", 5_000, (n) => timed(simulateRoute, "/api/simulate", simulateBody(2_000, n / 10, 10, 2)));
  await row("POST /api/simulate", "brokers (a 20,000-partition topic created across them)", 500, (n) =>
    timed(
      simulateRoute,
      "/api/simulate",
      JSON.stringify({
        base: { synthetic: { brokers: n, dirsPerBroker: 2, replicas: 1_000, seed: 3 } },
        steps: [{ kind: "createTopic", name: "wide", partitions: 20_000, replicationFactor: 2 }],
        compare: true,
        snapshot: false,
      }),
    ),
  );
  await row("POST /api/simulate", "steps", 10, (n) => timed(simulateRoute, "/api/simulate", simulateBody(20_000, 20, 4, n)));
  await row("POST /api/simulate", "inline base replicas", 10_000, (n) =>
    timed(simulateRoute, "/api/simulate", JSON.stringify({ base: { snapshot: snapshotOf(n) }, steps: [], compare: false, snapshot: false })),
  );
  await row("POST /api/plan", "replicas", 10_000, (n) =>
    timed(planRoute, "/api/plan", JSON.stringify({ snapshot: snapshotOf(n), options: { goals: ["dir-utilization", "broker-bytes"] } })),
  );
  await row("POST /api/plan", "excluded topics", 2_000, (n) =>
    timed(
      planRoute,
      "/api/plan",
      JSON.stringify({ snapshot: snapshotOf(10_000), options: { goals: ["dir-utilization"], excludeTopics: Array.from({ length: n }, (_, i) => `x${i}`) } }),
    ),
  );
  await row("POST /api/import", "replicas", 10_000, (n) => timed(importRoute, "/api/import", logDirsText(n), "text/plain"));
  await row("POST /api/snapshots", "replicas (hosts redacted, topics hashed)", 10_000, (n) =>
    timed(shareRoute, "/api/snapshots", JSON.stringify({ kind: "snapshot", snapshot: snapshotOf(n), sharing: { redactHosts: true, hashTopics: true } })),
  );
  await row("POST /api/snapshots", "label length", 20_000, (n) =>
    timed(
      shareRoute,
      "/api/snapshots",
      JSON.stringify({
        kind: "snapshot",
        snapshot: { ...snapshotOf(1_000), source: { kind: "import", label: "a.".repeat(n / 2) + "1" } },
        sharing: { redactHosts: true, hashTopics: false },
      }),
    ),
  );
  return rows;
}

export interface ResponsivenessFigures {
  pageRequests: number;
  pageP95Ms: number;
  pageMaxMs: number;
  simulationMs: number;
  simulationStatus: number;
  simulationReplicas: number;
}

async function responsiveness(): Promise<ResponsivenessFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-limits-"));
  const app = await startApp({ KAFKA_BALANCE_DB: path.join(dir, "snapshots.db") });
  try {
    // At the default limits: 250,000 replicas, and (replicas + dirs + brokers) × 9 states ≈ 2.27 M of 2.5 M work.
    const replicas = 249_000;
    const body = JSON.stringify({
      base: { synthetic: { brokers: 100, dirsPerBroker: 8, replicas, seed: 9 } },
      steps: [
        { kind: "addLogDir", broker: "all", path: "/data/extra" },
        ...Array.from({ length: 7 }, (_, i) => ({ kind: "createTopic", name: `more-${i}`, partitions: 40, replicationFactor: 3 })),
      ],
      compare: true,
      snapshot: false,
    });
    // Warm the page once (first render compiles nothing in production, but fills caches).
    await (await fetch(`${app.url}/`)).text();
    const started = performance.now();
    let simulationStatus = 0;
    let simulationMs = 0;
    const simulation = fetch(`${app.url}/api/simulate`, { method: "POST", headers: { "content-type": "application/json" }, body }).then(async (r) => {
      await r.text();
      simulationStatus = r.status;
      simulationMs = performance.now() - started;
    });
    let done = false;
    void simulation.finally(() => (done = true));
    const pages: number[] = [];
    while (!done) {
      const t = performance.now();
      const r = await fetch(`${app.url}/`);
      await r.text();
      pages.push(performance.now() - t);
    }
    await simulation;
    const sorted = [...pages].sort((a, b) => a - b);
    return {
      pageRequests: pages.length,
      pageP95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
      pageMaxMs: sorted[sorted.length - 1] ?? 0,
      simulationMs,
      simulationStatus,
      simulationReplicas: replicas,
    };
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface LimitsBenchFigures {
  growth: GrowthRow[];
  worstRatio: number;
  responsiveness: ResponsivenessFigures;
  meetsTarget: boolean;
}

export async function benchLimits(): Promise<LimitsBenchFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-limits-db-"));
  process.env.KAFKA_BALANCE_DB = path.join(dir, "snapshots.db");
  try {
    const rows = await growth();
    await closeWorkerPool();
    const resp = await responsiveness();
    const worstRatio = Math.max(...rows.map((r) => r.ratio));
    return { growth: rows, worstRatio, responsiveness: resp, meetsTarget: worstRatio <= 10 && resp.pageP95Ms < 300 && resp.simulationStatus === 200 };
  } finally {
    delete process.env.KAFKA_BALANCE_DB;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
