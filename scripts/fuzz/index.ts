/**
 * `npm run fuzz`: the black-box fuzzer (scripts/fuzz/fuzz.ts) against a freshly started production
 * server (built first when the build is stale), with a throw-away snapshot store.
 *
 *   npm run fuzz                                  # 2,000 inputs, seed 1, a line per finding
 *   npm run fuzz -- --json --inputs 10000 --seed 7 [--port 39200]   # the server on that port (else a free one)
 *     → {"fuzz":{"inputs":10000,"fiveXX":0,"hangs":0,"crashes":0,"seed":7,"seconds":…}}
 * Exits 0 only with no finding.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { intFlag } from "../cli-args";
import { startApp, type AppServer } from "@/tests/support/e2e-server";
import { runFuzz, type FuzzTarget } from "./fuzz";

/** The server's upload idle deadline during a run (KAFKA_BALANCE_UPLOAD_IDLE_SECONDS). */
const FUZZ_UPLOAD_IDLE_SECONDS = 3;

async function main(): Promise<boolean> {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const inputs = intFlag(args, "inputs", 2000);
  const seed = intFlag(args, "seed", 1);
  const port = intFlag(args, "port", 0);
  const serverOptions = port > 0 ? { port } : {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-fuzz-"));
  // No rate limit on new links: every stored fuzzed snapshot should have its pages opened. A short
  // upload idle deadline, so the server drops each stalled body in seconds (the fuzzer counts a
  // stalled body held past it, plus the hang limit, as a hang).
  const env = {
    KAFKA_BALANCE_DB: path.join(dir, "snapshots.db"),
    KAFKA_BALANCE_SNAPSHOT_RATE_LINKS: "0",
    KAFKA_BALANCE_SNAPSHOT_RATE_BYTES: "0",
    KAFKA_BALANCE_UPLOAD_IDLE_SECONDS: String(FUZZ_UPLOAD_IDLE_SECONDS),
  };
  let app: AppServer = await startApp(env, undefined, serverOptions);
  let exited = false;
  const target = (a: AppServer): FuzzTarget => ({ url: a.url, alive: () => !exited && a.alive() });
  const started = Date.now();
  try {
    const report = await runFuzz(target(app), {
      inputs,
      seed,
      stallMs: FUZZ_UPLOAD_IDLE_SECONDS * 1000 + 10_000,
      log: json ? undefined : (line) => console.log(line),
      restart: async () => {
        if (!json) console.log(`server output before it died:\n${app.output().slice(-2000)}`);
        await app.stop();
        app = await startApp(env, undefined, serverOptions);
        return target(app);
      },
    });
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    const summary = {
      inputs: report.inputs,
      fiveXX: report.fiveXX,
      hangs: report.hangs,
      crashes: report.crashes,
      seed,
      seconds,
      linksOpened: report.linksOpened,
      statuses: report.statuses,
    };
    if (json) {
      // The findings to stderr, one line each, so stdout stays the one JSON line.
      for (const f of report.findings)
        console.error(
          `${f.kind}: ${f.method} ${f.path.slice(0, 120)} → ${f.status ?? "no answer"} in ${f.ms} ms: ${f.answer.replace(/\s+/g, " ").slice(0, 200)} | body: ${f.body.replace(/\s+/g, " ").slice(0, 120)}`,
        );
      console.log(JSON.stringify({ fuzz: summary }));
    } else
      console.log(
        `fuzz: ${report.inputs} inputs, ${report.fiveXX} 5xx, ${report.hangs} hangs, ${report.crashes} crashes (seed ${seed}, ${seconds} s); ${report.linksOpened} links stored and opened; statuses ${JSON.stringify(report.statuses)}`,
      );
    return report.fiveXX + report.hangs + report.crashes === 0;
  } finally {
    exited = true;
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
