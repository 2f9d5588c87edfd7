/**
 * Every route that changes state or lists everything, through the real route handlers: 403 while
 * the server does not allow it, 401 for a request without the right token, through with it. And
 * GET /api/plan/apply's `writesEnabled` agrees with what a POST carrying the token gets. Every refusal
 * is in the audit log (and the server's log), by the token's label when known, never the token.
 * No Kafka is started: KAFKA_BOOTSTRAP_SERVERS, where set, names a port nothing listens on and the
 * requests that get past the gates are ones refused before any connection is made.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as auditGet } from "@/app/api/audit/route";
import { GET as applyStatus, POST as apply } from "@/app/api/plan/apply/route";
import { POST as control } from "@/app/api/plan/apply/control/route";
import { DELETE as deleteRecord } from "@/app/api/snapshots/[id]/route";
import { GET as listRecords, POST as postRecord } from "@/app/api/snapshots/route";
import { REFUSALS_PER_MINUTE, resetRefusalWindow } from "@/lib/http/write-access";
import { captureLog } from "@/lib/log/logger";
import { getStore } from "@/lib/store";
import { jsonRequest, params, useTempStore } from "../fixtures/snapshots/harness";

const TOKEN = "integration-Token-7";
const ENV_NAMES = ["KAFKA_BALANCE_ALLOW_WRITES", "KAFKA_BALANCE_WRITE_TOKEN", "KAFKA_BOOTSTRAP_SERVERS"] as const;
const saved = Object.fromEntries(ENV_NAMES.map((n) => [n, process.env[n]]));
const snapshot = (JSON.parse(fs.readFileSync(path.resolve("tests/fixtures/snapshots/v1/snapshot.json"), "utf8")) as { payload: { snapshot: unknown } }).payload.snapshot;

function setEnv(env: Partial<Record<(typeof ENV_NAMES)[number], string>>): void {
  for (const name of ENV_NAMES) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
}

/** The headers that must all be refused with 401 once a token is configured. */
const BAD_HEADERS: [string, Record<string, string>][] = [
  ["no header", {}],
  ["a wrong token", { authorization: "Bearer integration-Token-8" }],
  ["the token in another case", { authorization: `Bearer ${TOKEN.toUpperCase()}` }],
  ["the scheme in lower case", { authorization: `bearer ${TOKEN}` }],
  ["a prefix of the token", { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
  ["the token with more after it", { authorization: `Bearer ${TOKEN}0` }],
  ["the token without a scheme", { authorization: TOKEN }],
];
const RIGHT = { authorization: `Bearer ${TOKEN}` };

async function newLink(): Promise<string> {
  const response = await postRecord(jsonRequest("/api/snapshots", { body: { kind: "snapshot", snapshot } }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const list = (headers: Record<string, string>) => listRecords(jsonRequest("/api/snapshots", { headers }));
const remove = (id: string, headers: Record<string, string>) => deleteRecord(jsonRequest(`/api/snapshots/${id}`, { method: "DELETE", headers }), params(id));
/** A body that fails parsing: a POST that passes every gate stops at 400 before any Kafka request. */
const applyPost = (headers: Record<string, string>) => apply(jsonRequest("/api/plan/apply", { body: "{not json", headers }));

async function errorCode(response: Response): Promise<string> {
  const text = await response.text();
  expect(text).not.toContain(TOKEN);
  return (JSON.parse(text) as { error: { code: string } }).error.code;
}

let temp: ReturnType<typeof useTempStore>;
beforeAll(() => {
  temp = useTempStore("write-routes");
});
afterEach(() => setEnv({}));
afterAll(() => {
  temp.cleanup();
  for (const name of ENV_NAMES)
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
});

describe("GET /api/snapshots and DELETE /api/snapshots/[id] (scope: links)", () => {
  it("answer 403 when no usable token is configured, even to the token itself", async () => {
    const id = await newLink();
    for (const token of [undefined, "", "short"]) {
      setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: token });
      const headers = { authorization: `Bearer ${token ?? ""}` };
      const listed = await list(headers);
      expect(listed.status, String(token)).toBe(403);
      expect(await errorCode(listed)).toBe("write_token_not_configured");
      expect((await remove(id, headers)).status).toBe(403);
    }
  });

  it.each(BAD_HEADERS)("answer 401 with WWW-Authenticate for %s", async (_name, headers) => {
    setEnv({ KAFKA_BALANCE_WRITE_TOKEN: TOKEN });
    const id = await newLink();
    const listed = await list(headers);
    expect(listed.status).toBe(401);
    expect(listed.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(await errorCode(listed)).toBe("unauthorized");
    const removed = await remove(id, headers);
    expect(removed.status).toBe(401);
    expect(await errorCode(removed)).toBe("unauthorized");
    expect((await remove(id, RIGHT)).status).toBe(200);
  });

  it("answer 200 with the right token, without KAFKA_BALANCE_ALLOW_WRITES", async () => {
    setEnv({ KAFKA_BALANCE_WRITE_TOKEN: TOKEN });
    const id = await newLink();
    const listed = await list(RIGHT);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { records: { id: string }[] }).records.map((r) => r.id)).toContain(id);
    const removed = await remove(id, RIGHT);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id, deleted: true });
  });
});

