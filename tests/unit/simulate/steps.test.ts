import { describe, expect, it } from "vitest";
import { createPartitionsAssignment, JavaRandom, PlacementError } from "@/lib/placement";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { SimulationError } from "@/lib/simulate/errors";
import { PolicySchema, StepSchema, type StepInput } from "@/lib/simulate/schema";
import { SimulationState } from "@/lib/simulate/state";
import { applyStep } from "@/lib/simulate/steps";
import { balanceReport } from "@/lib/model/report";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";
import { cluster, GiB } from "@/tests/support/snapshots";

/** Three brokers with /d1 and /d2; "t" has two partitions at RF 2 (10 GiB on the leader, 8 GiB on the follower). */
function base(kafkaVersion = "4.4.0"): ClusterSnapshot {
  return cluster({
    kafkaVersion,
    brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
    partitions: [
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", 10 * GiB],
          [2, "/d1", 8 * GiB],
        ],
      },
      {
        topic: "t",
        partition: 1,
        replicas: [
          [2, "/d2", 10 * GiB],
          [3, "/d1", 8 * GiB],
        ],
      },
    ],
  });
}

function sim(snapshot = base(), policy: Record<string, unknown> = {}) {
  const state = new SimulationState(snapshot, PolicySchema.parse(policy));
  const ctx = { state, placementRandom: new JavaRandom(1), sizeRandom: new JavaRandom(2) };
  const apply = (step: StepInput) => applyStep(ctx, StepSchema.parse(step));
  /** Everything a step can change: the cluster as captured, and each broker's dir bookkeeping. */
  const fingerprint = () => JSON.stringify({ snapshot: state.capture("x"), disks: [...state.disks.values()].map((d) => d.dirs) });
  /** Applies a step that must be refused with `code`, and checks it changed nothing. */
  const refuse = (step: StepInput, code: string): string => {
    const before = fingerprint();
    state.takeChanges();
    let error: unknown;
    try {
      apply(step);
    } catch (e) {
      error = e;
    }
    expect(error instanceof SimulationError || error instanceof PlacementError, `expected a refusal, got ${String(error)}`).toBe(true);
    expect((error as SimulationError).code).toBe(code);
    expect(fingerprint()).toBe(before);
    expect(state.takeChanges()).toEqual([]);
    return (error as Error).message;
  };
  const partition = (topic: string, id: number) => state.topic(topic).partitions.find((p) => p.id === id)!;
  const dir = (broker: number, path: string) => state.brokerDisks(broker).dir(path);
  return { state, apply, refuse, partition, dir };
}

