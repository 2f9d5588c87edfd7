import fc from "fast-check";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { reassignPartitionsCommands, throttlePlan } from "@/lib/plan/throttle-plan";
import type { ReassignmentEntry } from "@/lib/model/reassignment-json";
import type { Rates } from "@/lib/plan/estimate";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const rates: Rates = { replicationBytesPerSecond: 1000, alterLogDirsBytesPerSecond: 2000 };
const entry = (topic: string, partition: number, replicas: number[], logDirs = replicas.map(() => "any")): ReassignmentEntry => ({ topic, partition, replicas, logDirs });

function snapshot(partitions: PartitionSpec[], reassignments: { topic: string; partition: number; replicas: number[]; adding?: number[]; removing?: number[] }[] = []) {
  return cluster({ brokers: [1, 2, 3, 4, 5].map((id) => ({ id, dirs: ["/d1", "/d2"] })), partitions, reassignments });
}

const on = (...brokers: number[]): PartitionSpec["replicas"] => brokers.map((b) => [b, "/d1", GiB]);

describe("throttlePlan()", () => {
  it("throttlePlan() lists a moving partition's current replicas on the leader side and its new replicas on the follower side", () => {
    const snap = snapshot([{ topic: "orders", partition: 0, replicas: on(1, 2) }]);
    const plan = throttlePlan(snap, [entry("orders", 0, [1, 3])], rates, "kafka:9092");
    expect(plan.topics).toEqual([{ topic: "orders", leaderReplicas: "0:1,0:2", followerReplicas: "0:3" }]);
  });

  it("throttlePlan() sets no rate on a broker that does not answer (it could take no config), and names it", () => {
    const snap = snapshot([{ topic: "orders", partition: 0, replicas: on(1, 2) }]);
    snap.brokers.find((b) => b.id === 2)!.state = "unreachable";
    const plan = throttlePlan(snap, [entry("orders", 0, [1, 3])], rates, "kafka:9092");
    expect(plan.brokers.map((b) => b.broker)).toEqual([1, 3]);
    expect(plan.unreachable).toEqual([2]);
    expect(plan.commands.apply.some((c) => c.includes("--entity-name 2 "))).toBe(false);
    // The topic's throttled-replica lists still name it: they are topic configs, set through any broker.
    expect(plan.topics).toEqual([{ topic: "orders", leaderReplicas: "0:1,0:2", followerReplicas: "0:3" }]);
    expect(throttlePlan(snapshot([{ topic: "orders", partition: 0, replicas: on(1, 2) }]), [entry("orders", 0, [1, 3])], rates, "kafka:9092").unreachable).toBeUndefined();
  });

  it("throttlePlan() leaves out partitions that do not change their replica set, and dir-only moves", () => {
    const snap = snapshot([
      { topic: "orders", partition: 0, replicas: on(1, 2) },
      { topic: "orders", partition: 1, replicas: on(2, 3) },
      { topic: "orders", partition: 2, replicas: on(3, 4) },
      { topic: "quiet", partition: 0, replicas: on(1, 2) },
    ]);
    const plan = throttlePlan(
      snap,
      [entry("orders", 0, [2, 1]), entry("orders", 1, [2, 3], ["/d2", "any"]), entry("orders", 2, [3, 5]), entry("quiet", 0, [1, 2], ["any", "/d2"])],
      rates,
      "kafka:9092",
    );
    expect(plan.topics).toEqual([{ topic: "orders", leaderReplicas: "2:3,2:4", followerReplicas: "2:5" }]);
  });

  it("throttlePlan() sets replication rates on every source and destination, and the alter-log-dirs rate on brokers with dir moves", () => {
    const snap = snapshot([
      { topic: "orders", partition: 0, replicas: on(1, 2) },
      { topic: "orders", partition: 1, replicas: on(4, 5) },
    ]);
    const plan = throttlePlan(snap, [entry("orders", 0, [1, 3]), entry("orders", 1, [4, 5], ["any", "/d2"])], rates, "kafka:9092");
    expect(plan.brokers).toEqual([
      { broker: 1, leaderRate: 1000, followerRate: 1000, alterLogDirsRate: null },
      { broker: 2, leaderRate: 1000, followerRate: 1000, alterLogDirsRate: null },
      { broker: 3, leaderRate: 1000, followerRate: 1000, alterLogDirsRate: null },
      { broker: 5, leaderRate: null, followerRate: null, alterLogDirsRate: 2000 },
    ]);
  });

  it("throttlePlan() sorts list entries as Java strings, as kafka-reassign-partitions writes them", () => {
    const snap = snapshot([
      { topic: "t", partition: 2, replicas: on(1) },
      { topic: "t", partition: 10, replicas: on(1) },
      { topic: "t", partition: 1, replicas: on(1) },
    ]);
    const plan = throttlePlan(snap, [entry("t", 2, [3]), entry("t", 10, [3]), entry("t", 1, [3])], rates, "k:1");
    expect(plan.topics[0]).toEqual({ topic: "t", leaderReplicas: "10:1,1:1,2:1", followerReplicas: "10:3,1:3,2:3" });
  });

  it("throttlePlan() keeps an in-flight reassignment of the same topic in the lists", () => {
    const snap = snapshot(
      [
        { topic: "orders", partition: 0, replicas: on(1, 2) },
        { topic: "orders", partition: 1, replicas: on(1, 2, 4) },
      ],
      [{ topic: "orders", partition: 1, replicas: [1, 2, 4], adding: [4], removing: [2] }],
    );
    const plan = throttlePlan(snap, [entry("orders", 0, [1, 3])], rates, "k:1");
    expect(plan.topics).toEqual([{ topic: "orders", leaderReplicas: "0:1,0:2,1:1,1:2", followerReplicas: "0:3,1:4" }]);
  });

  it("throttlePlan() writes the kafka-configs commands that apply the throttles and the ones that remove them", () => {
    const snap = snapshot([
      { topic: "orders", partition: 0, replicas: on(1) },
      { topic: "logs", partition: 0, replicas: on(3) },
    ]);
    const plan = throttlePlan(snap, [entry("orders", 0, [2]), entry("logs", 0, [3], ["/d2"])], rates, "kafka:9092");
    const cmd = "kafka-configs.sh --bootstrap-server kafka:9092";
    expect(plan.commands.apply).toEqual([
      `${cmd} --entity-type brokers --entity-name 1 --alter --add-config leader.replication.throttled.rate=1000,follower.replication.throttled.rate=1000`,
      `${cmd} --entity-type brokers --entity-name 2 --alter --add-config leader.replication.throttled.rate=1000,follower.replication.throttled.rate=1000`,
      `${cmd} --entity-type brokers --entity-name 3 --alter --add-config replica.alter.log.dirs.io.max.bytes.per.second=2000`,
      `${cmd} --entity-type topics --entity-name orders --alter --add-config 'leader.replication.throttled.replicas=[0:1],follower.replication.throttled.replicas=[0:2]'`,
    ]);
    // Only the keys each broker got: Kafka 3.9–4.2 refuse (exit 1, deleting nothing) a --delete-config of a key that is not set.
    expect(plan.commands.remove).toEqual([
      `${cmd} --entity-type brokers --entity-name 1 --alter --delete-config leader.replication.throttled.rate,follower.replication.throttled.rate`,
      `${cmd} --entity-type brokers --entity-name 2 --alter --delete-config leader.replication.throttled.rate,follower.replication.throttled.rate`,
      `${cmd} --entity-type brokers --entity-name 3 --alter --delete-config replica.alter.log.dirs.io.max.bytes.per.second`,
      `${cmd} --entity-type topics --entity-name orders --alter --delete-config leader.replication.throttled.replicas,follower.replication.throttled.replicas`,
    ]);
    expect(plan.previousKnown).toBe(true);
  });

  it("throttlePlan() removes only the keys it set: no follower list on a topic whose move only drops replicas, no alter-log-dirs rate without dir moves", () => {
    const snap = snapshot([{ topic: "orders", partition: 0, replicas: on(1, 2, 3) }]);
    const plan = throttlePlan(snap, [entry("orders", 0, [1, 2])], rates, "k:1");
    expect(plan.commands.remove).toEqual([
      "kafka-configs.sh --bootstrap-server k:1 --entity-type brokers --entity-name 1 --alter --delete-config leader.replication.throttled.rate,follower.replication.throttled.rate",
      "kafka-configs.sh --bootstrap-server k:1 --entity-type brokers --entity-name 2 --alter --delete-config leader.replication.throttled.rate,follower.replication.throttled.rate",
      "kafka-configs.sh --bootstrap-server k:1 --entity-type brokers --entity-name 3 --alter --delete-config leader.replication.throttled.rate,follower.replication.throttled.rate",
      "kafka-configs.sh --bootstrap-server k:1 --entity-type topics --entity-name orders --alter --delete-config leader.replication.throttled.replicas",
    ]);
  });

  it("throttlePlan() puts back a value that was set before the plan, as the apply job does, and deletes the rest", () => {
    const snap = snapshot([
      { topic: "orders", partition: 0, replicas: on(1) },
      { topic: "logs", partition: 0, replicas: on(3) },
    ]);
    snap.throttles.brokers = [
      { broker: 1, leader: 5000, follower: null, alterLogDirs: 7 },
      { broker: 3, leader: null, follower: null, alterLogDirs: 9000 },
    ];
    snap.throttles.topics = [{ topic: "orders", leaderReplicas: "*", followerReplicas: null }];
    const plan = throttlePlan(snap, [entry("orders", 0, [2]), entry("logs", 0, [3], ["/d2"])], rates, "kafka:9092");
    const cmd = "kafka-configs.sh --bootstrap-server kafka:9092";
    expect(plan.commands.remove).toEqual([
      // Broker 1's alter-log-dirs rate (7) was not touched by the plan, so it is neither put back nor deleted.
      `${cmd} --entity-type brokers --entity-name 1 --alter --add-config leader.replication.throttled.rate=5000`,
      `${cmd} --entity-type brokers --entity-name 1 --alter --delete-config follower.replication.throttled.rate`,
      `${cmd} --entity-type brokers --entity-name 2 --alter --delete-config leader.replication.throttled.rate,follower.replication.throttled.rate`,
      `${cmd} --entity-type brokers --entity-name 3 --alter --add-config replica.alter.log.dirs.io.max.bytes.per.second=9000`,
      `${cmd} --entity-type topics --entity-name orders --alter --add-config 'leader.replication.throttled.replicas=[*]'`,
      `${cmd} --entity-type topics --entity-name orders --alter --delete-config follower.replication.throttled.replicas`,
    ]);
  });

  it("throttlePlan() says when the snapshot does not know the throttles set before (an import without configs)", () => {
    const snap = snapshot([{ topic: "orders", partition: 0, replicas: on(1) }]);
    snap.source = { ...snap.source, unknownFacts: ["throttles"] };
    expect(throttlePlan(snap, [entry("orders", 0, [2])], rates, "k:1").previousKnown).toBe(false);
  });

  it("throttlePlan() writes no follower list when a move only drops replicas", () => {
    const snap = snapshot([{ topic: "orders", partition: 0, replicas: on(1, 2, 3) }]);
    const plan = throttlePlan(snap, [entry("orders", 0, [1, 2])], rates, "k:1");
    expect(plan.topics).toEqual([{ topic: "orders", leaderReplicas: "0:1,0:2,0:3", followerReplicas: "" }]);
    expect(plan.commands.apply.at(-1)).toBe(
      "kafka-configs.sh --bootstrap-server k:1 --entity-type topics --entity-name orders --alter --add-config 'leader.replication.throttled.replicas=[0:1,0:2,0:3]'",
    );
  });

  it("throttlePlan() lists exactly the partition:broker pairs that move, on the right side, for random moves", () => {
    const partitionArb = fc.record({
      current: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
      proposed: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(partitionArb, { minLength: 1, maxLength: 8 }), (parts) => {
        const snap = snapshot(parts.map((p, i) => ({ topic: "t", partition: i, replicas: on(...p.current) })));
        const plan = throttlePlan(
          snap,
          parts.map((p, i) => entry("t", i, p.proposed)),
          rates,
          "k:1",
        );
        const leader = new Set<string>();
        const follower = new Set<string>();
        parts.forEach((p, i) => {
          const same = p.current.length === p.proposed.length && p.proposed.every((b) => p.current.includes(b));
          if (same) return;
          for (const b of p.current) leader.add(`${i}:${b}`);
          for (const b of p.proposed) if (!p.current.includes(b)) follower.add(`${i}:${b}`);
        });
        const listed = (s: string | undefined) => new Set(s ? s.split(",") : []);
        const t = plan.topics.find((x) => x.topic === "t");
        expect(listed(t?.leaderReplicas)).toEqual(leader);
        expect(listed(t?.followerReplicas)).toEqual(follower);
        const brokers = new Set([...leader, ...follower].map((e) => Number(e.split(":")[1])));
        expect(plan.brokers.map((b) => b.broker)).toEqual([...brokers].sort((a, b) => a - b));
      }),
    );
  });
});

