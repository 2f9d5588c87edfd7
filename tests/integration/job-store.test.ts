/**
 * The job store and audit log on a real SQLite file: one unfinished job per cluster, leases with
 * fenced status writes (an instance that lost its lease writes nothing), orphaned jobs found once a
 * lease runs out, operators' control requests kept apart from the runner's status, and the audit
 * log newest first; a runner taking over a job left by a dead instance says so in the server's JSON log. Also: a file written by the previous layout (links only) opens and gains the tables.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionFromEnv } from "@/lib/cluster/connection";
import { PROCESS_OWNER, runJob } from "@/lib/cluster/writes/job-runner";
import { captureLog } from "@/lib/log/logger";
import type { ApplyJobRecord } from "@/lib/plan/job-model";
import { waitFor } from "@/scripts/test-timings/phases";
import { freePort } from "../support/e2e-server";
import { closeStore, getStore } from "@/lib/store";
import { JobConflictError } from "@/lib/store/jobs";
import type { SqliteDb } from "@/lib/store/sqlite";

import { useTempStore } from "../fixtures/snapshots/harness";

function job(id: string, cluster = "127.0.0.1:9092"): ApplyJobRecord {
  const at = new Date(0).toISOString();
  return {
    id,
    cluster,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
    createdBy: "alice",
    work: {
      entries: [{ topic: "t", partition: 0, replicas: [2], logDirs: ["any"] }],
      batches: [{ index: 0, kind: "data", entries: [0], bytes: 10, partitionMoves: 1, dirMoves: 0 }],
      original: { "t-0": { replicas: [1], dirs: ["/d1"] } },
      throttles: { topics: [], brokers: [] },
      cordons: [],
      leadership: [],
      execution: { partitionMovesPerBroker: 5, dirMovesPerBroker: 2, leaderMovesPerBatch: 1000, order: "urgent-disk-first" },
      estimate: { seconds: 3, batchSeconds: [2], overheadSeconds: 2 },
      rates: { replicationBytesPerSecond: 10, alterLogDirsBytesPerSecond: 10 },
    },
    status: {
      state: "running",
      phase: "cordons",
      batch: 0,
      batches: [{ state: "pending", startedAt: null, finishedAt: null }],
      setConfigs: [],
      rates: { replicationBytesPerSecond: 10, alterLogDirsBytesPerSecond: 10 },
      controlSeq: 0,
      progress: null,
      clock: null,
      failed: false,
      election: null,
      log: [],
      warnings: [],
      errors: [],
    },
    control: { seq: 0, pause: false, cancel: false, rates: null, by: null },
  };
}

let temp: ReturnType<typeof useTempStore>;
beforeAll(async () => {
  temp = useTempStore("job-store");
});
afterAll(() => temp.cleanup());

describe("job store", () => {
  it("keeps one unfinished job per cluster, and takes a new one once it has ended", async () => {
    const store = getStore().jobs;
    await store.insert(job("a1"), "p1", 10_000, 1_000);
    await expect(store.insert(job("a2"), "p2", 10_000, 1_000)).rejects.toThrow(JobConflictError);
    await store.insert(job("b1", "other:9092"), "p1", 10_000, 1_000);
    expect((await store.current("127.0.0.1:9092"))!.id).toBe("a1");
    const finished = { ...job("a1").status, state: "done" as const, phase: "finished" as const };
    expect(await store.saveStatus("a1", "p1", finished, new Date(2_000).toISOString(), 10_000, 2_000, new Date(2_000).toISOString())).toBe(true);
    await store.insert(job("a2"), "p2", 10_000, 3_000);
    expect((await store.current("127.0.0.1:9092"))!.id).toBe("a2");
    expect((await store.get("a1"))!.status.state).toBe("done");
    expect((await store.get("a1"))!.finishedAt).toBe(new Date(2_000).toISOString());
  });

  it("fences status writes by the lease: the owner writes, another instance takes over only once the lease has run out, and the old owner then writes nothing", async () => {
    const store = getStore().jobs;
    await store.insert(job("c1", "fence:9092"), "p1", 10_000, 0);
    expect(await store.claim("c1", "p2", 10_000, 5_000)).toBe(false);
    expect(await store.orphaned("p2", 5_000)).not.toContain("c1");
    expect(await store.saveStatus("c1", "p1", { ...job("c1").status, batch: 0, log: [{ at: "x", message: "p1 was here" }] }, "t", 10_000, 6_000)).toBe(true);
    // p1's lease now runs to 16 s; at 17 s it has run out.
    expect(await store.orphaned("p2", 17_000)).toContain("c1");
    expect(await store.claim("c1", "p2", 10_000, 17_000)).toBe(true);
    expect(await store.saveStatus("c1", "p1", { ...job("c1").status, log: [{ at: "x", message: "stale" }] }, "t", 10_000, 17_500)).toBe(false);
    expect((await store.get("c1"))!.status.log).toEqual([{ at: "x", message: "p1 was here" }]);
    expect(await store.saveStatus("c1", "p2", { ...job("c1").status, batch: 0 }, "t", 10_000, 18_000)).toBe(true);
  });

  it("keeps control requests apart from the runner's status writes", async () => {
    const store = getStore().jobs;
    await store.insert(job("d1", "control:9092"), "p1", 10_000, 0);
    const updated = (await store.updateControl("d1", (c) => ({ ...c, seq: c.seq + 1, pause: true, by: "bob" })))!;
    expect(updated.control).toEqual({ seq: 1, pause: true, cancel: false, rates: null, by: "bob" });
    expect(await store.saveStatus("d1", "p1", { ...job("d1").status, controlSeq: 0 }, "t", 10_000, 1_000)).toBe(true);
    expect(await store.control("d1")).toEqual({ seq: 1, pause: true, cancel: false, rates: null, by: "bob" });
    expect(await store.updateControl("nope", (c) => c)).toBeNull();
  });

  it("lists the audit log newest first, by cluster or job, at most the limit", async () => {
    const audit = getStore().audit;
    for (let i = 0; i < 5; i++)
      await audit.append({
        at: new Date(i * 1000).toISOString(),
        cluster: i % 2 ? "x:1" : "y:1",
        actor: "alice",
        jobId: i < 3 ? "j1" : "j2",
        action: "alter-configs",
        target: `broker ${i}`,
        result: i === 4 ? "refused" : "ok",
        detail: "",
      });
    expect((await audit.list()).map((e) => e.target)).toEqual(["broker 4", "broker 3", "broker 2", "broker 1", "broker 0"]);
    expect((await audit.list({ limit: 2 })).map((e) => e.target)).toEqual(["broker 4", "broker 3"]);
    expect((await audit.list({ cluster: "x:1" })).map((e) => e.target)).toEqual(["broker 3", "broker 1"]);
    expect((await audit.list({ jobId: "j2" })).map((e) => [e.target, e.result])).toEqual([
      ["broker 4", "refused"],
      ["broker 3", "ok"],
    ]);
  });

  it("a runner that takes over a job logs the take-over and each failure as JSON lines, with the cluster and job, and stops once the job is no longer its", async () => {
    const store = getStore().jobs;
    const dead = `127.0.0.1:${await freePort()}`;
    const orphan = job("t1", dead);
    orphan.status = { ...orphan.status, phase: "batches", runBy: "dead-instance" };
    await store.insert(orphan, "dead-instance", 1, 0);
    const connection = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: dead, KAFKA_REQUEST_TIMEOUT_MS: "1000" });
    if (!connection.ok) throw new Error(connection.error.message);
    const capture = captureLog();
    try {
      const running = await runJob(connection.value, "t1", { leaseMs: 60_000, pollMs: 100 });
      expect(running).not.toBeNull();
      await waitFor("the failed scan in the log", () => capture.lines.some((l) => l.event === "job.scan-failed"), 30_000);
      // The job ends elsewhere (its status written finished): the runner's next write is refused, and it stops.
      expect(await store.saveStatus("t1", PROCESS_OWNER, { ...orphan.status, state: "cancelled", phase: "finished" }, "t", 60_000, Date.now(), new Date().toISOString())).toBe(
        true,
      );
      await running!.done;
    } finally {
      capture.stop();
    }
    const takeOver = capture.lines.find((l) => l.event === "job.take-over")!;
    expect(takeOver).toMatchObject({ level: "warn", cluster: dead, jobId: "t1", owner: PROCESS_OWNER });
    expect(String(takeOver.detail)).toContain("from dead-instance");
    expect(capture.lines.find((l) => l.event === "job.scan-failed")).toMatchObject({ level: "warn", cluster: dead, jobId: "t1" });
    expect(capture.lines.at(-1)).toMatchObject({ event: "job.lease-lost", jobId: "t1" });
    for (const l of capture.lines) {
      expect(Number.isNaN(Date.parse(String(l.time))), JSON.stringify(l)).toBe(false);
      expect(typeof l.msg).toBe("string");
    }
    expect((await getStore().audit.list({ jobId: "t1" })).map((e) => e.action)).toContain("take-over");
  });

  it("a store file of the previous layout (links only) opens with its links and gains the job and audit tables", async () => {
    closeStore();
    const db = new Database(temp.file);
    db.exec(
      "DROP INDEX snapshots_client; ALTER TABLE snapshots DROP COLUMN client; DROP TABLE apply_jobs; DROP TABLE audit_log; DROP TABLE history_series; DROP TABLE history_chunks; DROP TABLE history_tail; DROP TABLE history_scans; DROP TABLE history_clusters; DROP TABLE leases; PRAGMA user_version = 2;",
    );
    db.close();
    const store = getStore();
    expect((store.db as SqliteDb).connection.pragma("user_version", { simple: true }) as number).toBe(5);
    expect(await getStore().jobs.current("127.0.0.1:9092")).toBeNull();
    await getStore().jobs.insert(job("e1"), "p1", 10_000, 0);
    expect((await getStore().jobs.get("e1"))!.createdBy).toBe("alice");
  });
});
