/**
 * The planner's operations applied to real Kafka (4 KRaft nodes × 3 log dirs, the default version) and
 * read back: add a broker (it fills up and the cluster ends as the plan said, replica order, dirs and
 * leaders included), drain a log dir through the apply route (cordoned first, kept cordoned, empty
 * afterwards), and remove a broker (it holds nothing afterwards).
 *
 * Every check that proves an operation worked is also made before it is applied and must fail there,
 * so the test cannot pass on a cluster the apply did not change.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as applyPost, GET as applyGet } from "@/app/api/plan/apply/route";
import { resetClusterSource } from "@/lib/cluster/source";
import type { KafkaConnection } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";
import { getApplyJob, jobFinished, startApplyJob, type ApplyJobRecord, type ApplyJobView } from "@/lib/cluster/writes";
import { useTempStore } from "../fixtures/snapshots/harness";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { planRebalance, PlanOptionsSchema, throttlePlan, type Plan, type PlanOptionsInput } from "@/lib/plan";
import { startCluster, type LocalCluster } from "@/scripts/kafka/cluster";
import { withAdmin } from "@/scripts/kafka/version-matrix";

const BASE_DIR = path.resolve(".kafka/it-plan-operations");
// Client ports 19920–19923, controllers 19970–19973 (other integration tests use lower ranges).
const BASE_PORT = 19920;
const NEW_BROKER = 4;
const DRAINED = { broker: 2, dir: "d1" };
const REMOVED = 3;
const KiB = 1024;
const MiB = 1024 * KiB;
// Generous: the point is the end state, not the throttle (the seed-story test times a throttled move).
const THROTTLE = { replicationBytesPerSecond: 20 * MiB, alterLogDirsBytesPerSecond: 20 * MiB };
const TOKEN = "plan-operations-Token-1";
const ENV_NAMES = ["KAFKA_BOOTSTRAP_SERVERS", "KAFKA_BALANCE_ALLOW_WRITES", "KAFKA_BALANCE_WRITE_TOKEN", "KAFKA_BALANCE_REFRESH_MS"] as const;
const savedEnv = Object.fromEntries(ENV_NAMES.map((n) => [n, process.env[n]]));

/** Topics on brokers 1–3 only (broker 4 is the one "just added"); sizes per partition differ. */
const TOPICS: { name: string; assignments: number[][]; bytes: (p: number) => number }[] = [
  {
    name: "orders",
    assignments: [
      [1, 2],
      [2, 3],
      [3, 1],
      [1, 3],
      [2, 1],
      [3, 2],
    ],
    bytes: (p) => (p + 1) * 160 * KiB,
  },
  {
    name: "events",
    assignments: [
      [1, 2, 3],
      [2, 3, 1],
      [3, 1, 2],
      [1, 3, 2],
    ],
    bytes: (p) => (p + 1) * 320 * KiB,
  },
  { name: "audit", assignments: [[1], [2], [3]], bytes: () => 256 * KiB },
];
const PARTITIONS = TOPICS.reduce((a, t) => a + t.assignments.length, 0);

let cluster: LocalCluster | null = null;
const connection = (): KafkaConnection => ({ bootstrapServers: cluster!.bootstrap.split(","), clientId: "it-plan-operations", requestTimeoutMs: 15_000, sasl: null, tls: null });
const dirPath = (broker: number, dir: string) => cluster!.nodes.find((n) => n.id === broker)!.logDirs.find((d) => path.basename(d) === dir)!;

function replicasOn(snapshot: ClusterSnapshot, broker: number): number {
  return snapshot.topics.reduce((a, t) => a + t.partitions.filter((p) => p.replicas.some((r) => r.broker === broker)).length, 0);
}

/** Replicas (current or future) in a dir. */
function replicasIn(snapshot: ClusterSnapshot, broker: number, dir: string): string[] {
  return snapshot.topics.flatMap((t) =>
    t.partitions.filter((p) => p.replicas.some((r) => r.broker === broker && (r.logDir === dir || r.future?.logDir === dir))).map((p) => `${t.name}-${p.id}`),
  );
}

/** Each partition as "topic-p: [replicas in order] dirs leader", to compare a real cluster with a plan's after-state. */
function layout(snapshot: ClusterSnapshot, withLeaders: boolean): string[] {
  return snapshot.topics
    .filter((t) => TOPICS.some((x) => x.name === t.name))
    .flatMap((t) =>
      t.partitions.map(
        (p) =>
          `${t.name}-${p.id}: [${p.replicas.map((r) => r.broker).join(",")}] ${p.replicas.map((r) => (r.logDir ? path.basename(r.logDir) : "?")).join(",")}${withLeaders ? ` leader ${p.leader}` : ""}`,
      ),
    )
    .sort();
}

