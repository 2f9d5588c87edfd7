#!/usr/bin/env node
// `npm start`: builds the app when there is no build or the sources changed since, then serves it
// on http://localhost:${PORT:-3000}. The demo cluster is shown unless KAFKA_BOOTSTRAP_SERVERS is set.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sources = ["app", "components", "lib", "public", "package.json", "next.config.js", "postcss.config.mjs", "proxy.ts", "instrumentation-client.ts"];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? "No build yet: building (next build)…" : "Sources changed since the last build: rebuilding…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const port = process.env.PORT ?? "3000";
console.log(`Kafka Balance on http://localhost:${port} (${process.env.KAFKA_BOOTSTRAP_SERVERS ? "live cluster" : "built-in demo cluster"})`);
const server = spawn(process.execPath, [nextBin, "start", "-p", port], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
