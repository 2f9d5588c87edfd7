import { describe, expect, it } from "vitest";
import { jsonDepth, jsonDepthProblem, MAX_JSON_DEPTH } from "@/lib/model/json-depth";
import { demoSnapshot } from "@/lib/simulate/presets";

describe("jsonDepth", () => {
  it("counts objects and arrays, not scalars", () => {
    expect(jsonDepth("1")).toBe(0);
    expect(jsonDepth('"x"')).toBe(0);
    expect(jsonDepth("{}")).toBe(1);
    expect(jsonDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
  });

  it("skips brackets inside strings, escaped quotes included", () => {
    expect(jsonDepth('["[[[[", "\\"[[[", "\\\\", {"k]]": "{{"}]')).toBe(2);
    expect(jsonDepth('{"a\\\\":[[1]]}')).toBe(3);
  });

  it("measures a million levels without recursion", () => {
    const n = 1_000_000;
    expect(jsonDepth("[".repeat(n) + "]".repeat(n))).toBe(n);
    expect(jsonDepth('{"a":'.repeat(n) + "1" + "}".repeat(n))).toBe(n);
  });

  it("gives garbage a number rather than throwing (JSON.parse refuses it afterwards)", () => {
    expect(jsonDepth("]]]][[")).toBe(2);
    expect(jsonDepth('["never closed')).toBe(1);
  });

  it("leaves the deepest legal bodies far below the limit", () => {
    const snapshot = demoSnapshot();
    const scenario = { scenario: { base: snapshot, policy: "balanced", seed: 1, steps: [{ kind: "addBroker", broker: { id: 99, logDirs: [{ path: "/d", capacityBytes: 1 }] } }] } };
    expect(jsonDepth(JSON.stringify({ snapshot, options: { goals: ["dir-utilization"] } }))).toBeLessThan(12);
    expect(jsonDepth(JSON.stringify(scenario))).toBeLessThan(12);
    expect(MAX_JSON_DEPTH).toBeGreaterThanOrEqual(4 * 12);
  });

  it("refuses nesting past the limit with a message naming the depth and the limit", () => {
    expect(jsonDepthProblem("[".repeat(64) + "]".repeat(64))).toBeNull();
    const problem = jsonDepthProblem("[".repeat(65) + "]".repeat(65));
    expect(problem).toMatchObject({ depth: 65, limit: 64 });
    expect(problem!.message).toContain("nests 65 levels deep; the limit is 64");
  });
});

describe("a shared plan's reassignment JSON", () => {
  it("is refused when it nests past the limit, even inside keys Kafka's tool ignores", async () => {
    const { prepareShare } = await import("@/lib/links/prepare");
    const deep = `{"version":1,"partitions":[],"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const prepared = prepareShare({ kind: "plan", snapshot: demoSnapshot(), plan: { options: {}, reassignmentJson: deep } }, "salt", 200);
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) {
      expect(prepared.error.issues[0]).toMatchObject({ path: "plan.reassignmentJson" });
      expect(prepared.error.issues[0]!.message).toContain(`the limit is ${MAX_JSON_DEPTH}`);
    }
  });
});
