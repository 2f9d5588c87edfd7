/**
 * Event-loop benchmark: does any request hold the production server's event loop? The server is
 * asked `GET /` over and over while it does the largest work a visitor may ask of it, and it reports
 * its own longest stall.
 *
 * - The stall is the server's own figure: `nodejs_eventloop_lag_max_seconds` on GET /api/metrics, the
 *   max of a `monitorEventLoopDelay` histogram since the previous scrape (prom-client's default metrics
 *   reset it on every scrape). The bench scrapes once before a scenario and once after it, so the
 *   second scrape's figure covers that scenario alone. Target: under 250 ms.
 * - `getRootP95Ms`: the p95 of `GET /` answers asked one after another during the scenario. Target:
 *   under 500 ms.
 *
 * Scenarios:
 * - `bigLink`: the largest legal link stored once, then read by 10 concurrent readers, each asking its
 *   record (GET /api/snapshots/<id>), its JSON export and its page (/s/<id>). The body limit binds
 *   first (KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES, 50 MB): a synthetic snapshot just under it (~427,000
 *   replicas) compresses to ~3 MB, well under the 16 MiB link limit, which no legal body reaches.
 * - `maxSimulation`: the largest simulation the default limits allow (249,000 replicas, eight steps,
 *   every policy compared) with `snapshot: true`, so the final snapshot comes back too.
 * - `bigInvalidBodies`: ten 40 MB bodies that are not JSON, posted to /api/simulate at once (from one
 *   client, so the app's server refuses those past its per-client bytes in flight with 429).
 *
 * Runs the app's server (scripts/server.mjs) on the build (built when stale; E2E_REUSE_BUILD=1 takes any build) on port 29812.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_SNAPSHOT_LIMIT_BYTES, DEFAULT_LINK_LIMIT_BYTES } from "../../lib/links/limits";
import { DEFAULT_LIMITS } from "../../lib/simulate/limits";
import { syntheticCluster } from "../../lib/simulate/synthetic";
import { startApp, type AppServer } from "../../tests/support/e2e-server";

/** App port: inside the range this machine's benches may use (29800–29849). */
const PORT = 29_812;
const READERS = 10;
const STALL_TARGET_MS = 250;
const ROOT_P95_TARGET_MS = 500;

export interface ScenarioFigures {
  maxStallMs: number;
  getRootP95Ms: number;
  getRootMaxMs: number;
  getRootRequests: number;
  scenarioMs: number;
  /** Every status the scenario's requests got, with how many. */
  statuses: Record<string, number>;
}

export interface EventLoopBenchFigures {
  bigLink: ScenarioFigures & { bodyBytes: number; storedBytes: number; replicas: number };
  maxSimulation: ScenarioFigures & { replicas: number };
  bigInvalidBodies: ScenarioFigures & { bodies: number; bodyBytes: number };
  meetsTarget: boolean;
}

