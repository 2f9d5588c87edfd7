// A real PostgreSQL (Debian's `postgresql` package, installed by .ci/run) for integration tests: initdb
// into a temp dir, a server on a free port in 29700–29749 with its socket in that dir, and a stop that
// always ends the server and removes the dir. PostgreSQL refuses to run as root: as root the dir goes
// to the `postgres` user (the package creates it) and the binaries run through `runuser`.
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** 29700–29749: the ports the project's tests may use. */
const PORTS = { from: 29700, to: 29749 };

export interface PostgresServer {
  port: number;
  /** A URL for `database` (default "postgres") as the superuser, over TCP. */
  url(database?: string): string;
  /** Creates a fresh, empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin dir (/usr/lib/postgresql/<version>/bin), or a clear error. */
export function postgresBinDir(root = "/usr/lib/postgresql"): string {
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(`No PostgreSQL server binaries under ${root}/<version>/bin: install Debian's postgresql package (apt-get install postgresql; .ci/run does it).`);
  }
  return path.join(root, versions[0]!, "bin");
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function freeTestPort(): Promise<number> {
  // Start at a random offset so two test files starting together rarely race for one port.
  const span = PORTS.to - PORTS.from + 1;
  const offset = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = PORTS.from + ((offset + i) % span);
    if (await portFree(port)) return port;
  }
  throw new Error(`No free port in ${PORTS.from}–${PORTS.to} for PostgreSQL.`);
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-postgres-"));
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]).catch(() => {
      throw new Error("Running as root, PostgreSQL needs the `postgres` user, which Debian's postgresql package creates: install it (apt-get install postgresql).");
    });
    const uid = Number(stdout.trim());
    const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
    fs.chownSync(dir, uid, gid);
  }
  const exec = (tool: string, args: string[]) => (asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args));
  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-4000) : "");
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await exec("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]).catch(() => undefined);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await exec("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
    let port = 0;
    for (let attempt = 0; attempt < 5 && !started; attempt++) {
      port = await freeTestPort();
      // -F: no fsync (a test server; durability is SQLite's and PostgreSQL's business, not the tests').
      const options = `-p ${port} -h 127.0.0.1 -k ${dir} -F -c max_connections=60`;
      try {
        await exec("pg_ctl", ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "30", "start"]);
        started = true;
      } catch (error) {
        if (attempt === 4) throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log()}`, { cause: error });
      }
    }
    const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      port,
      url,
      async createDatabase(name) {
        const client = new pg.Client({ connectionString: url() });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
        } finally {
          await client.end();
        }
        return url(name);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