/** A scan once every partition has a leader and every replica a dir, and nothing is moving. */
async function settled(): Promise<ClusterSnapshot> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await readCluster(connection());
    const ours = s.topics.filter((t) => TOPICS.some((x) => x.name === t.name));
    const ok =
      ours.length === TOPICS.length &&
      ours.reduce((a, t) => a + t.partitions.length, 0) === PARTITIONS &&
      ours.every((t) => t.partitions.every((p) => p.leader !== null && p.replicas.every((r) => r.logDir !== null && r.future === null))) &&
      s.throttles.reassignments.length === 0;
    if (ok) return s;
    if (Date.now() > deadline) throw new Error("the cluster did not settle within 60 s");
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Plans, and keeps the snapshot and options next to the cluster's data (to replay a plan that looks wrong). */
function plan(snapshot: ClusterSnapshot, input: PlanOptionsInput): Plan {
  writeFileSync(path.join(BASE_DIR, `plan-${input.operation?.kind ?? "rebalance"}.json`), JSON.stringify({ snapshot, options: { throttle: THROTTLE, ...input } }, null, 1));
  const result = planRebalance(snapshot, PlanOptionsSchema.parse({ throttle: THROTTLE, ...input }));
  if (!result.ok) throw new Error(`the planner refused: ${result.error.message} ${JSON.stringify(result.error.issues)}`);
  return result.value;
}

async function finished(id: string, what: string): Promise<ApplyJobRecord> {
  const deadline = Date.now() + 120_000;
  let job = (await getApplyJob(id))!;
  while (!jobFinished(job.status.state)) {
    if (Date.now() > deadline) throw new Error(`${what}: the apply did not finish within 120 s (${job.status.state}, ${JSON.stringify(job.status.progress)})`);
    await new Promise((r) => setTimeout(r, 250));
    job = (await getApplyJob(id))!;
  }
  return job;
}

function describePlan(name: string, before: ClusterSnapshot, p: Plan, job: ApplyJobRecord): string {
  const election = job.status.election;
  return (
    `${name}: ${p.moves.length} move(s), ${(p.bytesMoved.total / MiB).toFixed(1)} MiB (lower bound ${(p.lowerBound / MiB).toFixed(1)} MiB), ` +
    `${p.leadership.changes.length} leadership change(s), ${p.cordons.length} cordon(s); ${job.work.batches.length} batch(es); job ${job.status.state} in ${((Date.parse(job.finishedAt!) - Date.parse(job.createdAt)) / 1000).toFixed(1)} s\n` +
    `  before ${brokerSummary(before)}\n  after  ${brokerSummary(p.afterSnapshot)}\n` +
    `  elections ${election ? `${election.elected}/${election.requested}` : "none"}\n` +
    p.goals.map((g) => `    ${g.goal}: ${g.met ? "met" : `not met (${g.reason})`} ${JSON.stringify(g.before)} → ${JSON.stringify(g.after)}\n`).join("")
  );
}

/** "b1 9r/4L/3.1M" per broker: replicas, preferred leaders (first replicas), MiB. */
function brokerSummary(s: ClusterSnapshot): string {
  return s.brokers
    .map((b) => {
      const parts = s.topics.flatMap((t) => t.partitions);
      const replicas = parts.flatMap((p) => p.replicas).filter((r) => r.broker === b.id);
      const leaders = parts.filter((p) => p.replicas[0]?.broker === b.id).length;
      return `b${b.id} ${replicas.length}r/${leaders}L/${(replicas.reduce((a, r) => a + (r.sizeBytes ?? 0), 0) / MiB).toFixed(1)}M`;
    })
    .join(" ");
}

function expectNoThrottles(s: ClusterSnapshot): void {
  expect(s.throttles.brokers.every((b) => b.leader === null && b.follower === null && b.alterLogDirs === null)).toBe(true);
  expect(s.throttles.topics.every((t) => t.leaderReplicas === null && t.followerReplicas === null)).toBe(true);
}

