/**
 * The apply job outlives its server: the built app (next start) applies a two-batch throttled plan to
 * real Kafka (4.4, 3 nodes × 2 dirs), is killed with SIGKILL mid-move, and a new server on the same
 * store picks the job up (once the dead one's lease has run out), finishes both batches, and puts the
 * throttles back to exactly what they were before — a foreign rate set by someone else included.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "@/lib/cluster/live/protocol";
import { readCluster } from "@/lib/cluster/live";
import type { ApplyJobView, AuditEntry } from "@/lib/plan/job-model";
import { alterConfigs } from "@/lib/cluster/writes/requests";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { formatReassignmentJson, type ReassignmentEntry } from "@/lib/plan";
import { KiB, MiB, startDataCluster, type DataCluster } from "../support/data-cluster";
import { startApp, type AppServer } from "../support/e2e-server";
import { waitFor } from "@/scripts/test-timings/phases";

// Client ports 19440–19442, controllers 19490–19492.
const BASE_PORT = 19440;
const TOKEN = "restart-Token-9";
const FOREIGN_RATE = 555555;
const JOB_LEASE_MS = 4000;

let data: DataCluster;
let dir: string;
let env: Record<string, string>;
const servers: AppServer[] = [];

function throttleState(s: ClusterSnapshot) {
  return {
    brokers: s.throttles.brokers
      .filter((b) => b.leader !== null || b.follower !== null || b.alterLogDirs !== null)
      .map((b) => ({ broker: b.broker, leader: b.leader, follower: b.follower, alterLogDirs: b.alterLogDirs })),
    topics: s.throttles.topics.filter((t) => t.leaderReplicas !== null || t.followerReplicas !== null).map((t) => t.topic),
  };
}
const FOREIGN = { brokers: [{ broker: 3, leader: FOREIGN_RATE, follower: null, alterLogDirs: null }], topics: [] };

async function status(app: AppServer): Promise<ApplyJobView | null> {
  const r = await fetch(`${app.url}/api/plan/apply`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { job: ApplyJobView | null }).job;
}

describe("an apply job survives kill -9 of its server", () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-apply-restart-"));
    data = await startDataCluster({
      baseDir: path.resolve(".kafka/e2e-apply-restart"),
      basePort: BASE_PORT,
      nodes: 3,
      dirsPerNode: 2,
      clientId: "e2e-apply-restart",
      topics: [{ name: "move", assignments: [[1], [1], [1], [1]], bytes: 1 * MiB }],
    });
    const admin = createAdmin(data.connection);
    try {
      const b3 = data.cluster.nodes.find((n) => n.id === 3)!;
      expect(
        await alterConfigs(
          admin,
          { host: "127.0.0.1", port: b3.port },
          [{ resource: { kind: "broker", id: 3 }, configs: [{ name: "leader.replication.throttled.rate", value: String(FOREIGN_RATE) }] }],
          15_000,
        ),
      ).toEqual([]);
    } finally {
      await admin.close();
    }
    await waitFor("the foreign throttle", async () => JSON.stringify(throttleState(await data.settled())) === JSON.stringify(FOREIGN), 30_000);
    env = {
      KAFKA_BOOTSTRAP_SERVERS: data.cluster.bootstrap,
      KAFKA_BALANCE_ALLOW_WRITES: "true",
      KAFKA_BALANCE_WRITE_TOKEN: TOKEN,
      KAFKA_BALANCE_WRITE_TOKEN_LABEL: "dave",
      KAFKA_BALANCE_DB: path.join(dir, "store.db"),
      // A short lease: the new server takes the job over seconds after the old one died, not 15 s.
      KAFKA_BALANCE_JOB_LEASE_MS: String(JOB_LEASE_MS),
    };
  }, 900_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await data?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("a new server picks the job up, finishes every batch and puts back exactly the throttles it replaced", async () => {
    const first = await startApp(env);
    servers.push(first);
    const entries: ReassignmentEntry[] = [0, 1, 2, 3].map((p) => ({ topic: "move", partition: p, replicas: [p % 2 === 0 ? 2 : 3], logDirs: ["any"] }));
    const options = { throttle: { replicationBytesPerSecond: 200 * KiB, alterLogDirsBytesPerSecond: 200 * KiB }, execution: { partitionMovesPerBroker: 2 } };
    const posted = await fetch(`${first.url}/api/plan/apply`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ reassignment: formatReassignmentJson(entries), options }),
    });
    const body = (await posted.json()) as { job: ApplyJobView };
    expect(posted.status, JSON.stringify(body)).toBe(202);
    expect(body.job.batches.map((b) => b.partitions)).toEqual([2, 2]);
    expect(body.job.createdBy).toBe("dave");
    await waitFor(
      "bytes copying in batch 1",
      async () => {
        const j = await status(first);
        return j && j.batches[0]!.state === "running" && (j.clock?.doneBytes ?? 0) > 0 ? j : null;
      },
      60_000,
    );

    await first.kill!("SIGKILL");
    expect(first.alive()).toBe(false);
    // The server is gone; Kafka goes on copying under the throttles the job set, which stay set.
    const orphaned = await readCluster(data.connection);
    expect(orphaned.throttles.brokers.find((b) => b.broker === 1)!.leader).toBe(200 * KiB);
    expect(orphaned.throttles.topics.find((t) => t.topic === "move")!.leaderReplicas).not.toBeNull();

    const second = await startApp(env);
    servers.push(second);
    const done = await waitFor(
      "the job to end on the new server",
      async () => {
        const j = await status(second);
        return j && ["done", "failed", "cancelled"].includes(j.state) ? j : null;
      },
      180_000,
    );
    process.stdout.write(`\napply-restart: ${done.state}; ${done.log.map((l) => l.message).join(" | ")}\n`);
    expect(done.errors).toEqual([]);
    expect(done.state).toBe("done");
    expect(done.id).toBe(body.job.id);
    expect(done.batches.map((b) => b.state)).toEqual(["done", "done"]);
    expect(done.log.some((l) => /^Picked up by .* at phase batches, batch 1\./.test(l.message))).toBe(true);

    const after = await data.settled();
    expect(
      after.topics
        .find((t) => t.name === "move")!
        .partitions.map((p) => `${p.id}:${p.replicas.map((r) => r.broker).join(",")}`)
        .sort(),
    ).toEqual(["0:2", "1:3", "2:2", "3:3"]);
    await waitFor("the throttles back to what they were", async () => JSON.stringify(throttleState(await data.settled())) === JSON.stringify(FOREIGN), 30_000);

    const audit = ((await (await fetch(`${second.url}/api/audit?jobId=${done.id}&limit=1000`)).json()) as { entries: AuditEntry[] }).entries;
    expect(audit.every((e) => e.actor === "dave")).toBe(true);
    expect(audit.filter((e) => e.action === "alter-partition-reassignments").length).toBeGreaterThanOrEqual(2);
    expect(
      audit.some((e) => e.action === "alter-configs" && e.target === `broker 3: leader.replication.throttled.rate=${FOREIGN_RATE}, delete follower.replication.throttled.rate`),
    ).toBe(true);
  }, 420_000);
});
