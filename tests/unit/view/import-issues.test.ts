import { describe, expect, it } from "vitest";
import { groupImportIssues, lineExcerpt, lineRange, lineText } from "@/lib/view/import-issues";

const text = "Querying brokers\r\nReceived from brokers 1\n{\"brokers\":[{\"broker\":\"x\"}]}";

describe("import-issues", () => {
  it("lineText() and lineExcerpt() quote a 1-based line, trimmed", () => {
    expect(lineText(text, 1)).toBe("Querying brokers");
    expect(lineExcerpt(text, 3)).toBe('{"brokers":[{"broker":"x"}]}');
    expect(lineExcerpt(text, 4)).toBeNull();
    expect(lineExcerpt("x".repeat(300), 1)).toHaveLength(120);
  });

  it("lineRange() finds the characters of a line, without its line break", () => {
    expect(lineRange(text, 1)).toEqual({ start: 0, end: 16 });
    expect(text.slice(lineRange(text, 2)!.start, lineRange(text, 2)!.end)).toBe("Received from brokers 1");
    expect(lineRange(text, 9)).toBeNull();
    expect(lineRange(text, 0)).toBeNull();
  });

  it("groupImportIssues() puts each issue beside its text box, in line order, with the line quoted", () => {
    const grouped = groupImportIssues(
      [
        { source: "logDirs", line: 3, path: "brokers.0.broker", message: "expected a broker id" },
        { source: "logDirs", line: 1, path: "", message: "unexpected text" },
        { source: "topics", line: null, path: "", message: "no topics found" },
        { source: "snapshot", line: null, path: "brokers.0", message: "bad" },
      ],
      { logDirs: text, topics: "" },
    );
    expect(grouped.logDirs.map((i) => i.text)).toEqual(["line 1: unexpected text", "line 3: brokers.0.broker: expected a broker id"]);
    expect(grouped.logDirs[1]!.excerpt).toBe('{"brokers":[{"broker":"x"}]}');
    expect(grouped.topics).toEqual([{ line: null, text: "no topics found", excerpt: null }]);
    expect(grouped.other.map((i) => i.text)).toEqual(["brokers.0: bad"]);
  });
});