describe("plan operations applied to real Kafka", () => {
  let store: ReturnType<typeof useTempStore>;
  beforeAll(async () => {
    store = useTempStore("plan-operations");
    cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 4, dirsPerNode: 3 });
    await withAdmin(cluster.bootstrap, async (admin) => {
      for (const t of TOPICS) await admin.createTopics({ topics: [t.name], assignments: t.assignments.map((brokers, partition) => ({ partition, brokers })) });
    });
    await settled();
    const kafka = new Kafka({ clientId: "it-plan-operations", brokers: cluster.bootstrap.split(","), logLevel: logLevel.NOTHING });
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    try {
      const value = Buffer.alloc(16 * KiB, 7);
      for (const t of TOPICS) {
        for (let p = 0; p < t.assignments.length; p++) {
          const records = Math.ceil(t.bytes(p) / value.length);
          for (let sent = 0; sent < records; sent += 16) {
            await producer.send({ topic: t.name, acks: -1, messages: Array.from({ length: Math.min(16, records - sent) }, () => ({ partition: p, value })) });
          }
        }
      }
    } finally {
      await producer.disconnect();
    }
  }, 300_000);

  afterAll(async () => {
    for (const name of ENV_NAMES) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
    resetClusterSource();
    await cluster?.stop();
    store?.cleanup();
  }, 120_000);

  it("add-brokers: the new broker takes its share, and the cluster ends exactly as the plan's after-state (order, dirs, leaders)", async () => {
    const before = await settled();
    expect(replicasOn(before, NEW_BROKER)).toBe(0);
    expect(before.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas)).every((r) => (r.sizeBytes ?? 0) > 0)).toBe(true);
    const p = plan(before, { operation: { kind: "add-brokers", brokers: [NEW_BROKER] } });
    const total = before.topics.reduce((a, t) => a + t.partitions.reduce((b, x) => b + x.replicas.length, 0), 0);
    const share = total / before.brokers.length;
    const planned = replicasOn(p.afterSnapshot, NEW_BROKER);
    expect(planned, "the plan fills the new broker to about its share").toBeGreaterThanOrEqual(Math.floor(share * 0.8));
    expect(layout(before, true)).not.toEqual(layout(p.afterSnapshot, true));

    const job = await finished((await startApplyJob(connection(), before, p, { pollMs: 500 })).id, "add-brokers");
    const after = await settled();
    process.stdout.write(
      `\n${describePlan("add-brokers", before, p, job)}  broker ${NEW_BROKER}: ${planned} of ${total} replicas planned, ${replicasOn(after, NEW_BROKER)} after (share ${share.toFixed(1)})\n`,
    );
    expect(job.status.errors).toEqual([]);
    expect(job.status.state).toBe("done");
    expect(replicasOn(after, NEW_BROKER)).toBe(planned);
    expect(layout(after, false)).toEqual(layout(p.afterSnapshot, false));
    // Leaders: every partition whose first replica changed is led by it (the job's preferred election).
    for (const { topic, partition, to } of job.work.leadership) {
      const real = after.topics.find((t) => t.name === topic)!.partitions.find((x) => x.id === partition)!;
      expect(real.leader, `${topic}-${partition}`).toBe(to);
    }
    expect(layout(after, true)).toEqual(layout(p.afterSnapshot, true));
    expectNoThrottles(after);
  }, 180_000);

  it("drain-dirs through the apply route: the dir is cordoned first and stays cordoned, and holds nothing afterwards", async () => {
    const before = await settled();
    const dir = dirPath(DRAINED.broker, DRAINED.dir);
    expect(replicasIn(before, DRAINED.broker, dir).length).toBeGreaterThan(0);
    expect(before.brokers.find((b) => b.id === DRAINED.broker)!.logDirs.find((d) => d.path === dir)!.state).toBe("online");
    const options: PlanOptionsInput = { operation: { kind: "drain-dirs", dirs: [{ broker: DRAINED.broker, path: dir }] }, throttle: THROTTLE };
    const p = plan(before, options);
    expect(p.cordons).toEqual([expect.objectContaining({ broker: DRAINED.broker, dirs: [dir] })]);
    expect(replicasIn(p.afterSnapshot, DRAINED.broker, dir)).toEqual([]);

    for (const [name, value] of Object.entries({
      KAFKA_BOOTSTRAP_SERVERS: cluster!.bootstrap,
      KAFKA_BALANCE_ALLOW_WRITES: "true",
      KAFKA_BALANCE_WRITE_TOKEN: TOKEN,
      KAFKA_BALANCE_REFRESH_MS: "0",
    })) {
      process.env[name] = value;
    }
    resetClusterSource();
    const response = await applyPost(
      new Request("http://localhost/api/plan/apply", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ reassignment: p.reassignmentJson, options }),
      }),
    );
    const body = (await response.json()) as { job: ApplyJobView };
    expect(response.status, JSON.stringify(body)).toBe(202);
    expect(body.job.setConfigs.filter((c) => c.name === "cordoned.log.dirs")).toEqual([
      { resource: { kind: "broker", id: DRAINED.broker }, name: "cordoned.log.dirs", value: dir, previous: null, sent: true },
    ]);
    expect(body.job.createdBy).toBe("operator");
    const job = await finished(body.job.id, "drain-dirs");
    const status = (await (await applyGet(new Request("http://localhost/api/plan/apply"))).json()) as { job: ApplyJobView };
    const after = await settled();
    process.stdout.write(
      `${describePlan("drain-dirs", before, p, job)}  ${dir}: ${replicasIn(before, DRAINED.broker, dir).length} replica(s) before, ${replicasIn(after, DRAINED.broker, dir).length} after\n`,
    );
    expect(job.status.errors).toEqual([]);
    expect(job.status.state).toBe("done");
    // The cordon went on before anything else, and stays.
    const messages = job.status.log.map((l) => l.message);
    const cordoned = messages.indexOf(`Broker ${DRAINED.broker}: cordoned.log.dirs set to ${dir} before any data moved.`);
    expect(cordoned).toBeGreaterThan(0);
    expect(messages.findIndex((m) => m.startsWith("Throttles set"))).toBeGreaterThan(cordoned);
    expect(status.job.warnings.join(" ")).toMatch(/cordon stays/);
    expect(after.brokers.find((b) => b.id === DRAINED.broker)!.logDirs.find((d) => d.path === dir)!.state).toBe("cordoned");
    expect(replicasIn(after, DRAINED.broker, dir)).toEqual([]);
    expect(layout(after, false)).toEqual(layout(p.afterSnapshot, false));
    expectNoThrottles(after);
  }, 180_000);

  it("remove-brokers: the removed broker holds no replica afterwards", async () => {
    const before = await settled();
    expect(replicasOn(before, REMOVED)).toBeGreaterThan(0);
    const p = plan(before, { operation: { kind: "remove-brokers", brokers: [REMOVED] } });
    expect(replicasOn(p.afterSnapshot, REMOVED)).toBe(0);

    const job = await finished((await startApplyJob(connection(), before, p, { pollMs: 500 })).id, "remove-brokers");
    const after = await settled();
    process.stdout.write(
      `${describePlan("remove-brokers", before, p, job)}  broker ${REMOVED}: ${replicasOn(before, REMOVED)} replica(s) before, ${replicasOn(after, REMOVED)} after\n`,
    );
    expect(job.status.errors).toEqual([]);
    expect(job.status.state).toBe("done");
    expect(replicasOn(after, REMOVED)).toBe(0);
    expect(after.topics.every((t) => t.partitions.every((x) => x.leader !== REMOVED && !x.isr.includes(REMOVED)))).toBe(true);
    // The drained dir stays empty and cordoned through the removal.
    expect(replicasIn(after, DRAINED.broker, dirPath(DRAINED.broker, DRAINED.dir))).toEqual([]);
    expect(layout(after, false)).toEqual(layout(p.afterSnapshot, false));
    expectNoThrottles(after);
  }, 180_000);

  it("a cordon Kafka cannot take stops the apply before anything moves, and the cordons already set are put back", async () => {
    const before = await settled();
    const audit = before.topics.find((t) => t.name === "audit")!.partitions.find((x) => x.id === 0)!;
    const from = audit.replicas[0]!.broker;
    const to = [1, 2, 4].find((b) => b !== from)!;
    const entries = [{ topic: "audit", partition: 0, replicas: [to], logDirs: ["any"] }];
    const work = {
      entries,
      throttles: throttlePlan(before, entries, THROTTLE, cluster!.bootstrap),
      // Broker 1's cordon is accepted; broker 99 is not in the cluster, so the apply must undo broker 1's.
      cordons: [
        { broker: 1, dirs: [dirPath(1, "d2")] },
        { broker: 99, dirs: ["/nowhere"] },
      ],
    };
    const job = await finished((await startApplyJob(connection(), before, work, { pollMs: 500 })).id, "refused cordon");
    expect(job.status.state).toBe("failed");
    expect(job.status.errors.join(" ")).toMatch(/Kafka refused the cordons: .*Broker 99 is not reachable.*what the job had set is put back, and nothing moved/);
    expect(job.status.batches.every((b) => b.state === "pending")).toBe(true);
    expect(job.status.setConfigs.find((c) => c.resource.kind === "broker" && c.resource.id === 1)).toMatchObject({ sent: true, restored: true });
    // A broker config change reaches the brokers through the metadata log: wait (30 s at most) until broker 1 shows it.
    const deadline = Date.now() + 30_000;
    let after = await settled();
    while (after.brokers.find((b) => b.id === 1)!.logDirs.some((d) => d.state === "cordoned") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      after = await settled();
    }
    expect(after.brokers.find((b) => b.id === 1)!.logDirs.map((d) => d.state)).toEqual(["online", "online", "online"]);
    expect(after.brokers.find((b) => b.id === DRAINED.broker)!.logDirs.find((d) => d.path === dirPath(DRAINED.broker, DRAINED.dir))!.state).toBe("cordoned");
    expect(layout(after, false)).toEqual(layout(before, false));
    expectNoThrottles(after);
  }, 60_000);
});
