#!/usr/bin/env node
// Runs npm scripts side by side, each one's output printed whole when it ends; exits 1 when any
// fails, after all have ended. `npm test` starts with the type-check beside the lint, and the lint
// runs its four checks (purity, ESLint, the Prettier check, knip) side by side: each is one thread
// and the machine has two cores, so together they take about the longest one's time rather than
// the sum (71 s → about 40 s on a clean clone here).
import { spawn } from "node:child_process";

const steps = process.argv.slice(2);
if (steps.length === 0) {
  console.error("usage: node scripts/checks.mjs <npm script>...");
  process.exit(2);
}
const runs = steps.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("close", (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`== npm run ${script}: ${code === 0 ? "ok" : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n${out}`);
        resolve(code === 0);
      });
    }),
);
const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
