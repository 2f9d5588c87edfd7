// Tests mirror the core one to one (STYLE.md §11): lib/plan/estimate.ts → tests/unit/plan/estimate.test.ts.
// A core .ts file (the core folders of scripts/core-purity.ts) without one fails here unless it is on
// NO_TEST_NEEDED with the reason it needs none.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { coreSourceFiles } from "@/scripts/core-purity";
import { tempRepo } from "@/tests/support/temp-repo";

const repoRoot = path.resolve(__dirname, "../../..");

/** Core files that need no test of their own. Keep it short: each entry needs a reason a reviewer accepts. */
const NO_TEST_NEEDED: Readonly<Record<string, string>> = {
  "lib/import/json-tokens.ts":
    "the streaming reader's tokenizer: tests/unit/import/log-dirs-stream.test.ts checks it against JSON.parse and findJsonSyntaxError on every split and on random damage",
  "lib/import/log-dirs-json.ts":
    "the streaming reader's JSON sink: covered by tests/unit/import/log-dirs-stream.test.ts (chunked = whole) and tests/unit/import/log-dirs.test.ts (lines and paths of bad fields)",
  "lib/import/log-dirs-document.ts":
    "the field checks of a log-dirs JSON document: covered by tests/unit/import/log-dirs.test.ts (sizes, missing keys, isFuture pairs, with their line and path)",
  "lib/forecast/index.ts": "re-exports only",
  "lib/plan/plan-types.ts": "types only (the plan's shape), split from planner.ts, which re-exports them",
  "lib/plan/operation-issues.ts":
    "split from planner.ts; covered by tests/unit/plan/planner.test.ts (the refusals of operations naming missing, offline or non-empty brokers and dirs)",
  "lib/plan/generate-comparison.ts": "split from planner.ts; covered by tests/unit/plan/planner.test.ts (Kafka's --generate measured with the plan's goals)",
  "lib/plan/plan-warnings.ts":
    "split from planner.ts; covered by tests/unit/plan/planner.test.ts (the warnings about offline dirs, absent brokers, unknown excluded topics and moves in flight)",
  "lib/plan/goal-reasons.ts": "split from planner.ts; covered by tests/unit/plan/planner.test.ts (the reasons of unmet goals: byte cap, drains, removals)",
  "lib/plan/plan-after.ts": "split from planner.ts; covered by tests/unit/plan/planner.test.ts (the after-state equals the simulator's replay; max dir deviation)",
  "lib/plan/planned.ts":
    "split from plan-state.ts, which re-exports it; covered by tests/unit/plan/plan-state.test.ts (replicaOn()) and, through the moves and searches that use isOpen() and arrivingSize(), by the plan-state, inter-broker and spread-swap tests",
  "lib/plan/inter-move.ts":
    "split from inter-broker.ts, which re-exports it; covered by tests/unit/plan/inter-broker.test.ts (destinationDir() and the hard constraints of every pass)",
  "lib/plan/evacuate.ts": "split from inter-broker.ts, which re-exports evacuate(); covered by the evacuate() tests in tests/unit/plan/inter-broker.test.ts",
  "lib/view/overview/finding-actions.ts": "tested through the verdict's findings and actions (tests/unit/view/overview/verdict.test.ts)",
  "lib/view/overview/signals.ts": "tested through the verdict over the statements corpus (tests/unit/view/overview/verdict.test.ts)",
  "lib/placement/index.ts": "re-exports only",
  "lib/plan/index.ts": "re-exports only",
  "lib/throttle/index.ts": "re-exports only",
  "lib/placement/errors.ts": "an error class and its codes: each code is asserted by the tests of the code that throws it",
  "lib/simulate/errors.ts": "an error class and its codes: each code is asserted by the tests of the code that throws it",
  "lib/forecast/types.ts": "the forecast's types and constants only: read by tests/unit/forecast/forecast.test.ts and the other forecast tests",
  "lib/model/dir-series.ts": "types only (a dir's history points)",
  "lib/model/units.ts": "byte and time constants only",
  "lib/share/request.ts": "the share request's zod schemas: held strict by tests/unit/security/strict-schemas.test.ts, read by the snapshots route tests",
  "lib/share/export-share.ts": "the export route's query schema and dispatch: tested through tests/integration and the share-export e2e",
};

