import { describe, expect, it } from "vitest";
import { groupImportIssues, issuesAfterEdit, lineExcerpt, lineRange, lineText } from "@/lib/view/import/import-issues";

const text = 'Querying brokers\r\nReceived from brokers 1\n{"brokers":[{"broker":"x"}]}';

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

  it("groupImportIssues() puts a kafka-configs issue beside the kafka-configs box, quoting its line", () => {
    const grouped = groupImportIssues([{ source: "configs", line: 2, path: "leader.replication.throttled.rate", message: "expected a rate" }], {
      logDirs: "",
      topics: "",
      configs: "Dynamic configs for broker 1 are:\n  leader.replication.throttled.rate=fast sensitive=false synonyms={}",
    });
    expect(grouped.configs).toEqual([
      { line: 2, text: "line 2: leader.replication.throttled.rate: expected a rate", excerpt: "leader.replication.throttled.rate=fast sensitive=false synonyms={}" },
    ]);
    expect(grouped.other).toEqual([]);
  });

  it("issuesAfterEdit() drops the edited box's issues and the general ones, and keeps the other box's", () => {
    const item = (line: number | null) => ({ line, text: `line ${line}`, excerpt: null });
    const issues = { logDirs: [item(3)], topics: [item(5)], configs: [item(7)], other: [item(null)] };
    expect(issuesAfterEdit(issues, "logDirs")).toEqual({ logDirs: [], topics: [item(5)], configs: [item(7)], other: [] });
    expect(issuesAfterEdit(issues, "topics")).toEqual({ logDirs: [item(3)], topics: [], configs: [item(7)], other: [] });
    expect(issuesAfterEdit(issues, "configs")).toEqual({ logDirs: [item(3)], topics: [item(5)], configs: [], other: [] });
  });

  it("issuesAfterEdit() is null once nothing is left to show, or when there was nothing", () => {
    const item = { line: 3, text: "line 3", excerpt: null };
    expect(issuesAfterEdit({ logDirs: [item], topics: [], configs: [], other: [item] }, "logDirs")).toBeNull();
    expect(issuesAfterEdit({ logDirs: [], topics: [], configs: [item], other: [] }, "configs")).toBeNull();
    expect(issuesAfterEdit(null, "topics")).toBeNull();
  });
});
