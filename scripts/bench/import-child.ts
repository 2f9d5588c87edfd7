/**
 * One measurement of the import bench, in a fresh process so its peak RSS is its own:
 * `node --import tsx scripts/bench/import-child.ts <string|stream> <replicas> [module]`.
 * - `string`: the paste built as one string (as a route holding the whole body has it), then
 *   `parseLogDirs(text)` from `module` (default: this checkout's lib/import/log-dirs.ts; the
 *   bench passes an older checkout's to measure "before").
 * - `stream`: the paste generated chunk by chunk as UTF-8 bytes (as the route receives a streamed
 *   body) into LogDirsStreamReader; the text never exists whole.
 * Prints one JSON line. Timings use the clock here, outside lib/.
 */
import { generatedLogDirsChunks, generatedLogDirsText } from "../../tests/fixtures/import/generated-log-dirs";

const [mode = "stream", replicasArg = "1000000", modulePath] = process.argv.slice(2);
const spec = { brokers: 1000, dirs: 12, replicas: Number(replicasArg) };
const mib = (n: number) => n / 2 ** 20;

async function main(): Promise<void> {
  let peakHeap = 0;
  const sample = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));
  let ms: number;
  let ok: boolean;
  let replicas = 0;
  let bytes = 0;
  if (mode === "string") {
    const { parseLogDirs } = (await import(modulePath ?? "../../lib/import/log-dirs")) as typeof import("../../lib/import/log-dirs");
    const text = generatedLogDirsText(spec);
    bytes = Buffer.byteLength(text);
    sample();
    const started = performance.now();
    const result = parseLogDirs(text);
    ms = performance.now() - started;
    sample();
    ok = result.ok;
    if (result.ok) replicas = result.value.replicas.length;
  } else {
    const { LogDirsStreamReader } = await import("../../lib/import/log-dirs");
    const reader = new LogDirsStreamReader();
    let elapsed = 0;
    for (const chunk of generatedLogDirsChunks(spec)) {
      bytes += chunk.byteLength;
      const started = performance.now();
      reader.write(chunk);
      elapsed += performance.now() - started;
      sample();
    }
    const started = performance.now();
    const result = reader.end();
    ms = elapsed + performance.now() - started;
    sample();
    ok = result.ok;
    if (result.ok) replicas = result.value.replicas.length;
  }
  process.stdout.write(
    `${JSON.stringify({ mode, ok, replicas, bytes, seconds: ms / 1000, peakRssMiB: mib(process.resourceUsage().maxRSS * 1024), peakHeapMiB: mib(peakHeap) })}\n`,
  );
}

void main();
