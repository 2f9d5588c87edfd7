/**
 * Apply jobs on real Kafka (4.4, 3 KRaft nodes × 2 log dirs), controlled through the real control route:
 * - a plan run in batches (at most 2 partition movements per broker at once: never more in flight),
 *   its replication throttle raised mid-move (seen in the brokers' configs and in the measured rate),
 *   paused between batches (the next batch does not start) and resumed, ending exactly as planned with
 *   every throttle config back to what it was before — including values someone else had set;
 * - a cancel mid-move: Kafka reverts the in-flight reassignment to its replicas and drops the in-flight
 *   dir move, and the throttles go back to what they were.
 * Every request the job made is in the audit log with the label of the token that asked, and in the
 * server's JSON log (lib/log/logger.ts): each request sent, Kafka's answer, each control and the end,
 * never the token.
 * KAFKA_BOOTSTRAP_SERVERS alone configures one cluster, named `default`: the jobs are that cluster's.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as controlPost } from "@/app/api/plan/apply/control/route";
import { resetClusterSource } from "@/lib/cluster/source";
import { createAdmin } from "@/lib/cluster/live/protocol";
import { readCluster } from "@/lib/cluster/live";
import { ApplyBusyError, getApplyJob, jobFinished, startApplyJob, type ApplyJobRecord } from "@/lib/cluster/writes";
import { alterConfigs } from "@/lib/cluster/writes/requests";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { throttlePlan, type ReassignmentEntry } from "@/lib/plan";
import { captureLog } from "@/lib/log/logger";
import { getStore } from "@/lib/store";
import { useTempStore } from "../fixtures/snapshots/harness";
import { KiB, MiB, startDataCluster, type DataCluster } from "../support/data-cluster";
import { pause, waitFor } from "@/scripts/test-timings/phases";

// Client ports 19600–19602, controllers 19650–19652.
const BASE_PORT = 19600;
const TOKEN = "carols-Token-1";
const ENV = { KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKENS: `carol=${TOKEN}`, KAFKA_BALANCE_REFRESH_MS: "0" };
const saved = Object.fromEntries(["KAFKA_BOOTSTRAP_SERVERS", ...Object.keys(ENV)].map((k) => [k, process.env[k]]));
/** Someone else's throttle, set before any job: it must be exactly as it was afterwards. */
const FOREIGN_RATE = "987654321";
const FOREIGN_LIST = "0:1";

let data: DataCluster;
let store: ReturnType<typeof useTempStore>;
let logged: ReturnType<typeof captureLog>;

const job = async (id: string): Promise<ApplyJobRecord> => (await getApplyJob(id))!;
const control = (body: unknown) =>
  controlPost(
    new Request("http://localhost/api/plan/apply/control", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(body),
    }),
  );

function throttleState(s: ClusterSnapshot) {
  return {
    brokers: s.throttles.brokers
      .filter((b) => b.leader !== null || b.follower !== null || b.alterLogDirs !== null)
      .map((b) => ({ broker: b.broker, leader: b.leader, follower: b.follower, alterLogDirs: b.alterLogDirs })),
    topics: s.throttles.topics
      .filter((t) => t.leaderReplicas !== null || t.followerReplicas !== null)
      .map((t) => ({ topic: t.topic, leader: t.leaderReplicas, follower: t.followerReplicas })),
  };
}

const FOREIGN_STATE = {
  brokers: [{ broker: 2, leader: null, follower: Number(FOREIGN_RATE), alterLogDirs: null }],
  topics: [{ topic: "slow", leader: FOREIGN_LIST, follower: null }],
};

