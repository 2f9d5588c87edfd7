import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN_FORM, formFromOptions, planOptionsFromForm } from "@/lib/view/plan-form";
import { PlanOptionsSchema } from "@/lib/plan/options";

describe("plan form", () => {
  it("planOptionsFromForm() turns percentages, MiB/s and GiB into the planner's units", () => {
    const r = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, maxGiB: "2", excludeTopics: "a, b  c" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.options).toMatchObject({ tolerance: 0.05, headroom: 0.85, maxBytesToMove: 2 * 1024 ** 3, excludeTopics: ["a", "b", "c"] });
    expect(r.options.throttle).toEqual({ replicationBytesPerSecond: 50 * 1024 * 1024, alterLogDirsBytesPerSecond: 100 * 1024 * 1024 });
    expect(PlanOptionsSchema.safeParse(r.options).success).toBe(true);
  });

  it("planOptionsFromForm() names the field that is wrong", () => {
    expect(planOptionsFromForm({ ...DEFAULT_PLAN_FORM, headroomPercent: "120" })).toEqual({ ok: false, field: "headroomPercent", message: "Headroom is a share of capacity: at most 100%" });
    expect(planOptionsFromForm({ ...DEFAULT_PLAN_FORM, replicationMiBps: "x" })).toMatchObject({ ok: false, field: "replicationMiBps" });
  });
});

describe("formFromOptions()", () => {
  it("formFromOptions() round-trips with planOptionsFromForm()", () => {
    const options = PlanOptionsSchema.parse({ tolerance: 0.03, headroom: 0.9, maxBytesToMove: 5 * 1024 ** 3, excludeTopics: ["x"], throttle: { replicationBytesPerSecond: 10 * 1024 * 1024, alterLogDirsBytesPerSecond: 20 * 1024 * 1024 } });
    const back = planOptionsFromForm(formFromOptions(options));
    expect(back.ok && PlanOptionsSchema.parse({ ...back.options, bootstrapServer: options.bootstrapServer })).toEqual(options);
  });
});
