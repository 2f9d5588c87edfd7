import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN_FORM, includeGoal, moveGoal, planOptionsFromForm, withOperation } from "@/lib/view/plan/plan-form";
import { goalsChanged, reviewChanged } from "@/lib/view/plan/result-freshness";

const madeWith = (() => {
  const r = planOptionsFromForm(DEFAULT_PLAN_FORM);
  if (!r.ok) throw new Error("the default form is valid");
  return { ...r.value, bootstrapServer: "k1:9092" };
})();

describe("goalsChanged()", () => {
  it("goalsChanged() is false for the goals a plan was made with, however they are typed", () => {
    expect(goalsChanged(DEFAULT_PLAN_FORM, madeWith)).toBe(false);
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, tolerancePercent: " 5.0 " }, madeWith)).toBe(false);
  });

  it("goalsChanged() is true once any goal differs, or the form no longer makes goals", () => {
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, tolerancePercent: "3" }, madeWith)).toBe(true);
    expect(goalsChanged(includeGoal(DEFAULT_PLAN_FORM, "topic-spread", false), madeWith)).toBe(true);
    // The same goals in another priority order are other goals.
    expect(goalsChanged(moveGoal(DEFAULT_PLAN_FORM, "broker-bytes", -1), madeWith)).toBe(true);
    expect(goalsChanged({ ...withOperation(DEFAULT_PLAN_FORM, "remove-brokers"), brokers: [3] }, madeWith)).toBe(true);
    // An operation still missing its brokers makes no goals: changed.
    expect(goalsChanged(withOperation(DEFAULT_PLAN_FORM, "remove-brokers"), madeWith)).toBe(true);
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, excludeTopics: "orders" }, madeWith)).toBe(true);
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, moveLeaders: true }, madeWith)).toBe(true);
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, headroomPercent: "x" }, madeWith)).toBe(true);
    // How the apply runs the plan changes its batches and estimate: the plan is stale.
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, dirMovesPerBroker: "1" }, madeWith)).toBe(true);
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, executionOrder: "largest-first" }, madeWith)).toBe(true);
    expect(goalsChanged({ ...DEFAULT_PLAN_FORM, partitionMovesPerBroker: "5.0" }, madeWith)).toBe(false);
  });
});

describe("reviewChanged()", () => {
  it("reviewChanged() is true when the JSON or the goals differ from the reviewed ones", () => {
    const reviewed = { json: '{"partitions":[]}', options: madeWith };
    expect(reviewChanged(DEFAULT_PLAN_FORM, reviewed.json, reviewed)).toBe(false);
    expect(reviewChanged(DEFAULT_PLAN_FORM, `${reviewed.json} `, reviewed)).toBe(true);
    expect(reviewChanged({ ...DEFAULT_PLAN_FORM, replicationMiBps: "10" }, reviewed.json, reviewed)).toBe(true);
  });
});
