// The e2e harness's server half: builds the app once when the build is missing or older than the
// sources (the rule scripts/start.mjs uses), then runs the app's server (scripts/server.mjs, what
// `npm start` runs: Next behind the connection-level limits) on a free port with the env a test
// chooses (the demo unless it passes KAFKA_BOOTSTRAP_SERVERS), and stops it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildState } from "../../scripts/build-freshness.mjs";
import { timed, timedSync } from "../../scripts/test-timings/phases";

const root = path.resolve(__dirname, "..", "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const serverEntry = path.join(root, "scripts", "server.mjs");
export function buildIsFresh(): boolean {
  return buildState(root) === "fresh";
}

/**
 * The build the e2e global setup runs in the background (tests/support/global-build.ts): its state in
 * a file, so the e2e files (other processes) wait for it instead of building again.
 */
export const BUILD_STATE_FILE = path.join(root, ".next-build-state.json");
export interface BuildState {
  state: "running" | "ok" | "failed";
  pid: number;
  output?: string;
}

function readBuildState(): BuildState | null {
  try {
    return JSON.parse(fs.readFileSync(BUILD_STATE_FILE, "utf8")) as BuildState;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for a background build this run started (no-op when there is none); throws its output when it failed. */
export async function awaitBackgroundBuild(timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const b = readBuildState();
    if (!b || b.state === "ok") return;
    if (b.state === "failed") throw new Error(`next build (started by the e2e global setup) failed:\n${b.output ?? ""}`);
    if (!processAlive(b.pid)) throw new Error(`next build (started by the e2e global setup, pid ${b.pid}) ended without a result in ${BUILD_STATE_FILE}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for next build (started by the e2e global setup)`);
    await sleep(250);
  }
}

/** Runs `next build` unless a fresh build exists, with `env` laid over process.env. Build output is shown only when it fails. */
export function ensureBuild(env: Record<string, string> = {}): void {
  // E2E_REUSE_BUILD=1: take any existing build as is (local iteration while others edit the tree).
  if (process.env.E2E_REUSE_BUILD === "1" && fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  if (buildIsFresh()) return;
  const result = timedSync("build", "next build", () =>
    spawnSync(process.execPath, [nextBin, "build"], { cwd: root, encoding: "utf8", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, maxBuffer: 64 * 1024 * 1024 }),
  );
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/**
 * Starts `next build` in the background unless a fresh build exists (or E2E_REUSE_BUILD=1 and a build
 * exists), recording its state in BUILD_STATE_FILE; resolves when it is done. `stop()` ends it.
 */
export function startBackgroundBuild(env: Record<string, string> = {}): { done: Promise<void>; stop: () => void } {
  fs.rmSync(BUILD_STATE_FILE, { force: true });
  if ((process.env.E2E_REUSE_BUILD === "1" && fs.existsSync(path.join(root, ".next", "BUILD_ID"))) || buildIsFresh()) return { done: Promise.resolve(), stop: () => {} };
  const child = spawn(process.execPath, [nextBin, "build"], { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const write = (b: BuildState) => fs.writeFileSync(BUILD_STATE_FILE, JSON.stringify(b) + "\n");
  write({ state: "running", pid: child.pid! });
  let output = "";
  child.stdout?.on("data", (d) => (output += String(d)));
  child.stderr?.on("data", (d) => (output += String(d)));
  const done = timed(
    "build",
    "next build",
    () =>
      new Promise<void>((resolve) => {
        child.on("close", (code, signal) => {
          write(code === 0 ? { state: "ok", pid: child.pid! } : { state: "failed", pid: child.pid!, output: `exit ${signal ?? code}\n${output.slice(-20_000)}` });
          resolve();
        });
      }),
  );
  return {
    done,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    },
  };
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
  /** stdout + stderr of the server, for failure messages. */
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
  // Recorded as a wait only while the global setup's build is still running (not on every start).
  if (readBuildState()?.state === "running") await timed("wait", "the background next build", () => awaitBackgroundBuild());
  else await awaitBackgroundBuild();
  ensureBuild();
  return timed("server start", "scripts/server.mjs", async () => {
    // A test's own port lies in Linux's ephemeral range (32768–60999): another process's outgoing
    // connection may hold it for a moment (a clean-clone CI run met one). Start again, three times at most.
    for (let attempt = 1; ; attempt++) {
      try {
        return await launchApp(env, readyTimeoutMs, options);
      } catch (error) {
        if (!(error instanceof PortInUse) || attempt >= PORT_IN_USE_TRIES) throw error;
        await sleep(1000);
      }
    }
  });
}

/** Starts of a server whose port was taken, at most (startApp). */
const PORT_IN_USE_TRIES = 3;

/** The server exited because its port was in use (EADDRINUSE). */
class PortInUse extends Error {}

async function launchApp(env: Record<string, string>, readyTimeoutMs: number, options: { port?: number }): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const base: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("KAFKA_")) base[k] = v;
  const child: ChildProcess = spawn(process.execPath, [serverEntry, "-p", String(port), "-H", "127.0.0.1"], {
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
    if (child.exitCode !== null) {
      const message = `the app server (scripts/server.mjs) exited (${child.exitCode}) before it was ready:\n${log}`;
      throw log.includes("EADDRINUSE") ? new PortInUse(message) : new Error(message);
    }
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
  throw new Error(`the app server (scripts/server.mjs) did not answer on ${url} within ${readyTimeoutMs} ms:\n${log}`);
}
