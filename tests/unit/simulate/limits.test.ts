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
    // The demo: 3 brokers with 3 dirs each.
    expect(size).toEqual({ baseReplicas: 210, replicas: 210 + 30 + 20 + 6 + 3, logDirs: 9, brokers: 3, steps: 6, replicaSteps: (269 + 9 + 3) * 7 });
  });

  it("scenarioSize() counts the log dirs and brokers that steps add, so dir-heavy scenarios are bounded too", () => {
    const size = scenarioSize(
      demoSnapshot(),
      steps([
        { kind: "addBroker", id: 9, logDirs: [{ path: "/a" }, { path: "/b" }] },
        { kind: "addLogDir", broker: "all", path: "/c" }, // 4 brokers now
        { kind: "addLogDir", broker: 1, path: "/d" },
        { kind: "cordonLogDir", broker: 1, path: "/c" },
      ]),
    );
    expect(size).toMatchObject({ logDirs: 9 + 2 + 4 + 1, brokers: 4, replicaSteps: (210 + 16 + 4) * 5 });
  });
});

describe("checkLimits()", () => {
  it("checkLimits() lets a scenario within both limits through", () => {
    expect(checkLimits({ baseReplicas: 10, replicas: 10, logDirs: 3, brokers: 1, steps: 3, replicaSteps: 56 }, DEFAULT_LIMITS)).toBeNull();
  });

  it("checkLimits() refuses too many replicas and names the limit and its env variable", () => {
    const r = checkLimits({ baseReplicas: 0, replicas: 300_000, logDirs: 3, brokers: 1, steps: 1, replicaSteps: 600_008 }, DEFAULT_LIMITS);
    expect(r?.code).toBe("scenario_too_large");
    expect(r?.message).toBe(
      "The scenario is too large to run in the time limit: it reaches up to 300,000 replicas and the limit is 250,000 (KAFKA_BALANCE_SIMULATE_MAX_REPLICAS). Use a smaller base or fewer partitions.",
    );
  });

  it("checkLimits() refuses too much work: (replicas + dirs + brokers) × (steps + 1)", () => {
    const r = checkLimits({ baseReplicas: 100_000, replicas: 100_000, logDirs: 0, brokers: 0, steps: 30, replicaSteps: 3_100_000 }, DEFAULT_LIMITS);
    expect(r?.message).toMatch(
      /100,000 replicas \+ 0 log dirs \+ 0 brokers, × 31 states \(the base and 30 steps\) = 3,100,000, and the limit is 2,500,000 \(KAFKA_BALANCE_SIMULATE_MAX_REPLICA_STEPS\)/,
    );
    expect(r?.limit).toEqual(DEFAULT_LIMITS);
  });

  it("checkLimits() refuses too many log dirs, and 1,000 cordon steps on 10,000 empty dirs (each step is paid per dir)", () => {
    const r = checkLimits({ baseReplicas: 0, replicas: 0, logDirs: 60_000, brokers: 1_000, steps: 0, replicaSteps: 61_000 }, DEFAULT_LIMITS);
    expect(r?.message).toContain("60,000 log dirs and the limit is 50,000 (KAFKA_BALANCE_SIMULATE_MAX_LOG_DIRS)");
    const base = {
      ...demoSnapshot(),
      topics: [],
      brokers: Array.from({ length: 1_000 }, (_, i) => ({
        id: i,
        rack: null,
        host: null,
        port: null,
        state: "online" as const,
        error: null,
        logDirs: Array.from({ length: 10 }, (_, d) => ({ path: `/d${d}`, totalBytes: null, usableBytes: null, state: "online" as const, error: null })),
      })),
    };
    const cordons = steps(Array.from({ length: 1_000 }, (_, i) => ({ kind: "cordonLogDir", broker: i, path: "/d0" })));
    expect(checkLimits(scenarioSize(base, cordons), DEFAULT_LIMITS)?.message).toMatch(/11,000 × 1,001|= 11,011,000/);
  });
});

describe("limitsFromEnv()", () => {
  it("limitsFromEnv() reads positive numbers and ignores the rest", () => {
    expect(limitsFromEnv({ KAFKA_BALANCE_SIMULATE_MAX_REPLICAS: "1000", KAFKA_BALANCE_SIMULATE_MAX_REPLICA_STEPS: "-5", KAFKA_BALANCE_SIMULATE_MAX_LOG_DIRS: "77" })).toEqual({
      maxReplicas: 1000,
      maxLogDirs: 77,
      maxReplicaSteps: DEFAULT_LIMITS.maxReplicaSteps,
    });
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
  });
});