/** The server's longest event-loop stall since its previous scrape, in ms. */
async function maxStallMs(app: AppServer): Promise<number> {
  const text = await (await fetch(`${app.url}/api/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("nodejs_eventloop_lag_max_seconds"));
  if (!line) throw new Error("GET /api/metrics has no nodejs_eventloop_lag_max_seconds: the bench needs the server's own event-loop figure");
  return Number(line.split(" ").pop()) * 1000;
}

const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

/** Runs `work` while asking GET / in a loop; the server's longest stall and the page's latencies meanwhile. */
async function measure(app: AppServer, work: () => Promise<(number | string)[]>): Promise<ScenarioFigures> {
  await maxStallMs(app);
  const started = performance.now();
  let done = false;
  const running = work().finally(() => (done = true));
  const pages: number[] = [];
  while (!done && app.alive()) {
    const t = performance.now();
    const status = await statusOf(fetch(`${app.url}/`));
    if (status === 200) pages.push(performance.now() - t);
  }
  if (!app.alive()) throw new Error(`the server died during the scenario; its last output:\n${app.output().slice(-3000)}`);
  const statuses: Record<string, number> = {};
  for (const s of await running) statuses[s] = (statuses[s] ?? 0) + 1;
  const scenarioMs = performance.now() - started;
  return { maxStallMs: await maxStallMs(app), getRootP95Ms: p95(pages), getRootMaxMs: Math.max(0, ...pages), getRootRequests: pages.length, scenarioMs, statuses };
}

/** The answer's status once its body is read whole, or "failed" when the connection broke (the server died?). */
async function statusOf(response: Promise<Response>): Promise<number | string> {
  try {
    const r = await response;
    await r.arrayBuffer();
    return r.status;
  } catch (error) {
    return `failed: ${String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message)}`;
  }
}

/** The share body of a synthetic cluster of `replicas` replicas. */
function shareBody(replicas: number): string {
  const snapshot = syntheticCluster({ brokers: 100, dirsPerBroker: 8, replicas, seed: 11, skew: 1 });
  return JSON.stringify({ kind: "snapshot", snapshot });
}

/** The largest snapshot body within the body limit (the stored row is checked against the link limit when stored). */
function largestShareBody(): { body: string; replicas: number } {
  const limit = DEFAULT_SNAPSHOT_LIMIT_BYTES;
  const probe = 20_000;
  const perReplica = Buffer.byteLength(shareBody(probe)) / probe;
  let replicas = Math.floor((limit * 0.97) / perReplica);
  for (;;) {
    const body = shareBody(replicas);
    if (Buffer.byteLength(body) <= limit) return { body, replicas };
    replicas = Math.floor(replicas * 0.98);
  }
}

async function bigLink(app: AppServer): Promise<EventLoopBenchFigures["bigLink"]> {
  const { body, replicas } = largestShareBody();
  const created = await fetch(`${app.url}/api/snapshots`, { method: "POST", headers: { "content-type": "application/json" }, body });
  if (created.status !== 201) throw new Error(`storing the largest link answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
  const { id } = (await created.json()) as { id: string };
  const storedBytes = await storedSize(app, id);
  const figures = await measure(app, () =>
    Promise.all(
      Array.from({ length: READERS }, async () => [
        await statusOf(fetch(`${app.url}/api/snapshots/${id}`)),
        await statusOf(fetch(`${app.url}/api/snapshots/${id}/export?format=json`)),
        await statusOf(fetch(`${app.url}/s/${id}`)),
      ]),
    ).then((rows) => rows.flat()),
  );
  return { ...figures, bodyBytes: Buffer.byteLength(body), storedBytes, replicas };
}

/** The link's stored (compressed) size from the listing, which the write token opens. */
async function storedSize(app: AppServer, id: string): Promise<number> {
  const r = await fetch(`${app.url}/api/snapshots?limit=10`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (!r.ok) return -1;
  const list = (await r.json()) as { records: { id: string; storedBytes: number }[] };
  return list.records.find((x) => x.id === id)?.storedBytes ?? -1;
}

async function maxSimulation(app: AppServer): Promise<EventLoopBenchFigures["maxSimulation"]> {
  // At the default limits: (replicas + dirs + brokers) × 9 states stays under maxReplicaSteps.
  const replicas = DEFAULT_LIMITS.maxReplicas - 1_000;
  const body = JSON.stringify({
    base: { synthetic: { brokers: 100, dirsPerBroker: 8, replicas, seed: 9 } },
    steps: [
      { kind: "addLogDir", broker: "all", path: "/data/extra" },
      ...Array.from({ length: 7 }, (_, i) => ({ kind: "createTopic", name: `more-${i}`, partitions: 40, replicationFactor: 3 })),
    ],
    compare: true,
    snapshot: true,
  });
  const figures = await measure(app, async () => [await statusOf(fetch(`${app.url}/api/simulate`, { method: "POST", headers: { "content-type": "application/json" }, body }))]);
  return { ...figures, replicas };
}

async function bigInvalidBodies(app: AppServer): Promise<EventLoopBenchFigures["bigInvalidBodies"]> {
  const bodyBytes = 40 * 1024 * 1024;
  // Valid JSON but for its last byte: the parser reads all of it before it refuses.
  const body = `{"base":"demo","steps":[],"pad":"${"x".repeat(bodyBytes - 40)}"`;
  const figures = await measure(app, () =>
    Promise.all(Array.from({ length: 10 }, () => statusOf(fetch(`${app.url}/api/simulate`, { method: "POST", headers: { "content-type": "application/json" }, body })))),
  );
  return { ...figures, bodies: 10, bodyBytes: Buffer.byteLength(body) };
}

const TOKEN = "event-loop-bench-token";

export async function benchEventLoop(log: (m: string) => void = () => {}): Promise<EventLoopBenchFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-event-loop-"));
  const app = await startApp(
    { KAFKA_BALANCE_DB: path.join(dir, "snapshots.db"), KAFKA_BALANCE_WRITE_TOKEN: TOKEN, KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES: String(DEFAULT_LINK_LIMIT_BYTES) },
    120_000,
    { port: PORT },
  );
  try {
    // Warm the page and the pool once.
    await (await fetch(`${app.url}/`)).text();
    await statusOf(fetch(`${app.url}/api/simulate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ base: "demo", steps: [] }) }));
    log("event-loop: the largest link, read by 10 concurrent readers …");
    const link = await bigLink(app);
    log("event-loop: the largest simulation …");
    const simulation = await maxSimulation(app);
    log("event-loop: ten 40 MB invalid bodies …");
    const invalid = await bigInvalidBodies(app);
    const all = [link, simulation, invalid];
    return {
      bigLink: link,
      maxSimulation: simulation,
      bigInvalidBodies: invalid,
      meetsTarget: all.every((f) => f.maxStallMs < STALL_TARGET_MS && f.getRootP95Ms < ROOT_P95_TARGET_MS),
    };
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function eventLoopSummary(f: EventLoopBenchFigures): string {
  const line = (name: string, s: ScenarioFigures) =>
    `  ${name}: longest stall ${s.maxStallMs.toFixed(0)} ms (target < ${STALL_TARGET_MS}), GET / p95 ${s.getRootP95Ms.toFixed(0)} ms (max ${s.getRootMaxMs.toFixed(0)}, ${s.getRootRequests} requests; target < ${ROOT_P95_TARGET_MS}) over ${(s.scenarioMs / 1000).toFixed(1)} s, answers ${JSON.stringify(s.statuses)}`;
  return [
    `event-loop: ${f.meetsTarget ? "meets" : "misses"} its targets`,
    line(
      `largest link (${(f.bigLink.bodyBytes / 1e6).toFixed(1)} MB, ${(f.bigLink.storedBytes / 1e6).toFixed(1)} MB stored, ${f.bigLink.replicas.toLocaleString("en-US")} replicas) read 10× concurrently`,
      f.bigLink,
    ),
    line(`largest simulation (${f.maxSimulation.replicas.toLocaleString("en-US")} replicas, snapshot: true)`, f.maxSimulation),
    line(`ten ${(f.bigInvalidBodies.bodyBytes / 1e6).toFixed(0)} MB invalid bodies`, f.bigInvalidBodies),
  ].join("\n");
}
