/**
 * A real Prometheus scrapes GET /api/metrics and gives back what the app reported: the route handler is
 * served from this process (tests/support/route-server.ts) with the demo cluster (no KAFKA_* set), and
 * Debian's `prometheus` binary (tests/support/prometheus-server.ts) scrapes it every second with the
 * example alert rules loaded. Each series is then read back through Prometheus's HTTP API and compared
 * with the app's own figures, and every query of the Grafana dashboard is run against it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { resetClusterSource } from "@/lib/cluster/source";
import { balanceReport } from "@/lib/model/report";
import { demoSnapshot } from "@/lib/simulate/presets";
import { startPrometheus, type PrometheusServer, type QueryResult } from "../support/prometheus-server";
import { serveRoutes, type RouteServer } from "../support/route-server";

const root = path.resolve(__dirname, "../..");
const RULES = path.join(root, "ops/prometheus/kafka-balance.rules.yml");
const DASHBOARD = path.join(root, "ops/grafana/kafka-balance.json");
const JOB = "kafka-balance";

const savedEnv = { ...process.env };
let app: RouteServer;
let prometheus: PrometheusServer | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `expr` until `done` holds for its result, or fails with the last result and Prometheus's log. */
async function eventually(expr: string, done: (result: QueryResult[]) => boolean, timeoutMs = 20_000): Promise<QueryResult[]> {
  const deadline = Date.now() + timeoutMs;
  let last: QueryResult[] = [];
  while (Date.now() < deadline) {
    last = await prometheus!.query(expr);
    if (done(last)) return last;
    await sleep(250);
  }
  throw new Error(`${expr} never met the condition within ${timeoutMs} ms; last result ${JSON.stringify(last)}\nPrometheus log:\n${prometheus!.output()}`);
}

beforeAll(async () => {
  for (const k of Object.keys(process.env)) if (k.startsWith("KAFKA_")) delete process.env[k];
  resetClusterSource();
  app = await serveRoutes({ "/api/metrics": GET });
  prometheus = await startPrometheus({ targets: [app.host], metricsPath: "/api/metrics", jobName: JOB, ruleFiles: [RULES], interval: "1s" });
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await app?.close();
  process.env = savedEnv;
  resetClusterSource();
});

describe("Prometheus scraping GET /api/metrics", () => {
  it("Prometheus scrapes the endpoint without errors", async () => {
    await eventually(`up{job="${JOB}"}`, (r) => r.length === 1 && r[0]!.value[1] === "1");
    const targets = await prometheus!.api<{ activeTargets: { health: string; lastError: string; scrapeUrl: string }[] }>("targets");
    expect(targets.activeTargets).toHaveLength(1);
    expect(targets.activeTargets[0]).toMatchObject({ health: "up", lastError: "", scrapeUrl: `${app.url}/api/metrics` });
    expect(app.requests.filter((r) => r === "GET /api/metrics").length).toBeGreaterThan(0);
  });

  it("each demo log dir's utilisation read back through /api/v1/query equals the app's figure exactly", async () => {
    const report = balanceReport(demoSnapshot());
    const result = await eventually('kafka_balance_log_dir_utilization_ratio{cluster="demo"}', (r) => r.length === report.dirs.length);
    const got = Object.fromEntries(result.map((r) => [`${r.metric.broker} ${r.metric.log_dir}`, Number(r.value[1])]));
    const want = Object.fromEntries(report.dirs.map((d) => [`${d.broker} ${d.path}`, d.utilization]));
    expect(got).toEqual(want);
    for (const r of result) expect(r.metric).toMatchObject({ __name__: "kafka_balance_log_dir_utilization_ratio", job: JOB, cluster: "demo" });
  });

  it("byte counts beyond 2^32 and the cluster figures come back unchanged", async () => {
    const report = balanceReport(demoSnapshot());
    const bytes = await eventually('kafka_balance_broker_bytes{cluster="demo"}', (r) => r.length === report.brokers.length);
    expect(Object.fromEntries(bytes.map((r) => [r.metric.broker, Number(r.value[1])]))).toEqual(Object.fromEntries(report.brokers.map((b) => [String(b.id), b.bytes])));
    const [skew] = await prometheus!.query('kafka_balance_cluster_broker_bytes_skew_ratio{cluster="demo"}');
    expect(Number(skew!.value[1])).toBe(report.skew.brokerBytes.maxOverMean);
    const [up] = await prometheus!.query('kafka_balance_collector_up{cluster="demo"}');
    expect(up!.value[1]).toBe("1");
  });

  it("the demo's count-rule traps are queryable with their utilisation, as the alert and dashboard join them", async () => {
    const result = await prometheus!.query("kafka_balance_log_dir_utilization_ratio and on (cluster, broker, log_dir) kafka_balance_log_dir_next_placement_trap == 1");
    expect(result.map((r) => `${r.metric.broker} ${r.metric.log_dir}`).sort()).toEqual(["1 /data/d2", "2 /data/d2", "3 /data/d2"]);
  });

  it("the example alert rules load and evaluate without errors", async () => {
    const deadline = Date.now() + 15_000;
    let rules: { name: string; health: string; lastError?: string; lastEvaluation: string }[] = [];
    while (Date.now() < deadline) {
      const data = await prometheus!.api<{ groups: { rules: { name: string; health: string; lastError?: string; lastEvaluation: string }[] }[] }>("rules");
      rules = data.groups.flatMap((g) => g.rules);
      if (rules.length > 0 && rules.every((r) => !r.lastEvaluation.startsWith("0001-"))) break;
      await sleep(250);
    }
    // Every alert of ops/prometheus/kafka-balance.rules.yml (15), each evaluated without error.
    expect(rules).toHaveLength(15);
    expect(rules.filter((r) => r.health !== "ok")).toEqual([]);
  });

  it("every query of the Grafana dashboard runs, and answers data whenever the metrics it names are exposed", async () => {
    const exposition = await (await GET(new Request("http://localhost/api/metrics"))).text();
    const exposed = new Set(exposition.match(/^kafka_balance_[a-z0-9_]+/gm));
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, "utf8")) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr.replaceAll("$cluster", "demo") })));
    expect(queries.length).toBeGreaterThan(10);
    for (const { panel, expr } of queries) {
      const names = expr.match(/kafka_balance_[a-z0-9_]+/g) ?? [];
      const result = await prometheus!.query(expr);
      expect(result.length > 0, `${panel}: ${expr}`).toBe(names.every((n) => exposed.has(n)));
    }
  });
});
