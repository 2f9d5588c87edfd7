import { describe, expect, it } from "vitest";
import {
  changeBase,
  clusterContext,
  planOperation,
  draftBody,
  draftFromPreset,
  draftIssues,
  draftKey,
  editorContext,
  isPristinePreset,
  newStep,
  nextDirPath,
  topicsCreatedBy,
  EMPTY_CONTEXT,
} from "@/lib/view/simulate/scenario-draft";
import { STEP_KINDS } from "@/lib/view/simulate/step-list";
import { runScenario } from "@/lib/simulate/engine";
import { getPreset } from "@/lib/simulate/presets";
import { storyBase } from "@/lib/simulate/presets/story";
import { StepSchema, type StepInput } from "@/lib/simulate/schema";
import { slimReport } from "@/lib/simulate/slim-report";

const GiB = 1024 ** 3;
const final = runScenario(getPreset("consumer-offsets-skew")!.scenario).final;
const ctx = clusterContext(slimReport(final.report), final.snapshot);

describe("draftFromPreset() / isPristinePreset()", () => {
  it("draftFromPreset() holds the preset's base, policy, seed and steps", () => {
    const d = draftFromPreset("size-aware");
    expect(d).toMatchObject({ base: { kind: "preset", id: "size-aware" }, seed: 42, policy: { logDirPlacement: "least-bytes" }, presetId: "size-aware" });
    expect(isPristinePreset(d)).toBe(true);
  });

  it("isPristinePreset() turns false once anything changes", () => {
    const d = draftFromPreset("consumer-offsets-skew");
    expect(isPristinePreset({ ...d, seed: 1 })).toBe(false);
    expect(isPristinePreset({ ...d, steps: d.steps.slice(1) })).toBe(false);
    expect(isPristinePreset({ ...d, base: { kind: "demo" } })).toBe(false);
  });
});

describe("changeBase()", () => {
  it("changeBase() takes the preset's steps out when the base leaves the preset, keeps the operator's own, and puts them back on return", () => {
    const d = draftFromPreset("consumer-offsets-skew");
    const own: StepInput = { kind: "addLogDir", broker: "all", path: "/data/d9", totalBytes: 512 * GiB };
    const left = changeBase({ ...d, steps: [...d.steps, own] }, { kind: "demo" });
    expect(left.draft.base).toEqual({ kind: "demo" });
    expect(left.draft.steps).toEqual([own]);
    expect(left.removed).toEqual(d.steps);
    const back = changeBase(left.draft, { kind: "preset", id: "consumer-offsets-skew" }, left.removed);
    expect(back.draft.steps).toEqual([...d.steps, own]);
    expect(back.restored).toEqual(d.steps);
    expect(isPristinePreset(changeBase(left.draft, { kind: "preset", id: "consumer-offsets-skew" }, left.removed).draft)).toBe(false);
    expect(isPristinePreset(changeBase(changeBase(d, { kind: "current" }).draft, { kind: "preset", id: "consumer-offsets-skew" }, d.steps).draft)).toBe(true);
  });

  it("changeBase() keeps every step between bases that are not the preset's, and a preset step the operator changed", () => {
    const d = draftFromPreset("consumer-offsets-skew");
    const edited = d.steps.map((s, i) => (i === 3 && s.kind === "createTopic" ? { ...s, name: "clicks" } : s));
    const left = changeBase({ ...d, steps: edited }, { kind: "current" });
    expect(left.draft.steps).toEqual([edited[3]]);
    const again = changeBase(left.draft, { kind: "demo" });
    expect(again).toEqual({ draft: { ...left.draft, base: { kind: "demo" } }, removed: [], restored: [] });
  });
});

