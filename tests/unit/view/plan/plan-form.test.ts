import { describe, expect, it } from "vitest";
import {
  DEFAULT_PLAN_FORM,
  chosenGoals,
  fieldErrors,
  formErrorList,
  formErrorsFromIssues,
  formFromOptions,
  formFromQuery,
  includeGoal,
  moveGoal,
  planOptionsFromForm,
  toggleBroker,
  toggleDir,
  withOperation,
} from "@/lib/view/plan/plan-form";
import { PlanOptionsSchema, SOFT_GOALS } from "@/lib/plan/options";
import { planActionQuery } from "@/lib/view/overview/finding-actions";

describe("plan form", () => {
  it("planOptionsFromForm() turns percentages, MiB/s and GiB into the planner's units", () => {
    const r = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, maxGiB: "2", excludeTopics: "a, b  c" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      operation: { kind: "rebalance" },
      goals: [...SOFT_GOALS],
      tolerance: 0.05,
      headroom: 0.85,
      maxBytesToMove: 2 * 1024 ** 3,
      excludeTopics: ["a", "b", "c"],
    });
    expect(r.value.throttle).toEqual({ replicationBytesPerSecond: 50 * 1024 * 1024, alterLogDirsBytesPerSecond: 100 * 1024 * 1024 });
    expect(PlanOptionsSchema.safeParse(r.value).success).toBe(true);
  });

  it("planOptionsFromForm() names every field that is wrong at once, in the form's units", () => {
    const r = planOptionsFromForm({
      ...DEFAULT_PLAN_FORM,
      tolerancePercent: "0",
      headroomPercent: "120",
      replicationMiBps: "x",
      alterLogDirsMiBps: "",
      maxGiB: "-1",
      excludeTopics: "orders, bad/name",
    });
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
    for (const [tolerancePercent, ok] of [
      ["0.1", true],
      ["50", true],
      ["0.09", false],
      ["50.1", false],
    ] as const) {
      const r = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, tolerancePercent });
      expect(r.ok).toBe(ok);
      if (r.ok) expect(PlanOptionsSchema.safeParse(r.value).success).toBe(true);
    }
    const tiny = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, replicationMiBps: "0.0000001", headroomPercent: "100" });
    expect(tiny.ok && PlanOptionsSchema.safeParse(tiny.value).success).toBe(true);
  });

  it("planOptionsFromForm() turns each operation and its chosen brokers or dirs into the API's operation", () => {
    const remove = planOptionsFromForm(toggleBroker(toggleBroker(withOperation(DEFAULT_PLAN_FORM, "remove-brokers"), 4, true), 3, true));
    expect(remove.ok && remove.value.operation).toEqual({ kind: "remove-brokers", brokers: [3, 4] });
    const add = planOptionsFromForm(withOperation(DEFAULT_PLAN_FORM, "add-brokers", [7]));
    expect(add.ok && add.value.operation).toEqual({ kind: "add-brokers", brokers: [7] });
    const drain = planOptionsFromForm({ ...toggleDir(withOperation(DEFAULT_PLAN_FORM, "drain-dirs"), { broker: 2, path: "/data/d3" }, true), cordon: false });
    expect(drain.ok && drain.value.operation).toEqual({ kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: false });
    for (const r of [remove, add, drain]) expect(r.ok && PlanOptionsSchema.safeParse(r.value).success).toBe(true);
  });

  it("planOptionsFromForm() asks for the brokers or dirs an operation needs, and a goal for a rebalance or a fill", () => {
    const none = (form: typeof DEFAULT_PLAN_FORM) => {
      const r = planOptionsFromForm(form);
      return r.ok ? null : fieldErrors(r.error.issues);
    };
    expect(none(withOperation(DEFAULT_PLAN_FORM, "remove-brokers"))).toEqual({ brokers: "Choose at least one broker to remove" });
    expect(none(withOperation(DEFAULT_PLAN_FORM, "add-brokers"))).toEqual({ brokers: "Choose at least one broker to fill" });
    expect(none(withOperation(DEFAULT_PLAN_FORM, "drain-dirs"))).toEqual({ dirs: "Choose at least one log dir to drain" });
    const noGoals = { ...DEFAULT_PLAN_FORM, goals: DEFAULT_PLAN_FORM.goals.map((g) => ({ ...g, on: false })) };
    expect(none(noGoals)).toEqual({ goals: "Include at least one goal: a rebalance with none moves nothing" });
    // An evacuation moves what it must without a goal.
    const drained = planOptionsFromForm(toggleDir(withOperation(noGoals, "drain-dirs"), { broker: 1, path: "/d" }, true));
    expect(drained.ok && drained.value.goals).toEqual([]);
  });

  it("planOptionsFromForm() sends the execution settings as options.execution, checked against the schema's bounds", () => {
    const r = planOptionsFromForm({
      ...DEFAULT_PLAN_FORM,
      partitionMovesPerBroker: " 12 ",
      dirMovesPerBroker: "1",
      leaderMovesPerBatch: "100000",
      executionOrder: "largest-first",
    });
    expect(r.ok && r.value.execution).toEqual({ partitionMovesPerBroker: 12, dirMovesPerBroker: 1, leaderMovesPerBatch: 100_000, order: "largest-first" });
    expect(r.ok && PlanOptionsSchema.safeParse(r.value).success).toBe(true);
    const defaults = planOptionsFromForm(DEFAULT_PLAN_FORM);
    expect(defaults.ok && defaults.value.execution).toEqual(PlanOptionsSchema.parse({}).execution);
    const bad = planOptionsFromForm({ ...DEFAULT_PLAN_FORM, partitionMovesPerBroker: "0", dirMovesPerBroker: "2.5", leaderMovesPerBatch: "" });
    expect(!bad.ok && fieldErrors(bad.error.issues)).toEqual({
      partitionMovesPerBroker: "Enter a whole number between 1 and 1,000",
      dirMovesPerBroker: "Enter a whole number between 1 and 100",
      leaderMovesPerBatch: "Enter a whole number",
    });
    expect(planOptionsFromForm({ ...DEFAULT_PLAN_FORM, dirMovesPerBroker: "101" }).ok).toBe(false);
    expect(planOptionsFromForm({ ...DEFAULT_PLAN_FORM, dirMovesPerBroker: "100" }).ok).toBe(true);
  });

  it("planOptionsFromForm() sends the included goals in the form's order", () => {
    const form = includeGoal(moveGoal(moveGoal(DEFAULT_PLAN_FORM, "broker-leaders", -1), "broker-leaders", -1), "dir-utilization", false);
    const r = planOptionsFromForm(form);
    expect(r.ok && r.value.goals).toEqual(["broker-leaders", "broker-bytes", "broker-replicas", "topic-spread"]);
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
        { path: "options.operation.brokers.0", message: "broker 9 is not in this cluster (it has 1, 2, 3)" },
        { path: "options.operation.dirs.0.path", message: "broker 2 has no log dir /x" },
        { path: "options.goals", message: "each goal is listed once" },
        { path: "options.execution.dirMovesPerBroker", message: "at most 100 dir moves per broker" },
        { path: "options.execution.order", message: "invalid option" },
        { path: "snapshot.brokers", message: "send at least one broker" },
      ]),
    ).toEqual({
      errors: {
        tolerancePercent: "tolerance must be at most 0.5",
        replicationMiBps: "a replication throttle must be at least 1 byte/s",
        excludeTopics: "too short; too short",
        brokers: "broker 9 is not in this cluster (it has 1, 2, 3)",
        dirs: "broker 2 has no log dir /x",
        goals: "each goal is listed once",
        dirMovesPerBroker: "at most 100 dir moves per broker",
        executionOrder: "invalid option",
      },
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

describe("goal order and choices", () => {
  it("moveGoal() swaps a goal with its neighbour and leaves the ends alone", () => {
    const up = moveGoal(DEFAULT_PLAN_FORM, "broker-bytes", -1);
    expect(up.goals.map((g) => g.goal)).toEqual(["broker-bytes", "dir-utilization", "broker-replicas", "broker-leaders", "topic-spread"]);
    expect(moveGoal(DEFAULT_PLAN_FORM, "dir-utilization", -1)).toBe(DEFAULT_PLAN_FORM);
    expect(moveGoal(DEFAULT_PLAN_FORM, "topic-spread", 1)).toBe(DEFAULT_PLAN_FORM);
    // A left-out goal keeps its place and moves like any other.
    const off = includeGoal(DEFAULT_PLAN_FORM, "broker-replicas", false);
    expect(off.goals[2]).toEqual({ goal: "broker-replicas", on: false });
    expect(chosenGoals(moveGoal(off, "broker-replicas", -1))).toEqual(["dir-utilization", "broker-bytes", "broker-leaders", "topic-spread"]);
  });

  it("withOperation() never carries brokers from one operation to another, and starts a fill with the empty brokers", () => {
    const removing = toggleBroker(withOperation(DEFAULT_PLAN_FORM, "remove-brokers"), 3, true);
    expect(withOperation(removing, "add-brokers").brokers).toEqual([]);
    expect(withOperation(removing, "add-brokers", [4, 5]).brokers).toEqual([4, 5]);
    expect(withOperation(removing, "remove-brokers")).toBe(removing);
    expect(withOperation(toggleDir(withOperation(DEFAULT_PLAN_FORM, "drain-dirs"), { broker: 1, path: "/a" }, true), "rebalance").dirs).toEqual([]);
  });

  it("toggleBroker() and toggleDir() add each once and remove exactly the one unticked", () => {
    expect(toggleBroker(toggleBroker(DEFAULT_PLAN_FORM, 5, true), 5, true).brokers).toEqual([5]);
    expect(toggleBroker({ ...DEFAULT_PLAN_FORM, brokers: [1, 2] }, 1, false).brokers).toEqual([2]);
    const two = toggleDir(toggleDir(DEFAULT_PLAN_FORM, { broker: 1, path: "/a" }, true), { broker: 2, path: "/a" }, true);
    expect(toggleDir(two, { broker: 1, path: "/a" }, false).dirs).toEqual([{ broker: 2, path: "/a" }]);
  });
});

describe("formFromOptions()", () => {
  it("formFromOptions() round-trips with planOptionsFromForm()", () => {
    const options = PlanOptionsSchema.parse({
      tolerance: 0.03,
      headroom: 0.9,
      maxBytesToMove: 5 * 1024 ** 3,
      excludeTopics: ["x"],
      throttle: { replicationBytesPerSecond: 10 * 1024 * 1024, alterLogDirsBytesPerSecond: 20 * 1024 * 1024 },
      execution: { partitionMovesPerBroker: 3, dirMovesPerBroker: 7, leaderMovesPerBatch: 50, order: "smallest-first" },
    });
    const back = planOptionsFromForm(formFromOptions(options));
    expect(back.ok && PlanOptionsSchema.parse({ ...back.value, bootstrapServer: options.bootstrapServer })).toEqual(options);
  });

  it("formFromOptions() round-trips every operation and a goal list in a chosen order", () => {
    for (const operation of [
      { kind: "rebalance" as const },
      { kind: "add-brokers" as const, brokers: [4, 5] },
      { kind: "remove-brokers" as const, brokers: [2] },
      {
        kind: "drain-dirs" as const,
        dirs: [
          { broker: 2, path: "/data/d3" },
          { broker: 1, path: "/data/d1" },
        ],
        cordon: false,
      },
    ]) {
      const options = PlanOptionsSchema.parse({ operation, goals: ["topic-spread", "broker-bytes"], intraObjective: "bytes" });
      const form = formFromOptions(options);
      expect(form.goals.map((g) => g.goal)).toEqual(["topic-spread", "broker-bytes", "dir-utilization", "broker-replicas", "broker-leaders"]);
      const back = planOptionsFromForm(form);
      expect(back.ok && PlanOptionsSchema.parse(back.value)).toEqual(options);
    }
  });

  it("formFromQuery() opens the form a finding's link asks for, from the query planActionQuery() writes", () => {
    const dir = formFromQuery(Object.fromEntries(new URLSearchParams(planActionQuery({ kind: "plan", label: "Plan a log-dir rebalance", goals: ["dir-utilization"] }))));
    expect(dir && chosenGoals(dir)).toEqual(["dir-utilization"]);
    expect(dir?.operation).toBe("rebalance");
    const remove = formFromQuery(
      Object.fromEntries(new URLSearchParams(planActionQuery({ kind: "plan", label: "Remove", operation: { kind: "remove-brokers", brokers: [3, 1] } }))),
    );
    expect(remove && { operation: remove.operation, brokers: remove.brokers, goals: chosenGoals(remove) }).toEqual({
      operation: "remove-brokers",
      brokers: [3, 1],
      goals: [...SOFT_GOALS],
    });
    const r = remove && planOptionsFromForm(remove);
    expect(r?.ok && r.value.operation).toEqual({ kind: "remove-brokers", brokers: [1, 3] });
    // What it does not know is left out; a query that asks for nothing it knows opens the default form.
    expect(
      formFromQuery({ goals: "bogus,broker-bytes,broker-bytes", brokers: "2" })
        ?.goals.filter((g) => g.on)
        .map((g) => g.goal),
    ).toEqual(["broker-bytes"]);
    expect(formFromQuery({ goals: "bogus" })).toBeNull();
    expect(formFromQuery({ operation: "remove-brokers", brokers: "-1,x" })).toBeNull();
    expect(formFromQuery({ operation: "drop-cluster", brokers: "1" })).toBeNull();
    expect(formFromQuery({})).toBeNull();
  });
});
