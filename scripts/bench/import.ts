/**
 * Import bench: reading a 1,000,000-replica kafka-log-dirs paste (1,000 brokers × 12 dirs, about
 * 80 MB of one-line JSON), each way in its own process (scripts/bench/import-child.ts):
 * - `string`: the whole paste as one string into `parseLogDirs` (how a buffered body is read);
 * - `stream`: UTF-8 chunks into LogDirsStreamReader (how POST /api/import reads text/plain).
 * Figures: parse seconds, peak RSS and peak JS heap (sampled between chunks when streaming; before and
 * after the call for the string, whose text alone is 80 MB of it).
 * Set KAFKA_BALANCE_BENCH_IMPORT_BEFORE to the log-dirs.ts of an older checkout (e.g. one extracted with
 * `git archive <commit> lib | tar -x -C /tmp/before`) to measure it as `before`, beside this one, under
 * the same machine load.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

export interface ImportRun {
  mode: string;
  ok: boolean;
  replicas: number;
  bytes: number;
  seconds: number;
  peakRssMiB: number;
  peakHeapMiB: number;
}

export interface ImportBenchFigures {
  replicas: number;
  runs: Record<string, ImportRun>;
}

const REPLICAS = 1_000_000;

function child(mode: string, modulePath?: string): ImportRun {
  const script = path.join(import.meta.dirname, "import-child.ts");
  const run = spawnSync(process.execPath, ["--import", "tsx", script, mode, String(REPLICAS), ...(modulePath ? [modulePath] : [])], { encoding: "utf8", maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`import bench (${mode}) failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").pop() ?? "{}") as ImportRun;
}

export async function benchImport(): Promise<ImportBenchFigures> {
  const runs: Record<string, ImportRun> = {};
  const before = process.env.KAFKA_BALANCE_BENCH_IMPORT_BEFORE;
  if (before) runs.before = child("string", path.resolve(before));
  runs.string = child("string");
  runs.stream = child("stream");
  return { replicas: REPLICAS, runs };
}

export function importSummary(f: ImportBenchFigures): string {
  const rows = Object.entries(f.runs).map(
    ([name, r]) =>
      `  ${name}: ${r.seconds.toFixed(2)} s, peak RSS ${r.peakRssMiB.toFixed(0)} MiB, peak heap ${r.peakHeapMiB.toFixed(0)} MiB (${(r.bytes / 1e6).toFixed(0)} MB, ${r.replicas.toLocaleString("en-US")} replicas${r.ok ? "" : ", FAILED"})`,
  );
  return `import: a ${f.replicas.toLocaleString("en-US")}-replica kafka-log-dirs paste\n${rows.join("\n")}`;
}
