import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSpans } from "../../support/file-spans";
import { longestFirst } from "../../support/sequencer";

describe("longestFirst()", () => {
  const id = (f: string) => f;
  it("orders by span, longest first, and keeps vitest's order among equals", () => {
    const spans = new Map([
      ["a", 1],
      ["b", 30],
      ["c", 5],
      ["d", 5],
    ]);
    expect(longestFirst(["a", "b", "c", "d"], id, spans)).toEqual(["b", "c", "d", "a"]);
    expect(longestFirst(["d", "c"], id, spans)).toEqual(["d", "c"]);
  });

  it("counts a file it has no span for as the median file", () => {
    const spans = new Map([
      ["a", 1],
      ["b", 10],
      ["c", 100],
    ]);
    expect(longestFirst(["new", "a", "b", "c"], id, spans)).toEqual(["c", "new", "b", "a"]);
    expect(longestFirst(["x", "y"], id, new Map())).toEqual(["x", "y"]);
  });
});

describe("readSpans()", () => {
  it("reads the committed spans, every one a number of seconds", () => {
    const spans = readSpans();
    expect(spans.size).toBeGreaterThan(40);
    expect([...spans.values()].every((s) => Number.isFinite(s) && s >= 0)).toBe(true);
  });

  it("is empty for a missing or broken file, and drops entries that are not spans", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-spans-"));
    try {
      expect(readSpans(path.join(dir, "none.json")).size).toBe(0);
      fs.writeFileSync(path.join(dir, "broken.json"), "{");
      expect(readSpans(path.join(dir, "broken.json")).size).toBe(0);
      fs.writeFileSync(path.join(dir, "mixed.json"), JSON.stringify({ a: 3, b: "4", c: -1, d: null }));
      expect([...readSpans(path.join(dir, "mixed.json"))]).toEqual([["a", 3]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
