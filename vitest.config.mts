import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "@": path.resolve(import.meta.dirname) };

// Three projects: unit (pure, fast), integration (real Kafka, route handlers), e2e (Chromium).
// `npm test` runs them all, one project after the other (groupOrder): real Kafka clusters and Chromium
// must not compete for the machine's 2 cores. Timings live in `npm run bench`, never in assertions.
export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", setupFiles: ["tests/support/no-stray-console.ts"], sequence: { groupOrder: 0 } },
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
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
