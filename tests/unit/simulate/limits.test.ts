import { describe, expect, it } from "vitest";
import { checkLimits, DEFAULT_LIMITS, limitsFromEnv, scenarioSize } from "@/lib/simulate/limits";
import { demoSnapshot } from "@/lib/simulate/presets";
import { StepSchema, type StepInput } from "@/lib/simulate/schema";

const steps = (inputs: StepInput[]) => inputs.map((s) => StepSchema.parse(s));

describe("scenarioSize()", () => {
  it("scenarioSize() counts the base and bounds every step that creates replicas", () => {
    const demo = demoSnapshot(); // 210 replicas: __consumer_offsets 50 × 3, orders 30 × 2
    const size = scenarioSize(
      demo,
      steps([
        { kind: "firstConsumerGroup" }, // exists already: no new replicas
        { kind: "createTopic", name: "t", partitions: 10, replicationFactor: 3 },
        { kind: "createTopic", name: "t", partitions: 99, replicationFactor: 3 }, // fails: the topic exists
        { kind: "addPartitions", topic: "orders", totalPartitions: 40 }, // + 10 × RF 2
        { kind: "addPartitions", topic: "t", totalPartitions: 12 }, // + 2 × RF 3
        { kind: "reassign", partitions: [{ topic: "t", partition: 0, replicas: [1, 2, 3] }] },
      ]),
    );
    expect(size).toEqual({ baseReplicas: 210, replicas: 210 + 30 + 20 + 6 + 3, steps: 6, replicaSteps: 269 * 7 });
  });
});

describe("checkLimits()", () => {
  it("checkLimits() lets a scenario within both limits through", () => {
    expect(checkLimits({ baseReplicas: 10, replicas: 10, steps: 3, replicaSteps: 40 }, DEFAULT_LIMITS)).toBeNull();
  });

  it("checkLimits() refuses too many replicas and names the limit and its env variable", () => {
    const r = checkLimits({ baseReplicas: 0, replicas: 300_000, steps: 1, replicaSteps: 600_000 }, DEFAULT_LIMITS);
    expect(r?.code).toBe("scenario_too_large");
    expect(r?.message).toBe("The scenario is too large to run in the time limit: it reaches up to 300,000 replicas and the limit is 250,000 (KAFKA_BALANCE_SIMULATE_MAX_REPLICAS). Use a smaller base or fewer partitions.");
  });

  it("checkLimits() refuses too much work: replicas × (steps + 1)", () => {
    const r = checkLimits({ baseReplicas: 100_000, replicas: 100_000, steps: 30, replicaSteps: 3_100_000 }, DEFAULT_LIMITS);
    expect(r?.message).toMatch(/100,000 replicas × 31 states \(the base and 30 steps\) = 3,100,000, and the limit is 2,500,000 \(KAFKA_BALANCE_SIMULATE_MAX_REPLICA_STEPS\)/);
    expect(r?.limit).toEqual(DEFAULT_LIMITS);
  });
});

describe("limitsFromEnv()", () => {
  it("limitsFromEnv() reads positive numbers and ignores the rest", () => {
    expect(limitsFromEnv({ KAFKA_BALANCE_SIMULATE_MAX_REPLICAS: "1000", KAFKA_BALANCE_SIMULATE_MAX_REPLICA_STEPS: "-5" })).toEqual({ maxReplicas: 1000, maxReplicaSteps: DEFAULT_LIMITS.maxReplicaSteps });
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
  });
});
