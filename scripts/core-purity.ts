/**
 * Finds imports in the core that reach outside it. Allowed: relative imports that stay inside the
 * core folders, `@/lib/<core folder>/...`, and `zod`. Everything else (Node built-ins, next, react,
 * kafka clients, better-sqlite3, lib/cluster, lib/links, lib/http, lib/client, components, app) is
 * a finding. Inside the core, lib/view is the top layer: view-models build on the rest of the core, so
 * a core folder below it importing lib/view is a finding too (formatters the core needs live in
 * lib/model/format.ts). Node's `process` global (environment, arguments, streams) is Node I/O too, with
 * no import to find: a line that reads it is a finding (its specifier is `process`).
 */
import fs from "node:fs";
import path from "node:path";

export const CORE_DIRS = ["lib/model", "lib/placement", "lib/import", "lib/simulate", "lib/plan", "lib/throttle", "lib/forecast", "lib/share", "lib/view"] as const;
/** The view-models: pure, and imported by no other core folder. */
const VIEW_DIR = "lib/view";
const ALLOWED_PACKAGES = new Set(["zod"]);

export interface Impurity {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

// Statement-level `import/export ... from "x"` (also the closing `} from "x"` of a multi-line import),
// side-effect `import "x"`, dynamic `import("x")` and `require("x")`.
const IMPORT_RES = [
  /^\s*(?:import|export)\b[^"'`]*?\bfrom\s*["']([^"']+)["']/,
  /^\s*}\s*from\s*["']([^"']+)["']/,
  /^\s*import\s*["']([^"']+)["']/,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/,
];

/** A read of Node's `process` global (`process.env`, `process.argv`, …), not a property named so on something else. */
const PROCESS_RE = /(?<![.\w$])process\s*\./;

/** Every source file of the core folders under `root` (absolute paths): what this check reads, and what unit tests must mirror. */
export function coreSourceFiles(root: string): string[] {
  return CORE_DIRS.flatMap((d) => sourceFiles(path.join(root, d)));
}

export function findCoreImpurities(root: string): Impurity[] {
  const coreAbs = CORE_DIRS.map((d) => path.join(root, d));
  const within = (abs: string, dir: string) => abs === dir || abs.startsWith(dir + path.sep);
  const insideCore = (abs: string) => coreAbs.some((c) => within(abs, c));
  const viewAbs = path.join(root, VIEW_DIR);
  const problems: Impurity[] = [];
  for (const dir of coreAbs) {
    for (const file of sourceFiles(dir)) {
      const belowView = !within(file, viewAbs);
      const lines = fs.readFileSync(file, "utf8").split("\n");
      lines.forEach((text, i) => {
        if (/^\s*(\/\/|\*)/.test(text)) return;
        const specs = new Set(IMPORT_RES.map((re) => re.exec(text)?.[1]).filter((s): s is string => s !== undefined));
        for (const spec of specs) {
          let reason: string | null = null;
          if (spec.startsWith(".") || spec.startsWith("@/")) {
            const target = spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : path.join(root, spec.slice(2));
            if (!insideCore(target)) reason = spec.startsWith(".") ? "relative import leaves the core" : "imports a non-core part of the app";
            else if (belowView && within(target, viewAbs)) reason = "imports a view-model from below lib/view";
          } else {
            const pkg = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
            if (!ALLOWED_PACKAGES.has(pkg)) reason = spec.startsWith("node:") ? "Node I/O" : "package outside the core's allow-list";
          }
          if (reason) problems.push({ file: path.relative(root, file), line: i + 1, specifier: spec, reason });
        }
        if (PROCESS_RE.test(text)) problems.push({ file: path.relative(root, file), line: i + 1, specifier: "process", reason: "Node I/O (the process global)" });
      });
    }
  }
  return problems;
}
