import { describe, expect, it } from "vitest";
import { runScenario } from "@/lib/simulate/engine";
import { ScenarioSchema, type ScenarioInput } from "@/lib/simulate/schema";
import { storyBase } from "@/lib/simulate/presets/story";
import { scalaHashMapKeyOrder } from "@/lib/placement/java-hash";

const GiB = 1024 ** 3;

function run(input: Omit<ScenarioInput, "base"> & { base?: ScenarioInput["base"] }) {
  return runScenario(ScenarioSchema.parse({ base: storyBase("test"), ...input }));
}

/** The __consumer_offsets story: one disk, then two more, then 30 partitions of 40 GiB at RF 2. */
const story: ScenarioInput["steps"] = [
  { kind: "firstConsumerGroup" },
  { kind: "addLogDir", broker: "all", path: "/data/d2" },
  { kind: "addLogDir", broker: "all", path: "/data/d3" },
  { kind: "createTopic", name: "orders", partitions: 30, replicationFactor: 2, size: { kind: "fixed", bytes: 40 * GiB } },
];

function dirsOf(result: ReturnType<typeof run>, broker: number) {
  return result.final.report.dirs.filter((d) => d.broker === broker);
}

describe("runScenario()", () => {
  it("runScenario() gives the same result for the same scenario and seed", () => {
    const input: Omit<ScenarioInput, "base"> = {
      seed: 7,
      steps: [
        { kind: "firstConsumerGroup" },
        { kind: "addLogDir", broker: "all", path: "/data/d2" },
        { kind: "createTopic", name: "t", partitions: 12, replicationFactor: 2, size: { kind: "uniform", min: 1, max: 1000 } },
      ],
    };
    expect(run(input)).toEqual(run(input));
  });

  it("runScenario() places different brokers for different seeds", () => {
    const steps: ScenarioInput["steps"] = [{ kind: "createTopic", name: "t", partitions: 1, replicationFactor: 1 }];
    const leaders = new Set<number>();
    for (let seed = 0; seed < 20; seed++) leaders.add(run({ seed, steps: [...steps] }).final.snapshot.topics[0]!.partitions[0]!.replicas[0]!.broker);
    expect(leaders.size).toBeGreaterThan(1);
  });

  it("runScenario() fills new disks by partition count, never by bytes (the __consumer_offsets story)", () => {
    const result = run({
      seed: 1,
      steps: story,
    });
    for (const broker of [1, 2, 3]) {
      const dirs = dirsOf(result, broker);
      expect(dirs.map((d) => [d.path, d.partitions])).toEqual([
        ["/data/d1", 50],
        ["/data/d2", 10],
        ["/data/d3", 10],
      ]);
      expect(dirs[1]!.bytes).toBe(10 * 40 * GiB);
      expect(dirs[2]!.bytes).toBe(10 * 40 * GiB);
      expect(dirs[0]!.bytes).toBe(50 * 16 * 1024);
    }
    expect(result.final.report.skew.brokerReplicas.maxOverMean).toBe(1);
    expect(result.final.report.skew.dirBytes.maxOverMean).toBeGreaterThan(1.49);
  });

  it("runScenario() under least-bytes spreads the large partitions over all three disks", () => {
    const result = run({
      seed: 1,
      policy: { logDirPlacement: "least-bytes" },
      steps: story,
    });
    for (const broker of [1, 2, 3]) {
      const orders = dirsOf(result, broker).map((d) => Math.round(d.bytes / (40 * GiB)));
      expect(orders.sort()).toEqual([6, 7, 7]);
    }
  });

  it("runScenario() reports a refused step with Kafka's message and leaves the cluster unchanged", () => {
    const base = storyBase("two brokers");
    base.brokers = base.brokers.slice(0, 2);
    const result = run({
      base,
      steps: [{ kind: "firstConsumerGroup" }, { kind: "createTopic", name: "t", partitions: 2, replicationFactor: 2 }],
    });
    const [offsets, topic] = result.steps;
    expect(offsets!.ok).toBe(false);
    // The story cluster runs Kafka 4.4.0, whose placer mentions cordons when it refuses.
    expect(offsets!.error).toEqual({
      code: "invalid_replication_factor",
      message:
        "Unable to replicate the partition 3 time(s): The target replication factor of 3 cannot be reached because only 2 broker(s) are registered or some brokers have all their log directories cordoned.",
    });
    expect(offsets!.snapshot.topics).toEqual([]);
    expect(topic!.ok).toBe(true);
    expect(result.final.snapshot.topics.map((t) => t.name)).toEqual(["t"]);
  });

  it("runScenario() refuses RF above the live brokers in ZooKeeper mode with AdminUtils' message", () => {
    const base = storyBase("two brokers");
    base.brokers = base.brokers.slice(0, 2);
    const result = run({ base, policy: { brokerPlacement: "zk-admin-utils" }, steps: [{ kind: "firstConsumerGroup" }] });
    expect(result.steps[0]!.error?.code).toBe("invalid_replication_factor");
    expect(result.steps[0]!.error?.message).toContain("Replication factor: 3 larger than available brokers: 2.");
  });

  it("runScenario() never half-applies a step: addLogDir to all brokers fails whole when one already has the dir", () => {
    const result = run({
      steps: [
        { kind: "addLogDir", broker: 2, path: "/data/d2" },
        { kind: "addLogDir", broker: "all", path: "/data/d2" },
      ],
    });
    expect(result.steps[1]!.ok).toBe(false);
    expect(result.steps[1]!.error?.code).toBe("duplicate_log_dir");
    expect(result.final.report.dirs.map((d) => `${d.broker}:${d.path}`)).toEqual(["1:/data/d1", "2:/data/d1", "2:/data/d2", "3:/data/d1"]);
  });

  it("runScenario() keeps new replicas off a cordoned dir", () => {
    const result = run({
      steps: [
        { kind: "addLogDir", broker: "all", path: "/data/d2" },
        { kind: "cordonLogDir", broker: 1, path: "/data/d1" },
        { kind: "createTopic", name: "t", partitions: 9, replicationFactor: 3 },
      ],
    });
    const b1 = dirsOf(result, 1);
    expect(b1.find((d) => d.path === "/data/d1")).toMatchObject({ state: "cordoned", partitions: 0 });
    expect(b1.find((d) => d.path === "/data/d2")!.partitions).toBe(9);
  });

  describe("by Kafka version", () => {
    // One broker with five empty dirs: ties decide every placement, so tie order and cordons show.
    const paths = ["/data/d1", "/data/d2", "/data/d3", "/data/d4", "/data/d5"];
    const steps = (cordon: boolean): ScenarioInput["steps"] => [
      ...paths.slice(1).map((path) => ({ kind: "addLogDir" as const, broker: 1, path })),
      ...(cordon ? [{ kind: "cordonLogDir" as const, broker: 1, path: "/data/d1" }] : []),
      { kind: "createTopic", name: "t", partitions: 2, replicationFactor: 1 },
    ];
    const oneBroker = (kafkaVersion: string | null) => {
      const base = storyBase("one broker");
      return { ...base, source: { ...base.source, kafkaVersion }, brokers: base.brokers.filter((b) => b.id === 1) };
    };
    const counts = (result: ReturnType<typeof run>) => dirsOf(result, 1).map((d) => d.partitions);
    const hashOrder = scalaHashMapKeyOrder(paths);

    it("runScenario() on Kafka 4.3 places ties in hash order and skips a cordoned dir", () => {
      const result = run({ base: oneBroker("4.3.1"), policy: { kafkaVersion: "auto" }, steps: steps(true) });
      const expected = paths.map((p) =>
        hashOrder
          .filter((h) => h !== "/data/d1")
          .slice(0, 2)
          .includes(p)
          ? 1
          : 0,
      );
      expect(counts(result)).toEqual(expected);
      expect(result.steps.every((s) => s.ok)).toBe(true);
    });

    it("runScenario() on Kafka 4.4 places ties in log.dirs order and skips a cordoned dir", () => {
      const result = run({ base: oneBroker("4.3.1"), policy: { kafkaVersion: "4.4" }, steps: steps(true) });
      expect(counts(result)).toEqual([0, 1, 1, 0, 0]);
    });

    it("runScenario() refuses a cordon on a release without cordoned.log.dirs (4.2), and places ties in hash order", () => {
      const result = run({ base: oneBroker("4.2.2"), steps: steps(true) });
      expect(result.steps.find((s) => s.step.kind === "cordonLogDir")!.error).toMatchObject({ code: "cordon_unsupported" });
      expect(counts(result)).toEqual(paths.map((p) => (hashOrder.slice(0, 2).includes(p) ? 1 : 0)));
    });

    it("runScenario() refuses a reassignment into a cordoned dir where the version cordons (4.3+)", () => {
      const moveInto: ScenarioInput["steps"] = [...steps(true), { kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1], log_dirs: ["/data/d1"] }] }];
      for (const version of ["4.3", "4.4"] as const) {
        const result = run({ base: oneBroker(null), policy: { kafkaVersion: version }, steps: moveInto });
        expect(result.steps.at(-1)!.error).toMatchObject({ code: "log_dir_cordoned" });
      }
    });

    it("runScenario() under auto follows each broker's own version in a mixed fleet", () => {
      const base = oneBroker("4.3 and 4.4");
      const two = {
        ...base,
        brokers: [
          { ...base.brokers[0]!, kafkaVersion: "4.3" },
          { ...base.brokers[0]!, id: 2, kafkaVersion: "4.4" },
        ],
      };
      const both: ScenarioInput["steps"] = [
        ...paths.slice(1).map((path) => ({ kind: "addLogDir" as const, broker: "all" as const, path })),
        { kind: "createTopic", name: "t", partitions: 2, replicationFactor: 2 },
      ];
      const result = run({ base: two, steps: both });
      expect(counts(result)).toEqual(paths.map((p) => (hashOrder.slice(0, 2).includes(p) ? 1 : 0)));
      expect(dirsOf(result, 2).map((d) => d.partitions)).toEqual([1, 1, 0, 0, 0]);
      expect(counts(result)).not.toEqual([1, 1, 0, 0, 0]);
    });
  });

  describe("brokers with every log dir cordoned (KIP-1066)", () => {
    // Three brokers with two dirs each; broker 3's dirs get cordoned.
    const twoDirs = (kafkaVersion: string) => {
      const base = storyBase("cordons");
      return { ...base, source: { ...base.source, kafkaVersion }, brokers: base.brokers.map((b) => ({ ...b, logDirs: [...b.logDirs, { ...b.logDirs[0]!, path: "/data/d2" }] })) };
    };
    const cordon = (broker: number, ...dirs: string[]): ScenarioInput["steps"] => dirs.map((path) => ({ kind: "cordonLogDir" as const, broker, path }));
    const create = (name: string, partitions: number, replicationFactor: number): ScenarioInput["steps"][number] => ({ kind: "createTopic", name, partitions, replicationFactor });
    const brokersOf = (result: ReturnType<typeof run>, topic: string) =>
      result.final.snapshot.topics.find((t) => t.name === topic)!.partitions.map((p) => p.replicas.map((r) => r.broker));

    it.each(["4.3.1", "4.4.0"])("runScenario() on Kafka %s places no replica on a broker whose every dir is cordoned", (version) => {
      const result = run({ base: twoDirs(version), seed: 3, steps: [...cordon(3, "/data/d1", "/data/d2"), create("t", 12, 2)] });
      expect(result.steps.every((s) => s.ok)).toBe(true);
      expect(brokersOf(result, "t").map((r) => [...r].sort())).toEqual(Array.from({ length: 12 }, () => [1, 2]));
      expect(dirsOf(result, 3).map((d) => d.partitions)).toEqual([0, 0]);
    });

    it("runScenario() places as the placer does over the brokers left (same draws as a cluster without the cordoned broker)", () => {
      const cordoned = run({ base: twoDirs("4.4.0"), seed: 5, steps: [...cordon(3, "/data/d1", "/data/d2"), create("t", 9, 1)] });
      const base = twoDirs("4.4.0");
      const without = run({ base: { ...base, brokers: base.brokers.filter((b) => b.id !== 3) }, seed: 5, steps: [create("t", 9, 1)] });
      expect(brokersOf(cordoned, "t")).toEqual(brokersOf(without, "t"));
    });

    it("runScenario() still places on a broker with one of its two dirs cordoned, in the other dir", () => {
      const result = run({ base: twoDirs("4.4.0"), seed: 3, steps: [...cordon(3, "/data/d1"), create("t", 6, 3)] });
      expect(brokersOf(result, "t").every((r) => r.includes(3))).toBe(true);
      expect(dirsOf(result, 3).map((d) => [d.path, d.state, d.partitions])).toEqual([
        ["/data/d1", "cordoned", 0],
        ["/data/d2", "online", 6],
      ]);
    });

    it("runScenario() places on the broker again once a dir is uncordoned", () => {
      const steps = [...cordon(3, "/data/d1", "/data/d2"), { kind: "cordonLogDir" as const, broker: 3, path: "/data/d2", cordoned: false }, create("t", 6, 3)];
      const result = run({ base: twoDirs("4.3.1"), steps });
      expect(brokersOf(result, "t").every((r) => r.includes(3))).toBe(true);
    });

    it("runScenario() judges only live dirs: cordoned plus failed is left out, no live dir at all is still offered", () => {
      // The controller drops a failed dir from the registration: broker 3's registered dirs are then /data/d1 only.
      const failedAndCordoned = run({ base: twoDirs("4.4.0"), steps: [...cordon(3, "/data/d1"), { kind: "failLogDir", broker: 3, path: "/data/d2" }, create("t", 3, 3)] });
      expect(failedAndCordoned.steps.at(-1)!.error?.message).toContain("only 2 broker(s) are registered or some brokers have all their log directories cordoned");
      // No registered dir: hasUncordonedDirs() is true, the placer takes the broker, and the broker cannot create the log.
      const allFailed = run({
        base: twoDirs("4.4.0"),
        steps: [{ kind: "failLogDir", broker: 3, path: "/data/d1" }, { kind: "failLogDir", broker: 3, path: "/data/d2" }, create("t", 3, 3)],
      });
      expect(allFailed.steps.at(-1)!.error?.code).toBe("no_live_log_dirs");
    });

    it("runScenario() refuses with Kafka 4.3+'s words when the cordons leave too few brokers, unwrapped for added partitions", () => {
      const result = run({
        base: twoDirs("4.3.1"),
        steps: [
          create("t", 2, 3),
          ...cordon(3, "/data/d1", "/data/d2"),
          create("u", 2, 3),
          { kind: "addPartitions", topic: "t", totalPartitions: 4 },
          ...cordon(1, "/data/d1", "/data/d2"),
          ...cordon(2, "/data/d1", "/data/d2"),
          create("v", 1, 1),
        ],
      });
      const refusals = result.steps.filter((s) => !s.ok).map((s) => s.error);
      expect(refusals).toEqual([
        {
          code: "invalid_replication_factor",
          message:
            "Unable to replicate the partition 3 time(s): The target replication factor of 3 cannot be reached because only 2 broker(s) are registered or some brokers have all their log directories cordoned.",
        },
        // ReplicationControlManager.createPartitions does not prefix the placer's message.
        {
          code: "invalid_replication_factor",
          message: "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered or some brokers have all their log directories cordoned.",
        },
        { code: "all_brokers_fenced", message: "Unable to replicate the partition 1 time(s): All brokers are currently fenced, or have all their log directories cordoned." },
      ]);
    });

    it("runScenario() on Kafka 4.2 refuses the cordon, keeps placing on the broker and refuses in 4.2's words", () => {
      const result = run({ base: twoDirs("4.2.2"), steps: [...cordon(3, "/data/d1", "/data/d2"), create("t", 6, 3), create("u", 1, 4)] });
      expect(result.steps.map((s) => s.error?.code ?? "ok")).toEqual(["cordon_unsupported", "cordon_unsupported", "ok", "invalid_replication_factor"]);
      expect(brokersOf(result, "t").every((r) => r.includes(3))).toBe(true);
      expect(result.steps.at(-1)!.error?.message).toBe(
        "Unable to replicate the partition 4 time(s): The target replication factor of 4 cannot be reached because only 3 broker(s) are registered.",
      );
    });

    it("runScenario() on Kafka 4.2 ignores dirs a base marks cordoned, as a 4.2 broker ignores cordoned.log.dirs", () => {
      const base = twoDirs("4.2.2");
      base.brokers[2]!.logDirs = base.brokers[2]!.logDirs.map((d) => ({ ...d, state: "cordoned" as const }));
      const result = run({ base, steps: [create("t", 6, 3)] });
      expect(brokersOf(result, "t").every((r) => r.includes(3))).toBe(true);
      const asFourThree = run({ base, policy: { kafkaVersion: "4.3" }, steps: [create("t", 6, 2)] });
      expect(brokersOf(asFourThree, "t").some((r) => r.includes(3))).toBe(false);
    });

    it("runScenario() under auto leaves out a cordoned broker by its own line in a mixed fleet", () => {
      const base = twoDirs("4.2 and 4.3");
      base.brokers = base.brokers.map((b) => ({ ...b, kafkaVersion: b.id === 3 ? "4.2.2" : "4.3.1", logDirs: b.logDirs.map((d) => ({ ...d, state: "cordoned" as const })) }));
      base.brokers[0]!.logDirs[1]!.state = "online";
      // Broker 2 (4.3, every dir cordoned) is left out; broker 3 (4.2) ignores its cordons; broker 1 has an open dir.
      const result = run({ base, steps: [create("t", 6, 2)] });
      expect(brokersOf(result, "t").map((r) => [...r].sort())).toEqual(Array.from({ length: 6 }, () => [1, 3]));
    });
  });

  it("runScenario() takes replicas in a failed dir out of the ISR and moves leadership", () => {
    const result = run({
      steps: [
        { kind: "createTopic", name: "t", partitions: 3, replicationFactor: 3 },
        { kind: "failLogDir", broker: 1, path: "/data/d1" },
      ],
    });
    for (const p of result.final.snapshot.topics[0]!.partitions) {
      expect(p.isr).not.toContain(1);
      expect(p.offline).toEqual([1]);
      expect(p.leader).not.toBe(1);
    }
    expect(result.final.report.totals.offlineDirs).toBe(1);
  });

  it("runScenario() adds partitions with partition 0's replication factor and grows topics", () => {
    const result = run({
      steps: [
        { kind: "createTopic", name: "t", partitions: 2, replicationFactor: 2, size: { kind: "fixed", bytes: 100 } },
        { kind: "addPartitions", topic: "t", totalPartitions: 5, size: { kind: "fixed", bytes: 10 } },
        { kind: "growTopic", topic: "t", bytesPerPartition: 5, factor: 2 },
      ],
    });
    const t = result.final.snapshot.topics[0]!;
    expect(t.partitions.map((p) => p.id)).toEqual([0, 1, 2, 3, 4]);
    expect(t.partitions.every((p) => p.replicas.length === 2)).toBe(true);
    expect(t.partitions.map((p) => p.replicas[0]!.sizeBytes)).toEqual([210, 210, 30, 30, 30]);
    expect(result.final.report.totals.bytes).toBe(2 * (210 * 2 + 30 * 3));
  });

  it("runScenario() adds partitions in ZooKeeper mode from partition 0's leader (AdminZkClient rules)", () => {
    const base = storyBase("zk");
    base.brokers.push({ ...base.brokers[0]!, id: 4 });
    const result = run({
      base,
      policy: { brokerPlacement: "zk-admin-utils" },
      steps: [
        { kind: "createTopic", name: "t", partitions: 1, replicationFactor: 2 },
        { kind: "addPartitions", topic: "t", totalPartitions: 4 },
      ],
    });
    const parts = result.final.snapshot.topics[0]!.partitions;
    const leader0 = parts[0]!.replicas[0]!.broker;
    const ids = [1, 2, 3, 4];
    const start = ids.indexOf(leader0);
    // Partition p's leader is brokers[(p + startIndex) mod n] (AdminUtils with fixedStartIndex).
    expect(parts.slice(1).map((p) => p.replicas[0]!.broker)).toEqual([1, 2, 3].map((p) => ids[(p + start) % 4]));
  });

  it("runScenario() refuses a second topic with the same name and an unknown broker's dir", () => {
    const result = run({
      steps: [
        { kind: "createTopic", name: "t", partitions: 1, replicationFactor: 1 },
        { kind: "createTopic", name: "t", partitions: 1, replicationFactor: 1 },
        { kind: "addLogDir", broker: 9, path: "/x" },
      ],
    });
    expect(result.steps.map((s) => s.error?.code ?? "ok")).toEqual(["ok", "topic_exists", "unknown_broker"]);
  });

  it("runScenario() leaves nothing behind of a step that places replicas and then meets a broker without a live dir", () => {
    // applyStep may change its working state before it refuses these (steps.ts says so); the engine never keeps it.
    for (const broker of [1, 2, 3]) {
      const result = run({
        steps: [
          { kind: "createTopic", name: "t", partitions: 3, replicationFactor: 2, size: { kind: "fixed", bytes: 7 } },
          { kind: "failLogDir", broker, path: "/data/d1" },
          { kind: "addPartitions", topic: "t", totalPartitions: 6 },
          { kind: "reassign", partitions: [0, 1, 2].map((partition) => ({ topic: "t", partition, replicas: [1, 2, 3] })) },
          { kind: "growTopic", topic: "t", bytesPerPartition: 1 },
        ],
      });
      expect(result.steps.map((s) => s.error?.code ?? "ok")).toEqual(["ok", "ok", "no_live_log_dirs", "no_live_log_dirs", "ok"]);
      const before = result.steps[1]!.snapshot.topics[0]!.partitions;
      const after = result.final.snapshot.topics[0]!.partitions;
      expect(after.map((p) => p.replicas.map((r) => [r.broker, r.logDir]))).toEqual(before.map((p) => p.replicas.map((r) => [r.broker, r.logDir])));
      expect(result.final.report.dirs.reduce((a, d) => a + d.partitions, 0)).toBe(6);
      expect(result.final.report.totals.bytes).toBe(6 * 8);
    }
  });

  it("runScenario() keeps non-Kafka disk usage when it recomputes usable bytes", () => {
    const base = storyBase("used");
    base.brokers[0]!.logDirs[0]!.usableBytes = base.brokers[0]!.logDirs[0]!.totalBytes! - 1000;
    const result = run({ base, steps: [{ kind: "createTopic", name: "t", partitions: 3, replicationFactor: 3, size: { kind: "fixed", bytes: 10 } }] });
    const d = result.final.snapshot.brokers[0]!.logDirs[0]!;
    expect(d.totalBytes! - d.usableBytes!).toBe(1000 + 30);
  });

  it("runScenario() previews a plan step on the cluster as the steps before it left it: a new broker filled, a removed one emptied", () => {
    const result = run({
      steps: [
        ...story.slice(0, 1),
        { kind: "createTopic", name: "orders", partitions: 12, replicationFactor: 2, size: { kind: "fixed", bytes: 10 * GiB } },
        { kind: "addBroker", id: 4, rack: null, logDirs: [{ path: "/data/d1", totalBytes: 1024 * GiB }] },
        { kind: "plan", options: { operation: { kind: "add-brokers", brokers: [4] }, goals: ["broker-bytes", "broker-replicas"] } },
        { kind: "plan", options: { operation: { kind: "remove-brokers", brokers: [1] }, goals: ["broker-bytes"] } },
        { kind: "plan", options: { operation: { kind: "remove-brokers", brokers: [42] } } },
      ],
    });
    const broker = (step: number, id: number) => result.steps[step]!.report.brokers.find((b) => b.id === id)!;
    expect(result.steps.slice(0, 5).map((s) => s.error)).toEqual([null, null, null, null, null]);
    expect(broker(2, 4).bytes).toBe(0);
    expect(broker(3, 4).bytes).toBeGreaterThan(0);
    expect(result.steps[3]!.note).toMatch(/^\d+ moves \(.+\)/);
    // __consumer_offsets has RF 3 on three brokers: broker 1's copies of it can only go to broker 4.
    expect(broker(4, 1)).toMatchObject({ replicas: 0, bytes: 0 });
    expect(result.steps[5]).toMatchObject({ ok: false, error: { code: "plan_refused", message: expect.stringContaining("broker 42 is not in this cluster") } });
  });
});
