// The link store's quotas through the route handlers, on a real SQLite file per test: the per-link
// cap, the label limit, the store cap, retention, the rate of new links, and the original finding
// (five shares with a 40 MB label must not add hundreds of MB to the database).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRecord, GET as getRecord } from "@/app/api/snapshots/[id]/route";
import { GET as exportRecord } from "@/app/api/snapshots/[id]/export/route";
import { POST as postRecord } from "@/app/api/snapshots/route";
import SharedLinkPage from "@/app/s/[id]/page";
import { createShare, insertRecord, type StoredPayload } from "@/lib/links/share";
import { closeStore, getStore } from "@/lib/store";
import type { RecordKind } from "@/lib/share/record";
import { jsonRequest, params, useTempStore } from "../fixtures/snapshots/harness";
import { writerSnapshot } from "../fixtures/snapshots/writer-snapshot";

const ENV = {
  link: "KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES",
  store: "KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES",
  label: "KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS",
  retention: "KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS",
  rateLinks: "KAFKA_BALANCE_SNAPSHOT_RATE_LINKS",
  rateBytes: "KAFKA_BALANCE_SNAPSHOT_RATE_BYTES",
  clientRateLinks: "KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS",
  clientStore: "KAFKA_BALANCE_SNAPSHOT_CLIENT_STORE_BYTES",
} as const;

interface FixtureRecord {
  kind: RecordKind;
  schemaVersion: number;
  createdAt: string;
  payload: StoredPayload;
}
const v1 = (kind: RecordKind) => JSON.parse(fs.readFileSync(path.resolve("tests/fixtures/snapshots/v1", `${kind}.json`), "utf8")) as FixtureRecord;
const DAY = 86_400_000;

let temp: ReturnType<typeof useTempStore>;
beforeEach(async () => {
  temp = useTempStore("quotas");
});
afterEach(async () => {
  for (const name of Object.values(ENV)) delete process.env[name];
  temp.cleanup();
});

type Answer = { status: number; headers: Headers; json: { id: string; url: string; notices?: string[]; error?: { code: string; message: string; retryAfterSeconds?: number } } };

/** `client`: the address the app's server (scripts/server.mjs) passes in x-kafka-balance-client. */
async function share(body: unknown, client?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await postRecord(jsonRequest("/api/snapshots", { body, headers: { ...(client ? { "x-kafka-balance-client": client } : {}), ...headers } }));
  return { status: response.status, headers: response.headers, json: (await response.json()) as never };
}

async function open(id: string): Promise<{ status: number; json: { snapshot: { source: { label: string } }; error?: { code: string; message: string } } }> {
  const response = await getRecord(jsonRequest(`/api/snapshots/${id}`), params(id));
  return { status: response.status, json: (await response.json()) as never };
}

