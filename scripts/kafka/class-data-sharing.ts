/**
 * Class data sharing (JDK CDS) for the brokers the launcher starts: a broker spends about half of its
 * start-up CPU loading and verifying the same ~10,000 classes from the jars every time (measured on
 * Kafka 4.4 with the startup profile: 4.0 CPU-s and 4.2 s to its port without an archive, 2.1 CPU-s and
 * 2.4 s with one). The first broker of a Kafka version and JVM profile runs with
 * `-XX:+RecordDynamicDumpInfo`; once it is up, `jcmd <pid> VM.cds dynamic_dump` writes the classes it
 * has loaded into an archive (about 40 MB, 3 s), and every broker after it maps that archive
 * (`-XX:SharedArchiveFile`). If that fails, brokers start without an archive, as before.
 *
 * Archives live in `.kafka/.cds/` (git-ignored), one per version and profile. One JVM at a time records
 * one (a lock file holding its pid; a lock whose pid is gone is taken over), into a temporary name
 * renamed into place when complete. The JVM checks an archive against its own build and the jars on
 * the class path, and starts without it (`-Xshare:auto`, the default) when they differ.
 */
import { execFile } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { isAlive } from "./processes";

const CDS_ROOT = path.resolve(__dirname, "..", "..", ".kafka", ".cds");
const run = promisify(execFile);

export interface ClassDataSharing {
  /** JVM flags for this launch. */
  args: string[];
  /** Call once the broker is up: the JVM that records for the archive writes it now (`jcmd VM.cds dynamic_dump`). */
  ready(pid: number): Promise<void>;
  /** Call once the JVM has exited (releases the lock if it never wrote the archive). */
  exited(): void;
}

function lockHolderAlive(lock: string): boolean {
  try {
    const pid = Number(readFileSync(lock, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid);
  } catch {
    return false;
  }
}

/** Takes the lock (true) unless a live process holds it. */
function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return true;
    } catch {
      if (lockHolderAlive(lock)) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

const NOTHING: Omit<ClassDataSharing, "args"> = { ready: async () => {}, exited: () => {} };

/**
 * The flags for one broker launch of `version` with JVM `profile` (see the header). `write`: this
 * launch may record the archive when there is none.
 */
export function classDataSharing(version: string, profile: string, write = true, root = CDS_ROOT): ClassDataSharing {
  const archive = path.join(root, `kafka-${version}-${profile}.jsa`);
  if (existsSync(archive)) return { args: [`-XX:SharedArchiveFile=${archive}`], ...NOTHING };
  if (!write) return { args: [], ...NOTHING };
  mkdirSync(root, { recursive: true });
  const lock = `${archive}.lock`;
  if (!takeLock(lock)) return { args: [], ...NOTHING };
  const partial = `${archive}.${process.pid}.part`;
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    rmSync(partial, { force: true });
    rmSync(lock, { force: true });
  };
  return {
    args: ["-XX:+RecordDynamicDumpInfo"],
    ready: async (pid) => {
      if (done) return;
      try {
        await run("jcmd", [String(pid), "VM.cds", "dynamic_dump", partial], { timeout: 60_000 });
        if (existsSync(partial) && statSync(partial).size > 0 && !existsSync(archive)) renameSync(partial, archive);
      } catch {
        // No archive this time (no jcmd, the JVM gone): the brokers start without one, as before.
      } finally {
        release();
      }
    },
    exited: release,
  };
}
