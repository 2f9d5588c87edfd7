// A real Prometheus (Debian's `prometheus` binary, installed by .ci/run) for integration tests: a temp
// config and data dir, a free port, and a stop that always ends the process and removes the dir.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./e2e-server";

export interface PrometheusOptions {
  /** host:port of each scrape target. */
  targets: string[];
  metricsPath: string;
  jobName: string;
  /** Rule files to load (absolute paths). */
  ruleFiles?: string[];
  /** Scrape and rule evaluation interval, e.g. "1s". */
  interval?: string;
}

export interface QueryResult {
  metric: Record<string, string>;
  value: [number, string];
}

export interface PrometheusServer {
  url: string;
  /** GET /api/v1/query: the instant vector, or throws with Prometheus's error. */
  query(expr: string): Promise<QueryResult[]>;
  /** GET on Prometheus's HTTP API (a path under /api/v1), returning `data`. */
  api<T>(pathAndQuery: string): Promise<T>;
  /** What Prometheus printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startPrometheus(options: PrometheusOptions, readyTimeoutMs = 20_000): Promise<PrometheusServer> {
  const interval = options.interval ?? "1s";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-prometheus-"));
  const config = [
    "global:",
    `  scrape_interval: ${interval}`,
    `  scrape_timeout: ${interval}`,
    `  evaluation_interval: ${interval}`,
    ...(options.ruleFiles?.length ? ["rule_files:", ...options.ruleFiles.map((f) => `  - ${JSON.stringify(f)}`)] : []),
    "scrape_configs:",
    `  - job_name: ${JSON.stringify(options.jobName)}`,
    `    metrics_path: ${JSON.stringify(options.metricsPath)}`,
    "    static_configs:",
    `      - targets: ${JSON.stringify(options.targets)}`,
    "",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "prometheus.yml"), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    "prometheus",
    [`--config.file=${path.join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout?.on("data", (d) => (log += String(d)));
  child.stderr?.on("data", (d) => (log += String(d)));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let spawnFailed = false;
  child.once("error", (error) => {
    spawnFailed = true;
    log += `\nspawn prometheus: ${error.message} (install Debian's prometheus package: apt-get install --no-install-recommends prometheus)`;
  });
  const running = () => !spawnFailed && child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    if (running()) {
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      if (running()) child.kill("SIGKILL");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  async function api<T>(pathAndQuery: string): Promise<T> {
    const response = await fetch(`${url}/api/v1/${pathAndQuery}`, { signal: AbortSignal.timeout(5000) });
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== "success") throw new Error(`Prometheus ${pathAndQuery}: ${body.error ?? response.status}`);
    return body.data;
  }

  const query = async (expr: string) => (await api<{ resultType: string; result: QueryResult[] }>(`query?query=${encodeURIComponent(expr)}`)).result;

  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (!running()) break;
    try {
      if ((await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) })).ok) return { url, query, api, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`Prometheus did not become ready on ${url} within ${readyTimeoutMs} ms:\n${log}`);
}
