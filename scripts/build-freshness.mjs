// When the app's build is stale: the one rule `npm start` (scripts/start.mjs) and the e2e harness
// (tests/support/e2e-server.ts) share. A build is fresh when .next/BUILD_ID is newer than every
// file the build reads.
import fs from "node:fs";
import path from "node:path";

/** What `next build` reads: a change in any of them makes the build stale. */
export const BUILD_SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "package.json",
  "next.config.js",
  "postcss.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** "missing", "stale" or "fresh" for the build under `root`. */
export function buildState(root) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return "missing";
  const builtAt = fs.statSync(buildId).mtimeMs;
  return BUILD_SOURCES.every((s) => newestMtime(path.join(root, s)) <= builtAt) ? "fresh" : "stale";
}