describe("apply jobs on real Kafka: batches, live throttle, pause, cancel", () => {
  beforeAll(async () => {
    store = useTempStore("apply-control");
    logged = captureLog();
    data = await startDataCluster({
      baseDir: path.resolve(".kafka/it-apply-control"),
      basePort: BASE_PORT,
      nodes: 3,
      dirsPerNode: 2,
      clientId: "it-apply-control",
      topics: [
        { name: "slow", assignments: [[1], [1], [1], [1]], bytes: 4 * MiB },
        { name: "halt", assignments: [[2]], bytes: 4 * MiB },
        { name: "local", assignments: [[3]], bytes: 4 * MiB },
      ],
    });
    Object.assign(process.env, ENV, { KAFKA_BOOTSTRAP_SERVERS: data.cluster.bootstrap });
    resetClusterSource();
    const admin = createAdmin(data.connection);
    try {
      const b2 = data.cluster.nodes.find((n) => n.id === 2)!;
      expect(
        await alterConfigs(
          admin,
          { host: "127.0.0.1", port: b2.port },
          [{ resource: { kind: "broker", id: 2 }, configs: [{ name: "follower.replication.throttled.rate", value: FOREIGN_RATE }] }],
          15_000,
        ),
      ).toEqual([]);
      expect(
        await alterConfigs(
          admin,
          { host: "127.0.0.1", port: b2.port },
          [{ resource: { kind: "topic", name: "slow" }, configs: [{ name: "leader.replication.throttled.replicas", value: FOREIGN_LIST }] }],
          15_000,
        ),
      ).toEqual([]);
    } finally {
      await admin.close();
    }
    await waitFor("the foreign throttles to show", async () => JSON.stringify(throttleState(await data.settled())) === JSON.stringify(FOREIGN_STATE));
  }, 300_000);

  afterAll(async () => {
    logged?.stop();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetClusterSource();
    await data?.stop();
    store?.cleanup();
  }, 120_000);

  it("runs a plan in batches, takes a throttle change mid-move, pauses between batches, resumes, and puts every throttle back as it was", async () => {
    const before = await data.settled();
    const entries: ReassignmentEntry[] = [0, 1, 2, 3].map((p) => ({ topic: "slow", partition: p, replicas: [p % 2 === 0 ? 2 : 3], logDirs: ["any"] }));
    const rates = { replicationBytesPerSecond: 200 * KiB, alterLogDirsBytesPerSecond: 200 * KiB };
    let maxInFlight = 0;
    const started = await startApplyJob(
      data.connection,
      before,
      { entries, throttles: throttlePlan(before, entries, rates, data.cluster.bootstrap) },
      {
        cluster: "default",
        createdBy: "carol",
        rates,
        execution: { partitionMovesPerBroker: 2, dirMovesPerBroker: 2, leaderMovesPerBatch: 1000, order: "smallest-first" },
        pollMs: 500,
        onPoll: (_job, snap) => {
          maxInFlight = Math.max(maxInFlight, snap.throttles.reassignments.filter((r) => r.topic === "slow").length);
        },
      },
    );
    const id = started.id;
    expect(started.work.batches.map((b) => b.entries.length)).toEqual([2, 2]);
    // One job per cluster: a second one is refused while this one runs, and nothing of it is stored.
    await expect(
      startApplyJob(
        data.connection,
        before,
        { entries: entries.slice(0, 1), throttles: throttlePlan(before, entries.slice(0, 1), rates, data.cluster.bootstrap) },
        { cluster: "default" },
      ),
    ).rejects.toThrow(ApplyBusyError);
    expect((await getStore().audit.list({ limit: 1000 })).filter((e) => e.action === "apply-requested")).toHaveLength(1);
    expect(started.status.batches[0]!.state).toBe("running");

    // The throttled rate, after Kafka's quota window (it lets the first ~10 s of the rate through at once).
    await pause(11_000, "Kafka's quota window to pass");
    const a = (await job(id)).status.clock!;
    await pause(4_000, "a window to measure the throttled rate over");
    const b = (await job(id)).status.clock!;
    const slowRate = (b.doneBytes - a.doneBytes) / ((Date.parse(b.at) - Date.parse(a.at)) / 1000);
    const left = (await job(id)).work.batches[0]!.bytes - (b.doneBytes - 0);
    expect((await job(id)).status.batches[0]!.state, "batch 1 is still copying 15 s in").toBe("running");
    expect(slowRate).toBeGreaterThan(0);
    expect(slowRate, `measured ${Math.round(slowRate / KiB)} KiB/s under a 200 KiB/s throttle`).toBeLessThan(2 * 200 * KiB);

    // Raise the throttle and ask for a pause: both through the route, as carol.
    const raised = await control({ jobId: id, action: "throttle", replicationBytesPerSecond: 16 * MiB });
    expect(raised.status, await raised.clone().text()).toBe(202);
    expect((await control({ jobId: id, action: "pause" })).status).toBe(202);
    const changedAt = Date.now();
    // The raised rate on the leader's broker and on the follower's.
    await waitFor(
      "the raised rate in brokers 1 and 2's configs",
      async () => {
        const brokers = (await readCluster(data.connection)).throttles.brokers;
        return brokers.find((x) => x.broker === 1)?.leader === 16 * MiB && brokers.find((x) => x.broker === 2)?.follower === 16 * MiB;
      },
      15_000,
    );
    // What was left would take left/slowRate seconds at the old rate; at the new one it is done in a few.
    await waitFor("batch 1 to finish", async () => (await job(id)).status.batches[0]!.state === "done", 30_000);
    const took = (Date.now() - changedAt) / 1000;
    process.stdout.write(
      `\napply-control: ${(slowRate / KiB).toFixed(0)} KiB/s under 200 KiB/s; raised to 16 MiB/s with ${(left / MiB).toFixed(1)} MiB left (${(left / slowRate).toFixed(1)} s at the old rate): batch 1 done ${took.toFixed(1)} s later\n`,
    );
    expect(took).toBeLessThan(Math.max(3, left / slowRate / 2));
    expect((await job(id)).status.rates.replicationBytesPerSecond).toBe(16 * MiB);

    // Paused between batches: batch 2 does not start.
    await waitFor("the pause", async () => (await job(id)).status.state === "paused", 15_000);
    await pause(3_000, "time in which a paused job must not start batch 2");
    expect((await job(id)).status.batches[1]!.state).toBe("pending");
    expect((await readCluster(data.connection)).throttles.reassignments).toEqual([]);
    expect((await control({ jobId: id, action: "resume" })).status).toBe(202);
    const done = await waitFor(
      "the job to end",
      async () => {
        const j = await job(id);
        return jobFinished(j.status.state) ? j : null;
      },
      90_000,
    );
    expect(done.status.errors).toEqual([]);
    expect(done.status.state).toBe("done");
    expect(maxInFlight).toBeGreaterThan(0);
    expect(maxInFlight).toBeLessThanOrEqual(2);
    expect(Date.parse(done.status.batches[1]!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(done.status.batches[0]!.finishedAt!));

    const after = await data.settled();
    expect(
      after.topics
        .find((t) => t.name === "slow")!
        .partitions.map((p) => `${p.id}:${p.replicas.map((r) => r.broker).join(",")}`)
        .sort(),
    ).toEqual(["0:2", "1:3", "2:2", "3:3"]);
    await waitFor("the throttles back as they were", async () => JSON.stringify(throttleState(await data.settled())) === JSON.stringify(FOREIGN_STATE), 30_000);

    const audit = (await getStore().audit.list({ jobId: id, limit: 1000 })).reverse();
    const actions = audit.map((e) => `${e.actor} ${e.action} ${e.result}`);
    expect(actions[0]).toBe("carol apply-requested ok");
    expect(actions).toContain("carol alter-configs ok");
    expect(actions.filter((a) => a === "carol alter-partition-reassignments ok")).toHaveLength(2);
    expect(actions).toContain("carol change-throttle ok");
    expect(actions).toContain("carol pause ok");
    expect(actions).toContain("carol resume ok");
    expect(audit.some((e) => e.action === "alter-configs" && e.target.includes("follower.replication.throttled.rate=987654321"))).toBe(true);
  }, 180_000);

  it("cancel mid-move: Kafka reverts the in-flight reassignment and drops the in-flight dir move; the throttles go back as they were", async () => {
    const before = await data.settled();
    const localDirs = data.cluster.nodes.find((n) => n.id === 3)!.logDirs;
    const localNow = before.topics.find((t) => t.name === "local")!.partitions[0]!.replicas[0]!.logDir!;
    const otherDir = localDirs.find((d) => d !== localNow)!;
    const entries: ReassignmentEntry[] = [
      { topic: "halt", partition: 0, replicas: [3], logDirs: ["any"] },
      { topic: "local", partition: 0, replicas: [3], logDirs: [otherDir] },
    ];
    const rates = { replicationBytesPerSecond: 100 * KiB, alterLogDirsBytesPerSecond: 100 * KiB };
    const started = await startApplyJob(
      data.connection,
      before,
      { entries, throttles: throttlePlan(before, entries, rates, data.cluster.bootstrap) },
      { cluster: "default", createdBy: "carol", rates, pollMs: 500 },
    );
    const id = started.id;
    await waitFor("both moves in flight", async () => {
      const s = await readCluster(data.connection);
      const local = s.topics.find((t) => t.name === "local")!.partitions[0]!.replicas[0]!;
      return s.throttles.reassignments.some((r) => r.topic === "halt") && local.future !== null && (local.future.sizeBytes ?? 0) > 0;
    });
    expect((await control({ jobId: id, action: "cancel" })).status).toBe(202);
    const ended = await waitFor(
      "the job to end",
      async () => {
        const j = await job(id);
        return jobFinished(j.status.state) ? j : null;
      },
      60_000,
    );
    expect(ended.status.state).toBe("cancelled");
    expect(ended.status.batches.map((b) => b.state)).toEqual(["cancelled"]);
    expect(ended.status.election).toBeNull();

    const after = await data.settled();
    expect(after.topics.find((t) => t.name === "halt")!.partitions[0]!.replicas.map((r) => r.broker)).toEqual([2]);
    const local = after.topics.find((t) => t.name === "local")!.partitions[0]!.replicas[0]!;
    expect(local.logDir).toBe(localNow);
    expect(local.future).toBeNull();
    // What the job says is what a fresh read of the cluster shows: both moves undone, nothing moved.
    const fresh = await readCluster(data.connection);
    const freshLocal = fresh.topics.find((t) => t.name === "local")!.partitions[0]!.replicas[0]!;
    expect([freshLocal.logDir, freshLocal.future]).toEqual([localNow, null]);
    expect(fresh.topics.find((t) => t.name === "halt")!.partitions[0]!.replicas.map((r) => r.broker)).toEqual([2]);
    expect(ended.status.cancel!.outcomes.flatMap((o) => o.lines)).toEqual(["halt-0: reverted to [2]", `local-0 on broker 3: stays in ${localNow} — the move was cancelled`]);
    expect(ended.status.cancel!.refused).toEqual([]);
    expect(ended.status.log.map((l) => l.message)).toContain(`local-0 on broker 3: stays in ${localNow} — the move was cancelled.`);
    expect(ended.status.batches[0]!.finishedPartitions).toBe(0);
    expect(ended.status.clock!.doneBytes).toBe(0);
    expect(ended.status.phasesRun).toEqual(["throttles", "batches", "restoring-throttles", "finished"]);
    await waitFor("the throttles back as they were", async () => JSON.stringify(throttleState(await data.settled())) === JSON.stringify(FOREIGN_STATE), 30_000);
    const actions = (await getStore().audit.list({ jobId: id })).map((e) => `${e.actor} ${e.action} ${e.result}`);
    expect(actions).toContain("carol cancel ok");
    expect(actions).toContain("carol cancel-reassignments ok");
    expect(actions).toContain("carol cancel-dir-moves ok");
    // A finished job takes no more requests.
    const late = await control({ jobId: id, action: "pause" });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe("job_finished");
    expect((await control({ jobId: "no-such-job", action: "pause" })).status).toBe(404);
  }, 120_000);

  it("logs every job's start, each request sent to Kafka with its answer, each control request and the end, as JSON lines naming the cluster and job, never the token", () => {
    const jobs = new Set(logged.lines.filter((l) => l.event === "job.start").map((l) => String(l.jobId)));
    expect(jobs.size).toBeGreaterThanOrEqual(2);
    for (const id of jobs) {
      const of = logged.lines.filter((l) => l.jobId === id);
      const requests = of.filter((l) => l.event === "job.request").map((l) => String(l.request));
      expect(requests).toContain("IncrementalAlterConfigs");
      expect(requests).toContain("AlterPartitionReassignments");
      expect(of.filter((l) => l.event === "job.answer").length).toBeGreaterThan(0);
      expect(of.some((l) => l.event === "job.control" && l.actor === "carol")).toBe(true);
      expect(of.find((l) => l.event === "job.end")).toMatchObject({ cluster: "default" });
      for (const l of of) expect(l).toMatchObject({ cluster: "default", jobId: id, time: expect.any(String), level: expect.any(String), msg: expect.any(String) });
    }
    expect(logged.lines.some((l) => l.event === "job.request" && l.request === "AlterReplicaLogDirs")).toBe(true);
    expect(logged.lines.some((l) => l.event === "job.answer" && l.action === "cancel-reassignments")).toBe(true);
    expect(logged.lines.some((l) => l.event === "job.end" && l.state === "cancelled")).toBe(true);
    expect(logged.lines.some((l) => l.event === "job.end" && l.state === "done")).toBe(true);
    for (const line of logged.raw) expect(line).not.toContain(TOKEN);
  });

  it("cancel of a drain's dir move out of the dir it cordoned: Kafka refuses it (INVALID_REPLICA_ASSIGNMENT), the job sends it once, says so, and reports the replica where it really ends up", async () => {
    const before = await data.settled();
    const localNow = before.topics.find((t) => t.name === "local")!.partitions[0]!.replicas[0]!.logDir!;
    const otherDir = data.cluster.nodes.find((n) => n.id === 3)!.logDirs.find((d) => d !== localNow)!;
    // A drain of broker 3's dir holding local-0: cordoned first (KIP-1066), then the replica moves out.
    const entries: ReassignmentEntry[] = [{ topic: "local", partition: 0, replicas: [3], logDirs: [otherDir] }];
    const rates = { replicationBytesPerSecond: 100 * KiB, alterLogDirsBytesPerSecond: 100 * KiB };
    const started = await startApplyJob(
      data.connection,
      before,
      { entries, throttles: throttlePlan(before, entries, rates, data.cluster.bootstrap), cordons: [{ broker: 3, dirs: [localNow] }] },
      { cluster: "default", createdBy: "carol", rates, pollMs: 500 },
    );
    const id = started.id;
    await waitFor("the dir move copying, and the dir cordoned", async () => {
      const s = await readCluster(data.connection);
      const local = s.topics.find((t) => t.name === "local")!.partitions[0]!.replicas[0]!;
      const cordoned = s.brokers.find((b) => b.id === 3)!.logDirs.find((d) => d.path === localNow)!.state === "cordoned";
      return cordoned && local.future !== null && (local.future.sizeBytes ?? 0) > 0;
    });
    expect((await control({ jobId: id, action: "cancel" })).status).toBe(202);
    const ended = await waitFor(
      "the job to end",
      async () => {
        const j = await job(id);
        return jobFinished(j.status.state) ? j : null;
      },
      60_000,
    );
    // Read fresh: Kafka kept moving the replica (unthrottled once the job put its throttle back) and it is in the new dir.
    const fresh = await readCluster(data.connection);
    const local = fresh.topics.find((t) => t.name === "local")!.partitions[0]!.replicas[0]!;
    expect([local.logDir, local.future]).toEqual([otherDir, null]);
    const audit = (await getStore().audit.list({ jobId: id })).filter((e) => e.action === "cancel-dir-moves");
    process.stdout.write(`\napply-control: the cancel of a move out of a cordoned dir: ${audit.map((e) => `${e.result} (${e.detail})`).join("; ")}\n`);
    expect(audit.map((e) => e.result)).toEqual(["refused"]);
    expect(audit[0]!.detail).toMatch(/INVALID_REPLICA_ASSIGNMENT/);
    const s = ended.status;
    expect(s.state).toBe("cancelled");
    expect(s.cancel!.refused).toEqual([{ topic: "local", partition: 0, broker: 3, error: expect.stringMatching(/^INVALID_REPLICA_ASSIGNMENT/) }]);
    expect(s.cancel!.outcomes.flatMap((o) => o.lines)).toEqual([
      `local-0 on broker 3: in ${otherDir} — Kafka refused the cancel (${s.cancel!.refused[0]!.error}), and the move finished`,
    ]);
    expect(s.errors.some((e) => e.startsWith("Kafka refused the cancel of local-0's dir move on broker 3: INVALID_REPLICA_ASSIGNMENT"))).toBe(true);
    // The move finished: the batch is done and its bytes count; no line says Kafka put anything back.
    expect(s.batches.map((b) => b.state)).toEqual(["done"]);
    expect(s.clock!.doneBytes).toBe(ended.work.batches[0]!.bytes);
    expect(s.log.some((l) => l.message.includes("put them back where they were"))).toBe(false);
    // The cancel put the cordon back too, and nothing says it stays.
    expect(fresh.brokers.find((b) => b.id === 3)!.logDirs.every((d) => d.state !== "cordoned")).toBe(true);
    expect(s.setConfigs.filter((c) => c.name === "cordoned.log.dirs").map((c) => c.restored)).toEqual([true]);
    expect(s.warnings.some((w) => w.startsWith("The cordon stays"))).toBe(false);
    await waitFor("the throttles back as they were", async () => JSON.stringify(throttleState(await data.settled())) === JSON.stringify(FOREIGN_STATE), 30_000);
  }, 120_000);
});