describe("reassignPartitionsCommands()", () => {
  it("reassignPartitionsCommands() names the given bootstrap servers and file, and verifies with --preserve-throttles", () => {
    expect(reassignPartitionsCommands("<bootstrap-servers>", "plan.json")).toEqual({
      execute: "kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file plan.json --execute",
      verify: "kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file plan.json --verify --preserve-throttles",
    });
  });
});

describe("throttlePlan() commands with hostile names", () => {
  /** The words `sh` makes of a command (printf prints one per line; nothing in it is run). */
  const words = (command: string) =>
    execFileSync("sh", ["-c", `printf '%s\\n' ${command}`], { encoding: "utf8" })
      .split("\n")
      .slice(0, -1);

  it("throttlePlan() and reassignPartitionsCommands() pass a hostile topic name and address as one word each, never as a command", () => {
    const topic = "x'; touch /tmp/kb-pwned; echo '$(id)";
    const bootstrap = "k1:9092 `id`";
    const snap = snapshot([{ topic, partition: 0, replicas: on(1, 2) }]);
    const plan = throttlePlan(snap, [entry(topic, 0, [1, 3])], rates, bootstrap);
    const apply = plan.commands.apply.find((c) => c.includes("--entity-type topics"))!;
    expect(words(apply)).toEqual([
      "kafka-configs.sh",
      "--bootstrap-server",
      bootstrap,
      "--entity-type",
      "topics",
      "--entity-name",
      topic,
      "--alter",
      "--add-config",
      "leader.replication.throttled.replicas=[0:1,0:2],follower.replication.throttled.replicas=[0:3]",
    ]);
    for (const c of [...plan.commands.apply, ...plan.commands.remove]) expect(words(c)).toContain(bootstrap);
    const run = reassignPartitionsCommands(bootstrap, "plan.json");
    expect(words(run.execute)).toEqual(["kafka-reassign-partitions.sh", "--bootstrap-server", bootstrap, "--reassignment-json-file", "plan.json", "--execute"]);
  });
});
