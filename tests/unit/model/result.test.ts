import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeIssues, failure, formatIssue, invalid, joinPath, pathSegments, prefixIssues, success } from "@/lib/model/result";

describe("success() and failure()", () => {
  it("success() carries the value, and warnings only when there are some", () => {
    expect(success(3)).toEqual({ ok: true, value: 3 });
    expect("warnings" in success(3)).toBe(false);
    expect(success("x", [{ path: "a", message: "m" }])).toEqual({ ok: true, value: "x", warnings: [{ path: "a", message: "m" }] });
  });

  it("failure() always has an issues list, and details only when given", () => {
    expect(failure("not_found", "No such link")).toEqual({ ok: false, error: { code: "not_found", message: "No such link", issues: [] } });
    expect(failure("too_large", "Too big", { details: { limit: 5 } }).error).toEqual({ code: "too_large", message: "Too big", issues: [], details: { limit: 5 } });
  });
});

describe("invalid()", () => {
  it("invalid() is a bad_request whose message says what to fix first and how many more problems there are", () => {
    const issues = [
      { path: "topics.0.name", message: "a topic needs a name" },
      { path: "brokers", message: "x" },
      { path: "", message: "y" },
    ];
    expect(invalid(issues)).toEqual({ ok: false, error: { code: "bad_request", message: "topics.0.name: a topic needs a name (and 2 more problems)", issues } });
    expect(invalid(issues.slice(0, 2), "bad_scenario").error.message).toBe("topics.0.name: a topic needs a name (and 1 more problem)");
    expect(invalid(issues.slice(0, 2), "bad_scenario").error.code).toBe("bad_scenario");
  });
});

describe("formatIssue() and describeIssues()", () => {
  it("formatIssue() puts the path before the message, and leaves the root's path out", () => {
    expect(formatIssue({ path: "a.1", message: "m" })).toBe("a.1: m");
    expect(formatIssue({ path: "", message: "not an object" })).toBe("not an object");
  });

  it("describeIssues() says invalid input when there is no issue, and takes another format", () => {
    expect(describeIssues([])).toBe("invalid input");
    expect(describeIssues([{ path: "a", message: "m", line: 3 }], (i) => `line ${i.line}: ${i.message}`)).toBe("line 3: m");
  });
});

describe("prefixIssues()", () => {
  it("prefixIssues() puts each path under the prefix, the root becoming the prefix itself", () => {
    const issues = [
      { path: "brokers.0", message: "a" },
      { path: "", message: "b", line: 2 },
    ];
    expect(prefixIssues(issues, "snapshot")).toEqual([
      { path: "snapshot.brokers.0", message: "a" },
      { path: "snapshot", message: "b", line: 2 },
    ]);
    expect(prefixIssues(issues, "")).toEqual(issues);
    expect(prefixIssues(issues, "")).not.toBe(issues);
  });
});

describe("joinPath() and pathSegments()", () => {
  it("joinPath() writes segments as a dotted path, indexes as plain numbers", () => {
    expect(joinPath(["topics", 3, "partitions", 0])).toBe("topics.3.partitions.0");
    expect(joinPath([])).toBe("");
  });

  it("pathSegments() reads a dotted path back, digits as numbers", () => {
    expect(pathSegments("topics.3.name")).toEqual(["topics", 3, "name"]);
    expect(pathSegments("")).toEqual([]);
  });

  it("pathSegments() undoes joinPath() for keys without dots", () => {
    const segment = fc.oneof(fc.nat(1000), fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        expect(pathSegments(joinPath(segments))).toEqual(segments);
      }),
    );
  });
});
