/**
 * JVM processes of the local cluster: spawn detached (own process group, output to files), pid files,
 * and stopping that never leaves an orphan JVM behind.
 *
 * Every node runs in its own process group (pgid = pid), so a signal to `-pid` also reaches anything
 * the JVM started. A pid file per node lets `stopAll(baseDir)` clean up after a crashed test run or a
 * detached `npm run kafka:up`.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";

const PID_FILE = "kafka.pid";

export function pidFile(nodeDir: string): string {
  return `${nodeDir}/${PID_FILE}`;
}

let javaChecked = false;
/** Throws when `java` is not on PATH or is older than 17 (Kafka 4.x brokers need 17+). */
export function assertJava(): void {
  if (javaChecked) return;
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error) {
    throw new Error("java was not found on PATH. Install a JDK 17+ (e.g. apt-get install openjdk-17-jdk-headless) to run the local Kafka cluster.");
  }
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr ?? "");
  const major = match ? Number(match[1] === "1" ? match[2] : match[1]) : NaN;
  if (Number.isFinite(major) && major < 17) {
    throw new Error(`java on PATH is version ${major}; Kafka 4.x brokers need Java 17 or newer.`);
  }
  javaChecked = true;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function readPid(nodeDir: string): number | null {
  const file = pidFile(nodeDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Runs a short-lived Java tool (e.g. StorageTool) to completion; rejects with its output on failure. */
export function runJava(args: string[], what: string, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("java", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} could not run: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output.trim());
      else reject(new Error(`${what} failed (${signal ?? `exit ${code}`}): ${output.trim().slice(-2000)}`));
    });
  });
}

const liveChildren = new Set<number>();
let exitHookInstalled = false;
/** If the Node process that started the JVMs dies (test crash, Ctrl-C), take them down with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const pid of liveChildren) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}

export interface SpawnedJvm {
  pid: number;
  /** Resolves with the exit code (or signal name) when the JVM exits. */
  exited: Promise<string>;
}

/**
 * Starts a JVM in its own process group, stdout/stderr appended to `outFile`, and writes the pid file.
 * `keepAfterExit`: for `kafka:up`, the JVM outlives this Node process; otherwise it is killed with it.
 */
export function spawnJvm(args: string[], nodeDir: string, outFile: string, keepAfterExit: boolean): SpawnedJvm {
  const out = openSync(outFile, "a");
  const child = spawn("java", args, { detached: true, stdio: ["ignore", out, out] });
  closeSync(out);
  if (child.pid === undefined) throw new Error(`could not start java for ${nodeDir}`);
  const pid = child.pid;
  writeFileSync(pidFile(nodeDir), `${pid}\n`);
  const exited = new Promise<string>((resolve) => {
    child.on("exit", (code, signal) => {
      liveChildren.delete(pid);
      resolve(signal ?? String(code));
    });
  });
  if (keepAfterExit) {
    child.unref();
  } else {
    liveChildren.add(pid);
    installExitHook();
  }
  return { pid, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM to the process group (Kafka runs a controlled shutdown), then SIGKILL if it is still there
 * after `graceMs`; `first: "SIGKILL"` kills at once. Removes the pid file. Safe to call for a pid
 * that is already gone.
 */
export async function stopProcessGroup(pid: number, nodeDir: string, graceMs = 20_000, first: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        // already gone
      }
    }
  };
  if (isAlive(pid)) {
    signal(first);
    const deadline = Date.now() + graceMs;
    while (isAlive(pid) && Date.now() < deadline) await sleep(100);
    if (isAlive(pid)) {
      signal("SIGKILL");
      const killDeadline = Date.now() + 5_000;
      while (isAlive(pid) && Date.now() < killDeadline) await sleep(50);
    }
  }
  liveChildren.delete(pid);
  rmSync(pidFile(nodeDir), { force: true });
}

/** Resolves true when nothing listens on 127.0.0.1:port. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The last lines of a log file, to put in an error when a node did not start. */
export function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return "(no log written)";
  return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
}
