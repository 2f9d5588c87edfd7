import { describe, expect, it } from "vitest";
import { PlanOptionsSchema } from "@/lib/plan/options";

const MiB = 1024 * 1024;
const messages = (input: unknown) => {
  const r = PlanOptionsSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("PlanOptionsSchema", () => {
  it("PlanOptionsSchema fills in the documented defaults", () => {
    expect(PlanOptionsSchema.parse({})).toEqual({
      mode: "both",
      order: "inter-first",
      intraObjective: "utilization",
      interObjective: "bytes",
      tolerance: 0.05,
      headroom: 0.85,
      excludeTopics: [],
      maxBytesToMove: null,
      moveLeaders: false,
      throttle: { replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB },
      bootstrapServer: "<bootstrap-servers>",
      maxMoves: 200_000,
    });
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
});
