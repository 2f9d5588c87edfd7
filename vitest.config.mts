import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "@": path.resolve(import.meta.dirname) };

/**
 * Three projects, one after the other (groupOrder), chosen by measurement on the 2-core machine CI runs
 * on (`npm run test:timings`; docs/testing.md has the figures):
 * - unit: pure and CPU-bound, two threads without per-file isolation (the core keeps no module state,
 *   and a fresh module graph per file cost ~4× the tests' own time: 156 s → 35 s).
 * - integration, then e2e: one file at a time. Side by side they saturated both cores (Kafka JVMs,
 *   Chromium, Next servers) and every file slowed in proportion, so nothing was gained and a
 *   timing-bound test failed; each file still owns its ports and baseDir, so that can change.
 * - the e2e project's global setup makes the one production build of the run before any file starts.
 * Timings live in `npm run bench`, never in assertions.
 */
const workers = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/no-stray-console.ts"],
          sequence: { groupOrder: 0 },
          pool: "threads",
          isolate: false,
          maxWorkers: workers("UNIT_WORKERS", 2),
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          maxConcurrency: 4,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-build.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
