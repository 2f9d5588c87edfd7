/**
 * `npm run test:timings`: runs the suite (or the vitest arguments given, e.g. `-- --project e2e`) with
 * vitest's JSON reporter and the phase recorder on, then prints where the time went:
 * - the run: wall clock, each project's span, and the time of every phase summed over the run;
 * - the slowest 25 files by wall-clock span, with each file's cluster starts, build, server starts and
 *   waits (scripts/test-timings/phases.ts records them), and what is left: the tests' own work.
 *
 *   npm run test:timings                      # the whole suite, as `npm test` runs it (without typecheck and lint)
 *   npm run test:timings -- --project e2e     # one project
 *   npm run test:timings -- --report .test-timings   # print the tables of an earlier run, run nothing
 *   npm run test:timings -- --top 40          # more rows
 *   npm run test:timings -- --save-spans      # also rewrite tests/support/file-spans.json (the file order)
 *
 * It also samples the machine's CPU (/proc/stat, once a second) while vitest runs: the CPU-seconds the
 * run took on all cores and how many cores that is on average, overall and per project. On 2 cores,
 * that says how much a change of pool or worker count can still gain.
 *
 * Everything lands in .test-timings/ (git-ignored): report.json (vitest's JSON reporter), phases/files.json
 * (tests/support/timings-reporter.ts) and phases/ (one JSON line per phase). Exits as vitest did.
 */
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PhaseRecord, Phase } from "./phases";
import type { FileTiming } from "../../tests/support/timings-reporter";
import { readSpans, SPANS_FILE } from "../../tests/support/file-spans";

const root = path.resolve(__dirname, "..", "..");
const PHASES: Phase[] = ["cluster start", "build", "server start", "wait"];

interface JsonReport {
  startTime: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; duration?: number | null }[] }[];
}

function parseArgs(argv: string[]): { report: string | null; top: number; saveSpans: boolean; vitestArgs: string[] } {
  let report: string | null = null;
  let top = 25;
  let saveSpans = false;
  const vitestArgs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--report") {
      report = argv[++i] ?? null;
      if (!report) throw new Error("--report takes a folder: the .test-timings folder of an earlier run");
    } else if (arg === "--top") {
      top = Number(argv[++i]);
      if (!Number.isInteger(top) || top < 1 || top > 1000) throw new Error("--top takes a whole number from 1 to 1000");
    } else if (arg === "--save-spans") saveSpans = true;
    else vitestArgs.push(arg);
  }
  return { report, top, saveSpans, vitestArgs };
}

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
const relative = (file: string) => (file ? path.relative(root, file) : "(global setup)");

function readPhases(dir: string): PhaseRecord[] {
  const folder = path.join(dir, "phases");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith(".jsonl"))
    .flatMap((f) =>
      readFileSync(path.join(folder, f), "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as PhaseRecord),
    );
}

/** [ms since epoch, busy CPU-seconds on all cores since boot], from /proc/stat; null off Linux. */
function cpuSample(): [number, number] | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait (USER_HZ = 100).
    const [user, nice, system, , , irq, softirq, steal] = line.slice(1).map(Number);
    return [Date.now(), (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / 100];
  } catch {
    return null;
  }
}

