/**
 * Runs a command line as the operator would paste it (`kafka-configs.sh --bootstrap-server … --alter …`)
 * with Kafka's own CLI classes from the jars install.sh fetched, without the distribution's shell
 * scripts: the first word names the script, `toolMainClass` the class that script runs in that version,
 * and the rest are the shell words of the line (`shellWords`, POSIX quoting).
 *
 *   const out = await runToolLine("4.2.2", "kafka-configs.sh --bootstrap-server 127.0.0.1:19610 --describe --entity-type brokers", { cwd });
 *   out.code  // 0
 *
 * Which class a script runs (kafka/bin/*.sh of each release): kafka-reassign-partitions.sh and
 * kafka-leader-election.sh run org.apache.kafka.tools.* from 3.5 on; kafka-configs.sh runs the Scala
 * kafka.admin.ConfigCommand up to 4.3 and org.apache.kafka.tools.ConfigCommand from 4.4 (the class moved
 * to the tools module). Which one a version has is read from its jars (a zip names its entries in
 * plain text), so a new release needs no table edit.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loggingJvmArgs } from "./node-config";
import { classpathFor, jarsDir, KAFKA_SCRIPTS_DIR, majorVersion } from "./versions";

/** Each script's main class, newest location first. */
const CANDIDATES: Record<string, string[]> = {
  "kafka-configs.sh": ["org.apache.kafka.tools.ConfigCommand", "kafka.admin.ConfigCommand"],
  "kafka-reassign-partitions.sh": ["org.apache.kafka.tools.reassign.ReassignPartitionsCommand", "kafka.admin.ReassignPartitionsCommand"],
  "kafka-leader-election.sh": ["org.apache.kafka.tools.LeaderElectionCommand", "kafka.admin.LeaderElectionCommand"],
  "kafka-log-dirs.sh": ["org.apache.kafka.tools.LogDirsCommand", "kafka.admin.LogDirsCommand"],
  "kafka-topics.sh": ["org.apache.kafka.tools.TopicCommand", "kafka.admin.TopicCommand"],
};

const classCache = new Map<string, string>();

/** The class `script` runs in `version`: the first candidate whose .class file one of the version's Kafka jars holds. */
export function toolMainClass(version: string, script: string): string {
  const name = path.basename(script);
  const candidates = CANDIDATES[name];
  if (!candidates) throw new Error(`no main class known for ${name} (known: ${Object.keys(CANDIDATES).join(", ")})`);
  const key = `${version}\u0000${name}`;
  const cached = classCache.get(key);
  if (cached) return cached;
  const dir = jarsDir(version);
  // The core jar (kafka_2.13-<v>.jar, the Scala tools) and the tools jar (kafka-tools-<v>.jar).
  const jars = readdirSync(dir).filter((f) => /^(kafka_2\.1[23]-|kafka-tools-)[\d.]+\.jar$/.test(f));
  const contents = jars.map((j) => readFileSync(path.join(dir, j)));
  for (const c of candidates) {
    const entry = Buffer.from(`${c.replace(/\./g, "/")}.class`);
    if (contents.some((buf) => buf.includes(entry))) {
      classCache.set(key, c);
      return c;
    }
  }
  throw new Error(`none of ${candidates.join(", ")} is in the Kafka ${version} jars (${dir})`);
}

/**
 * A line's words as a POSIX shell splits them (no expansion is done or needed): blanks separate words;
 * '…' keeps everything literally; "…" keeps everything but \" \\ \$ \`; a backslash outside quotes
 * keeps the next character. Refuses what it cannot run as written: an unterminated quote, and
 * unquoted ; | & < > ` $ ( ) (a pipeline or expansion is not one command).
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in: ${line}`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (ch === '"') {
      inWord = true;
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === "\\" && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j += 1;
        else if (line[j] === "$" || line[j] === "`") throw new Error(`expansion inside "…" is not supported: ${line}`);
        word += line[j];
      }
      if (j >= line.length) throw new Error(`unterminated " in: ${line}`);
      i = j;
    } else if (ch === "\\") {
      if (i + 1 >= line.length) throw new Error(`a trailing backslash in: ${line}`);
      word += line[i + 1];
      inWord = true;
      i += 1;
    } else if (ch === " " || ch === "\t") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else if (";|&<>`$()".includes(ch)) {
      throw new Error(`unquoted ${ch} in: ${line} (not one plain command)`);
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** JVM flags for a short-lived tool: the client compiler only, the serial collector, a small heap. */
export const TOOL_JVM_ARGS = ["-Xmx192m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto"];

