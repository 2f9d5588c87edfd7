/**
 * Every route that changes state or lists everything, through the real route handlers: 403 while
 * the server does not allow it, 401 for a request without the right token, through with it. And
 * GET /api/plan/apply's `writesEnabled` agrees with what a POST carrying the token gets.
 * No Kafka is started: KAFKA_BOOTSTRAP_SERVERS, where set, names a port nothing listens on and the
 * requests that get past the gates are ones refused before any connection is made.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as applyStatus, POST as apply } from "@/app/api/plan/apply/route";
import { POST as control } from "@/app/api/plan/apply/control/route";
import { DELETE as deleteRecord } from "@/app/api/snapshots/[id]/route";
import { GET as listRecords, POST as postRecord } from "@/app/api/snapshots/route";
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
