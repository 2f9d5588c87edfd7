import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/simulate/presets";
import { storyBase } from "@/lib/simulate/presets/story";
import { baseRefJson, parseBaseRef, parseSimulateRequest, resolveScenario } from "@/lib/simulate/request";

const step = { kind: "createTopic", name: "t", partitions: 3, replicationFactor: 1 };

describe("parseSimulateRequest()", () => {
  it("parseSimulateRequest() reads { base, policy, seed, steps } with a base reference", () => {
    const r = parseSimulateRequest({ base: "demo", seed: 7, steps: [step] });
    expect(r).toMatchObject({ ok: true, value: { base: { kind: "demo" }, seed: 7, policy: null, compare: true, includeSnapshot: true } });
    expect(r.ok && r.value.steps?.[0]).toMatchObject({ kind: "createTopic", size: { kind: "fixed", bytes: 0 } });
  });

  it("parseSimulateRequest() reads { preset } as the preset's base with its own defaults", () => {
    const r = parseSimulateRequest({ preset: "size-aware" });
    expect(r).toMatchObject({ ok: true, value: { base: { kind: "preset", id: "size-aware" }, steps: null, seed: null } });
    const s = resolveScenario(r.ok ? r.value : (null as never), storyBase("x"));
    expect(s.policy.logDirPlacement).toBe("least-bytes");
    expect(s.steps).toEqual(getPreset("size-aware")!.scenario.steps);
    expect(s.seed).toBe(42);
  });

  it("parseSimulateRequest() lets a request override a preset's policy, seed and steps", () => {
    const r = parseSimulateRequest({ preset: "consumer-offsets-skew", seed: 3, policy: { logDirPlacement: "least-utilization" }, steps: [] });
    const s = resolveScenario(r.ok ? r.value : (null as never), storyBase("x"));
    expect([s.seed, s.policy.logDirPlacement, s.steps.length]).toEqual([3, "least-utilization", 0]);
  });

  it("parseSimulateRequest() reads a whole { scenario } with an inline base", () => {
    const r = parseSimulateRequest({ scenario: { base: storyBase("inline"), steps: [step] }, compare: false, snapshot: false });
    expect(r).toMatchObject({ ok: true, value: { base: { kind: "snapshot", snapshot: { source: { label: "inline" } } }, compare: false, includeSnapshot: false } });
  });

  it("parseSimulateRequest() names the path of a bad step", () => {
    expect(parseSimulateRequest({ base: "demo", steps: [step, step, { ...step, partitions: 0 }] })).toEqual({
      ok: false,
      error: {
        code: "bad_request",
        message: "steps.2.partitions: partitions must be at least 1",
        issues: [{ path: "steps.2.partitions", message: "partitions must be at least 1" }],
      },
    });
    const inScenario = parseSimulateRequest({ scenario: { base: storyBase("x"), steps: [{ ...step, replicationFactor: 0 }] } });
    expect(!inScenario.ok && inScenario.error.issues[0]).toEqual({ path: "scenario.steps.0.replicationFactor", message: "replicationFactor must be at least 1" });
  });

  it("parseSimulateRequest() names bad bases, presets and inline snapshots by path", () => {
    expect(parseSimulateRequest({ base: "prod" })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "base", message: expect.stringMatching(/^base must be "demo", "current"/) }] },
    });
    expect(parseSimulateRequest({ preset: "nope" })).toMatchObject({ ok: false, error: { issues: [{ path: "preset", message: expect.stringMatching(/consumer-offsets-skew/) }] } });
    expect(parseSimulateRequest({ base: { synthetic: { brokers: 0, dirsPerBroker: 1, replicas: 1 } } })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "base.synthetic.brokers" }] },
    });
    const snap = { ...storyBase("x"), brokers: [{ id: -1 }] };
    expect(parseSimulateRequest({ base: { snapshot: snap } })).toMatchObject({ ok: false, error: { issues: [{ path: "base.snapshot.brokers.0.id" }] } });
    expect(parseSimulateRequest({ scenario: { base: snap, steps: [] } })).toMatchObject({ ok: false, error: { issues: [{ path: "scenario.base.brokers.0.id" }] } });
  });

  it("parseSimulateRequest() reads a snapshot link's id as a base and refuses anything else there", () => {
    expect(parseSimulateRequest({ base: { shared: "Ab3_-xYz0123456789abcQ" } })).toMatchObject({ ok: true, value: { base: { kind: "shared", id: "Ab3_-xYz0123456789abcQ" } } });
    expect(parseSimulateRequest({ base: { shared: "../etc/passwd" } })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "base.shared", message: expect.stringMatching(/the part after \/s\//) }] },
    });
  });

  it("parseSimulateRequest() reads a forecast base and names what is wrong with its days", () => {
    expect(parseSimulateRequest({ base: { forecast: { days: 30 } } })).toMatchObject({ ok: true, value: { base: { kind: "forecast", days: 30 } } });
    expect(parseSimulateRequest({ base: { forecast: { days: 0 } } })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "base.forecast.days", message: "days is a whole number of days ahead, 1 to 365" }] },
    });
    expect(parseSimulateRequest({ base: { forecast: { days: 2.5 } } })).toMatchObject({ ok: false, error: { issues: [{ path: "base.forecast.days" }] } });
    expect(parseSimulateRequest({ base: { forecast: { days: 400 } } })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "base.forecast.days", message: "days is at most 365: the forecast looks no further ahead" }] },
    });
    expect(parseSimulateRequest({ base: { forecast: { days: "30" } } })).toMatchObject({ ok: false, error: { issues: [{ path: "base.forecast.days" }] } });
    expect(parseSimulateRequest({ base: { forecast: { days: 30, at: 1 } } })).toMatchObject({ ok: false, error: { issues: [{ path: "base.forecast.at" }] } });
    expect(parseSimulateRequest({ base: { forecast: 30 } })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "base.forecast", message: 'forecast is { "days": N }, N days ahead (1 to 365)' }] },
    });
  });

  it("parseSimulateRequest() names an unknown field and lists the fields it takes", () => {
    expect(parseSimulateRequest({ base: "demo", step: [] })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "step", message: "unknown field; the body takes base, policy, seed, steps, compare, snapshot" }] },
    });
  });

  it("parseSimulateRequest() refuses a body that is not an object", () => {
    for (const body of [null, [], "demo", 3]) expect(parseSimulateRequest(body)).toMatchObject({ ok: false, error: { issues: [{ path: "" }] } });
  });
});

describe("parseBaseRef() / baseRefJson()", () => {
  it("baseRefJson() is the inverse of parseBaseRef()", () => {
    for (const raw of [
      "demo",
      "current",
      { preset: "padding-workaround" },
      { synthetic: { brokers: 3, dirsPerBroker: 2, replicas: 10 } },
      { shared: "Ab3_-xYz0123456789abcQ" },
      { forecast: { days: 90 } },
    ]) {
      const parsed = parseBaseRef(raw, "base");
      expect(parsed.ok && baseRefJson(parsed.value)).toEqual(raw);
    }
  });
});
