#!/usr/bin/env node
// `npm start`: builds the app when there is no build or the sources changed since, then serves it
// on http://localhost:${PORT:-3000} with the app's own server (scripts/server.mjs: Next's handler
// behind the connection-level limits). The demo cluster is shown unless KAFKA_BOOTSTRAP_SERVERS is set.
import { spawnSync, spawn } from "node:child_process";
import path from "node:path";
import { buildState } from "./build-freshness.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const serverEntry = path.join(root, "scripts", "server.mjs");
const state = buildState(root);
if (state !== "fresh") {
  console.log(state === "missing" ? "No build yet: building (next build)…" : "Sources changed since the last build: rebuilding…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const port = process.env.PORT ?? "3000";
console.log(`Kafka Balance on http://localhost:${port} (${process.env.KAFKA_BOOTSTRAP_SERVERS ? "live cluster" : "built-in demo cluster"})`);
const server = spawn(process.execPath, [serverEntry, "-p", port], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
