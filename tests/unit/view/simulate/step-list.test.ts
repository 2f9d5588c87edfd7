import { describe, expect, it } from "vitest";
import { StepSchema } from "@/lib/simulate/schema";
import { STEP_KINDS, stepKindLabel, stepSummary } from "@/lib/view/simulate/step-list";

describe("STEP_KINDS", () => {
  it("STEP_KINDS labels every step kind of the schema once", () => {
    const kinds = StepSchema.options.map((o) => o.shape.kind.value).sort();
    expect(STEP_KINDS.map((k) => k.kind).sort()).toEqual(kinds);
    expect(stepKindLabel("addLogDir")).toBe("Add a disk");
  });
});

describe("stepSummary()", () => {
  it("stepSummary() describes a valid step and names the kind of one that needs fixing", () => {
    expect(stepSummary({ kind: "failLogDir", broker: 2, path: "/data/d1" })).toEqual({ text: "Fail /data/d1 on broker 2", valid: true });
    expect(stepSummary({ kind: "createTopic", name: "", partitions: 0, replicationFactor: 3 })).toEqual({ text: "Create a topic: needs fixing", valid: false });
    expect(stepSummary({ kind: "plan", options: { operation: { kind: "add-brokers", brokers: [4] }, goals: ["broker-bytes"] } })).toEqual({
      text: "Plan: add broker 4 (goals: broker bytes)",
      valid: true,
    });
    expect(stepSummary({ kind: "plan", options: { operation: { kind: "remove-brokers", brokers: [] } } })).toEqual({
      text: "Plan (add, remove, drain, rebalance): needs fixing",
      valid: false,
    });
  });
});
