// Each test file's wall-clock span in a run of `npm run test:timings` (tests/support/file-spans.json),
// which the sequencer orders the integration/e2e group by and `test:timings -- --save-spans` rewrites.
// Kept apart from the sequencer, which needs vitest's node API, so test:timings can read it under tsx.
import { readFileSync } from "node:fs";
import path from "node:path";

export const SPANS_FILE = path.resolve(__dirname, "file-spans.json");

/** The spans by path from the repo root, in seconds; an empty map when the file is missing or unreadable. */
export function readSpans(file = SPANS_FILE): Map<string, number> {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    return new Map(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === "number" && Number.isFinite(e[1]) && e[1] >= 0));
  } catch {
    return new Map();
  }
}
