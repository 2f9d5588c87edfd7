/**
 * Several instances on one PostgreSQL store (a real server, tests/support/postgres.ts; the instances
 * get its URL as `KAFKA_BALANCE_DATABASE_URL`), the built app against real Kafka (4.x, 2 nodes × 2 dirs):
 * - a link made on one instance opens on another;
 * - the collector: one instance holds the cluster's lease and records; `kill -9` of the holder and a
 *   standby takes over once the lease has run out — the history has no duplicate point and no gap
 *   longer than two intervals;
 * - an apply job: `kill -9` of the instance running a throttled two-batch move, and another instance
 *   takes the job over (its orphan watch), finishes it, and says so in the job log and the audit log;
 *   the partitions end where the plan put them and no throttle is left behind.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplyJobView, AuditEntry } from "@/lib/plan/job-model";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { formatReassignmentJson, type ReassignmentEntry } from "@/lib/plan";
import type { HistoryResponse } from "@/lib/server/history-read";
import type { SharedRecord } from "@/lib/share/record";
import { KiB, MiB, startDataCluster, type DataCluster } from "../support/data-cluster";
import { Instances, sharedStore, type Instance } from "../support/instances";
import { startPostgres, type PostgresServer } from "../support/postgres";
import { pause, waitFor } from "@/scripts/test-timings/phases";

// App instances on 29850–29899; Kafka clients 29900–29901 (controllers at +50: 29950–29951).
const APP_PORTS = { from: 29850, to: 29899 };
const KAFKA_BASE_PORT = 29900;
const TOKEN = "instances-Token-7";
/** The collector's interval and lease: a takeover (lease + two renewals of a third of it + a scan) fits in an interval. */
const INTERVAL_MS = 4000;
const LEASE_MS = 1500;
const JOB_LEASE_MS = 4000;

let data: DataCluster;
let dir: string;
let instances: Instances;
let since: number;

async function json<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const r = await fetch(url, init);
  return { status: r.status, body: (await r.json()) as T };
}

async function history(via: Instance): Promise<Extract<HistoryResponse, { scope: "cluster" }>> {
  const { status, body } = await json<Extract<HistoryResponse, { scope: "cluster" }>>(
    `${via.url}/api/history?cluster=default&scope=cluster&from=${since}&to=${Date.now() + 60_000}&maxPoints=5000`,
  );
  expect(status).toBe(200);
  return body;
}

async function jobOn(via: Instance): Promise<ApplyJobView | null> {
  const { status, body } = await json<{ job: ApplyJobView | null }>(`${via.url}/api/plan/apply`);
  expect(status).toBe(200);
  return body.job;
}

/** The recorded scans' times, checked: all succeeded, no time twice, none closer than half an interval (one collector at a time), no gap over two intervals. */
function checkSeries(points: { at: number; ok: boolean; error: string | null }[]): number[] {
  expect(points.filter((p) => !p.ok).map((p) => p.error)).toEqual([]);
  const ats = points.map((p) => p.at);
  expect(new Set(ats).size).toBe(ats.length);
  const gaps = ats.slice(1).map((t, i) => t - ats[i]!);
  expect(
    gaps.every((g) => g > 0),
    `times in order: ${ats.join(", ")}`,
  ).toBe(true);
  expect(Math.min(...gaps), `spacing ${gaps.join(", ")} ms`).toBeGreaterThan(INTERVAL_MS / 2);
  expect(Math.max(...gaps), `spacing ${gaps.join(", ")} ms`).toBeLessThanOrEqual(2 * INTERVAL_MS);
  return gaps;
}

let postgres: PostgresServer | undefined;