describe("clusterContext() / newStep()", () => {
  it("clusterContext() lists brokers, paths in log.dirs order, the usual capacity and topics", () => {
    expect(ctx).toEqual({
      brokerIds: [1, 2, 3],
      paths: ["/data/d1", "/data/d2", "/data/d3"],
      capacity: 512 * GiB,
      topics: ["__consumer_offsets", "orders"],
      racks: false,
      dirs: [1, 2, 3].flatMap((broker) => ["/data/d1", "/data/d2", "/data/d3"].map((path) => ({ broker, path }))),
      emptyBrokers: [],
    });
  });

  it("newStep() fills in every kind so that it validates", () => {
    for (const { kind } of STEP_KINDS) {
      for (const c of [ctx, EMPTY_CONTEXT]) expect(StepSchema.safeParse(newStep(kind, c)).success, `${kind}`).toBe(true);
    }
  });

  it("newStep() follows the cluster's naming and sizes", () => {
    expect(newStep("addLogDir", ctx)).toEqual({ kind: "addLogDir", broker: "all", path: "/data/d4", totalBytes: 512 * GiB });
    expect(newStep("addBroker", ctx)).toMatchObject({ id: 4, logDirs: [{ path: "/data/d1" }, { path: "/data/d2" }, { path: "/data/d3" }] });
    expect(newStep("growTopic", ctx)).toMatchObject({ topic: "orders" });
    expect(newStep("createTopic", { ...ctx, topics: ["topic-1"] })).toMatchObject({ name: "topic-2", replicationFactor: 3 });
  });

  it("planOperation() starts a fill with the empty brokers, and a removal or drain with nothing chosen", () => {
    const c = { ...ctx, emptyBrokers: [4, 5] };
    expect(planOperation("add-brokers", c)).toEqual({ kind: "add-brokers", brokers: [4, 5] });
    expect(planOperation("remove-brokers", c)).toEqual({ kind: "remove-brokers", brokers: [] });
    expect(planOperation("drain-dirs", c)).toEqual({ kind: "drain-dirs", dirs: [], cordon: true });
    expect(planOperation("rebalance", c)).toEqual({ kind: "rebalance" });
  });

  it("newStep() plans a fill of the brokers that hold nothing, else a rebalance, with every goal", () => {
    expect(newStep("plan", ctx)).toEqual({
      kind: "plan",
      options: { operation: { kind: "rebalance" }, goals: ["dir-utilization", "broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"] },
    });
    expect(newStep("plan", { ...ctx, emptyBrokers: [4] })).toMatchObject({ kind: "plan", options: { operation: { kind: "add-brokers", brokers: [4] } } });
  });

  it("nextDirPath() continues a numbered series, else starts /data/dN", () => {
    expect(nextDirPath(["/var/kafka/disk1", "/var/kafka/disk2"])).toBe("/var/kafka/disk3");
    expect(nextDirPath(["/kafka"])).toBe("/data/d2");
    expect(nextDirPath([])).toBe("/data/d1");
  });

  it("topicsCreatedBy() lists the topics the steps create", () => {
    expect(topicsCreatedBy(draftFromPreset("padding-workaround").steps)).toEqual(["__consumer_offsets", "padding-throwaway", "orders"]);
  });

  it("editorContext() adds the topics and brokers the draft's steps create to the last run's cluster", () => {
    expect(editorContext(null, [])).toBe(EMPTY_CONTEXT);
    const report = slimReport(final.report);
    const steps: StepInput[] = [
      { kind: "addBroker", id: 9, rack: null, logDirs: [{ path: "/data/d1", totalBytes: null }] },
      { kind: "createTopic", name: "later", partitions: 1, replicationFactor: 1 },
    ];
    const c = editorContext({ report, topics: ["orders"] }, steps);
    expect(c.brokerIds).toEqual([...report.brokerIds, 9].sort((a, b) => a - b));
    expect(c.topics).toEqual(["orders", "later"]);
    expect(c.paths).toEqual(ctx.paths);
    // A broker a step adds holds nothing yet: a plan step would fill it, from its own dirs.
    expect(c.emptyBrokers).toEqual([9]);
    expect(c.dirs.filter((d) => d.broker === 9)).toEqual([{ broker: 9, path: "/data/d1" }]);
  });
});

describe("draftIssues() / draftBody() / draftKey()", () => {
  it("draftIssues() reports bad fields with the API's paths", () => {
    const d = draftFromPreset("consumer-offsets-skew");
    expect(draftIssues({ ...d, seed: Number.NaN, steps: [...d.steps, { kind: "createTopic", name: "x", partitions: Number.NaN, replicationFactor: 1 }] })).toEqual([
      { path: "seed", message: "the seed is a whole number, 0 or more" },
      { path: "steps.4.partitions", message: expect.any(String) },
    ]);
    expect(draftIssues(d)).toEqual([]);
    expect(draftIssues({ ...d, base: { kind: "forecast", days: Number.NaN } })).toEqual([
      { path: "base.forecast.days", message: "days is a whole number of days ahead, 1 to 365" },
    ]);
    expect(draftIssues({ ...d, base: { kind: "forecast", days: 30 } })).toEqual([]);
  });

  it("draftBody() sends base references, and the imported snapshot inline", () => {
    const d = draftFromPreset("consumer-offsets-skew");
    expect(draftBody(d, null, { compare: true, snapshot: false })).toMatchObject({
      ok: true,
      value: { base: { preset: "consumer-offsets-skew" }, seed: 42, compare: true, snapshot: false },
    });
    const imported = { ...d, base: { kind: "imported" as const } };
    expect(draftBody(imported, null, { compare: true, snapshot: false })).toMatchObject({
      ok: false,
      error: { code: "no_imported_snapshot", message: expect.stringMatching(/none is imported here/) },
    });
    const snap = storyBase("imported");
    expect(draftBody(imported, snap, { compare: true, snapshot: false })).toMatchObject({ ok: true, value: { base: { snapshot: snap } } });
    expect(draftBody({ ...d, base: { kind: "forecast", days: 30 } }, null, { compare: true, snapshot: false })).toMatchObject({
      ok: true,
      value: { base: { forecast: { days: 30 } } },
    });
  });

  it("draftKey() changes with anything a run depends on, not with the preset label", () => {
    const d = draftFromPreset("consumer-offsets-skew");
    expect(draftKey({ ...d, presetId: null })).toBe(draftKey(d));
    expect(draftKey({ ...d, seed: 43 })).not.toBe(draftKey(d));
  });
});
