/**
 * A cluster whose every topic, dir, rack and host is named after an Object.prototype member
 * (`__proto__`, `constructor`, …: legal in Kafka) through the routes: planned with a throttle on every
 * moving topic, simulated with the dirs counted, stored as a link and read back, its topic grid and
 * its CSV export. The route handlers are called directly (no server), on a throw-away store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as plan } from "@/app/api/plan/route";
import { POST as simulate } from "@/app/api/simulate/route";
import { POST as share } from "@/app/api/snapshots/route";
import { GET as record } from "@/app/api/snapshots/[id]/route";
import { GET as exportRoute } from "@/app/api/snapshots/[id]/export/route";
import { GET as topics } from "@/app/api/cluster/topics/route";
import { jsonRequest, params, useTempStore } from "../fixtures/snapshots/harness";
import { PROTOTYPE_NAMES, prototypeNamedSnapshot } from "../support/prototype-names";

let temp: ReturnType<typeof useTempStore>;
const snapshot = prototypeNamedSnapshot();
const names = [...PROTOTYPE_NAMES].sort();

beforeAll(() => {
  temp = useTempStore("prototype-names");
});
afterAll(() => temp.cleanup());

describe("Object.prototype names through the routes", () => {
  it("POST /api/plan throttles every topic it moves, __proto__ included", async () => {
    const res = await plan(jsonRequest("/api/plan", { body: { snapshot, options: { operation: { kind: "remove-brokers", brokers: [4] }, goals: [] } } }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { plan: { throttles: { topics: { topic: string; leaderReplicas: string; followerReplicas: string }[] } } };
    const throttled = body.plan.throttles.topics;
    expect(throttled.map((t) => t.topic).sort()).toEqual(names);
    expect(throttled.find((t) => t.topic === "__proto__")!.leaderReplicas.split(",")).toContain("0:4");
  });

  it("POST /api/simulate counts the logs of the __proto__ dirs, so new logs go to the empty dir", async () => {
    const res = await simulate(
      jsonRequest("/api/simulate", {
        body: { base: { snapshot }, steps: [{ kind: "createTopic", name: "valueOf-new", partitions: 12, replicationFactor: 1 }], compare: false, snapshot: true },
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { final: { snapshot: typeof snapshot } };
    const created = body.final.snapshot.topics.find((t) => t.name === "valueOf-new")!;
    expect(created.partitions.flatMap((p) => p.replicas.map((r) => r.logDir))).toEqual(Array(12).fill("/data/z"));
  });

  it("a stored link keeps every name: its record, its topic grid and its CSV export", async () => {
    const created = await share(jsonRequest("/api/snapshots", { body: { kind: "snapshot", snapshot, sharing: { redactHosts: false, hashTopics: false } } }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const stored = (await (await record(jsonRequest(`/api/snapshots/${id}`), params(id))).json()) as { snapshot: typeof snapshot };
    expect(stored.snapshot.topics.map((t) => t.name).sort()).toEqual(names);
    expect(stored.snapshot.brokers.map((b) => [b.rack, b.host])).toEqual(snapshot.brokers.map((b) => [b.rack, b.host]));
    const grid = (await (await topics(jsonRequest(`/api/cluster/topics?shared=${id}&sort=name&limit=100`))).json()) as { rows: { name: string }[] };
    expect(grid.rows.map((r) => r.name).sort()).toEqual(names);
    const csv = await (await exportRoute(jsonRequest(`/api/snapshots/${id}/export?format=dirs-csv`), params(id))).text();
    for (const path of ["__proto__", "constructor", "toString"]) expect(csv.split("\r\n").filter((l) => l.includes(`,${path},`))).toHaveLength(4);
  });
});
