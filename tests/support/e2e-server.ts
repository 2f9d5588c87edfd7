// The e2e harness's server half: builds the app once when the build is missing or older than the
// sources (the rule scripts/start.mjs uses), then runs `next start` on a free port with the env a
// test chooses (the demo unless it passes KAFKA_BOOTSTRAP_SERVERS), and stops it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildState } from "../../scripts/build-freshness.mjs";
import { timed, timedSync } from "../../scripts/test-timings/phases";

const root = path.resolve(__dirname, "..", "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
export function buildIsFresh(): boolean {
  return buildState(root) === "fresh";
}

/** Runs `next build` unless a fresh build exists, with `env` laid over process.env. Build output is shown only when it fails. */
export function ensureBuild(env: Record<string, string> = {}): void {
  // E2E_REUSE_BUILD=1: take any existing build as is (local iteration while others edit the tree).
  if (process.env.E2E_REUSE_BUILD === "1" && fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  if (buildIsFresh()) return;
  const result = timedSync("build", "next build", () => spawnSync(process.execPath, [nextBin, "build"], { cwd: root, encoding: "utf8", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, maxBuffer: 64 * 1024 * 1024 }));
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  url: string;
  /** stdout + stderr of `next start`, for failure messages. */
  output(): string;
  /** False once the server process has exited. */
  alive(): boolean;
  stop(): Promise<void>;
  /** Sends a signal and waits until the process is gone (SIGKILL: a crash, nothing cleaned up). */
  kill?(signal: NodeJS.Signals): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the built app. `env` is laid over a copy of process.env with every KAFKA_* variable
 * removed, so a developer's own KAFKA_BOOTSTRAP_SERVERS never leaks into the demo tests. `port`:
 * listen there (a test's own port range) instead of on a free port the system picks.
 */
export async function startApp(env: Record<string, string> = {}, readyTimeoutMs = 60_000, options: { port?: number } = {}): Promise<AppServer> {
  ensureBuild();
  return timed("server start", "next start", () => launchApp(env, readyTimeoutMs, options));
}

async function launchApp(env: Record<string, string>, readyTimeoutMs: number, options: { port?: number }): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const base: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("KAFKA_")) base[k] = v;
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...base, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += String(d)));
  child.stderr?.on("data", (d) => (log += String(d)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}) before it was ready:\n${log}`);
    try {
      const r = await fetch(`${url}/import`, { signal: AbortSignal.timeout(2000) });
      const kill = async (signal: NodeJS.Signals) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill(signal);
        await exited;
      };
      if (r.ok) return { url, output: () => log, alive: () => child.exitCode === null && child.signalCode === null, stop, kill };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`next start did not answer on ${url} within ${readyTimeoutMs} ms:\n${log}`);
}
