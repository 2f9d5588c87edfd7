import { defineConfig } from "vitest/config";
import path from "node:path";
import LongestFirstSequencer from "./tests/support/sequencer";

const alias = { "@": path.resolve(import.meta.dirname) };

/**
 * Three projects in two groups (groupOrder), chosen by measurement on the 2-core machine CI runs on
 * (`npm run test:timings`; docs/testing.md has the figures):
 * - unit first: pure and CPU-bound, two threads without per-file isolation (the core keeps no module
 *   state, and a fresh module graph per file cost ~4× the tests' own time: 156 s → 35 s).
 * - then integration and e2e together, TEST_WORKERS files at a time (default 3), in forks, longest
 *   first (tests/support/sequencer.ts): one at a time they left a core idle most of the run (1.0 cores
 *   used on average, 1,097 s); two side by side use 1.65 (590 s for the whole run), three 1.86 (553 s),
 *   since most long files wait on Kafka (a throttled move, a lease) while others work. Every file owns its ports,
 *   its `.kafka/<name>` folder, its store and its env, so files need nothing else to run side by side.
 * - the e2e project's global setup makes the one production build of the run before any file starts.
 * Timings live in `npm run bench`, never in assertions.
 */
const workers = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Integration and e2e share one pool (vitest takes one maxWorkers per group). */
const groupWorkers = workers("TEST_WORKERS", 3);

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Longest files first (tests/support/sequencer.ts, from tests/support/file-spans.json).
    sequence: { sequencer: LongestFirstSequencer },
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
