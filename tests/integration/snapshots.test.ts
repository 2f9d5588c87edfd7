// Snapshot links through the route handlers, as Next calls them, on a temporary SQLite file.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getRecord, DELETE as deleteRecord } from "@/app/api/snapshots/[id]/route";
import { GET as exportRecord } from "@/app/api/snapshots/[id]/export/route";
import { GET as listRecords, POST as postRecord } from "@/app/api/snapshots/route";
import { parseSnapshot } from "@/lib/model/parse";
import { runScenario } from "@/lib/simulate/engine";
import { planRebalance } from "@/lib/plan";
import type { SharedRecord } from "@/lib/share/record";
import { SharedPlanSchema, storedScenario } from "@/lib/share/record";
import { ScenarioSchema } from "@/lib/simulate/schema";
import { jsonRequest, params, useTempStore } from "../fixtures/snapshots/harness";

const fixture = (kind: string) =>
  JSON.parse(fs.readFileSync(path.resolve("tests/fixtures/snapshots/v1", `${kind}.json`), "utf8")) as {
    payload: { snapshot: Record<string, unknown>; scenario: Record<string, unknown>; plan: { options: Record<string, unknown>; reassignmentJson: string } };
  };
const snapshot = fixture("snapshot").payload.snapshot;
const scenario = fixture("scenario").payload.scenario;
const plan = fixture("plan").payload.plan;

let temp: ReturnType<typeof useTempStore>;
beforeAll(() => {
  temp = useTempStore("routes");
});
afterAll(() => temp.cleanup());

async function share(body: unknown): Promise<{ status: number; json: { id: string; url: string; error?: { code: string; message: string; issues?: { path: string }[] } } }> {
  const response = await postRecord(jsonRequest("/api/snapshots", { body }));
  return { status: response.status, json: (await response.json()) as never };
}

async function open(id: string): Promise<{ status: number; json: SharedRecord & { error?: { code: string; message: string } } }> {
  const response = await getRecord(jsonRequest(`/api/snapshots/${id}`), params(id));
  return { status: response.status, json: (await response.json()) as never };
}

describe("POST then GET /api/snapshots: each kind of record round-trips", () => {
  it("a snapshot record opens as the snapshot that was shared", async () => {
    const created = await share({ kind: "snapshot", snapshot, sharing: { redactHosts: false } });
    expect(created.status).toBe(201);
    expect(created.json.url).toBe(`/s/${created.json.id}`);
    const { status, json } = await open(created.json.id);
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: created.json.id, kind: "snapshot", schemaVersion: 1, scenario: null, plan: null, sharing: { redactHosts: false, hashTopics: false } });
    expect(json.snapshot).toEqual((parseSnapshot(snapshot) as { value: unknown }).value);
    expect(json.sizeBytes).toBeGreaterThan(1000);
  });

  it("a scenario record reopens the same simulation", async () => {
    const created = await share({ kind: "scenario", scenario: { ...scenario, base: snapshot }, sharing: { redactHosts: false } });
    expect(created.status).toBe(201);
    const { json } = await open(created.json.id);
    expect(json.kind).toBe("scenario");
    const reopened = ScenarioSchema.parse(storedScenario(json));
    const original = ScenarioSchema.parse({ ...scenario, base: snapshot });
    expect(reopened).toEqual(original);
    expect(runScenario(reopened).final.snapshot).toEqual(runScenario(original).final.snapshot);
  });

  it("a plan record reopens the same plan: options, reassignment JSON, and the planner's output", async () => {
    const created = await share({ kind: "plan", snapshot, plan, sharing: { redactHosts: false } });
    expect(created.status).toBe(201);
    const { json } = await open(created.json.id);
    expect(json.kind).toBe("plan");
    expect(json.plan!.reassignmentJson).toBe(plan.reassignmentJson);
    // The fixture was stored before goals existed: it reopens with the goals its mode meant.
    expect(json.plan!.options).toEqual(SharedPlanSchema.parse(plan).options);
    expect(json.plan!.options.goals).toEqual(["dir-utilization"]);
    const parsed = parseSnapshot(snapshot);
    if (!parsed.ok) throw new Error("fixture");
    const reopened = planRebalance(json.snapshot, json.plan!.options);
    const original = planRebalance(parsed.value, SharedPlanSchema.parse(plan).options);
    if (!reopened.ok || !original.ok) throw new Error("the fixture's plan plans");
    expect(reopened.value.reassignmentJson).toBe(original.value.reassignmentJson);
  });

  it("sharing options are applied before storing: hosts are redacted by default, topics hashed on request", async () => {
    const created = await share({ kind: "plan", snapshot, plan, sharing: { hashTopics: true } });
    const { json } = await open(created.json.id);
    expect(json.sharing).toEqual({ redactHosts: true, hashTopics: true });
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/example\.com|"orders"|payments/);
    expect(json.snapshot.topics.map((t) => t.name)).toContain("__consumer_offsets");
    expect(json.plan!.options.bootstrapServer).toBe("redacted:9092");
  });
});

describe("GET /api/snapshots/[id]: unknown and malformed ids", () => {
  it("answers 404 with a clear message for an id nobody created", async () => {
    const { status, json } = await open("AAAAAAAAAAAAAAAAAAAAAA");
    expect(status).toBe(404);
    expect(json.error).toMatchObject({ code: "not_found" });
    expect(json.error!.message).toMatch(/No shared snapshot has the id AAAAAAAAAAAAAAAAAAAAAA/);
  });

  it("answers 400 for a malformed id, saying what an id looks like", async () => {
    const { status, json } = await open("not-an-id");
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: "invalid_id" });
    expect(json.error!.message).toMatch(/22 characters/);
  });
});

