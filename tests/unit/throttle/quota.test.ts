import { describe, expect, it } from "vitest";
import { SampledRate, ReplicationQuotaManager, followerSkipsPartition, leaderThrottles, effectiveRates } from "@/lib/throttle";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";

describe("replication quotas", () => {
  it("SampledRate.measure() divides by at least one window", () => {
    const r = new SampledRate();
    r.record(500, 0);
    expect(r.measure(100)).toBe(500); // 500 bytes over max(100 ms, 1 s)
    r.record(1500, 1000);
    expect(r.measure(2000)).toBe(1000); // 2000 bytes over 2 s
  });

  it("SampledRate (3.8+) keeps a sample whose last event is recent even when it started long ago", () => {
    const r = new SampledRate({ samples: 2, windowMs: 1000, variant: "3.8+" });
    r.record(100, 0);
    r.record(100, 900);
    // At 2500: sample started at 0 (age 2500 ≥ 2000) but its last event at 900 (age 1600 < 2000): kept.
    expect(r.measure(2500)).toBeCloseTo(200 / 2.5);
    const legacy = new SampledRate({ samples: 2, windowMs: 1000, variant: "legacy" });
    legacy.record(100, 0);
    legacy.record(100, 900);
    expect(legacy.measure(2500)).toBe(0);
  });

  it("ReplicationQuotaManager.isQuotaExceeded() is true only when the rate is above the bound", () => {
    const q = new ReplicationQuotaManager();
    q.record(10_000, 0);
    expect(q.isQuotaExceeded(500)).toBe(false); // no bound = Long.MAX_VALUE
    q.updateQuota(10_000);
    expect(q.isQuotaExceeded(500)).toBe(false); // 10 000 B/s is not above 10 000
    q.record(1, 600);
    expect(q.isQuotaExceeded(700)).toBe(true);
  });

  it("followerSkipsPartition() and leaderThrottles() need out-of-sync, listed and over quota together", () => {
    for (const inSync of [true, false])
      for (const throttled of [true, false])
        for (const quotaExceeded of [true, false]) {
          const expected = !inSync && throttled && quotaExceeded;
          expect(followerSkipsPartition({ inSync, throttled, quotaExceeded })).toBe(expected);
          expect(leaderThrottles({ followerInIsr: inSync, throttled, quotaExceeded })).toBe(expected);
        }
  });

  it("effectiveRates() takes the broker's value, else the cluster default, else unlimited", () => {
    const snap = ClusterSnapshotSchema.parse({
      schema: 1,
      capturedAt: "x",
      source: { kind: "import", label: "t" },
      brokers: [{ id: 1 }, { id: 2 }],
      topics: [],
      throttles: { defaults: { follower: 500 }, brokers: [{ broker: 1, leader: 100, follower: 200 }] },
    });
    expect(effectiveRates(snap, 1)).toMatchObject({ leader: { bytesPerSecond: 100, origin: "broker" }, follower: { bytesPerSecond: 200, origin: "broker" } });
    expect(effectiveRates(snap, 2)).toMatchObject({
      leader: { bytesPerSecond: null, origin: "unset" },
      follower: { bytesPerSecond: 500, origin: "default" },
      alterLogDirs: { bytesPerSecond: null, origin: "unset" },
    });
  });
});
