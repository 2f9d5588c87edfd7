import { defineConfig } from "vitest/config";
import path from "node:path";
import InterleavingSequencer from "./tests/support/sequencer";

const alias = { "@": path.resolve(import.meta.dirname) };

/**
 * Three projects, chosen by measurement on the 2-core machine CI runs on (`npm run test:timings`;
 * docs/testing.md has the figures):
 * - unit runs first, alone: pure and CPU-bound, two threads without per-file isolation (the core
 *   keeps no module state, and a fresh module graph per file cost ~4× the tests' own time).
 * - integration and e2e then run together (same groupOrder), files side by side in forks: they mostly
 *   wait on Kafka, a browser or a timer, and each file owns its ports, baseDir, store and env. Their
 *   pool holds TEST_WORKERS files at once (env, for experiments; default below), from either project.
 * - the e2e project's global setup makes the one production build of the run before any file starts.
 * Timings live in `npm run bench`, never in assertions.
 */
const workers = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
/** Integration and e2e share one pool (vitest requires one maxWorkers per group): files of both at once. */
const groupWorkers = workers("TEST_WORKERS", 3);

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Files of integration and e2e dealt out in turn (tests/support/sequencer.ts).
    sequence: { sequencer: InterleavingSequencer },
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
          pool: "forks",
          maxWorkers: groupWorkers,
          maxConcurrency: 4,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          sequence: { groupOrder: 1 },
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-build.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: "forks",
          maxWorkers: groupWorkers,
        },
      },
    ],
  },
});