describe("POST /api/snapshots: limits and bad input", () => {
  it("answers 413 beyond KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES", async () => {
    process.env.KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES = "2000";
    try {
      const { status, json } = await share({ kind: "snapshot", snapshot });
      expect(status).toBe(413);
      expect(json.error!.message).toMatch(/2000 bytes/);
    } finally {
      delete process.env.KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES;
    }
  });

  it("answers 400 naming the field for a bad kind, a bad snapshot, a bad step and a bad reassignment JSON", async () => {
    const cases: [unknown, string][] = [
      [{ kind: "movie", snapshot }, "kind"],
      [{ kind: "snapshot" }, "snapshot"],
      [{ kind: "snapshot", snapshot: { ...snapshot, brokers: [{ id: -1 }] } }, "snapshot.brokers.0.id"],
      [
        { kind: "scenario", scenario: { ...scenario, base: snapshot, steps: [{ kind: "createTopic", name: "a b", partitions: 1, replicationFactor: 1 }] } },
        "scenario.steps.0.name",
      ],
      [{ kind: "plan", snapshot, plan: { options: { tolerance: 9 } } }, "plan.options.tolerance"],
      [{ kind: "plan", snapshot, plan: { options: {}, reassignmentJson: '{"partitions":[{"topic":"x"}]}' } }, "plan.reassignmentJson.partitions.0.partition"],
      [{ kind: "snapshot", snapshot, sharing: { redactHosts: "yes" } }, "sharing.redactHosts"],
    ];
    for (const [body, field] of cases) {
      const { status, json } = await share(body);
      expect(status, field).toBe(400);
      expect(json.error!.issues?.[0]?.path, field).toBe(field);
      expect(json.error!.message.startsWith(`${field}: `), json.error!.message).toBe(true);
    }
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await postRecord(jsonRequest("/api/snapshots", { body: "{not json" }));
    expect(response.status).toBe(400);
  });
});

describe("listing and deleting need the write token", () => {
  const authed = (token: string) => ({ authorization: `Bearer ${token}` });

  it("answers 403 saying how to enable them when no token is configured", async () => {
    delete process.env.KAFKA_BALANCE_WRITE_TOKEN;
    const list = await listRecords(jsonRequest("/api/snapshots"));
    expect(list.status).toBe(403);
    expect(((await list.json()) as { error: { message: string } }).error.message).toMatch(/set KAFKA_BALANCE_WRITE_TOKEN/);
    const del = await deleteRecord(jsonRequest("/api/snapshots/AAAAAAAAAAAAAAAAAAAAAA", { method: "DELETE" }), params("AAAAAAAAAAAAAAAAAAAAAA"));
    expect(del.status).toBe(403);
  });

  it("answers 401 for a missing or wrong token, and works with the right one", async () => {
    process.env.KAFKA_BALANCE_WRITE_TOKEN = "right-token";
    try {
      const created = await share({ kind: "snapshot", snapshot });
      const id = created.json.id;
      expect((await listRecords(jsonRequest("/api/snapshots"))).status).toBe(401);
      expect((await listRecords(jsonRequest("/api/snapshots", { headers: authed("wrong") }))).status).toBe(401);
      expect((await deleteRecord(jsonRequest(`/api/snapshots/${id}`, { method: "DELETE", headers: authed("wrong") }), params(id))).status).toBe(401);

      const list = await listRecords(jsonRequest("/api/snapshots?limit=2", { headers: authed("right-token") }));
      expect(list.status).toBe(200);
      const body = (await list.json()) as { total: number; records: { id: string; label: string; kind: string }[] };
      expect(body.records).toHaveLength(2);
      expect(body.total).toBeGreaterThanOrEqual(5);
      expect(body.records[0]).toMatchObject({ id, kind: "snapshot", label: "Kafka cluster (host names redacted)" });

      const bad = await listRecords(jsonRequest("/api/snapshots?limit=0", { headers: authed("right-token") }));
      expect(bad.status).toBe(400);

      const del = await deleteRecord(jsonRequest(`/api/snapshots/${id}`, { method: "DELETE", headers: authed("right-token") }), params(id));
      expect(del.status).toBe(200);
      expect((await open(id)).status).toBe(404);
      expect((await deleteRecord(jsonRequest(`/api/snapshots/${id}`, { method: "DELETE", headers: authed("right-token") }), params(id))).status).toBe(404);
    } finally {
      delete process.env.KAFKA_BALANCE_WRITE_TOKEN;
    }
  });
});

describe("GET /api/snapshots/[id]/export", () => {
  it("downloads the figures as CSV and refuses an unknown format naming the choices", async () => {
    const { json } = await share({ kind: "snapshot", snapshot });
    const csv = await exportRecord(jsonRequest(`/api/snapshots/${json.id}/export?format=dirs-csv`), params(json.id));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="kafka-balance-.*-log-dirs\.csv"/);
    expect((await csv.text()).split("\r\n")[0]).toMatch(/^broker,log_dir,state/);
    const bad = await exportRecord(jsonRequest(`/api/snapshots/${json.id}/export?format=pdf`), params(json.id));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/json, brokers-csv, dirs-csv/);
  });
});