/** What the table holds, read on a connection of its own: links, and bytes (compressed payload + summary). */
function stored(): { links: number; bytes: number } {
  const db = new Database(temp.file, { readonly: true });
  try {
    return db.prepare(`SELECT count(*) AS links, coalesce(sum(length(payload) + length(CAST(summary AS BLOB))), 0) AS bytes FROM snapshots`).get() as {
      links: number;
      bytes: number;
    };
  } finally {
    db.close();
  }
}
/** The database as it sits on disk: the main file plus its write-ahead log. */
const dbBytes = () => [temp.file, `${temp.file}-wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);

describe("the per-link cap", () => {
  it("answers 413 for a link that would store more than KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES, and stores nothing", async () => {
    process.env[ENV.link] = "4096";
    const { status, json } = await share({ kind: "snapshot", snapshot: writerSnapshot(1, 100), sharing: { hashTopics: true } });
    expect(status).toBe(413);
    expect(json.error).toMatchObject({ code: "link_too_large" });
    expect(json.error!.message).toMatch(/over the limit of 4096 bytes per link.*KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES/);
    expect(stored()).toMatchObject({ links: 0, bytes: 0 });
    // A small link still fits.
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(1, 1) })).status).toBe(201);
  });
});

describe("the label limit", () => {
  it("trims a label over KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS to its first characters and '…', and says so", async () => {
    const snapshot = { ...writerSnapshot(2, 1), source: { kind: "import", label: "x".repeat(5000) } };
    const created = await share({ kind: "snapshot", snapshot });
    expect(created.status).toBe(201);
    expect(created.json.notices).toEqual([
      expect.stringMatching(/label was 5000 characters long; the link keeps its first 199 and "…" \(the limit is 200, KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS\)/),
    ]);
    const opened = await open(created.json.id);
    expect(opened.json.snapshot.source.label).toBe(`${"x".repeat(199)}…`);
    const summary = (await getStore().links.list(1, 0)).rows[0]!.summary;
    expect(JSON.parse(summary).label).toBe(`${"x".repeat(199)}…`);
  });

  it("keeps a label within the limit as it is, with no notice", async () => {
    process.env[ENV.label] = "10";
    const created = await share({ kind: "snapshot", snapshot: { ...writerSnapshot(2, 1), source: { kind: "import", label: "ten chars!" } } });
    expect(created.status).toBe(201);
    expect(created.json.notices).toBeUndefined();
    expect((await open(created.json.id)).json.snapshot.source.label).toBe("ten chars!");
  });
});

describe("the store cap", () => {
  it("answers 413 saying what to do once the store is full, stores nothing, and the file stops growing", async () => {
    process.env[ENV.rateLinks] = "0";
    process.env[ENV.rateBytes] = "0";
    const first = await share({ kind: "snapshot", snapshot: writerSnapshot(3, 20) });
    expect(first.status).toBe(201);
    const perLink = stored().bytes;
    process.env[ENV.store] = String(Math.floor(perLink * 3.5));
    let answer: Answer = first;
    for (let n = 4; n < 10 && answer.status === 201; n++) answer = await share({ kind: "snapshot", snapshot: writerSnapshot(n, 20) });
    expect(stored().links).toBe(3);
    expect(answer.status).toBe(413);
    expect(answer.json.error).toMatchObject({ code: "store_full" });
    expect(answer.json.error!.message).toMatch(/the link store is full.*ask an operator to delete old links or raise KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES/i);

    const full = { totals: stored(), bytes: dbBytes() };
    for (let n = 100; n < 150; n++) {
      const refused = await share({ kind: "snapshot", snapshot: writerSnapshot(n, 20) });
      expect(refused.status).toBe(413);
    }
    expect(stored()).toEqual(full.totals);
    expect(dbBytes()).toBe(full.bytes);
  });
});

describe("retention", () => {
  it("an expired link answers 410 saying it expired, is deleted, and then answers 404 mentioning expiry", async () => {
    const old = await createShare({ kind: "snapshot", snapshot: writerSnapshot(5, 1) }, { now: () => new Date(Date.now() - 91 * DAY) });
    if (!old.ok) throw new Error(old.error.message);
    const { id } = old.value;
    const first = await open(id);
    expect(first.status).toBe(410);
    expect(first.json.error).toMatchObject({ code: "expired" });
    expect(first.json.error!.message).toMatch(/expired: links are kept for 90 days \(KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS\)/);
    expect(await getStore().links.get(id)).toBeNull();
    const again = await open(id);
    expect(again.status).toBe(404);
    expect(again.json.error!.message).toMatch(/or it expired \(links are kept for 90 days/);
  });

  it("the export and the /s/<id> page answer an expired link with the expiry too", async () => {
    const old = await createShare({ kind: "snapshot", snapshot: writerSnapshot(5, 1) }, { now: () => new Date(Date.now() - 91 * DAY) });
    const other = await createShare({ kind: "snapshot", snapshot: writerSnapshot(6, 1) }, { now: () => new Date(Date.now() - 91 * DAY) });
    if (!old.ok || !other.ok) throw new Error("share failed");
    const exported = await exportRecord(jsonRequest(`/api/snapshots/${old.value.id}/export?format=json`), params(old.value.id));
    expect(exported.status).toBe(410);
    // The page: the not-found page (404), whose words name expiry, never a 200.
    await expect(SharedLinkPage(params(other.value.id))).rejects.toMatchObject({ digest: expect.stringMatching(/404/) });
  });

  it("each new link first deletes expired links, at most 100 per write", async () => {
    const record = v1("snapshot");
    const createdAt = new Date(Date.now() - 200 * DAY).toISOString();
    for (let n = 0; n < 130; n++) await insertRecord(getStore().links, { ...record, createdAt });
    const recent = await insertRecord(getStore().links, { ...record, createdAt: new Date(Date.now() - DAY).toISOString() });
    expect(stored().links).toBe(131);
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(7, 1) })).status).toBe(201);
    expect(stored().links).toBe(131 - 100 + 1);
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(8, 1) })).status).toBe(201);
    expect(stored().links).toBe(3);
    expect((await open(recent)).status).toBe(200);
  });

  it("KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS=0 keeps links forever", async () => {
    process.env[ENV.retention] = "0";
    const id = await insertRecord(getStore().links, { ...v1("snapshot"), createdAt: "2020-01-01T00:00:00.000Z" });
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(9, 1) })).status).toBe(201);
    expect(stored().links).toBe(2);
    expect((await open(id)).status).toBe(200);
  });

  it("v1 links within the retention keep opening under the default limits", async () => {
    const createdAt = new Date(Date.now() - 30 * DAY).toISOString();
    for (const kind of ["snapshot", "scenario", "plan"] as const) {
      const id = await insertRecord(getStore().links, { ...v1(kind), createdAt });
      const opened = await open(id);
      expect(opened.status, kind).toBe(200);
    }
  });
});

describe("the rate of new links", () => {
  it("answers 429 with Retry-After beyond KAFKA_BALANCE_SNAPSHOT_RATE_LINKS per minute, and stores nothing", async () => {
    process.env[ENV.rateLinks] = "3";
    for (let n = 0; n < 3; n++) expect((await share({ kind: "snapshot", snapshot: writerSnapshot(n, 1) })).status).toBe(201);
    const refused = await share({ kind: "snapshot", snapshot: writerSnapshot(3, 1) });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: "rate_limited" });
    expect(refused.json.error!.message).toMatch(/limit is 3 per minute \(KAFKA_BALANCE_SNAPSHOT_RATE_LINKS\); retry in \d+ s/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json.error!.retryAfterSeconds).toBe(retryAfter);
    expect(stored().links).toBe(3);
  });

  it("answers 429 beyond KAFKA_BALANCE_SNAPSHOT_RATE_BYTES per minute", async () => {
    process.env[ENV.rateBytes] = "2500";
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(1, 20) })).status).toBe(201);
    expect(stored().bytes).toBeGreaterThan(1250);
    const refused = await share({ kind: "snapshot", snapshot: writerSnapshot(2, 20) });
    expect(refused.status).toBe(429);
    expect(refused.json.error!.message).toMatch(/KAFKA_BALANCE_SNAPSHOT_RATE_BYTES/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(stored().links).toBe(1);
  });

  it("counts only the last minute: links older than the window do not count", async () => {
    process.env[ENV.rateLinks] = "2";
    for (let n = 0; n < 2; n++) await createShare({ kind: "snapshot", snapshot: writerSnapshot(n, 1) }, { now: () => new Date(Date.now() - 61_000) });
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(3, 1) })).status).toBe(201);
  });
});

describe("a store that cannot be opened", () => {
  it("answers 503 saying what to do, without the store's path, in the API and on /s/<id> (never a 200 there)", async () => {
    const created = await share({ kind: "snapshot", snapshot: writerSnapshot(1, 1) });
    closeStore();
    // A regular file where the store's folder should be: mkdir and open both fail.
    const blocker = path.join(temp.dir, "not-a-folder");
    fs.writeFileSync(blocker, "");
    process.env.KAFKA_BALANCE_DB = path.join(blocker, "sub", "snapshots.db");
    const error = console.error;
    const logged: string[] = [];
    console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
    try {
      const opened = await open(created.json.id);
      expect(opened.status).toBe(503);
      expect(opened.json.error!.message).toMatch(/snapshot store cannot be opened; the server log says why.*KAFKA_BALANCE_DB/);
      expect(JSON.stringify(opened.json)).not.toContain(temp.dir);
      const posted = await share({ kind: "snapshot", snapshot: writerSnapshot(2, 1) });
      expect(posted.status).toBe(503);
      expect(JSON.stringify(posted.json)).not.toContain(temp.dir);
      const page = SharedLinkPage(params(created.json.id));
      await expect(page).rejects.toThrow(/snapshot store cannot be opened/);
      await expect(page).rejects.not.toMatchObject({ digest: expect.anything() });
      await expect(page).rejects.not.toThrow(temp.dir);
      // The operator's log has the whole story, once.
      expect(logged.filter((l) => l.includes(temp.dir))).toHaveLength(1);
    } finally {
      console.error = error;
      closeStore();
      process.env.KAFKA_BALANCE_DB = temp.file;
    }
  });
});

describe("per-client quotas (the client: the peer address, or a trusted proxy's X-Forwarded-For)", () => {
  it("one client at KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS is refused while others still share; rotating X-Forwarded-For changes nothing", async () => {
    process.env[ENV.clientRateLinks] = "3";
    for (let n = 0; n < 3; n++) expect((await share({ kind: "snapshot", snapshot: writerSnapshot(n, 1) }, "192.0.2.1", { "x-forwarded-for": `198.51.100.${n}` })).status).toBe(201);
    const refused = await share({ kind: "snapshot", snapshot: writerSnapshot(3, 1) }, "192.0.2.1", { "x-forwarded-for": "198.51.100.99" });
    expect(refused.status).toBe(429);
    expect(refused.json.error!.message).toMatch(
      /from your address: 3 in the last minute and the limit is 3 per minute per address \(KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS\); retry in \d+ s/,
    );
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(4, 1) }, "192.0.2.2")).status).toBe(201);
    expect(stored().links).toBe(4);
  });

  it("one client cannot fill the store: its links stop at its share (a quarter by default), others' go on", async () => {
    process.env[ENV.store] = "40000";
    let refused: Answer | null = null;
    for (let n = 0; n < 40 && !refused; n++) {
      const answer = await share({ kind: "snapshot", snapshot: writerSnapshot(n, 20) }, "192.0.2.1");
      if (answer.status !== 201) refused = answer;
    }
    expect(refused?.status).toBe(413);
    expect(refused?.json.error).toMatchObject({ code: "client_store_full" });
    expect(refused?.json.error!.message).toMatch(/over the 10000 bytes one address may hold \(KAFKA_BALANCE_SNAPSHOT_CLIENT_STORE_BYTES\)/);
    const mine = stored().bytes;
    expect(mine).toBeLessThanOrEqual(10000);
    expect(mine).toBeGreaterThan(5000);
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(99, 20) }, "192.0.2.2")).status).toBe(201);
  });

  it("keeps a hash of the client with each link, never its address", async () => {
    expect((await share({ kind: "snapshot", snapshot: writerSnapshot(1, 1) }, "192.0.2.77")).status).toBe(201);
    const db = new Database(temp.file, { readonly: true });
    try {
      const rows = db.prepare("SELECT client FROM snapshots").all() as { client: string }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]!.client).toMatch(/^[0-9a-f]{16}$/);
      expect(fs.readFileSync(temp.file).includes("192.0.2.77")).toBe(false);
    } finally {
      db.close();
    }
  });
});

describe("the original finding: five anonymous shares with a 40 MB label", () => {
  it("add a few KB to the database, not 421 MB", async () => {
    const label = "A".repeat(40 * 1024 * 1024);
    for (let n = 0; n < 5; n++) {
      const { status, json } = await share({ kind: "snapshot", snapshot: { ...writerSnapshot(n, 1), source: { kind: "import", label } } });
      expect(status).toBe(201);
      expect(json.notices?.[0]).toMatch(/label was 41943040 characters long/);
    }
    expect(stored().links).toBe(5);
    expect(dbBytes()).toBeLessThan(2 * 1024 * 1024);
  });
});

describe("the store's running totals", () => {
  it("follow every insert and delete, including a delete through the route", async () => {
    process.env.KAFKA_BALANCE_WRITE_TOKEN = "quota-token";
    try {
      const a = await share({ kind: "snapshot", snapshot: writerSnapshot(1, 5) });
      await share({ kind: "snapshot", snapshot: writerSnapshot(2, 5) });
      expect(await getStore().links.quota(null)).toMatchObject(stored());
      const del = await deleteRecord(jsonRequest(`/api/snapshots/${a.json.id}`, { method: "DELETE", headers: { authorization: "Bearer quota-token" } }), params(a.json.id));
      expect(del.status).toBe(200);
      expect(stored().links).toBe(1);
      expect(await getStore().links.quota(null)).toMatchObject(stored());
    } finally {
      delete process.env.KAFKA_BALANCE_WRITE_TOKEN;
    }
  });

  it("start from the rows already there when a layout-1 file is upgraded", async () => {
    closeStore();
    const db = new Database(temp.file);
    db.exec(`CREATE TABLE snapshots (id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('snapshot', 'scenario', 'plan')), schema_version INTEGER NOT NULL, created_at TEXT NOT NULL, size_bytes INTEGER NOT NULL, stored_bytes INTEGER NOT NULL, encoding TEXT NOT NULL, payload BLOB NOT NULL, summary TEXT NOT NULL) STRICT;
             CREATE INDEX snapshots_created_at ON snapshots (created_at DESC, id);
             PRAGMA user_version = 1;`);
    const insert = db.prepare(`INSERT INTO snapshots VALUES (?, 'snapshot', 1, ?, 10, ?, 'br', ?, ?)`);
    insert.run("AAAAAAAAAAAAAAAAAAAAAA", new Date().toISOString(), 3, Buffer.from([1, 2, 3]), '{"label":"é"}');
    insert.run("BBBBBBBBBBBBBBBBBBBBBB", new Date().toISOString(), 5, Buffer.from([1, 2, 3, 4, 5]), "{}");
    db.close();
    expect(await getStore().links.quota(null)).toMatchObject({ links: 2, bytes: 3 + 14 + 5 + 2 });
    expect(stored()).toEqual({ links: 2, bytes: 3 + 14 + 5 + 2 });
  });
});