describe("POST /api/plan/apply (scope: cluster)", () => {
  it("answers 403 when writes are off or no token is configured", async () => {
    for (const env of [
      {},
      { KAFKA_BALANCE_WRITE_TOKEN: TOKEN },
      { KAFKA_BALANCE_WRITE_TOKEN: TOKEN, KAFKA_BALANCE_ALLOW_WRITES: "TRUE" },
      { KAFKA_BALANCE_ALLOW_WRITES: "true" },
      { KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: "short" },
    ]) {
      setEnv(env);
      const response = await applyPost(RIGHT);
      expect(response.status, JSON.stringify(env)).toBe(403);
      expect(["writes_disabled", "write_token_not_configured"]).toContain(await errorCode(response));
    }
  });

  it.each(BAD_HEADERS)("answers 401 for %s", async (_name, headers) => {
    setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN });
    const response = await applyPost(headers);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("unauthorized");
  });

  it("lets the right token through the gate: 409 no_live_cluster without a cluster, 400 for the body with one configured", async () => {
    setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN });
    const noCluster = await applyPost(RIGHT);
    expect(noCluster.status).toBe(409);
    expect(await errorCode(noCluster)).toBe("no_live_cluster");
    setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN, KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:20101" });
    const badBody = await applyPost(RIGHT);
    expect(badBody.status).toBe(400);
    expect(await errorCode(badBody)).toBe("bad_request");
  });
});

describe("POST /api/plan/apply/control (scope: cluster)", () => {
  const controlPost = (headers: Record<string, string>, body: unknown = { jobId: "abc", action: "pause" }) => control(jsonRequest("/api/plan/apply/control", { body, headers }));

  it("answers 403 when writes are off or no token is configured, and 401 for every bad header", async () => {
    for (const env of [{}, { KAFKA_BALANCE_WRITE_TOKEN: TOKEN }, { KAFKA_BALANCE_ALLOW_WRITES: "true" }]) {
      setEnv(env);
      expect((await controlPost(RIGHT)).status, JSON.stringify(env)).toBe(403);
    }
    setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN });
    for (const [name, headers] of BAD_HEADERS) {
      const response = await controlPost(headers);
      expect(response.status, name).toBe(401);
      expect(await errorCode(response)).toBe("unauthorized");
    }
  });

  it("lets the right token through: 409 without a cluster, 400 naming the field for a bad body, 404 for a job that does not exist", async () => {
    setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN });
    expect(await errorCode(await controlPost(RIGHT))).toBe("no_live_cluster");
    setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN, KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:20101" });
    const bad = await controlPost(RIGHT, { jobId: "abc", action: "throttle", replicationBytesPerSecond: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/replicationBytesPerSecond.*at least 1 byte\/s/);
    const missing = await controlPost(RIGHT);
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe("job_not_found");
  });
});

describe("GET /api/plan/apply writesEnabled", () => {
  it("is true exactly when a POST carrying the token passes the write gate and the live-cluster check", async () => {
    let seenTrue = 0;
    for (const allow of [undefined, "true", "TRUE", "1"]) {
      for (const token of [undefined, "", "short", TOKEN, ` ${TOKEN}\n`]) {
        for (const bootstrap of [undefined, "127.0.0.1:20101"]) {
          setEnv({ KAFKA_BALANCE_ALLOW_WRITES: allow, KAFKA_BALANCE_WRITE_TOKEN: token, KAFKA_BOOTSTRAP_SERVERS: bootstrap });
          const { writesEnabled } = (await (await applyStatus(jsonRequest("/api/plan/apply"))).json()) as { writesEnabled: boolean };
          const posted = await applyPost({ authorization: `Bearer ${token?.trim() ?? ""}` });
          const passed = ![401, 403, 409].includes(posted.status);
          expect(writesEnabled, `${allow} ${JSON.stringify(token)} ${bootstrap} → POST ${posted.status}`).toBe(passed);
          if (writesEnabled) seenTrue++;
        }
      }
    }
    expect(seenTrue).toBe(2);
  });
});

