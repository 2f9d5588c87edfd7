import { describe, expect, it } from "vitest";
import { PlanOptionsSchema } from "@/lib/plan/options";
import { PlanRequestSchema } from "@/lib/plan/request";

describe("PlanRequestSchema", () => {
  it("PlanRequestSchema plans the current source with default options when the body is empty", () => {
    const parsed = PlanRequestSchema.parse({});
    expect(parsed.snapshot).toBeUndefined();
    expect(parsed.reassignment).toBeUndefined();
    expect(parsed.options).toEqual(PlanOptionsSchema.parse({}));
  });

  it("PlanRequestSchema fills in the options a request leaves out", () => {
    expect(PlanRequestSchema.parse({ options: { goals: ["dir-utilization"] } }).options).toMatchObject({
      operation: { kind: "rebalance" },
      goals: ["dir-utilization"],
      tolerance: 0.05,
      headroom: 0.85,
    });
  });

  it("PlanRequestSchema refuses options from before goals existed: a request says what it wants today", () => {
    const old = PlanRequestSchema.safeParse({ options: { mode: "intra" } });
    expect(old.success ? [] : old.error.issues.map((i) => i.path.join("."))).toEqual(["options"]);
  });

  it("PlanRequestSchema refuses unknown keys and an empty reassignment, naming the field", () => {
    const unknown = PlanRequestSchema.safeParse({ plan: {} });
    expect(unknown.success).toBe(false);
    const empty = PlanRequestSchema.safeParse({ reassignment: "" });
    expect(empty.success ? [] : empty.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["reassignment", "reassignment is the text of a reassignment JSON"]]);
  });

  it("PlanRequestSchema checks the snapshot with the snapshot schema", () => {
    const r = PlanRequestSchema.safeParse({ snapshot: { schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { kind: "demo", label: "x" }, brokers: [{ id: -1 }], topics: [] } });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join("."))).toEqual(["snapshot.brokers.0.id"]);
  });
});
