import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN_FORM, fieldErrors, formErrorList, formErrorsFromIssues, formFromOptions, planOptionsFromForm } from "@/lib/view/plan-form";
import { PlanOptionsSchema } from "@/lib/plan/options";

describe("plan form", () => {
  it("planOptionsFromForm() turns percentages, MiB/s and GiB into the planner's units", () => {
    const r = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, maxGiB: "2", excludeTopics: "a, b  c" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ tolerance: 0.05, headroom: 0.85, maxBytesToMove: 2 * 1024 ** 3, excludeTopics: ["a", "b", "c"] });
    expect(r.value.throttle).toEqual({ replicationBytesPerSecond: 50 * 1024 * 1024, alterLogDirsBytesPerSecond: 100 * 1024 * 1024 });
    expect(PlanOptionsSchema.safeParse(r.value).success).toBe(true);
  });

  it("planOptionsFromForm() names every field that is wrong at once, in the form's units", () => {
    const r = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, tolerancePercent: "0", headroomPercent: "120", replicationMiBps: "x", alterLogDirsMiBps: "", maxGiB: "-1", excludeTopics: "orders, bad/name" });
    expect(!r.ok && fieldErrors(r.error.issues)).toEqual({
        tolerancePercent: "Enter a number between 0.1 and 50 points",
        headroomPercent: "Enter a number above 0 and at most 100%",
        replicationMiBps: "Enter a number, not “x”",
        alterLogDirsMiBps: "Enter a number",
        maxGiB: "Enter a number above 0 GiB, or leave it blank for no cap",
        excludeTopics: "“bad/name” is not a topic name (a topic name has only ASCII letters, digits, '.', '_' and '-')",
    });
  });

  it("planOptionsFromForm() accepts exactly what PlanOptionsSchema accepts at the bounds", () => {
    for (const [tolerancePercent, ok] of [["0.1", true], ["50", true], ["0.09", false], ["50.1", false]] as const) {
      const r = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, tolerancePercent });
      expect(r.ok).toBe(ok);
      if (r.ok) expect(PlanOptionsSchema.safeParse(r.value).success).toBe(true);
    }
    const tiny = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, replicationMiBps: "0.0000001", headroomPercent: "100" });
    expect(tiny.ok && PlanOptionsSchema.safeParse(tiny.value).success).toBe(true);
  });
});

describe("formErrorsFromIssues()", () => {
  it("formErrorsFromIssues() puts the server's issues beside the fields they name and keeps the rest", () => {
    expect(
      formErrorsFromIssues([
        { path: "options.tolerance", message: "tolerance must be at most 0.5" },
        { path: "options.throttle.replicationBytesPerSecond", message: "a replication throttle must be at least 1 byte/s" },
        { path: "options.excludeTopics.1", message: "too short" },
        { path: "options.excludeTopics.2", message: "too short" },
        { path: "snapshot.brokers", message: "send at least one broker" },
      ]),
    ).toEqual({
      errors: { tolerancePercent: "tolerance must be at most 0.5", replicationMiBps: "a replication throttle must be at least 1 byte/s", excludeTopics: "too short; too short" },
      other: ["snapshot.brokers: send at least one broker"],
    });
  });

  it("formErrorList() lists the errors in the order of the form, with each field's label", () => {
    expect(formErrorList({ excludeTopics: "b", tolerancePercent: "a" })).toEqual([
      { field: "tolerancePercent", label: "Tolerance", message: "a" },
      { field: "excludeTopics", label: "Leave these topics alone", message: "b" },
    ]);
  });
});

describe("formFromOptions()", () => {
  it("formFromOptions() round-trips with planOptionsFromForm()", () => {
    const options = PlanOptionsSchema.parse({ tolerance: 0.03, headroom: 0.9, maxBytesToMove: 5 * 1024 ** 3, excludeTopics: ["x"], throttle: { replicationBytesPerSecond: 10 * 1024 * 1024, alterLogDirsBytesPerSecond: 20 * 1024 * 1024 } });
    const back = planOptionsFromForm(formFromOptions(options));
    expect(back.ok && PlanOptionsSchema.parse({ ...back.value, bootstrapServer: options.bootstrapServer })).toEqual(options);
  });
});
