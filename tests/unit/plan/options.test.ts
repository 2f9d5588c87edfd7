import { describe, expect, it } from "vitest";
import { PlanOptionsSchema, SOFT_GOALS, upgradeLegacyPlanOptions } from "@/lib/plan/options";

const MiB = 1024 * 1024;
const messages = (input: unknown) => {
  const r = PlanOptionsSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("PlanOptionsSchema", () => {
  it("PlanOptionsSchema fills in the documented defaults", () => {
    expect(PlanOptionsSchema.parse({})).toEqual({
      operation: { kind: "rebalance" },
      goals: ["dir-utilization", "broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"],
      intraObjective: "utilization",
      tolerance: 0.05,
      headroom: 0.85,
      excludeTopics: [],
      maxBytesToMove: null,
      moveLeaders: false,
      throttle: { replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB },
      execution: { partitionMovesPerBroker: 5, dirMovesPerBroker: 2, leaderMovesPerBatch: 1000, order: "urgent-disk-first" },
      bootstrapServer: "<bootstrap-servers>",
      maxMoves: 1_000_000,
      seed: 1,
    });
    expect(PlanOptionsSchema.parse({}).goals).toEqual([...SOFT_GOALS]);
  });

  it("PlanOptionsSchema refuses unknown keys", () => {
    expect(PlanOptionsSchema.safeParse({ tolerence: 0.1 }).success).toBe(false);
  });

  it("PlanOptionsSchema says what to change when a bound is broken", () => {
    expect(messages({ tolerance: 0 })).toEqual(["tolerance: tolerance must be at least 0.001"]);
    expect(messages({ tolerance: 0.6 })).toEqual(["tolerance: tolerance must be at most 0.5"]);
    expect(messages({ headroom: 0 })).toEqual(["headroom: headroom must be above 0"]);
    expect(messages({ headroom: 1.2 })).toEqual(["headroom: headroom is a share of capacity, at most 1"]);
    expect(messages({ throttle: { replicationBytesPerSecond: 0 } })).toEqual(["throttle.replicationBytesPerSecond: a replication throttle must be at least 1 byte/s"]);
    expect(messages({ throttle: { alterLogDirsBytesPerSecond: 0 } })).toEqual(["throttle.alterLogDirsBytesPerSecond: an alter-log-dirs throttle must be at least 1 byte/s"]);
  });

  it("PlanOptionsSchema keeps the other throttle's default when one is given", () => {
    expect(PlanOptionsSchema.parse({ throttle: { replicationBytesPerSecond: 5 } }).throttle).toEqual({ replicationBytesPerSecond: 5, alterLogDirsBytesPerSecond: 100 * MiB });
  });

  it("PlanOptionsSchema takes each operation with what it names, and cordons a drain unless told not to", () => {
    expect(PlanOptionsSchema.parse({ operation: { kind: "remove-brokers", brokers: [3, 4] } }).operation).toEqual({ kind: "remove-brokers", brokers: [3, 4] });
    expect(PlanOptionsSchema.parse({ operation: { kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }] } }).operation).toEqual({
      kind: "drain-dirs",
      dirs: [{ broker: 2, path: "/data/d3" }],
      cordon: true,
    });
    expect(messages({ operation: { kind: "add-brokers", brokers: [] } })).toEqual(["operation.brokers: name at least one broker to fill"]);
    expect(messages({ operation: { kind: "remove-brokers", brokers: [3, 3] } })).toEqual(["operation.brokers: each broker is listed once"]);
    expect(
      messages({
        operation: {
          kind: "drain-dirs",
          dirs: [
            { broker: 1, path: "/a" },
            { broker: 1, path: "/a" },
          ],
        },
      }),
    ).toEqual(["operation.dirs: each log dir is listed once"]);
    expect(PlanOptionsSchema.safeParse({ operation: { kind: "rebalance", brokers: [1] } }).success).toBe(false);
  });

  it("PlanOptionsSchema keeps the goals in the order given, each once, and may have none", () => {
    expect(PlanOptionsSchema.parse({ goals: ["topic-spread", "dir-utilization"] }).goals).toEqual(["topic-spread", "dir-utilization"]);
    expect(PlanOptionsSchema.parse({ goals: [] }).goals).toEqual([]);
    expect(messages({ goals: ["broker-bytes", "broker-bytes"] })).toEqual(["goals: each goal is listed once"]);
    expect(PlanOptionsSchema.safeParse({ goals: ["rack-awareness"] }).success).toBe(false);
  });
});

describe("upgradeLegacyPlanOptions()", () => {
  it("upgradeLegacyPlanOptions() turns mode, order and interObjective into goals and keeps the rest", () => {
    expect(upgradeLegacyPlanOptions({ mode: "intra", order: "intra-first", interObjective: "bytes", tolerance: 0.1 })).toEqual({ goals: ["dir-utilization"], tolerance: 0.1 });
    expect(upgradeLegacyPlanOptions({ mode: "inter", interObjective: "replicas" })).toEqual({ goals: ["broker-replicas"] });
    expect(upgradeLegacyPlanOptions({ mode: "both" })).toEqual({ goals: ["dir-utilization", "broker-bytes"] });
    expect(upgradeLegacyPlanOptions({ order: "inter-first" })).toEqual({ goals: ["dir-utilization", "broker-bytes"] });
  });

  it("upgradeLegacyPlanOptions() passes today's options and anything that is not an object through as they are", () => {
    const today = { goals: ["broker-bytes"], tolerance: 0.1 };
    expect(upgradeLegacyPlanOptions(today)).toBe(today);
    for (const x of [null, 3, "intra", [1]]) expect(upgradeLegacyPlanOptions(x)).toBe(x);
  });
});
