/**
 * The ports document themselves (docs/README.md): every docs/ path a file under lib/ cites exists; no file
 * cites ALGORITHMS.md, design notes a reader of this repository cannot open; every file under lib/placement
 * and lib/throttle (their index.ts aside) carries the Apache-2.0 notice and cites the docs/algorithms page
 * that describes it; and every docs/algorithms page is cited from lib/ and listed in docs/README.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(__dirname, "../../..");

const APACHE_NOTICE = "Licensed under the Apache License, Version 2.0";
/** Folders whose every file is a port (or serves one) and must say so. */
const PORT_DIRS = ["lib/placement", "lib/throttle"];
/** A docs/ path as written in a comment: not part of a longer path or URL, trailing punctuation left out. */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*[\w-]/g;

/** The docs/ paths `text` cites, in order of appearance. */
function citedDocs(text: string): string[] {
  return text.match(DOCS_PATH) ?? [];
}

/** Files under `dir` (relative to `root`, with forward slashes), recursively. */
function filesUnder(root: string, dir: string, pattern: RegExp): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(root, rel, pattern));
    else if (pattern.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Every broken rule, as "file: problem", sorted. */
function findDocProblems(root: string): string[] {
  const problems: string[] = [];
  const exists = (rel: string) => fs.existsSync(path.join(root, rel));
  const pages = filesUnder(root, "docs/algorithms", /\.md$/);
  const cited = new Set<string>();
  for (const file of filesUnder(root, "lib", /\.(ts|tsx|js|mjs)$/)) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    if (text.includes("ALGORITHMS.md")) problems.push(`${file}: cites ALGORITHMS.md, which is not in this repository`);
    const docs = citedDocs(text);
    for (const doc of docs) {
      if (exists(doc)) cited.add(doc);
      else problems.push(`${file}: cites ${doc}, which does not exist`);
    }
    const isPort = PORT_DIRS.some((dir) => file.startsWith(`${dir}/`)) && path.basename(file) !== "index.ts";
    if (!isPort) continue;
    if (!text.includes(APACHE_NOTICE)) problems.push(`${file}: has no Apache-2.0 notice`);
    if (!docs.some((doc) => doc.startsWith("docs/algorithms/") && doc.endsWith(".md") && exists(doc))) {
      problems.push(`${file}: cites no docs/algorithms page`);
    }
  }
  const index = exists("docs/README.md") ? fs.readFileSync(path.join(root, "docs/README.md"), "utf8") : "";
  for (const page of pages) {
    if (!cited.has(page)) problems.push(`${page}: cited by no file under lib/`);
    if (!index.includes(`(${page.slice("docs/".length)})`)) problems.push(`${page}: not listed in docs/README.md`);
  }
  return problems.sort();
}

function tempRepo(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "doc-citations-"));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe("docs citations", () => {
  it("findDocProblems() finds nothing in this repository", () => {
    expect(findDocProblems(repoRoot)).toEqual([]);
  });

  it("citedDocs() takes docs/ paths out of comments without trailing punctuation or the paths of URLs", () => {
    const text = "// described in docs/algorithms/log-dir-selection.md.\n// see docs/README.md, https://example.org/docs/x.md and node_modules/docs/y.md";
    expect(citedDocs(text)).toEqual(["docs/algorithms/log-dir-selection.md", "docs/README.md"]);
  });

  it("findDocProblems() flags missing pages, ALGORITHMS.md, ports without notice or page, and pages nobody cites or lists", () => {
    const notice = `// ${APACHE_NOTICE} (https://www.apache.org/licenses/LICENSE-2.0).\n`;
    const root = tempRepo({
      "lib/placement/a.ts": `// Port of A, described in docs/algorithms/a.md.\n${notice}`,
      "lib/placement/b.ts": "// Port of B, written from ALGORITHMS.md §1.\n",
      "lib/placement/index.ts": 'export * from "./a";\n',
      "lib/throttle/c.ts": `${notice}// Port of C, described in docs/algorithms/missing.md.\n`,
      "lib/plan/d.ts": "/** See docs/README.md and docs/nowhere.md. */\n",
      "docs/algorithms/a.md": "# A\n",
      "docs/algorithms/orphan.md": "# Orphan\n",
      "docs/README.md": "- [A](algorithms/a.md)\n",
    });
    try {
      expect(findDocProblems(root)).toEqual(
        [
          "lib/placement/b.ts: cites ALGORITHMS.md, which is not in this repository",
          "lib/placement/b.ts: has no Apache-2.0 notice",
          "lib/placement/b.ts: cites no docs/algorithms page",
          "lib/throttle/c.ts: cites docs/algorithms/missing.md, which does not exist",
          "lib/throttle/c.ts: cites no docs/algorithms page",
          "lib/plan/d.ts: cites docs/nowhere.md, which does not exist",
          "docs/algorithms/orphan.md: cited by no file under lib/",
          "docs/algorithms/orphan.md: not listed in docs/README.md",
        ].sort(),
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