describe("several instances on one store", () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-two-instances-"));
    data = await startDataCluster({
      baseDir: path.resolve(".kafka/e2e-two-instances"),
      basePort: KAFKA_BASE_PORT,
      nodes: 2,
      dirsPerNode: 2,
      clientId: "e2e-two-instances",
      topics: [{ name: "move", assignments: [[1], [1]], bytes: 1.5 * MiB }],
    });
    postgres = await startPostgres();
    const store = sharedStore(dir, { KAFKA_BALANCE_DATABASE_URL: await postgres.createDatabase("two_instances") });
    expect(store.kind).toBe("postgres");
    process.stdout.write(`\ntwo-instances: store ${store.kind}\n`);
    instances = new Instances({
      store,
      ports: APP_PORTS,
      env: {
        KAFKA_BOOTSTRAP_SERVERS: data.cluster.bootstrap,
        KAFKA_BALANCE_ALLOW_WRITES: "true",
        KAFKA_BALANCE_WRITE_TOKEN: TOKEN,
        KAFKA_BALANCE_WRITE_TOKEN_LABEL: "erin",
        KAFKA_BALANCE_COLLECT_INTERVAL_MS: String(INTERVAL_MS),
        KAFKA_BALANCE_COLLECT_LEASE_MS: String(LEASE_MS),
        KAFKA_BALANCE_JOB_LEASE_MS: String(JOB_LEASE_MS),
        KAFKA_BALANCE_REFRESH_MS: "0",
      },
    });
    since = Date.now();
    await instances.start(3);
  }, 300_000);

  afterAll(async () => {
    await instances?.stopAll();
    await data?.stop();
    await postgres?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("a link made on one instance opens on another", async () => {
    const [a, b] = instances.alive();
    const { body: live } = await json<{ snapshot: ClusterSnapshot }>(`${a!.url}/api/cluster`);
    const created = await json<{ id: string; url: string }>(`${a!.url}/api/snapshots`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "snapshot", snapshot: live.snapshot }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const opened = await json<SharedRecord>(`${b!.url}/api/snapshots/${created.body.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.snapshot.brokers.map((x) => x.id)).toEqual(live.snapshot.brokers.map((x) => x.id));
    expect(opened.body.snapshot.topics.find((t) => t.name === "move")!.partitions).toHaveLength(2);
    const page = await fetch(`${b!.url}${created.body.url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-source-kind="shared"');
  });

  it("the collector runs on one instance; after kill -9 of it another takes over, with no duplicate point and no gap over two intervals", async () => {
    await waitFor("three recorded scans", async () => (await history(instances.alive()[0]!)).points.length >= 3, 60_000);
    // Every instance sees the same holder, and it stays the same over two intervals.
    const owners = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      for (const instance of instances.alive()) owners.add((await history(instance)).collector.holder);
      await pause(INTERVAL_MS / 3, "a third of a collect interval between looks at the holder");
    }
    expect([...owners]).toHaveLength(1);
    const holder = instances.owning([...owners][0]);
    expect(holder, `holder ${[...owners][0]}`).toBeDefined();
    checkSeries((await history(holder!)).points);

    const killedAt = Date.now();
    await instances.kill(holder!);
    expect(holder!.alive()).toBe(false);
    const survivor = instances.alive()[0]!;
    const after = await waitFor(
      "another instance to hold the lease and record three scans",
      async () => {
        const h = await history(survivor);
        return h.collector.holder && !h.collector.holder.startsWith(`${holder!.id}:`) && h.points.filter((p) => p.at > killedAt).length >= 3 ? h : null;
      },
      60_000,
    );
    expect(instances.owning(after.collector.holder), `new holder ${after.collector.holder}`).toBeDefined();
    const gaps = checkSeries(after.points);
    process.stdout.write(`two-instances: collector ${holder!.id} → ${after.collector.holder}; spacing ${gaps.join(", ")} ms\n`);
  }, 150_000);

  it("an apply job survives kill -9 of the instance running it: another takes it over and finishes it", async () => {
    const holder = instances.owning((await history(instances.alive()[0]!)).collector.holder);
    const runner = instances.alive().find((i) => i !== holder)!;
    const [other] = instances.alive().filter((i) => i !== runner);
    expect(other).toBeDefined();

    const entries: ReassignmentEntry[] = [0, 1].map((p) => ({ topic: "move", partition: p, replicas: [2], logDirs: ["any"] }));
    const options = { throttle: { replicationBytesPerSecond: 200 * KiB, alterLogDirsBytesPerSecond: 200 * KiB }, execution: { partitionMovesPerBroker: 1 } };
    const posted = await json<{ job: ApplyJobView }>(`${runner.url}/api/plan/apply`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ reassignment: formatReassignmentJson(entries), options }),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    expect(posted.body.job.batches.map((b) => b.partitions)).toEqual([1, 1]);
    expect(posted.body.job.runBy).toMatch(new RegExp(`^${runner.id}:`));
    await waitFor(
      "bytes copying in batch 1",
      async () => {
        const j = await jobOn(runner);
        return j && j.batches[0]!.state === "running" && (j.clock?.doneBytes ?? 0) > 0 ? j : null;
      },
      60_000,
    );

    await instances.kill(runner);
    expect(runner.alive()).toBe(false);
    const done = await waitFor(
      "the job to end on another instance",
      async () => {
        const j = await jobOn(other!);
        return j && ["done", "failed", "cancelled"].includes(j.state) ? j : null;
      },
      120_000,
    );
    process.stdout.write(`two-instances: job ${done.state}; ${done.log.map((l) => l.message).join(" | ")}\n`);
    expect(done.errors).toEqual([]);
    expect(done.state).toBe("done");
    expect(done.id).toBe(posted.body.job.id);
    expect(done.batches.map((b) => b.state)).toEqual(["done", "done"]);
    expect(done.runBy).toMatch(new RegExp(`^${other!.id}:`));
    expect(done.log.filter((l) => l.message.startsWith("Picked up by ")).map((l) => l.message.split(":")[0])).toEqual([`Picked up by ${other!.id}`]);

    const audit = (await json<{ entries: AuditEntry[] }>(`${other!.url}/api/audit?jobId=${done.id}&limit=1000`)).body.entries;
    const takeovers = audit.filter((e) => e.action === "take-over");
    expect(takeovers).toHaveLength(1);
    expect(takeovers[0]!.actor).toBe("erin");
    expect(takeovers[0]!.detail).toMatch(new RegExp(`^${other!.id}:\\S+ took the job over from ${runner.id}:\\S+ at phase batches, batch [12]$`));

    const after = await data.settled();
    expect(data.layout(after).map((l) => l.split(" ")[0] + " " + l.split(" ")[1])).toEqual(["move-0: [2]", "move-1: [2]"]);
    expect(after.throttles.brokers.filter((b) => b.leader !== null || b.follower !== null || b.alterLogDirs !== null)).toEqual([]);
    expect(after.throttles.topics.filter((t) => t.leaderReplicas !== null || t.followerReplicas !== null)).toEqual([]);

    // The collector went on meanwhile, one point at a time, over the whole run.
    checkSeries((await history(other!)).points);
  }, 180_000);
});
