/**
 * The store's contract, one suite run against both backends: SQLite (a temp file) and PostgreSQL (a
 * real server started for this file, tests/support/postgres.ts; one database per backend run). Links
 * (insert, read, list, quotas, expiry), apply jobs and the audit log, leases and their fencing, the
 * history (recorded and read back, the same scan twice stored once, read by the worker pool, compaction
 * idempotent), and, for
 * PostgreSQL, two instances migrating one new database at once and errors that never show the password.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplyJobRecord } from "@/lib/plan/job-model";
import { DAY_MS, DEFAULT_HISTORY_RETENTION, HOUR_MS } from "@/lib/model/history-settings";
import { openStore, storeConfig, StoreUnavailableError, type Store } from "@/lib/store";
import { HistoryStore } from "@/lib/store/history";
import { JobConflictError } from "@/lib/store/jobs";
import type { NewRow } from "@/lib/store/links";
import { PgDb } from "@/lib/store/postgres";
import { isUniqueViolation } from "@/lib/store/sql";
import { closeWorkerPool } from "@/lib/workers/pool";
import { runTask } from "@/lib/server/run-task";
import { startPostgres, type PostgresServer } from "../support/postgres";
import { historyCluster, T0 } from "../support/history";

const MIN5 = 300_000;
let server: PostgresServer;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-store-contract-"));
  server = await startPostgres();
});
afterAll(async () => {
  await closeWorkerPool();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function row(id: string, createdAt: string, payloadBytes = 10): NewRow {
  return { id, kind: "snapshot", schemaVersion: 1, createdAt, sizeBytes: 100, encoding: "br", payload: Buffer.alloc(payloadBytes, 7), summary: '{"label":"é"}' };
}

function job(id: string, cluster = "c:9092"): ApplyJobRecord {
  return {
    id,
    cluster,
    createdAt: new Date(1_000).toISOString(),
    updatedAt: new Date(1_000).toISOString(),
    finishedAt: null,
    createdBy: "alice",
    work: { batches: [] } as unknown as ApplyJobRecord["work"],
    status: { state: "running", log: [] } as unknown as ApplyJobRecord["status"],
    control: { seq: 0, pause: false, cancel: false, rates: null, by: null },
  };
}

describe.each(["sqlite", "postgres"] as const)("store contract: %s", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = kind === "sqlite" ? openStore({ kind, file: path.join(dir, "store.db") }) : openStore({ kind, url: await server.createDatabase("contract") });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("links: insert, get, list newest first, delete; totals count payload and summary bytes", async () => {
    const { links } = store;
    await links.insert(row("a", "2026-01-01T00:00:00.000Z"));
    await links.insert(row("b", "2026-01-02T00:00:00.000Z", 20));
    const got = await links.get("a");
    expect(got).toMatchObject({ id: "a", kind: "snapshot", schemaVersion: 1, createdAt: "2026-01-01T00:00:00.000Z", sizeBytes: 100, storedBytes: 10, encoding: "br" });
    expect(got!.payload.equals(Buffer.alloc(10, 7))).toBe(true);
    expect(await links.get("nope")).toBeNull();
    const listed = await links.list(10, 0);
    expect(listed.total).toBe(2);
    expect(listed.rows.map((r) => r.id)).toEqual(["b", "a"]);
    const summaryBytes = Buffer.byteLength('{"label":"é"}');
    expect(await links.quota(null)).toEqual({ links: 2, bytes: 30 + 2 * summaryBytes, windowLinks: 0, windowBytes: 0, windowOldest: null });
    expect(await links.quota("2026-01-01T12:00:00.000Z")).toMatchObject({ windowLinks: 1, windowBytes: 20 + summaryBytes, windowOldest: "2026-01-02T00:00:00.000Z" });
    await expect(links.insert(row("a", "2026-01-03T00:00:00.000Z"))).rejects.toSatisfy(isUniqueViolation);
    expect(await links.delete("b")).toBe(true);
    expect(await links.delete("b")).toBe(false);
    expect((await links.quota(null)).links).toBe(1);
  });

  it("links: one client's figures count only its own links (the per-client quotas)", async () => {
    const { links } = store;
    await links.insert({ ...row("c1", "2026-03-01T00:00:00.000Z"), client: "aaaa" });
    await links.insert({ ...row("c2", "2026-03-02T00:00:00.000Z", 20), client: "aaaa" });
    await links.insert({ ...row("c3", "2026-03-02T00:00:00.000Z", 40), client: "bbbb" });
    const summaryBytes = Buffer.byteLength('{"label":"é"}');
    const state = await links.quota("2026-03-01T12:00:00.000Z", "aaaa");
    expect(state.client).toEqual({ bytes: 30 + 2 * summaryBytes, windowLinks: 1, windowBytes: 20 + summaryBytes, windowOldest: "2026-03-02T00:00:00.000Z" });
    expect((await links.quota(null, "cccc")).client).toEqual({ bytes: 0, windowLinks: 0, windowBytes: 0, windowOldest: null });
    for (const id of ["c1", "c2", "c3"]) await links.delete(id);
  });

  it("links: insertWithin stores only what admit accepts; expire deletes the oldest first, at most max", async () => {
    const { links } = store;
    expect(await links.insertWithin(row("r", "2026-02-01T00:00:00.000Z"), null, () => "full")).toBe("full");
    expect(await links.get("r")).toBeNull();
    expect(await links.insertWithin(row("r", "2026-02-01T00:00:00.000Z"), null, (state) => (state.links >= 1 ? null : "empty?"))).toBeNull();
    expect(await links.get("r")).not.toBeNull();
    for (const [id, day] of [
      ["e1", "01"],
      ["e2", "02"],
      ["e3", "03"],
    ] as const)
      await links.insert(row(id, `2025-01-${day}T00:00:00.000Z`));
    expect(await links.expire("2025-12-31T00:00:00.000Z", 2)).toBe(2);
    expect(await links.get("e1")).toBeNull();
    expect(await links.get("e3")).not.toBeNull();
    expect(await links.expire("2025-12-31T00:00:00.000Z", 10)).toBe(1);
  });

  it("jobs: one unfinished job per cluster; a claim holds until its lease runs out; a stale owner's status write is refused", async () => {
    const { jobs } = store;
    await jobs.insert(job("j1"), "p1", 10_000, 0);
    await expect(jobs.insert(job("j2"), "p2", 10_000, 0)).rejects.toThrow(JobConflictError);
    expect((await jobs.current("c:9092"))!.id).toBe("j1");
    expect(await jobs.claim("j1", "p2", 10_000, 5_000)).toBe(false);
    expect(await jobs.orphaned("p2", 5_000)).toEqual([]);
    expect(await jobs.orphaned("p2", 10_001)).toEqual(["j1"]);
    expect(await jobs.claim("j1", "p2", 10_000, 10_001)).toBe(true);
    expect(await jobs.saveStatus("j1", "p1", { ...job("j1").status, log: [{ at: "x", message: "stale" }] }, "t", 10_000, 10_002)).toBe(false);
    const updated = await jobs.updateControl("j1", (c) => ({ ...c, seq: c.seq + 1, pause: true, by: "bob" }));
    expect(updated!.control).toMatchObject({ seq: 1, pause: true, by: "bob" });
    expect(await jobs.control("j1")).toEqual({ seq: 1, pause: true, cancel: false, rates: null, by: "bob" });
    expect(await jobs.updateControl("nope", (c) => c)).toBeNull();
    expect(await jobs.saveStatus("j1", "p2", { ...job("j1").status, state: "done" } as ApplyJobRecord["status"], "t", 10_000, 10_003, new Date(20_000).toISOString())).toBe(true);
    await jobs.insert(job("j2"), "p2", 10_000, 20_000);
    expect((await jobs.current("c:9092"))!.id).toBe("j2");
    expect((await jobs.get("j1"))!.finishedAt).toBe(new Date(20_000).toISOString());
  });

  it("audit: appended entries list newest first, by cluster or job", async () => {
    const { audit } = store;
    for (let i = 0; i < 4; i++)
      await audit.append({
        at: new Date(i).toISOString(),
        cluster: i % 2 ? "x" : "y",
        actor: "alice",
        jobId: i < 2 ? "a" : "b",
        action: "alter-configs",
        target: `broker ${i}`,
        result: "ok",
        detail: "",
      });
    expect((await audit.list()).map((e) => e.target)).toEqual(["broker 3", "broker 2", "broker 1", "broker 0"]);
    expect((await audit.list({ cluster: "x" })).map((e) => e.target)).toEqual(["broker 3", "broker 1"]);
    expect((await audit.list({ jobId: "a", limit: 1 })).map((e) => e.target)).toEqual(["broker 1"]);
    const [newest, older] = await audit.list({ limit: 2 });
    expect(newest!.seq).toBeGreaterThan(older!.seq);
  });

  it("audit: pages of the log, newest first, filtered by cluster, actor, action, result and time, with the total and the cursors beside each page", async () => {
    const { audit } = store;
    const base = Date.UTC(2026, 11, 1);
    for (let i = 0; i < 23; i++)
      await audit.append({
        at: new Date(base + i * 60_000).toISOString(),
        cluster: i % 3 === 0 ? "paged-a" : "paged-b",
        actor: i % 4 === 0 ? "unauthenticated" : "carol",
        jobId: null,
        action: i % 4 === 0 ? "apply-requested" : "alter-configs",
        target: `entry ${i}`,
        result: i % 4 === 0 ? "refused" : "ok",
        detail: "",
      });
    const mine = { from: new Date(base).toISOString(), to: new Date(base + 22 * 60_000).toISOString() };
    const targets = (p: { entries: { target: string }[] }) => p.entries.map((e) => Number(e.target.split(" ")[1]));
    // Three pages of 10, 10 and 3, there and back.
    const first = await audit.page(mine, {}, 10);
    expect(first.total).toBe(23);
    expect(targets(first)).toEqual([22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
    expect(first.newer).toBeNull();
    const second = await audit.page(mine, { before: first.older! }, 10);
    expect(targets(second)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const third = await audit.page(mine, { before: second.older! }, 10);
    expect(targets(third)).toEqual([2, 1, 0]);
    expect([first.position, second.position, third.position]).toEqual([0, 10, 20]);
    expect(third.older).toBeNull();
    const back = await audit.page(mine, { after: third.newer! }, 10);
    expect(targets(back)).toEqual(targets(second));
    expect(targets(await audit.page(mine, { after: back.newer! }, 10))).toEqual(targets(first));
    // Filters, alone and together; the total counts every page.
    expect((await audit.page({ ...mine, cluster: "paged-a" }, {}, 100)).total).toBe(8);
    const refused = await audit.page({ ...mine, actor: "unauthenticated", result: "refused", action: "apply-requested" }, {}, 2);
    expect([refused.total, targets(refused), refused.newer]).toEqual([6, [20, 16], null]);
    expect(targets(await audit.page({ ...mine, actor: "unauthenticated" }, { before: refused.older! }, 2))).toEqual([12, 8]);
    const window = await audit.page({ from: new Date(base + 5 * 60_000).toISOString(), to: new Date(base + 7 * 60_000).toISOString() }, {}, 10);
    expect([window.total, targets(window), window.older, window.newer]).toEqual([3, [7, 6, 5], null, null]);
    expect(await audit.page({ ...mine, cluster: "nowhere" }, {}, 10)).toEqual({ entries: [], total: 0, position: 0, older: null, newer: null });
  });

  it("leases: one holder; renewing keeps the token; takeover after expiry raises it; a stale token's write is refused", async () => {
    const { leases } = store;
    const history = new HistoryStore(store.db, { retention: DEFAULT_HISTORY_RETENTION, collectIntervalMs: MIN5, collectLeaseMs: MIN5 / 2, topicsPerBroker: 10 });
    const a = (await leases.acquire("collector:l", "a", 1_000, 0))!;
    expect(a.token).toBe(1);
    expect(await leases.acquire("collector:l", "b", 1_000, 500)).toBeNull();
    expect((await leases.acquire("collector:l", "a", 1_000, 900))!.token).toBe(1);
    const b = (await leases.acquire("collector:l", "b", 1_000, 2_000))!;
    expect(b.token).toBe(2);
    expect(await leases.holds("collector:l", "a", a.token)).toBe(false);
    expect(await history.recordScan("l", T0, historyCluster(T0), 10, { fence: { lease: "collector:l", owner: "a", token: a.token } })).toBe(false);
    expect(await history.recordScan("l", T0, historyCluster(T0), 10, { fence: { lease: "collector:l", owner: "b", token: b.token } })).toBe(true);
    expect((await history.clusterSeries("l", 0, T0 * 2)).map((p) => p.at)).toEqual([T0]);
    // Back with a, but under a new token: a's old one stays stale.
    await leases.release("collector:l", "b");
    const again = (await leases.acquire("collector:l", "a", 1_000, 3_000))!;
    expect(again.token).toBe(3);
    expect(await leases.holds("collector:l", "a", a.token)).toBe(false);
    expect(await leases.get("collector:l")).toEqual({ name: "collector:l", owner: "a", token: 3, until: 4_000 });
  });

  it("leases: of many instances asking at once, exactly one gets the lease", async () => {
    const got = await Promise.all(Array.from({ length: 8 }, (_, i) => store.leases.acquire("collector:race", `i${i}`, 60_000, 0)));
    expect(got.filter((l) => l !== null)).toHaveLength(1);
  });

  it("history: scans read back per dir, broker and cluster; the same scan twice, even from two writers at once, is stored once", async () => {
    const history = new HistoryStore(store.db, { retention: DEFAULT_HISTORY_RETENTION, collectIntervalMs: MIN5, collectLeaseMs: MIN5 / 2, topicsPerBroker: 10 });
    for (let i = 0; i < 6; i++) expect(await history.recordScan("h", T0 + i * MIN5, historyCluster(T0 + i * MIN5), 100)).toBe(true);
    const once = await history.dirSeries("h", 1, "/d1", T0, T0 + HOUR_MS);
    expect(once.map((p) => p.t)).toEqual([0, 1, 2, 3, 4, 5].map((i) => T0 + i * MIN5));
    const again = T0 + 3 * MIN5;
    await Promise.all([history.recordScan("h", again, historyCluster(again), 100), history.recordScan("h", again, historyCluster(again), 100)]);
    expect(await history.dirSeries("h", 1, "/d1", T0, T0 + HOUR_MS)).toEqual(once);
    expect((await history.brokerSeries("h", 1, T0, T0 + HOUR_MS)).map((p) => p.at)).toEqual(once.map((p) => p.t));
    expect(await history.clusterSeries("h", T0, T0 + HOUR_MS)).toHaveLength(6);
    expect(await history.dirs("h")).toEqual([
      { broker: 1, dir: "/d1" },
      { broker: 1, dir: "/d2" },
      { broker: 2, dir: "/d1" },
      { broker: 2, dir: "/d2" },
    ]);
    expect(await history.sizeBytes()).toBeGreaterThan(0);
  });

  it("history: the worker pool's forecast task reads the history over its own connection", async () => {
    const settings = { retention: DEFAULT_HISTORY_RETENTION, collectIntervalMs: MIN5, collectLeaseMs: MIN5 / 2, topicsPerBroker: 10 };
    const history = new HistoryStore(store.db, settings);
    for (let t = T0; t <= T0 + 3 * DAY_MS; t += 4 * HOUR_MS) await history.recordScan("w", t, historyCluster(t), 100);
    const nowMs = T0 + 3 * DAY_MS;
    const dirs = await runTask("forecast", { store: store.config, settings, cluster: "w", nowMs, fromMs: T0, maxPointsPerDir: 200, brokers: {}, kafkaVersion: null });
    expect(dirs.map((d) => `${d.broker}:${d.dir}`)).toEqual((await history.allDirSeries("w", T0, nowMs)).map((d) => `${d.broker}:${d.dir}`));
    expect(dirs.length).toBeGreaterThan(0);
  });

  it("history: compaction folds old points into hourly means, and is idempotent", async () => {
    // Scans every 15 minutes for 12 hours; every-scan points kept 6 hours: the first 6 hours fold into hourly means.
    const retention = { rawMs: 6 * HOUR_MS, hourlyMs: DAY_MS, dailyMs: 2 * DAY_MS };
    const history = new HistoryStore(store.db, { retention, collectIntervalMs: 3 * MIN5, collectLeaseMs: MIN5, topicsPerBroker: 10 });
    for (let t = T0; t < T0 + 12 * HOUR_MS; t += 3 * MIN5) await history.recordScan("ch", t, historyCluster(t), 100);
    const now = T0 + 12 * HOUR_MS;
    const before = await history.dirSeries("ch", 1, "/d1", 0, now);
    const first = await history.compact(now, { cluster: "ch" });
    expect(first.chunks).toBeGreaterThan(0);
    const after = await history.dirSeries("ch", 1, "/d1", 0, now);
    expect(after.length).toBeLessThan(before.length);
    expect(await history.compact(now, { cluster: "ch" })).toEqual({ chunks: 0, scans: 0 });
    expect(await history.dirSeries("ch", 1, "/d1", 0, now)).toEqual(after);
    expect(await history.compactedAt("ch")).toBe(now);
  });
});

describe("store: PostgreSQL", () => {
  it("two instances migrating one new database at once run each migration once, and both work", async () => {
    const url = await server.createDatabase("migrate_race");
    const [a, b] = [new PgDb(url), new PgDb(url)];
    try {
      await Promise.all([a.get("SELECT 1 AS one"), b.get("SELECT 1 AS one")]);
      const versions = await a.all<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
      expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
      await a.run("INSERT INTO leases (name, owner, until, token) VALUES (?, ?, ?, ?)", ["x", "a", 1, 1]);
      expect(await b.get("SELECT owner FROM leases WHERE name = ?", ["x"])).toEqual({ owner: "a" });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("a database it cannot reach is StoreUnavailableError naming the URL with the password redacted", async () => {
    const store = openStore({ kind: "postgres", url: `postgres://kb:s3cret-pw@127.0.0.1:${server.port}/no_such_db` });
    try {
      const error = await store.links.get("x").catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toContain("postgres://kb:***@127.0.0.1");
      expect((error as Error).message).not.toContain("s3cret-pw");
      expect(store.location).not.toContain("s3cret-pw");
    } finally {
      await store.close();
    }
  });

  it("storeConfig() picks PostgreSQL for a postgres URL, SQLite without one, and refuses another URL without echoing it", () => {
    expect(storeConfig({ KAFKA_BALANCE_DATABASE_URL: "postgresql://u@h/db" })).toEqual({ kind: "postgres", url: "postgresql://u@h/db" });
    expect(storeConfig({ KAFKA_BALANCE_DB: path.join(dir, "x.db") })).toEqual({ kind: "sqlite", file: path.join(dir, "x.db") });
    expect(() => storeConfig({ KAFKA_BALANCE_DATABASE_URL: "mysql://u:hunter22@h/db" })).toThrow(StoreUnavailableError);
    expect(() => storeConfig({ KAFKA_BALANCE_DATABASE_URL: "mysql://u:hunter22@h/db" })).not.toThrow(/hunter22/);
  });
});
