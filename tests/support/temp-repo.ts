// A throw-away repository in the OS temp dir, for tests of checks that read a whole tree.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Writes each file (repository-relative path → text) under a new temp dir and returns the dir. */
export function tempRepo(files: Record<string, string>, prefix = "repo-"): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}