describe("refused writes in the audit log", () => {
  it("every refusal (401, 403) leaves an entry: result refused, the action attempted, the token's label when known else unauthenticated, never the token", async () => {
    resetRefusalWindow();
    const capture = captureLog();
    const seqBefore = (await getStore().audit.list({ limit: 1 }))[0]?.seq ?? 0;
    try {
      setEnv({ KAFKA_BALANCE_WRITE_TOKEN: TOKEN, KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:1" });
      // Writes off: the right token is refused (403), and its label is known.
      expect((await applyPost(RIGHT)).status).toBe(403);
      setEnv({ KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: TOKEN, KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:1" });
      expect((await applyPost({ authorization: "Bearer integration-Token-8" })).status).toBe(401);
      const controlPost = (headers: Record<string, string>) => control(jsonRequest("/api/plan/apply/control", { body: { jobId: "x", action: "pause" }, headers }));
      expect((await controlPost({})).status).toBe(401);
      expect((await list({ authorization: `Bearer ${TOKEN}0` })).status).toBe(401);
      expect((await remove("abcdefghij", {})).status).toBe(401);
    } finally {
      capture.stop();
    }
    const entries = (await getStore().audit.list({ limit: 100 })).filter((e) => e.seq > seqBefore).reverse();
    expect(entries.map((e) => [e.actor, e.action, e.result, e.cluster, e.target])).toEqual([
      ["operator", "apply-requested", "refused", "default", "POST /api/plan/apply"],
      ["unauthenticated", "apply-requested", "refused", "default", "POST /api/plan/apply"],
      ["unauthenticated", "apply-control", "refused", "default", "POST /api/plan/apply/control"],
      ["unauthenticated", "list-links", "refused", "", "GET /api/snapshots"],
      ["unauthenticated", "delete-link", "refused", "", "DELETE /api/snapshots/abcdefghij"],
    ]);
    expect(entries.map((e) => e.detail.split(":")[0])).toEqual(["403 writes_disabled", "401 unauthorized", "401 unauthorized", "401 unauthorized", "401 unauthorized"]);
    for (const e of entries) expect(JSON.stringify(e)).not.toContain("integration-Token");
    expect(capture.lines.filter((l) => l.event === "write.refused").map((l) => [l.status, l.action, l.actor])).toEqual([
      [403, "apply-requested", "operator"],
      [401, "apply-requested", "unauthenticated"],
      [401, "apply-control", "unauthenticated"],
      [401, "list-links", "unauthenticated"],
      [401, "delete-link", "unauthenticated"],
    ]);
    for (const line of capture.raw) expect(line).not.toContain("integration-Token");
  });

  it("writes at most REFUSALS_PER_MINUTE refusals a minute to the audit log: a flood of bad tokens cannot fill the store", async () => {
    resetRefusalWindow();
    setEnv({ KAFKA_BALANCE_WRITE_TOKEN: TOKEN });
    const capture = captureLog();
    const seqBefore = (await getStore().audit.list({ limit: 1 }))[0]?.seq ?? 0;
    try {
      for (let i = 0; i < REFUSALS_PER_MINUTE + 5; i++) expect((await list({})).status).toBe(401);
    } finally {
      capture.stop();
    }
    expect((await getStore().audit.list({ limit: 1000 })).filter((e) => e.seq > seqBefore)).toHaveLength(REFUSALS_PER_MINUTE);
    expect(capture.lines.filter((l) => l.event === "write.refused" && l.audited === false)).toHaveLength(5);
    resetRefusalWindow();
  });
});

describe("GET /api/audit", () => {
  const read = async (query: string) => {
    const response = await auditGet(new Request(`http://localhost/api/audit?${query}`));
    return {
      status: response.status,
      body: (await response.json()) as {
        entries: { seq: number; actor: string; action: string }[];
        total: number;
        older: number | null;
        newer: number | null;
        error?: { message: string; issues: { path: string; message: string }[] };
      },
    };
  };

  it("pages the log newest first with the filters, a total and cursors, and answers 400 naming the parameter to fix", async () => {
    const all = await read("actor=unauthenticated&action=list-links&limit=1000");
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(REFUSALS_PER_MINUTE);
    const first = await read("actor=unauthenticated&action=list-links&limit=25");
    expect(first.body.total).toBe(all.body.total);
    expect(first.body.entries.map((e) => e.seq)).toEqual(all.body.entries.slice(0, 25).map((e) => e.seq));
    expect(first.body.newer).toBeNull();
    const second = await read(`actor=unauthenticated&action=list-links&limit=25&before=${first.body.older}`);
    expect(second.body.entries.map((e) => e.seq)).toEqual(all.body.entries.slice(25, 50).map((e) => e.seq));
    const back = await read(`actor=unauthenticated&action=list-links&limit=25&after=${second.body.newer}`);
    expect(back.body.entries).toEqual(first.body.entries);
    for (const e of all.body.entries) expect([e.actor, e.action]).toEqual(["unauthenticated", "list-links"]);
    const bad = await read("limit=0&result=maybe&from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.error!.issues.map((i) => i.path).sort()).toEqual(["from", "limit", "result"]);
  });
});