function readCpu(dir: string): [number, number][] {
  const file = path.join(dir, "cpu.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as [number, number]);
}

/** Busy CPU-seconds between two instants, interpolated between the samples. */
function cpuBetween(samples: [number, number][], from: number, to: number): number | null {
  if (samples.length < 2 || to <= from) return null;
  const at = (t: number) => {
    if (t <= samples[0]![0]) return samples[0]![1];
    for (let i = 1; i < samples.length; i++) {
      const [t1, c1] = samples[i]!;
      if (t <= t1) {
        const [t0, c0] = samples[i - 1]!;
        return c0 + ((c1 - c0) * (t - t0)) / Math.max(1, t1 - t0);
      }
    }
    return samples.at(-1)![1];
  };
  return at(to) - at(from);
}

const cpuText = (cpu: number | null, ms: number) => (cpu === null ? "" : `; CPU ${cpu.toFixed(0)} s on all cores, ${(cpu / (ms / 1000)).toFixed(2)} cores on average`);

export function printTables(dir: string, top: number): string {
  const out: string[] = [];
  const report = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8")) as JsonReport;
  const files = existsSync(path.join(dir, "phases", "files.json")) ? (JSON.parse(readFileSync(path.join(dir, "phases", "files.json"), "utf8")) as FileTiming[]) : [];
  const phases = readPhases(dir);
  const testMs = new Map(report.testResults.map((r) => [r.name, r.assertionResults.reduce((a, t) => a + (t.duration ?? 0), 0)]));

  const cpu = readCpu(dir);
  const end = Math.max(report.startTime, ...files.map((f) => f.endedAt));
  out.push(
    `run: ${report.numTotalTests} tests (${report.numPassedTests} passed, ${report.numFailedTests} failed), ${files.length || report.testResults.length} files, wall ${seconds(end - report.startTime).trim()} s${cpuText(cpuBetween(cpu, report.startTime, end), end - report.startTime)}`,
  );
  const projects = [...new Set(files.map((f) => f.project))];
  for (const p of projects) {
    const own = files.filter((f) => f.project === p);
    const start = Math.min(...own.map((f) => f.startedAt));
    const stop = Math.max(...own.map((f) => f.endedAt));
    out.push(
      `  ${p.padEnd(12)} ${String(own.length).padStart(4)} files, from ${seconds(start - report.startTime).trim()} s to ${seconds(stop - report.startTime).trim()} s (${seconds(stop - start).trim()} s), files' spans summed ${seconds(own.reduce((a, f) => a + (f.endedAt - f.startedAt), 0)).trim()} s${cpuText(cpuBetween(cpu, start, stop), stop - start)}`,
    );
  }
  out.push("");
  out.push("phases summed over the run (phases of files that run side by side overlap in wall-clock time):");
  for (const ph of PHASES) {
    const own = phases.filter((r) => r.phase === ph);
    out.push(`  ${ph.padEnd(14)} ${seconds(own.reduce((a, r) => a + r.ms, 0))} s in ${own.length}`);
  }
  out.push("");
  out.push(`slowest ${top} files (span: from the file's start to its end, hooks included; tests: the JSON reporter's test durations):`);
  out.push(
    `${"span s".padStart(7)} ${"tests s".padStart(7)} ${"cluster".padStart(7)} ${"build".padStart(7)} ${"server".padStart(7)} ${"waits".padStart(7)} ${"rest".padStart(7)}  file`,
  );
  const rows =
    files.length > 0 ? files.map((f) => ({ file: f.file, span: f.endedAt - f.startedAt })) : report.testResults.map((r) => ({ file: r.name, span: testMs.get(r.name) ?? 0 }));
  rows.sort((a, b) => b.span - a.span);
  for (const row of rows.slice(0, top)) {
    const own = phases.filter((r) => r.file === row.file);
    const sum = (ph: Phase) => own.filter((r) => r.phase === ph).reduce((a, r) => a + r.ms, 0);
    const parts = PHASES.map(sum);
    const rest = Math.max(0, row.span - parts.reduce((a, b) => a + b, 0));
    out.push(`${seconds(row.span)} ${seconds(testMs.get(row.file) ?? 0)} ${parts.map(seconds).join(" ")} ${seconds(rest)}  ${relative(row.file)}`);
  }
  const global = phases.filter((r) => r.file === "");
  if (global.length > 0) {
    out.push("");
    out.push("outside any file (global setup):");
    for (const r of global) out.push(`  ${r.phase.padEnd(14)} ${seconds(r.ms)} s  ${r.label}`);
  }
  return out.join("\n");
}

/** Rewrites the spans file with this run's file spans (files not in this run keep theirs). */
function saveSpans(dir: string): void {
  const files = JSON.parse(readFileSync(path.join(dir, "phases", "files.json"), "utf8")) as FileTiming[];
  const spans = readSpans();
  for (const f of files) spans.set(path.relative(root, f.file).split(path.sep).join("/"), Math.round((f.endedAt - f.startedAt) / 100) / 10);
  const sorted = Object.fromEntries([...spans.entries()].sort((a, b) => a[0].localeCompare(b[0])));
  writeFileSync(SPANS_FILE, JSON.stringify(sorted, null, 1) + "\n");
  process.stdout.write(`test:timings: ${files.length} file spans saved to ${path.relative(root, SPANS_FILE)}\n`);
}

async function main(): Promise<number> {
  const { report, top, saveSpans: save, vitestArgs } = parseArgs(process.argv.slice(2));
  if (report) {
    process.stdout.write(printTables(path.resolve(report), top) + "\n");
    return 0;
  }
  const dir = path.join(root, ".test-timings");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sample = () => {
    const s = cpuSample();
    if (s) appendFileSync(path.join(dir, "cpu.jsonl"), JSON.stringify(s) + "\n");
  };
  sample();
  const sampler = setInterval(sample, 1000);
  const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
  const child = spawn(
    process.execPath,
    [
      vitest,
      "run",
      "--reporter=default",
      "--reporter=./tests/support/summary-reporter.ts",
      "--reporter=./tests/support/timings-reporter.ts",
      "--reporter=json",
      `--outputFile.json=${path.join(dir, "report.json")}`,
      ...vitestArgs,
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, KAFKA_BALANCE_TEST_PHASES: path.join(dir, "phases") } },
  );
  const status = await new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  clearInterval(sampler);
  sample();
  if (!existsSync(path.join(dir, "report.json"))) {
    process.stderr.write("test:timings: vitest wrote no JSON report; nothing to print\n");
    return status;
  }
  process.stdout.write("\n" + printTables(dir, top) + "\n");
  if (save) saveSpans(dir);
  return status;
}

void main().then((code) => (process.exitCode = code));
