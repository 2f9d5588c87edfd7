import { describe, expect, it } from "vitest";
import { describeImportIssues, describeValue, formatImportIssue, IssueList, MAX_ISSUES, splitLines } from "@/lib/import/issues";

describe("issues", () => {
  it("formatImportIssue() names the pasted text, line and field", () => {
    expect(formatImportIssue({ source: "topics", line: 7, path: "Isr", message: "expected broker ids" })).toBe("kafka-topics output, line 7: Isr: expected broker ids");
    expect(formatImportIssue({ source: "logDirs", line: null, path: "", message: "no JSON found" })).toBe("kafka-log-dirs output: no JSON found");
  });

  it("describeImportIssues() gives the first issue and counts the rest", () => {
    const issue = { source: "racks" as const, line: 1, path: "", message: "bad" };
    expect(describeImportIssues([issue, issue, issue])).toBe("racks, line 1: bad (and 2 more problems)");
    expect(describeImportIssues([issue, issue])).toBe("racks, line 1: bad (and 1 more problem)");
  });

  it("IssueList.list() stops at MAX_ISSUES and adds how many were left out", () => {
    const list = new IssueList("logDirs");
    for (let i = 0; i < MAX_ISSUES + 3; i++) list.add(i + 1, "", "x");
    list.skip(2);
    expect(list.full).toBe(true);
    expect(list.list()).toHaveLength(MAX_ISSUES + 1);
    expect(list.list().at(-1)?.message).toBe("5 more problems not listed; fix the ones above first");
  });

  it("describeValue() quotes strings, cuts long ones and names containers", () => {
    expect([undefined, null, [], {}, "abc", 5, true].map(describeValue)).toEqual(["nothing (the key is missing)", "null", "an array", "an object", '"abc"', "5", "true"]);
    expect(describeValue("x".repeat(100))).toHaveLength(62);
  });

  it("splitLines() splits LF, CRLF and CR and drops a byte-order mark", () => {
    expect(splitLines("\ufeffa\r\nb\nc\rd")).toEqual(["a", "b", "c", "d"]);
  });
});
