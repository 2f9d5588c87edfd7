import { describe, expect, it } from "vitest";
import { describeOperation, describeSize, describeStep } from "@/lib/simulate/describe-step";
import { StepSchema, type StepInput } from "@/lib/simulate/schema";

const GiB = 1024 ** 3;
const text = (s: StepInput) => describeStep(StepSchema.parse(s));

describe("describeStep()", () => {
  it("describeStep() says each step in plain words", () => {
    expect(
      text({
        kind: "addBroker",
        id: 4,
        rack: "r1",
        logDirs: [
          { path: "/data/d1", totalBytes: 512 * GiB },
          { path: "/data/d2", totalBytes: 512 * GiB },
        ],
      }),
    ).toBe("Add broker 4 (rack r1) with 2 log dirs of 512.0 GiB");
    expect(text({ kind: "addLogDir", broker: "all", path: "/data/d2", totalBytes: 512 * GiB })).toBe("Add /data/d2 (512.0 GiB) to every broker");
    expect(text({ kind: "addLogDir", broker: 2, path: "/data/d2" })).toBe("Add /data/d2 to broker 2");
    expect(text({ kind: "failLogDir", broker: 2, path: "/data/d1" })).toBe("Fail /data/d1 on broker 2");
    expect(text({ kind: "cordonLogDir", broker: 2, path: "/data/d1", cordoned: false })).toBe("Uncordon /data/d1 on broker 2");
    expect(text({ kind: "createTopic", name: "orders", partitions: 1, replicationFactor: 3 })).toBe("Create topic orders: 1 partition × RF 3, empty");
    expect(text({ kind: "addPartitions", topic: "orders", totalPartitions: 60, size: { kind: "fixed", bytes: GiB } })).toBe(
      "Add partitions to orders up to 60 partitions, 1.0 GiB each",
    );
    expect(text({ kind: "growTopic", topic: "orders", bytesPerPartition: GiB, factor: 2 })).toBe("Grow orders (+1.0 GiB per partition, then ×2)");
    expect(text({ kind: "growTopic", topic: "orders" })).toBe("Grow orders (no change)");
    expect(text({ kind: "firstConsumerGroup" })).toBe("First consumer group creates __consumer_offsets: 50 partitions × RF 3, 16.0 KiB each");
    expect(text({ kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1] }] })).toBe("Reassign 1 partition");
    expect(text({ kind: "plan", options: { operation: { kind: "remove-brokers", brokers: [3] }, goals: ["dir-utilization", "broker-bytes"] } })).toBe(
      "Plan: remove broker 3 (goals: dir utilisation, broker bytes)",
    );
    expect(text({ kind: "plan" })).toBe("Plan: rebalance (goals: dir utilisation, broker bytes, broker replicas, broker leaders, topic spread)");
    expect(text({ kind: "plan", options: { operation: { kind: "add-brokers", brokers: [4, 5] }, goals: [] } })).toBe("Plan: add brokers 4, 5 (no goals)");
  });

  it("describeOperation() names what the plan does to what", () => {
    expect(describeOperation({ kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true })).toBe("drain /data/d3 on broker 2 (cordoned first)");
    expect(
      describeOperation({
        kind: "drain-dirs",
        dirs: [
          { broker: 2, path: "/a" },
          { broker: 3, path: "/b" },
        ],
        cordon: false,
      }),
    ).toBe("drain 2 log dirs");
  });

  it("describeSize() names every size spread", () => {
    expect(describeSize({ kind: "uniform", min: GiB, max: 2 * GiB })).toBe("1.0 GiB–2.0 GiB each");
    expect(describeSize({ kind: "zipf", totalBytes: 100 * GiB, exponent: 1 })).toBe("100.0 GiB in total, Zipf-skewed (exponent 1)");
  });
});