/**
 * Class data sharing for the tools (as scripts/kafka/class-data-sharing.ts does for brokers): the
 * first tool run of a version in this process records the classes it loaded into
 * `.kafka/.cds/tools-<version>.jsa` as it exits (-XX:ArchiveClassesAtExit, into a temporary name
 * renamed into place), and every run after it maps that archive, which cuts about a third of a
 * tool's start. A run while the archive is being recorded goes without it; an archive that does not
 * match the JVM or the jars is ignored by the JVM (-Xshare:auto). JVM logging is off (-Xlog:disable),
 * so no CDS warning lands in the tool's output.
 */
const CDS_DIR = path.resolve(KAFKA_SCRIPTS_DIR, "..", "..", ".kafka", ".cds");
const recording = new Set<string>();

function toolSharing(version: string): { args: string[]; done: (code: number | null) => void } {
  const archive = path.join(CDS_DIR, `tools-${version}.jsa`);
  if (existsSync(archive)) return { args: ["-Xlog:disable", `-XX:SharedArchiveFile=${archive}`], done: () => {} };
  if (recording.has(version)) return { args: ["-Xlog:disable"], done: () => {} };
  recording.add(version);
  mkdirSync(CDS_DIR, { recursive: true });
  const temp = `${archive}.${process.pid}.tmp`;
  return {
    args: ["-Xlog:disable", `-XX:ArchiveClassesAtExit=${temp}`],
    done: (code) => {
      try {
        if (code === 0 && existsSync(temp)) renameSync(temp, archive);
        else rmSync(temp, { force: true });
      } catch {
        rmSync(temp, { force: true });
      }
      recording.delete(version);
    },
  };
}

/**
 * The log config of Kafka's command-line tools as bin/kafka-run-class.sh sets them up: warnings and
 * errors only, to stderr, so stdout is the tool's output (log4j2 from 4.0, log4j before).
 */
export function toolLogConfig(version: string): string[] {
  return majorVersion(version) >= 4
    ? [
        "status = error",
        "appender.err.type = Console",
        "appender.err.name = STDERR",
        "appender.err.target = SYSTEM_ERR",
        "appender.err.layout.type = PatternLayout",
        "appender.err.layout.pattern = %p %m%n",
        "rootLogger.level = WARN",
        "rootLogger.appenderRef.err.ref = STDERR",
        "",
      ]
    : [
        "log4j.rootLogger=WARN, stderr",
        "log4j.appender.stderr=org.apache.log4j.ConsoleAppender",
        "log4j.appender.stderr.Target=System.err",
        "log4j.appender.stderr.layout=org.apache.log4j.PatternLayout",
        "log4j.appender.stderr.layout.ConversionPattern=%p %m%n",
        "",
      ];
}

/** A log config that keeps the tool's own output clean: warnings and errors only, to stderr. */
function toolLogging(version: string, dir: string): string[] {
  const v4 = majorVersion(version) >= 4;
  const file = path.join(dir, v4 ? "tools-log4j2.properties" : "tools-log4j.properties");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const config = toolLogConfig(version);
    writeFileSync(file, config.join("\n"));
  }
  return loggingJvmArgs(version, file);
}

/**
 * Runs one printed command line with `version`'s CLI class, in `cwd` (where the files the line names
 * are). Resolves with the exit code and both streams; never rejects for a non-zero exit.
 */
export function runToolLine(version: string, line: string, options: { cwd: string; timeoutMs?: number; jvmArgs?: string[] }): Promise<ToolRun> {
  const [script, ...args] = shellWords(line);
  if (!script) throw new Error("an empty command line");
  const main = toolMainClass(version, script);
  const sharing = toolSharing(version);
  const jvm = [...TOOL_JVM_ARGS, ...sharing.args, ...(options.jvmArgs ?? []), ...toolLogging(version, options.cwd), "-cp", classpathFor(version), main, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn("java", jvm, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", (e) => {
      clearTimeout(timer);
      sharing.done(null);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      sharing.done(code);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Executable stand-ins for the distribution's scripts (kafka-configs.sh, …) in `binDir`, each running
 * its class of `version` as runToolLine does, so a printed script can run with `PATH=<binDir>:$PATH`.
 */
export function writeToolWrappers(version: string, binDir: string, logDir: string): void {
  mkdirSync(binDir, { recursive: true });
  const quote = (w: string) => `'${w.replace(/'/g, "'\\''")}'`;
  const archive = path.join(CDS_DIR, `tools-${version}.jsa`);
  const sharing = existsSync(archive) ? ["-Xlog:disable", `-XX:SharedArchiveFile=${archive}`] : ["-Xlog:disable"];
  for (const script of Object.keys(CANDIDATES)) {
    const args = [...TOOL_JVM_ARGS, ...sharing, ...toolLogging(version, logDir), "-cp", classpathFor(version), toolMainClass(version, script)];
    writeFileSync(path.join(binDir, script), `#!/bin/sh\nexec java ${args.map(quote).join(" ")} "$@"\n`, { mode: 0o755 });
  }
}
