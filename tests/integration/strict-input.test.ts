/**
 * Every route reads its input strictly and checks a snapshot the same way: an unknown key is a 400
 * naming it (a typo never runs with defaults), and an inconsistent snapshot is a 400 naming the field,
 * never a 500 from deep inside the planner.
 */
import { describe, expect, it } from "vitest";
import { POST as plan } from "@/app/api/plan/route";
import { POST as simulate } from "@/app/api/simulate/route";
import { POST as importRoute } from "@/app/api/import/route";
import { POST as share } from "@/app/api/snapshots/route";
import { demoSnapshot } from "@/lib/simulate/presets";

const json = (route: (r: Request) => Promise<Response>, url: string, body: unknown) =>
  route(new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));

async function error(res: Response): Promise<{ status: number; message: string; paths: string[] }> {
  const body = (await res.json()) as { error: { message: string; issues?: { path: string }[] } };
  return { status: res.status, message: body.error.message, paths: (body.error.issues ?? []).map((i) => i.path) };
}

/** A snapshot that passes the schema but breaks a rule zod cannot express. */
function inconsistent(kind: "broker" | "topic" | "replica" | "dir") {
  const s = structuredClone(demoSnapshot()) as ReturnType<typeof demoSnapshot>;
  if (kind === "broker") s.brokers.push({ ...s.brokers[0]! });
  if (kind === "topic") s.topics.push({ ...s.topics[0]! });
  if (kind === "dir") s.brokers[0]!.logDirs.push({ ...s.brokers[0]!.logDirs[0]! });
  if (kind === "replica") {
    const p = s.topics.find((t) => t.partitions[0]!.replicas.length > 1)!.partitions[0]!;
    p.replicas[1] = { ...p.replicas[1]!, broker: p.replicas[0]!.broker };
  }
  return s;
}

describe("strict input on every route", () => {
  it("POST /api/plan answers 400 naming a misplaced or misspelt key instead of planning with the defaults", async () => {
    const top = await error(await json(plan, "/api/plan", { mode: "intra", tolerence: 0.01 }));
    expect(top.status).toBe(400);
    expect(top.paths).toEqual(["mode", "tolerence"]);
    expect(top.message).toMatch(/^mode: unknown key/);
    const nested = await error(await json(plan, "/api/plan", { options: { goals: ["dir-utilization"], tolerence: 0.01 } }));
    expect(nested).toMatchObject({ status: 400, paths: ["options.tolerence"] });
    // Options from before goals existed are refused too: a request says what it wants today.
    const old = await error(await json(plan, "/api/plan", { options: { mode: "intra" } }));
    expect(old).toMatchObject({ status: 400, paths: ["options.mode"] });
  });

  it("POST /api/plan answers 400 naming a misspelt throttle key instead of throttling at the 50 MiB/s default (the apply route reads the same schema)", async () => {
    const res = await error(await json(plan, "/api/plan", { options: { throttle: { replicationBytesPerSec: 200 } } }));
    expect(res).toMatchObject({ status: 400, paths: ["options.throttle.replicationBytesPerSec"] });
    expect(res.message).toContain("unknown key");
    const execution = await error(await json(plan, "/api/plan", { options: { execution: { partitionMovesPerBrokr: 1 } } }));
    expect(execution).toMatchObject({ status: 400, paths: ["options.execution.partitionMovesPerBrokr"] });
  });

  it("POST /api/simulate, /api/import and /api/snapshots answer 400 naming an unknown key, nested ones too", async () => {
    expect(await error(await json(simulate, "/api/simulate", { base: "demo", stesp: [] }))).toMatchObject({ status: 400 });
    expect((await error(await json(simulate, "/api/simulate", { base: "demo", stesp: [] }))).message).toContain("stesp");
    const step = await error(
      await json(simulate, "/api/simulate", { base: "demo", steps: [{ kind: "createTopic", name: "t", partitions: 3, replicationFactor: 1, replication: 3 }] }),
    );
    expect(step.status).toBe(400);
    expect(step.message).toContain("steps.0.replication");
    expect(await error(await json(importRoute, "/api/import", { logDirs: "x", topic: "y" }))).toMatchObject({ status: 400, paths: ["topic"] });
    const snap = structuredClone(demoSnapshot()) as Record<string, unknown>;
    (snap.brokers as Record<string, unknown>[])[0]!.hostname = "b1";
    const shared = await error(await json(share, "/api/snapshots", { kind: "snapshot", snapshot: snap }));
    expect(shared).toMatchObject({ status: 400, paths: ["snapshot.brokers.0.hostname"] });
  });

  it.each(["broker", "topic", "replica", "dir"] as const)("POST /api/plan answers 400, not 500, for a snapshot with a duplicate %s", async (kind) => {
    const planned = await error(await json(plan, "/api/plan", { snapshot: inconsistent(kind), options: { goals: ["dir-utilization", "broker-bytes"] } }));
    expect(planned.status).toBe(400);
    expect(planned.paths[0]).toMatch(/^snapshot\.(brokers|topics)\.\d+/);
    // The same snapshot gets the same answer from every route that takes one.
    const simulated = await error(await json(simulate, "/api/simulate", { base: { snapshot: inconsistent(kind) } }));
    expect(simulated.status).toBe(400);
    expect(simulated.paths[0]!.replace(/^base\./, "")).toBe(planned.paths[0]);
    const stored = await error(await json(share, "/api/snapshots", { kind: "snapshot", snapshot: inconsistent(kind) }));
    expect(stored.status).toBe(400);
    expect(stored.paths[0]).toBe(planned.paths[0]);
  });
});

describe("bounded input", () => {
  it("POST /api/simulate answers 413, not a stack overflow, for an inline cluster of 128,000 log dirs", async () => {
    const brokers = Array.from({ length: 1000 }, (_, b) => ({ id: b, logDirs: Array.from({ length: 128 }, (_, d) => ({ path: `/d${d}` })) }));
    const snapshot = { schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { kind: "import", label: "many dirs" }, brokers, topics: [] };
    const res = await error(await json(simulate, "/api/simulate", { base: { snapshot }, steps: [] }));
    expect(res.status).toBe(413);
    expect(res.message).toContain("128,000 log dirs and the limit is 50,000 (KAFKA_BALANCE_SIMULATE_MAX_LOG_DIRS)");
  });
});
