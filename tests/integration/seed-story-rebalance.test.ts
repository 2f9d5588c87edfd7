/**
 * The product's story end to end on real Kafka: the seed story (counts predicted exactly), then a
 * planned intra-broker rebalance applied with a throttle low enough to take 20 s or more — throttles
 * seen while data moves, removed afterwards, and the final cluster as the plan predicted.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCluster } from "@/lib/cluster/live";
import { getApplyJob, jobFinished, startApplyJob } from "@/lib/cluster/writes";
import { useTempStore } from "../fixtures/snapshots/harness";
import { planRebalance, PlanOptionsSchema, type Plan } from "@/lib/plan";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { balanceReport } from "@/lib/model/report";
import { formatStoryTable, runSeedStory, type StoryResult } from "@/scripts/kafka/seed-story";

const BASE_DIR = path.resolve(".kafka/it-seed-story");
const BASE_PORT = 19700;
const ALTER_LOG_DIRS_RATE = 192 * 1024;

let story: StoryResult | null = null;
const connection = () => ({ bootstrapServers: story!.cluster.bootstrap.split(","), clientId: "it-seed-story", requestTimeoutMs: 15_000, sasl: null, tls: null });
/** The story's JBOD dirs share this machine's filesystem on purpose: each is its own disk, as KAFKA_BALANCE_DISKS=separate says (else they are one disk, and there is nothing to move between them). */
const SEPARATE = { disks: { kind: "separate" as const } };

describe("seed story and throttled rebalance on real Kafka", () => {
  let store: ReturnType<typeof useTempStore>;
  beforeAll(async () => {
    store = useTempStore("seed-story");
    story = await runSeedStory({ baseDir: BASE_DIR, basePort: BASE_PORT, keepRunning: true });
  }, 900_000);

  afterAll(async () => {
    await story?.cluster.stop();
    store?.cleanup();
  }, 120_000);

  it("runSeedStory() predicts every dir's partition count of the real cluster exactly", async () => {
    process.stdout.write(`\n${formatStoryTable(story!.rows, BASE_DIR)}\n`);
    expect(story!.countsMatch).toBe(true);
    // The story's trap: the first dirs hold only __consumer_offsets (50) and the group's topic (1).
    for (const r of story!.rows.filter((x) => x.dir.endsWith("/d1"))) expect(r.actualPartitions).toBe(51);
  });

  it("a planned rebalance runs under its throttles, cleans them up and ends as planned", async () => {
    const before = await readCluster(connection(), SEPARATE);
    const planned = planRebalance(
      before,
      PlanOptionsSchema.parse({
        goals: ["dir-utilization"],
        intraObjective: "bytes",
        tolerance: 0.1,
        throttle: { replicationBytesPerSecond: 1024 * 1024, alterLogDirsBytesPerSecond: ALTER_LOG_DIRS_RATE },
      }),
    );
    if (!planned.ok) throw new Error(`the planner refused: ${planned.error.message}`);
    const plan: Plan = planned.value;
    expect(plan.moves.length).toBeGreaterThan(0);
    expect(plan.estimate.seconds).toBeGreaterThanOrEqual(20);
    expect(plan.throttles.brokers.every((b) => b.alterLogDirsRate === ALTER_LOG_DIRS_RATE)).toBe(true);

    let sawThrottles = false;
    let sawFuture = false;
    const startedAt = Date.now();
    const started = await startApplyJob(connection(), before, plan, {
      pollMs: 1000,
      onPoll: (_job, snap: ClusterSnapshot) => {
        if (snap.throttles.brokers.some((b) => b.alterLogDirs === ALTER_LOG_DIRS_RATE)) sawThrottles = true;
        if (snap.topics.some((t) => t.partitions.some((p) => p.replicas.some((r) => r.future)))) sawFuture = true;
      },
    });
    expect(started.status.errors).toEqual([]);
    let job = started;
    while (!jobFinished(job.status.state)) {
      await new Promise((r) => setTimeout(r, 500));
      job = (await getApplyJob(started.id))!;
      if (Date.now() - startedAt > 600_000) throw new Error(`apply did not finish: ${JSON.stringify(job.status.progress)}`);
    }
    const measured = (Date.parse(job.finishedAt!) - Date.parse(job.createdAt)) / 1000;
    process.stdout.write(
      `\nrebalance: ${plan.moves.length} dir moves, ${(plan.bytesMoved.total / 1048576).toFixed(1)} MiB; estimated ${plan.estimate.seconds.toFixed(1)} s, measured ${measured.toFixed(1)} s (bottleneck broker ${plan.estimate.bottleneck?.broker}, ${plan.estimate.bottleneck?.limitedBy})\n`,
    );
    expect(job.status.state).toBe("done");
    expect(sawThrottles).toBe(true);
    expect(sawFuture).toBe(true);
    expect(measured).toBeGreaterThanOrEqual(15);

    // A broker answers configs from its copy of the cluster's metadata, which can trail the controller by a
    // moment under load (one clean-clone CI run read a throttle the job had just deleted): read again, 10 s at most.
    const cleared = (s: ClusterSnapshot) =>
      s.throttles.brokers.every((b) => b.leader === null && b.follower === null && b.alterLogDirs === null) &&
      s.throttles.topics.every((t) => t.leaderReplicas === null && t.followerReplicas === null);
    let after = await readCluster(connection(), SEPARATE);
    for (let attempt = 1; attempt < 20 && !cleared(after); attempt++) {
      await new Promise((r) => setTimeout(r, 500));
      after = await readCluster(connection(), SEPARATE);
    }
    expect(after.throttles.brokers.every((b) => b.leader === null && b.follower === null && b.alterLogDirs === null)).toBe(true);
    expect(after.throttles.topics.every((t) => t.leaderReplicas === null && t.followerReplicas === null)).toBe(true);
    const report = balanceReport(after);
    for (const d of plan.after.dirs) {
      const real = report.dirs.find((x) => x.broker === d.broker && x.path === d.path)!;
      expect(real.partitions, `${d.broker} ${d.path}`).toBe(d.partitions);
    }
    for (const id of report.brokerIds) {
      const dirs = report.dirs.filter((d) => d.broker === id);
      const mean = dirs.reduce((a, d) => a + d.bytes, 0) / dirs.length;
      for (const d of dirs) expect(Math.abs(d.bytes - mean), `${id} ${d.path}`).toBeLessThanOrEqual(0.1 * mean + 64 * 1024);
    }
  }, 900_000);
});
