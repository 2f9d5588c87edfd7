// For `npm run test:timings`: when $KAFKA_BALANCE_TEST_PHASES names a folder, writes files.json there:
// every test file's project, wall-clock span (from its start to its end, hooks and collection included,
// which the JSON reporter's per-test durations leave out) and vitest's own diagnostic durations.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface FileTiming {
  file: string;
  project: string;
  startedAt: number;
  endedAt: number;
  /** vitest's diagnostic(): import and collection, setup files, and the file's whole duration. */
  collectMs: number;
  setupMs: number;
  durationMs: number;
  tests: number;
}

export default class TimingsReporter implements Reporter {
  private readonly files: FileTiming[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    const endedAt = Date.now();
    // Preparing the worker, the environment, setup files, importing and collecting, then the file's hooks and tests.
    const spanMs = diagnostic.prepareDuration + diagnostic.environmentSetupDuration + diagnostic.setupDuration + diagnostic.collectDuration + diagnostic.duration;
    const startedAt = endedAt - spanMs;
    this.files.push({
      file: testModule.moduleId,
      project: testModule.project.name,
      startedAt,
      endedAt,
      collectMs: diagnostic.collectDuration,
      setupMs: diagnostic.setupDuration,
      durationMs: diagnostic.duration,
      tests: [...testModule.children.allTests()].length,
    });
  }

  onTestRunEnd(): void {
    const dir = process.env.KAFKA_BALANCE_TEST_PHASES;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "files.json"), JSON.stringify(this.files, null, 1) + "\n");
  }
}
