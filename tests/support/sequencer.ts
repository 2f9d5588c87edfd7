// The order files start in, longest first. Integration and e2e share one pool of forks (one group), so
// the order decides how well the run packs onto 2 cores: the files that take longest (mostly waiting on
// a throttled move, a lease or a producer's schedule) start first and overlap the rest, and the short
// ones fill in at the end instead of a long one starting last and running alone.
//
// How long a file takes comes from tests/support/file-spans.json: each file's wall-clock span in a
// run of `npm run test:timings`, which `npm run test:timings -- --save-spans` rewrites. A file not
// listed yet (a new one) counts as the median file and keeps vitest's own order among its equals.
// The unit group keeps vitest's order (failed first, then its cache's longest first).
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { readSpans } from "./file-spans";

const root = path.resolve(__dirname, "..", "..");

/** `files` (in vitest's order) longest first by `spans` (keyed by path from the repo root); unknown ones count as the median. */
export function longestFirst<T>(files: T[], pathOf: (f: T) => string, spans: Map<string, number>): T[] {
  const known = files
    .map((f) => spans.get(pathOf(f)))
    .filter((s): s is number => s !== undefined)
    .sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)]! : 0;
  return files
    .map((f, i) => ({ f, i, span: spans.get(pathOf(f)) ?? median }))
    .sort((a, b) => b.span - a.span || a.i - b.i)
    .map((x) => x.f);
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const spans = readSpans();
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of sorted) {
      const order = spec.project.config.sequence.groupOrder ?? 0;
      groups.set(order, [...(groups.get(order) ?? []), spec]);
    }
    const rel = (spec: TestSpecification) => path.relative(root, spec.moduleId).split(path.sep).join("/");
    return [...groups.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, specs]) => (specs.some((s) => s.project.name === "unit") ? specs : longestFirst(specs, rel, spans)));
  }
}
