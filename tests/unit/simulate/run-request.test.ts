import { describe, expect, it, vi } from "vitest";
import { failure } from "@/lib/model/result";
import { DEFAULT_LIMITS } from "@/lib/simulate/limits";
import { demoSnapshot, getPreset } from "@/lib/simulate/presets";
import { parseSimulateRequest, type SimulateRequest } from "@/lib/simulate/request";
import { runSimulateRequest, simulate, type BaseLoaders } from "@/lib/simulate/run-request";
import { syntheticCluster } from "@/lib/simulate/synthetic";

function request(body: unknown): SimulateRequest {
  const r = parseSimulateRequest(body);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

const loaders = (): BaseLoaders => ({ current: vi.fn(async () => ({ ok: true as const, value: demoSnapshot() })), synthetic: vi.fn(syntheticCluster) });

describe("simulate()", () => {
  it("simulate() answers slim reports per step, the final snapshot when asked, and the comparison", () => {
    const r = simulate(getPreset("consumer-offsets-skew")!.scenario, { compare: true, includeSnapshot: true });
    expect(r.steps.map((s) => [s.kind, s.ok])).toEqual([
      ["firstConsumerGroup", true],
      ["addLogDir", true],
      ["addLogDir", true],
      ["createTopic", true],
    ]);
    expect(r.steps[3]!.description).toBe("Create topic orders: 30 partitions × RF 2, 36.0 GiB–44.0 GiB each");
    for (const report of [r.initial.report, r.final.report, ...r.steps.map((s) => s.report)]) expect(report).not.toHaveProperty("topics");
    expect(r.final.snapshot?.topics.map((t) => t.name)).toEqual(["__consumer_offsets", "orders"]);
    expect(r.final.topics).toEqual(["__consumer_offsets", "orders"]);
    expect(r.comparison?.outcomes).toHaveLength(3);
    expect(r.base).toMatchObject({ brokers: 3, replicas: 0, label: "Story: __consumer_offsets skew" });
  });

  it("simulate() leaves the snapshot and the comparison out when not asked", () => {
    const r = simulate(getPreset("size-aware")!.scenario, { compare: false, includeSnapshot: false });
    expect(r.final.snapshot).toBeNull();
    expect(r.comparison).toBeNull();
  });

  it("simulate() gives the same answer for the same scenario", () => {
    const s = getPreset("padding-workaround")!.scenario;
    expect(JSON.stringify(simulate(s, { compare: true, includeSnapshot: true }))).toBe(JSON.stringify(simulate(s, { compare: true, includeSnapshot: true })));
  });
});

describe("runSimulateRequest()", () => {
  it("runSimulateRequest() resolves the demo, a preset and the current source", async () => {
    const l = loaders();
    const demo = await runSimulateRequest(request({ base: "demo" }), l, DEFAULT_LIMITS);
    expect(demo.ok && demo.value.base.kind).toBe("demo");
    const preset = await runSimulateRequest(request({ preset: "size-aware" }), l, DEFAULT_LIMITS);
    expect(preset.ok && preset.value.scenario.policy.logDirPlacement).toBe("least-bytes");
    const current = await runSimulateRequest(request({ base: "current", steps: [] }), l, DEFAULT_LIMITS);
    expect(current.ok && current.value.base.replicas).toBe(210);
    expect(l.current).toHaveBeenCalledTimes(1);
  });

  it("runSimulateRequest() passes a failing current source through with its code", async () => {
    const l: BaseLoaders = { current: async () => failure("kafka_unreachable", "Kafka at x:9092 is unreachable") };
    expect(await runSimulateRequest(request({ base: "current" }), l, DEFAULT_LIMITS)).toEqual(failure("kafka_unreachable", "Kafka at x:9092 is unreachable"));
  });

  it("runSimulateRequest() refuses a synthetic base over the limit before generating it", async () => {
    const l = loaders();
    const r = await runSimulateRequest(request({ base: { synthetic: { brokers: 10, dirsPerBroker: 2, replicas: 1_000 } } }), l, {
      maxReplicas: 999,
      maxLogDirs: 1e9,
      maxReplicaSteps: 1e9,
    });
    expect(r).toMatchObject({ ok: false, error: { code: "scenario_too_large", details: { limit: { maxReplicas: 999 } } } });
    expect(l.synthetic).not.toHaveBeenCalled();
  });

  it("runSimulateRequest() refuses too many replicas × steps with 413 before running", async () => {
    const body = { base: "demo", steps: Array.from({ length: 10 }, (_, i) => ({ kind: "growTopic", topic: "orders", factor: 1 + i / 100 })) };
    const r = await runSimulateRequest(request(body), loaders(), { maxReplicas: 1e6, maxLogDirs: 1e9, maxReplicaSteps: 2000 });
    expect(r).toMatchObject({ ok: false, error: { code: "scenario_too_large", message: expect.stringMatching(/210 replicas \+ 9 log dirs \+ 3 brokers, × 11 states/) } });
  });

  it("runSimulateRequest() opens a snapshot link's base through its loader, and says when there is none", async () => {
    const shared = vi.fn(async (id: string) => (id === "known" ? { ok: true as const, value: demoSnapshot() } : failure("not_found", `no snapshot link ${id}`)));
    const ok = await runSimulateRequest(request({ base: { shared: "known" }, steps: [] }), { ...loaders(), shared }, DEFAULT_LIMITS);
    expect(ok.ok && ok.value.base.replicas).toBe(210);
    expect(await runSimulateRequest(request({ base: { shared: "gone" } }), { ...loaders(), shared }, DEFAULT_LIMITS)).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await runSimulateRequest(request({ base: { shared: "known" } }), loaders(), DEFAULT_LIMITS)).toMatchObject({ ok: false, error: { code: "shared_unavailable" } });
  });

  it("runSimulateRequest() uses the synthetic loader it is given", async () => {
    const l = loaders();
    const r = await runSimulateRequest(request({ base: { synthetic: { brokers: 6, dirsPerBroker: 2, replicas: 600 } }, compare: false }), l, DEFAULT_LIMITS);
    expect(r.ok && r.value.base.replicas).toBe(600);
    expect(l.synthetic).toHaveBeenCalledTimes(1);
  });

  it("runSimulateRequest() starts from the forecast through its loader, and says when the server has none", async () => {
    const forecast = vi.fn(async (days: number) => (days === 30 ? { ok: true as const, value: demoSnapshot() } : failure("no_history", "no history")));
    const ok = await runSimulateRequest(request({ base: { forecast: { days: 30 } }, compare: false }), { ...loaders(), forecast }, DEFAULT_LIMITS);
    expect(ok.ok && ok.value.base.replicas).toBe(210);
    expect(forecast).toHaveBeenCalledWith(30);
    expect(await runSimulateRequest(request({ base: { forecast: { days: 7 } } }), { ...loaders(), forecast }, DEFAULT_LIMITS)).toMatchObject({
      ok: false,
      error: { code: "no_history" },
    });
    expect(await runSimulateRequest(request({ base: { forecast: { days: 7 } } }), loaders(), DEFAULT_LIMITS)).toMatchObject({ ok: false, error: { code: "no_history" } });
  });
});
