// Unit tests fail on stray console output: the core must not log, and a test that expects output says so.
import { afterEach, beforeEach, vi } from "vitest";

const methods = ["log", "info", "warn", "error", "debug"] as const;
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  for (const m of methods) {
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${m}: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (calls.length > 0) throw new Error(`unexpected console output:\n${calls.join("\n")}`);
});