describe("applyStep()", () => {
  describe("addBroker", () => {
    it("applyStep(addBroker) adds an online, empty broker with its dirs, in id order", () => {
      const s = sim();
      s.apply({ kind: "addBroker", id: 0, rack: "r1", logDirs: [{ path: "/x", totalBytes: GiB }, { path: "/y" }] });
      const captured = s.state.capture("x");
      expect(captured.brokers.map((b) => b.id)).toEqual([0, 1, 2, 3]);
      expect(captured.brokers[0]).toMatchObject({ id: 0, rack: "r1", state: "online" });
      expect(captured.brokers[0]!.logDirs.map((d) => [d.path, d.totalBytes, d.usableBytes, d.state])).toEqual([
        ["/x", GiB, GiB, "online"],
        ["/y", null, null, "online"],
      ]);
    });

    it("applyStep(addBroker) refuses an id that exists or a dir listed twice, and changes nothing", () => {
      const s = sim();
      expect(s.refuse({ kind: "addBroker", id: 2, logDirs: [{ path: "/x" }] }, "duplicate_broker")).toBe("broker 2 already exists");
      s.refuse({ kind: "addBroker", id: 4, logDirs: [{ path: "/x" }, { path: "/x" }] }, "duplicate_log_dir");
    });
  });

  describe("addLogDir", () => {
    it("applyStep(addLogDir) appends the dir to one broker or to all", () => {
      const s = sim();
      s.apply({ kind: "addLogDir", broker: 2, path: "/d3", totalBytes: GiB });
      s.apply({ kind: "addLogDir", broker: "all", path: "/d4" });
      const paths = s.state.capture("x").brokers.map((b) => b.logDirs.map((d) => d.path));
      expect(paths).toEqual([
        ["/d1", "/d2", "/d4"],
        ["/d1", "/d2", "/d3", "/d4"],
        ["/d1", "/d2", "/d4"],
      ]);
    });

    it("applyStep(addLogDir) refuses a dir one of the brokers already has, and changes no broker", () => {
      const s = sim();
      s.apply({ kind: "addLogDir", broker: 3, path: "/d3" });
      s.refuse({ kind: "addLogDir", broker: "all", path: "/d3" }, "duplicate_log_dir");
      s.refuse({ kind: "addLogDir", broker: 9, path: "/d3" }, "unknown_broker");
    });
  });

  describe("failLogDir", () => {
    it("applyStep(failLogDir) takes the dir offline, its replicas out of the ISR, and moves their leadership", () => {
      const s = sim();
      s.state.takeChanges();
      s.apply({ kind: "failLogDir", broker: 1, path: "/d1" });
      expect(s.dir(1, "/d1").state).toBe("offline");
      expect(s.partition("t", 0)).toMatchObject({ leader: 2, isr: [2], offline: [1] });
      expect(s.partition("t", 1)).toMatchObject({ leader: 2, isr: [2, 3], offline: [] });
      expect(s.state.capture("x").brokers[0]!.logDirs[0]!.error).toBe("simulated log dir failure");
    });

    it("applyStep(failLogDir) refuses a dir that is already offline or unknown, and changes nothing", () => {
      const s = sim();
      s.apply({ kind: "failLogDir", broker: 1, path: "/d2" });
      s.refuse({ kind: "failLogDir", broker: 1, path: "/d2" }, "log_dir_offline");
      s.refuse({ kind: "failLogDir", broker: 1, path: "/nope" }, "unknown_log_dir");
      s.refuse({ kind: "failLogDir", broker: 7, path: "/d1" }, "unknown_broker");
    });
  });

  describe("cordonLogDir", () => {
    it("applyStep(cordonLogDir) cordons and uncordons a dir on Kafka 4.3+", () => {
      const s = sim();
      s.apply({ kind: "cordonLogDir", broker: 1, path: "/d2" });
      expect(s.dir(1, "/d2").state).toBe("cordoned");
      s.apply({ kind: "cordonLogDir", broker: 1, path: "/d2", cordoned: false });
      expect(s.dir(1, "/d2").state).toBe("online");
    });

    it("applyStep(cordonLogDir) refuses on a release without cordons and on an offline dir, and changes nothing", () => {
      expect(sim(base("4.2.0")).refuse({ kind: "cordonLogDir", broker: 1, path: "/d2" }, "cordon_unsupported")).toMatch(/KIP-1066 arrived in Kafka 4\.3/);
      const s = sim();
      s.apply({ kind: "failLogDir", broker: 1, path: "/d2" });
      s.refuse({ kind: "cordonLogDir", broker: 1, path: "/d2" }, "log_dir_offline");
    });
  });

  describe("createTopic", () => {
    it("applyStep(createTopic) places every partition on RF distinct brokers, led by an in-sync replica, in the dirs with fewest logs", () => {
      const s = sim();
      s.apply({ kind: "createTopic", name: "new", partitions: 6, replicationFactor: 3, size: { kind: "fixed", bytes: GiB } });
      const topic = s.state.topic("new");
      expect(topic.internal).toBe(false);
      expect(topic.partitions.map((p) => p.id)).toEqual([0, 1, 2, 3, 4, 5]);
      for (const p of topic.partitions) {
        expect(new Set(p.replicas.map((r) => r.broker)).size).toBe(3);
        expect(p.replicas.every((r) => r.sizeBytes === GiB)).toBe(true);
        expect(p.leader).toBe(p.replicas[0]!.broker);
        expect(p.isr).toEqual(p.replicas.map((r) => r.broker));
      }
      // Broker 1 held one log in /d1 and none in /d2: the count rule evens them out.
      for (const b of [1, 2, 3]) expect(Math.abs(s.dir(b, "/d1").count - s.dir(b, "/d2").count)).toBeLessThanOrEqual(1);
      expect(s.dir(1, "/d1").bytes + s.dir(1, "/d2").bytes).toBe(10 * GiB + 6 * GiB);
    });

    it("applyStep(createTopic) marks Kafka's internal topics internal", () => {
      const s = sim();
      s.apply({ kind: "createTopic", name: "__transaction_state", partitions: 1, replicationFactor: 1 });
      expect(s.state.topic("__transaction_state").internal).toBe(true);
    });

    it("applyStep(createTopic) refuses an existing name and too high a replication factor, and changes nothing", () => {
      const s = sim();
      expect(s.refuse({ kind: "createTopic", name: "t", partitions: 1, replicationFactor: 1 }, "topic_exists")).toBe("Topic 't' already exists.");
      expect(s.refuse({ kind: "createTopic", name: "big", partitions: 1, replicationFactor: 4 }, "invalid_replication_factor")).toMatch(
        /^Unable to replicate the partition 4 time\(s\)/,
      );
    });

    it("applyStep(createTopic) refuses a topic with a replica on a broker without a live dir, wherever that broker comes in the list", () => {
      for (const broker of [1, 2, 3]) {
        const s = sim();
        s.apply({ kind: "failLogDir", broker, path: "/d1" });
        s.apply({ kind: "failLogDir", broker, path: "/d2" });
        s.refuse({ kind: "createTopic", name: "n", partitions: 3, replicationFactor: 3 }, "no_live_log_dirs");
      }
    });

    it("applyStep(createTopic) in ZooKeeper mode places on live brokers only, with AdminUtils' refusal", () => {
      const s = sim(base(), { brokerPlacement: "zk-admin-utils" });
      expect(s.refuse({ kind: "createTopic", name: "big", partitions: 1, replicationFactor: 4 }, "invalid_replication_factor")).toContain(
        "Replication factor: 4 larger than available brokers: 3.",
      );
    });
  });

  describe("firstConsumerGroup", () => {
    it("applyStep(firstConsumerGroup) creates __consumer_offsets once, then says there is nothing to do", () => {
      const s = sim();
      expect(s.apply({ kind: "firstConsumerGroup", partitions: 5, replicationFactor: 3, bytesPerPartition: 100 })).toBeNull();
      const offsets = s.state.topic("__consumer_offsets");
      expect([offsets.internal, offsets.partitions.length]).toEqual([true, 5]);
      expect(offsets.partitions.every((p) => p.replicas.length === 3 && p.replicas.every((r) => r.sizeBytes === 100))).toBe(true);
      s.state.takeChanges();
      expect(s.apply({ kind: "firstConsumerGroup" })).toBe("__consumer_offsets already exists: nothing to create");
      expect(s.state.takeChanges()).toEqual([]);
    });
  });

  describe("addPartitions", () => {
    it("applyStep(addPartitions) continues the partition ids with partition 0's replication factor", () => {
      const s = sim();
      s.apply({ kind: "addPartitions", topic: "t", totalPartitions: 5, size: { kind: "fixed", bytes: GiB } });
      const parts = s.state.topic("t").partitions;
      expect(parts.map((p) => [p.id, p.replicas.length])).toEqual([
        [0, 2],
        [1, 2],
        [2, 2],
        [3, 2],
        [4, 2],
      ]);
      expect(parts.slice(2).every((p) => p.replicas.every((r) => r.sizeBytes === GiB && r.logDir !== null))).toBe(true);
    });

    it("applyStep(addPartitions) in ZooKeeper mode follows AdminZkClient's fixed start", () => {
      const s = sim(base(), { brokerPlacement: "zk-admin-utils" });
      s.apply({ kind: "addPartitions", topic: "t", totalPartitions: 6 });
      const expected = createPartitionsAssignment(
        [1, 2, 3].map((id) => ({ id, rack: null })),
        { 0: [1, 2], 1: [2, 3] },
        6,
      ).assignment;
      expect(
        s.state
          .topic("t")
          .partitions.slice(2)
          .map((p) => p.replicas.map((r) => r.broker)),
      ).toEqual([2, 3, 4, 5].map((p) => expected.get(p)));
    });

    it("applyStep(addPartitions) refuses a count that does not grow the topic and an unknown topic, and changes nothing", () => {
      const s = sim();
      expect(s.refuse({ kind: "addPartitions", topic: "t", totalPartitions: 2 }, "invalid_partitions")).toBe("Topic already has 2 partitions.");
      expect(s.refuse({ kind: "addPartitions", topic: "t", totalPartitions: 1 }, "invalid_partitions")).toMatch(/would not be an increase/);
      s.refuse({ kind: "addPartitions", topic: "nope", totalPartitions: 3 }, "unknown_topic");
    });
  });

  describe("reassign", () => {
    it("applyStep(reassign) moves a replica to another broker: the copy has the leader's size and the old dir is freed", () => {
      const s = sim();
      s.apply({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1, 3] }] });
      const p = s.partition("t", 0);
      expect(p.replicas.map((r) => [r.broker, r.sizeBytes])).toEqual([
        [1, 10 * GiB],
        [3, 10 * GiB],
      ]);
      expect([p.leader, p.isr]).toEqual([1, [1, 3]]);
      expect([s.dir(2, "/d1").count, s.dir(2, "/d1").bytes]).toEqual([0, 0]);
      expect(s.dir(3, "/d1").bytes + s.dir(3, "/d2").bytes).toBe(18 * GiB);
    });

    it("applyStep(reassign) hands leadership to the first new replica when the leader leaves", () => {
      const s = sim();
      s.apply({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [3, 2] }] });
      expect(s.partition("t", 0)).toMatchObject({ leader: 3, isr: [3, 2] });
    });

    it("applyStep(reassign) moves a replica between the dirs of its broker when log_dirs pins one", () => {
      const s = sim();
      s.apply({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1, 2], log_dirs: ["/d2", "any"] }] });
      expect(s.partition("t", 0).replicas.map((r) => r.logDir)).toEqual(["/d2", "/d1"]);
      expect([s.dir(1, "/d1").bytes, s.dir(1, "/d2").bytes]).toEqual([0, 10 * GiB]);
    });

    it("applyStep(reassign) refuses a partition, broker or dir that does not exist, and changes nothing even after a good entry", () => {
      const s = sim();
      const good = { topic: "t", partition: 0, replicas: [1, 3] };
      s.refuse({ kind: "reassign", partitions: [good, { topic: "t", partition: 9, replicas: [1] }] }, "unknown_partition");
      s.refuse({ kind: "reassign", partitions: [good, { topic: "nope", partition: 0, replicas: [1] }] }, "unknown_topic");
      s.refuse({ kind: "reassign", partitions: [good, { topic: "t", partition: 1, replicas: [2, 7] }] }, "unknown_broker");
      expect(s.refuse({ kind: "reassign", partitions: [good, { topic: "t", partition: 1, replicas: [2, 3], log_dirs: ["any", "/d9"] }] }, "log_dir_not_found")).toBe(
        "broker 3 has no online log dir /d9 (partitions.1.log_dirs.1)",
      );
      s.apply({ kind: "failLogDir", broker: 3, path: "/d2" });
      s.refuse({ kind: "reassign", partitions: [good, { topic: "t", partition: 1, replicas: [2, 3], log_dirs: ["any", "/d2"] }] }, "log_dir_not_found");
    });

    it("applyStep(reassign) refuses what kafka-reassign-partitions refuses, and changes nothing", () => {
      const s = sim();
      s.refuse(
        {
          kind: "reassign",
          partitions: [
            { topic: "t", partition: 0, replicas: [1, 3] },
            { topic: "t", partition: 0, replicas: [1, 2] },
          ],
        },
        "duplicate_partitions",
      );
      s.refuse({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1, 1] }] }, "duplicate_replicas");
      s.refuse({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1, 3], log_dirs: ["any"] }] }, "log_dirs_length");
    });

    it("applyStep(reassign) refuses a move into a cordoned dir where the version cordons, but not a replica that is already there", () => {
      const s = sim();
      s.apply({ kind: "cordonLogDir", broker: 1, path: "/d2" });
      s.refuse({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1, 2], log_dirs: ["/d2", "any"] }] }, "log_dir_cordoned");
      s.apply({ kind: "cordonLogDir", broker: 1, path: "/d1" });
      expect(s.apply({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1, 2], log_dirs: ["/d1", "any"] }] })).toBeNull();
    });
  });

  describe("growTopic", () => {
    it("applyStep(growTopic) adds bytes to every replica, then multiplies, and the dirs follow", () => {
      const s = sim();
      s.apply({ kind: "growTopic", topic: "t", bytesPerPartition: 2 * GiB, factor: 1.5 });
      expect(s.state.topic("t").partitions.map((p) => p.replicas.map((r) => r.sizeBytes! / GiB))).toEqual([
        [18, 15],
        [18, 15],
      ]);
      expect(s.dir(1, "/d1").bytes).toBe(18 * GiB);
      expect(s.dir(3, "/d1").bytes).toBe(15 * GiB);
    });

    it("applyStep(growTopic) refuses an unknown topic and changes nothing", () => {
      sim().refuse({ kind: "growTopic", topic: "nope", bytesPerPartition: 1 }, "unknown_topic");
    });
  });

  describe("plan", () => {
    /** Bytes and replicas each broker holds in the state. */
    const held = (state: SimulationState) => {
      const out: Record<number, { bytes: number; replicas: number }> = {};
      for (const b of state.snapshot.brokers) out[b.id] = { bytes: 0, replicas: 0 };
      for (const t of state.snapshot.topics)
        for (const p of t.partitions)
          for (const r of p.replicas) {
            out[r.broker]!.bytes += r.sizeBytes ?? 0;
            out[r.broker]!.replicas += 1;
          }
      return out;
    };

    it("applyStep(plan) removing a broker leaves it empty, and its dirs hold nothing", () => {
      const s = sim();
      const note = s.apply({ kind: "plan", options: { operation: { kind: "remove-brokers", brokers: [3] } } });
      expect(held(s.state)[3]).toEqual({ bytes: 0, replicas: 0 });
      expect(s.dir(3, "/d1").bytes).toBe(0);
      expect(s.dir(3, "/d1").count).toBe(0);
      // t-1's follower on broker 3 went to broker 1, the only broker without a replica of it.
      expect(s.partition("t", 1).replicas.map((r) => r.broker)).toEqual([2, 1]);
      expect(note).toMatch(/^1 move \(10\.0 GiB\)/);
    });

    it("applyStep(plan) adding a broker after an addBroker step fills it, and moves nothing between the others", () => {
      const s = sim();
      s.apply({ kind: "addBroker", id: 4, rack: null, logDirs: [{ path: "/d1", totalBytes: 100 * GiB }] });
      const before = held(s.state);
      expect(before[4]).toEqual({ bytes: 0, replicas: 0 });
      s.apply({ kind: "plan", options: { operation: { kind: "add-brokers", brokers: [4] }, goals: ["broker-replicas"] } });
      const after = held(s.state);
      expect(after[4]!.replicas).toBeGreaterThan(0);
      expect(s.dir(4, "/d1").bytes).toBe(after[4]!.bytes);
      // Every other broker only gave: none gained a replica.
      for (const id of [1, 2, 3]) expect(after[id]!.replicas).toBeLessThanOrEqual(before[id]!.replicas);
    });

    it("applyStep(plan) leaves the cluster exactly as the plan's after-snapshot says, leaders elected", () => {
      const s = sim(
        cluster({
          brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
          partitions: [0, 1, 2, 3, 4, 5].map((p) => ({
            topic: "t",
            partition: p,
            replicas: [
              [1, "/d1", (p + 1) * GiB],
              [2, "/d1", (p + 1) * GiB],
            ] as [number, string, number][],
          })),
        }),
      );
      const options = { operation: { kind: "rebalance" as const }, goals: ["broker-bytes" as const, "broker-leaders" as const, "dir-utilization" as const] };
      const planned = planRebalance(s.state.capture("x"), PlanOptionsSchema.parse(options));
      if (!planned.ok) throw new Error(planned.error.message);
      expect(planned.value.moves.length).toBeGreaterThan(0);
      expect(planned.value.leadership.changes.length).toBeGreaterThan(0);
      s.apply({ kind: "plan", options });
      const strip = (r: ReturnType<typeof balanceReport>) => ({ brokers: r.brokers, dirs: r.dirs, topics: r.topics, totals: r.totals });
      expect(strip(balanceReport(s.state.capture("x")))).toEqual(strip(planned.value.after));
      expect(s.state.capture("x").topics).toEqual(planned.value.afterSnapshot.topics);
    });

    it("applyStep(plan) draining a dir cordons it first where the run's Kafka line has cordons, and empties it into the broker's other dir", () => {
      for (const [kafkaVersion, state] of [
        ["auto", "cordoned"],
        ["4.2", "online"],
      ] as const) {
        const s = sim(base("4.4.0"), { kafkaVersion });
        s.apply({ kind: "plan", options: { operation: { kind: "drain-dirs", dirs: [{ broker: 1, path: "/d1" }] } } });
        expect([s.dir(1, "/d1").bytes, s.dir(1, "/d1").state]).toEqual([0, state]);
        expect(s.dir(1, "/d2").bytes).toBe(10 * GiB);
      }
    });

    it("applyStep(plan) refuses what the planner refuses, with its message, and changes nothing", () => {
      const s = sim();
      const message = s.refuse({ kind: "plan", options: { operation: { kind: "remove-brokers", brokers: [9] } } }, "plan_refused");
      expect(message).toBe("the planner refuses this plan: options.operation.brokers.0: broker 9 is not in this cluster (it has 1, 2, 3)");
      s.refuse({ kind: "plan", options: { operation: { kind: "drain-dirs", dirs: [{ broker: 2, path: "/nope" }] } } }, "plan_refused");
    });
  });
});
