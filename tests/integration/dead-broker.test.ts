/**
 * A dead broker on real Kafka (4.4, 4 KRaft nodes, RF 3), one cluster start:
 * - broker 2 stopped → the overview's first finding (lib/server/overview.ts, as the route calls it)
 *   names it with the under-replicated count, and GET /api/metrics says it is down with
 *   `kafka_balance_broker_up` 0 and the partition counts (collector_up stays 1: the scan worked);
 * - a rebalance planned now leaves every partition with a replica on broker 2 alone, and says why;
 * - "Remove brokers → 2", sent through the apply route's own checks (applyRequestWork) and the apply
 *   job, sets no throttle on broker 2 and leaves every partition fully replicated (ISR = RF) without
 *   it, with no throttle left set anywhere.
 * KAFKA_BOOTSTRAP_SERVERS alone configures one cluster, named `default`.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metrics } from "@/app/api/metrics/route";
import { resetClusterSource } from "@/lib/cluster/source";
import { readCluster } from "@/lib/cluster/live";
import { getApplyJob, jobFinished, startApplyJob } from "@/lib/cluster/writes";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";
import { clusterOverview, clusterSnapshot } from "@/lib/server/overview";
import { applyRequestWork } from "@/lib/simulate/apply-request";
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import { useTempStore } from "../fixtures/snapshots/harness";
import { KiB, startDataCluster, type DataCluster } from "../support/data-cluster";
import { waitFor } from "@/scripts/test-timings/phases";

// Client ports 19740–19743, controllers 19790–19793.
const BASE_PORT = 19740;
const TOPIC = "rf3";
const PARTITIONS = 8;
const ENV = { KAFKA_BALANCE_REFRESH_MS: "0" };
const saved = Object.fromEntries(["KAFKA_BOOTSTRAP_SERVERS", ...Object.keys(ENV)].map((k) => [k, process.env[k]]));

let data: DataCluster;
let store: ReturnType<typeof useTempStore>;

const ours = (s: ClusterSnapshot) => s.topics.find((t) => t.name === TOPIC)!.partitions;
const onTwo = (s: ClusterSnapshot) => ours(s).filter((p) => p.replicas.some((r) => r.broker === 2));

describe("a dead broker on real Kafka: the overview, the metrics, a plan that leaves it alone, and its removal", () => {
  beforeAll(async () => {
    store = useTempStore("dead-broker");
    data = await startDataCluster({
      baseDir: path.resolve(".kafka/it-dead-broker"),
      basePort: BASE_PORT,
      nodes: 4,
      dirsPerNode: 1,
      clientId: "it-dead-broker",
      // Each partition on 3 of the 4 brokers, leaders spread: broker 2 holds 6 of the 8.
      topics: [{ name: TOPIC, assignments: Array.from({ length: PARTITIONS }, (_, p) => [0, 1, 2].map((i) => ((p + i) % 4) + 1)), bytes: 256 * KiB }],
    });
    Object.assign(process.env, ENV, { KAFKA_BOOTSTRAP_SERVERS: data.cluster.bootstrap });
    resetClusterSource();
    await data.settled();
    await data.cluster.stopNode(2);
  }, 300_000);

  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetClusterSource();
    await data?.stop();
    store?.cleanup();
  }, 120_000);

  it("names the dead broker first with what it left under-replicated, exports it as down, plans around it, and removes it through the apply job", async () => {
    const down = await waitFor(
      "broker 2 to be out of every ISR",
      async () => {
        const s = await readCluster(data.connection);
        return s.brokers.find((b) => b.id === 2)?.state === "unreachable" && ours(s).every((p) => !p.isr.includes(2) && p.leader !== null && p.leader !== 2) ? s : null;
      },
      60_000,
      500,
    );
    const dead = onTwo(down).length;
    expect(dead).toBe(6);
    // min.insync.replicas read from the topic's configs (here the broker default, 1).
    expect(down.topics.find((t) => t.name === TOPIC)!.minInsyncReplicas).toBe(1);

    // The overview, as the route answers it: the partitions at risk first, naming broker 2.
    const model = JSON.parse((await clusterOverview(clusterSnapshot(undefined, true))).body) as OverviewModel;
    expect(model.verdict.findings[0]!.kind).toBe("under-replicated");
    expect(model.verdict.headline).toMatch(
      new RegExp(`^Broker 2 is down: ${dead} partitions are under-replicated \\(fewer in-sync replicas than replicas: .*\\) and none is under min ISR\\.`),
    );
    expect(model.verdict.findings[1]!.kind).toBe("unreachable-broker");

    // The metrics: the scan worked (collector_up 1), broker 2 is down, the partitions at risk counted.
    const text = await (await metrics(new Request("http://localhost/api/metrics"))).text();
    expect(text).toContain('kafka_balance_collector_up{cluster="default"} 1');
    expect(text).toContain('kafka_balance_broker_up{cluster="default",broker="2"} 0');
    expect(text).toContain('kafka_balance_broker_up{cluster="default",broker="1"} 1');
    expect(text).toContain(`kafka_balance_cluster_under_replicated_partitions{cluster="default"} ${dead}`);
    expect(text).toContain('kafka_balance_cluster_under_min_isr_partitions{cluster="default"} 0');
    expect(text).toContain('kafka_balance_cluster_offline_partitions{cluster="default"} 0');

    // A rebalance now leaves broker 2's partitions alone and says why; it sets nothing on broker 2.
    const rebalance = planRebalance(down, PlanOptionsSchema.parse({ moveLeaders: true }));
    if (!rebalance.ok) throw new Error(rebalance.error.message);
    expect(rebalance.value.warnings[0]).toMatch(new RegExp(`^Broker 2 does not answer, so the ${dead} partitions with a replica on it are left out of this plan`));
    const touched = new Set(rebalance.value.entries.map((e) => e.partition));
    for (const p of onTwo(down)) expect(touched.has(p.id), `partition ${p.id}`).toBe(false);
    expect(rebalance.value.throttles.brokers.map((b) => b.broker)).not.toContain(2);

    // Remove brokers → 2: its replicas re-created on the others from the live leaders, sized by the leaders.
    const options = PlanOptionsSchema.parse({ operation: { kind: "remove-brokers", brokers: [2] }, bootstrapServer: data.cluster.bootstrap });
    const removal = planRebalance(down, options);
    if (!removal.ok) throw new Error(removal.error.message);
    expect(removal.value.evacuation).toMatchObject({ replicas: dead, stuckTotal: 0 });
    expect(removal.value.moves.filter((m) => m.kind === "inter").every((m) => m.fromBroker === 2 && m.bytes > 0)).toBe(true);
    expect(removal.value.warnings[0]).toMatch(/^Broker 2 reported no sizes \(it does not answer\): its 6 replicas are counted at their leaders' size/);
    const work = applyRequestWork(down, { reassignment: removal.value.reassignmentJson, options });
    if (!work.ok) throw new Error(work.error.message);
    expect(work.value.throttles.brokers.length).toBeGreaterThan(0);
    expect(work.value.throttles.brokers.map((b) => b.broker)).not.toContain(2);
    const { entries, throttles, cordons, execution, rates } = work.value;
    const started = await startApplyJob(data.connection, down, { entries, throttles, cordons }, { cluster: "default", createdBy: "it", execution, rates, pollMs: 500 });
    const done = await waitFor(
      "the removal job to end",
      async () => {
        const j = (await getApplyJob(started.id))!;
        return jobFinished(j.status.state) ? j : null;
      },
      60_000,
      250,
    );
    expect(done.status.errors).toEqual([]);
    expect(done.status.state).toBe("done");

    const after = await waitFor(
      "every partition back to 3 in-sync replicas",
      async () => {
        const s = await readCluster(data.connection);
        return ours(s).every((p) => p.replicas.length === 3 && p.isr.length === 3) ? s : null;
      },
      30_000,
      500,
    );
    for (const p of ours(after)) {
      expect(
        p.replicas.map((r) => r.broker),
        `partition ${p.id}`,
      ).not.toContain(2);
      expect([...p.isr].sort(), `partition ${p.id}`).toEqual(p.replicas.map((r) => r.broker).sort());
    }
    expect(after.throttles.brokers.filter((b) => b.leader !== null || b.follower !== null || b.alterLogDirs !== null)).toEqual([]);
    expect(after.throttles.topics.filter((t) => t.leaderReplicas !== null || t.followerReplicas !== null)).toEqual([]);
    expect(after.throttles.reassignments).toEqual([]);
  }, 180_000);
});
