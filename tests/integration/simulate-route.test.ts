import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/simulate/route";
import { POST as share } from "@/app/api/snapshots/route";
import { balanceReport } from "@/lib/model/report";
import { demoSnapshot, getPreset } from "@/lib/simulate/presets";
import { initialState } from "@/lib/server/simulator-initial-state";
import { jsonRequest, useTempStore } from "../fixtures/snapshots/harness";
import { resetClusterSource } from "@/lib/cluster/source";
import { storyBase } from "@/lib/simulate/presets/story";
import type { SimulationResult } from "@/lib/simulate/run-request";

// No Kafka here: "current" is the demo cluster when KAFKA_BOOTSTRAP_SERVERS is unset.
const savedEnv = { ...process.env };

interface ErrorBody {
  error: { code: string; message: string; issues?: { path: string; message: string }[]; limit?: unknown };
}

async function post(body: unknown, init: RequestInit = {}): Promise<{ status: number; body: SimulationResult & ErrorBody; headers: Headers }> {
  const request = new Request("http://localhost/api/simulate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
  const response = await POST(request);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("POST /api/simulate", () => {
  afterEach(() => {
    process.env = { ...savedEnv };
    resetClusterSource();
  });

  it("runs a preset: per-step reports, the final snapshot and the three-policy comparison", async () => {
    const { status, body, headers } = await post({ preset: "consumer-offsets-skew" });
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.steps.map((s) => s.ok)).toEqual([true, true, true, true]);
    expect(body.final.snapshot?.topics.map((t) => t.name)).toEqual(["__consumer_offsets", "orders"]);
    expect(body.comparison?.outcomes.map((o) => o.policy)).toEqual(["kafka-count", "least-bytes", "least-utilization"]);
    expect(body.comparison?.verdict).toMatch(/^Kafka's rule gives every broker 70 partitions but leaves \/data\/d1 almost empty/);
    // Small: one snapshot, slim reports (no per-topic rows).
    expect(JSON.stringify(body).length).toBeLessThan(150_000);
    expect(body.steps[0]!.report).not.toHaveProperty("topics");
  });

  it("runs { base, policy, seed, steps } on the demo and on the current source", async () => {
    for (const base of ["demo", "current"]) {
      const { status, body } = await post({
        base,
        policy: { logDirPlacement: "least-bytes" },
        seed: 9,
        steps: [{ kind: "createTopic", name: "events", partitions: 12, replicationFactor: 3, size: { kind: "fixed", bytes: 1e9 } }],
        snapshot: false,
      });
      expect(status).toBe(200);
      expect(body.base).toMatchObject({ kind: "demo", replicas: 210 });
      expect(body.scenario).toMatchObject({ seed: 9, policy: { logDirPlacement: "least-bytes", brokerPlacement: "kraft-striped" } });
      expect(body.final.report.totals.replicas).toBe(210 + 36);
      expect(body.final.snapshot).toBeNull();
    }
  });

  it("runs a whole { scenario } with an inline base and is deterministic", async () => {
    const scenario = {
      base: storyBase("inline"),
      seed: 5,
      steps: [
        { kind: "addLogDir", broker: "all", path: "/data/d2", totalBytes: 1e12 },
        { kind: "createTopic", name: "t", partitions: 9, replicationFactor: 2, size: { kind: "uniform", min: 1e9, max: 9e9 } },
      ],
    };
    const a = await post({ scenario });
    const b = await post({ scenario });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
  });

  it("passes the base's reader warnings on, so the page can say the base was read in part", async () => {
    const base = storyBase("read in part");
    base.source.warnings = ["Throttle configs could not be read: timed out"];
    const { status, body } = await post({ scenario: { base, steps: [] } });
    expect(status).toBe(200);
    expect(body.base.warnings).toEqual(["Throttle configs could not be read: timed out"]);
    expect((await post({ preset: "consumer-offsets-skew" })).body.base.warnings).toEqual([]);
  });

  it("reports a failed step in the answer and keeps running the later ones", async () => {
    const { status, body } = await post({
      base: "demo",
      steps: [
        { kind: "failLogDir", broker: 9, path: "/data/d1" },
        { kind: "createTopic", name: "t", partitions: 1, replicationFactor: 1 },
      ],
    });
    expect(status).toBe(200);
    expect(body.steps.map((s) => [s.ok, s.error?.code ?? null])).toEqual([
      [false, "unknown_broker"],
      [true, null],
    ]);
  });

  it("answers 400 with the path of the bad field", async () => {
    const steps = [{ kind: "firstConsumerGroup" }, { kind: "addLogDir", broker: "all", path: "/data/d2" }, { kind: "createTopic", name: "t", partitions: 0, replicationFactor: 1 }];
    const { status, body } = await post({ base: "demo", steps });
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: "bad_request",
      message: "steps.2.partitions: partitions must be at least 1",
      issues: [{ path: "steps.2.partitions", message: "partitions must be at least 1" }],
    });
  });

  it("refuses a forecast base on the demo with 409 no_history saying why, and bad days with 400 naming the field", async () => {
    const demo = await post({ base: { forecast: { days: 30 } } });
    expect(demo.status).toBe(409);
    expect(demo.body.error.code).toBe("no_history");
    expect(demo.body.error.message).toMatch(/^The demo cluster is not collected/);
    const bad = await post({ base: { forecast: { days: 366 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues?.map((i) => i.path)).toEqual(["base.forecast.days"]);
  });

  it("answers 400 for bad JSON, unknown fields, bases, presets and inline snapshots", async () => {
    expect((await post("{nope")).body.error.message).toMatch(/^The body is not valid JSON/);
    expect((await post({ base: "demo", stepz: [] })).body.error.issues).toEqual([
      { path: "stepz", message: "unknown field; the body takes base, policy, seed, steps, compare, snapshot" },
    ]);
    expect((await post({ base: "production" })).body.error.issues?.[0]?.path).toBe("base");
    expect((await post({ preset: "nope" })).status).toBe(400);
    const bad = await post({ base: { snapshot: { ...storyBase("x"), brokers: [{ id: 1 }, { id: 1 }] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("base.snapshot.brokers.1.id: broker 1 is listed twice");
  });

  it("answers 413 with the limit when the scenario is too large to run in the time limit", async () => {
    process.env.KAFKA_BALANCE_SIMULATE_MAX_REPLICAS = "1000";
    const { status, body } = await post({ base: "demo", steps: [{ kind: "createTopic", name: "huge", partitions: 1000, replicationFactor: 3 }] });
    expect(status).toBe(413);
    expect(body.error).toMatchObject({ code: "scenario_too_large", limit: { maxReplicas: 1000 }, size: { replicas: 3210 } });
    expect(body.error.message).toMatch(/^The scenario is too large to run in the time limit: it reaches up to 3,210 replicas and the limit is 1,000/);
  });

  it("answers 413 for a body over the byte limit", async () => {
    process.env.KAFKA_BALANCE_SIMULATE_LIMIT_BYTES = "100";
    const { status, body } = await post({ base: "demo", steps: Array.from({ length: 5 }, (_, i) => ({ kind: "growTopic", topic: `t${i}` })) });
    expect(status).toBe(413);
    expect(body.error.code).toBe("payload_too_large");
  });

  describe("with a snapshot link", () => {
    let store: ReturnType<typeof useTempStore>;
    beforeAll(() => {
      store = useTempStore("simulate-route");
    });
    afterAll(() => store.cleanup());

    it("runs on the base of a scenario stored as a snapshot link, and 404s an unknown one", async () => {
      const { base, policy, seed, steps } = getPreset("consumer-offsets-skew")!.scenario;
      const created = await share(jsonRequest("/api/snapshots", { body: { kind: "scenario", scenario: { base, policy, seed, steps } } }));
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const run = await post({ base: { shared: id }, policy, seed, steps });
      expect(run.status).toBe(200);
      expect(run.body.comparison?.verdict).toMatch(/^Kafka's rule gives every broker 70 partitions/);
      const missing = await post({ base: { shared: "AAAAAAAAAAAAAAAAAAAAAA" } });
      expect(missing.status).toBe(404);
      // The simulator page reopens it (the link decoded in the worker, which answers only the scenario).
      const page = await initialState({ shared: id });
      expect(page.notice).toBeNull();
      expect(page.draft.steps).toEqual(steps);
      expect(page.draft.seed).toBe(seed);
      expect(page.result).not.toBeNull();
      const gone = await initialState({ shared: "AAAAAAAAAAAAAAAAAAAAAA" });
      expect(gone.notice).toMatch(/^The shared link could not be opened: No shared snapshot has the id/);
    });

    it("runs on the cluster of a shared snapshot (not a scenario) too: a snapshot link simulated as itself", async () => {
      const snapshot = demoSnapshot();
      const created = await share(jsonRequest("/api/snapshots", { body: { kind: "snapshot", snapshot, sharing: { redactHosts: false } } }));
      const { id } = (await created.json()) as { id: string };
      const run = await post({ base: { shared: id }, steps: [] });
      expect(run.status).toBe(200);
      expect(run.body.initial.report.dirs.map((d) => [d.broker, d.path, d.bytes])).toEqual(balanceReport(snapshot).dirs.map((d) => [d.broker, d.path, d.bytes]));
    });
  });

  it("answers 502 naming the cluster when the current source is unreachable", async () => {
    process.env.KAFKA_BOOTSTRAP_SERVERS = "127.0.0.1:1";
    process.env.KAFKA_REQUEST_TIMEOUT_MS = "2000";
    resetClusterSource();
    const { status, body } = await post({ base: "current", steps: [] });
    expect([502, 504]).toContain(status);
    expect(body.error.message).toMatch(/127\.0\.0\.1:1/);
  });
});
