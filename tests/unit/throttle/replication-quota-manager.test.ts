import { describe, expect, it } from "vitest";
import { followerSkipsPartition, leaderThrottles, ReplicationQuotaManager, UNLIMITED_RATE } from "@/lib/throttle/replication-quota-manager";

describe("ReplicationQuotaManager", () => {
  it("ReplicationQuotaManager.isQuotaExceeded() is true only when the rate is above the bound", () => {
    const q = new ReplicationQuotaManager();
    q.record(10_000, 0);
    expect(q.isQuotaExceeded(500)).toBe(false); // no bound = Long.MAX_VALUE
    q.updateQuota(10_000);
    expect(q.isQuotaExceeded(500)).toBe(false); // 10 000 B/s is not above 10 000
    q.record(1, 600);
    expect(q.isQuotaExceeded(700)).toBe(true);
  });

  it("ReplicationQuotaManager.updateQuota() treats Long.MAX_VALUE and null as no bound", () => {
    const q = new ReplicationQuotaManager();
    q.record(1e18, 0);
    q.updateQuota(UNLIMITED_RATE);
    expect(q.isQuotaExceeded(1000)).toBe(false);
    q.updateQuota(1);
    expect(q.isQuotaExceeded(1000)).toBe(true);
    q.updateQuota(null);
    expect(q.isQuotaExceeded(1000)).toBe(false);
  });

  it("ReplicationQuotaManager.isThrottled() holds for listed partitions, or every partition of a topic listed as ALL", () => {
    const q = new ReplicationQuotaManager();
    q.markThrottled("orders", [0, 2]);
    q.markThrottled("logs", "ALL");
    expect([q.isThrottled("orders", 0), q.isThrottled("orders", 1), q.isThrottled("logs", 99), q.isThrottled("other", 0)]).toEqual([true, false, true, false]);
    q.markThrottled("orders", [1]);
    expect([q.isThrottled("orders", 0), q.isThrottled("orders", 1)]).toEqual([false, true]);
    q.removeThrottle("logs");
    expect(q.isThrottled("logs", 0)).toBe(false);
  });

  it("ReplicationQuotaManager.rateAt() measures what was recorded", () => {
    const q = new ReplicationQuotaManager();
    q.record(4000, 0);
    expect(q.rateAt(2000)).toBe(2000);
  });
});

describe("followerSkipsPartition() and leaderThrottles()", () => {
  it("followerSkipsPartition() and leaderThrottles() need out-of-sync, listed and over quota together", () => {
    for (const inSync of [true, false])
      for (const throttled of [true, false])
        for (const quotaExceeded of [true, false]) {
          const expected = !inSync && throttled && quotaExceeded;
          expect(followerSkipsPartition({ inSync, throttled, quotaExceeded })).toBe(expected);
          expect(leaderThrottles({ followerInIsr: inSync, throttled, quotaExceeded })).toBe(expected);
        }
  });
});