/**
 * The tests that mirror a core file: `lib/<path>.ts` → `tests/unit/<path>.test.ts`; a folder's
 * `index.ts` may also be tested under the folder's name (`lib/simulate/presets/index.ts` →
 * `tests/unit/simulate/presets.test.ts`), as it is imported by the folder's name.
 */
function mirrors(file: string): string[] {
  const rel = file.replace(/^lib\//, "").replace(/\.ts$/, "");
  const out = [`tests/unit/${rel}.test.ts`];
  if (rel.endsWith("/index") && rel.split("/").length > 2) out.push(`tests/unit/${rel.slice(0, -"/index".length)}.test.ts`);
  return out;
}

/** Every core .ts file (repository-relative, `/`-separated) with no mirrored unit test. */
function filesWithoutMirroredTest(root: string): string[] {
  return coreSourceFiles(root)
    .filter((abs) => abs.endsWith(".ts") && !abs.endsWith(".d.ts"))
    .map((abs) => path.relative(root, abs).split(path.sep).join("/"))
    .filter((file) => !mirrors(file).some((t) => fs.existsSync(path.join(root, t))))
    .sort();
}

/** True when the file, comments aside, is nothing but `export … from "…"` statements. */
function reExportsOnly(text: string): boolean {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const statements = code
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  return statements.length > 0 && statements.every((s) => /^export\s+(type\s+)?(\*(\s+as\s+\w+)?|\{[^}]*\})\s+from\s+["'][^"']+["']$/.test(s));
}

describe("mirrored tests", () => {
  it("every core file has a mirrored unit test, or is on NO_TEST_NEEDED with a reason", () => {
    const missing = filesWithoutMirroredTest(repoRoot).filter((f) => !(f in NO_TEST_NEEDED));
    expect(missing, "write tests/unit/<path>.test.ts for each, or add the file to NO_TEST_NEEDED with a reason").toEqual([]);
  });

  it("NO_TEST_NEEDED lists only core files that exist and still have no test", () => {
    const without = new Set(filesWithoutMirroredTest(repoRoot));
    expect(Object.keys(NO_TEST_NEEDED).filter((f) => !without.has(f))).toEqual([]);
    for (const reason of Object.values(NO_TEST_NEEDED)) expect(reason.length).toBeGreaterThan(10);
  });

  it("every NO_TEST_NEEDED entry given as re-exports only re-exports only", () => {
    const entries = Object.entries(NO_TEST_NEEDED).filter(([, reason]) => reason === "re-exports only");
    expect(entries.filter(([file]) => !reExportsOnly(fs.readFileSync(path.join(repoRoot, file), "utf8"))).map(([file]) => file)).toEqual([]);
  });

  it("filesWithoutMirroredTest() finds a core file without a test, and accepts a folder's index tested under the folder's name", () => {
    const root = tempRepo({
      "lib/plan/tested.ts": "export const a = 1;\n",
      "tests/unit/plan/tested.test.ts": "",
      "lib/plan/untested.ts": "export const b = 1;\n",
      "lib/simulate/presets/index.ts": "export const c = 1;\n",
      "tests/unit/simulate/presets.test.ts": "",
      "lib/simulate/deep/index.ts": "export const d = 1;\n",
      "lib/throttle/types.d.ts": "export type T = 1;\n",
      "lib/cluster/io.ts": "export const e = 1;\n",
      "tests/unit/plan/untested.spec.ts": "",
    });
    expect(filesWithoutMirroredTest(root)).toEqual(["lib/plan/untested.ts", "lib/simulate/deep/index.ts"]);
  });

  it("reExportsOnly() tells a barrel from a file with code", () => {
    expect(reExportsOnly('// the API\nexport { a, type B } from "./a";\nexport * from "./b";\nexport type { C } from "./c";\n')).toBe(true);
    expect(reExportsOnly('export { a } from "./a";\nexport const b = 1;\n')).toBe(false);
    expect(reExportsOnly('import { a } from "./a";\nexport { a };\n')).toBe(false);
    expect(reExportsOnly("")).toBe(false);
  });
});
