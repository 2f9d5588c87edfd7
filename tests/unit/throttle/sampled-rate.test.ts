import { describe, expect, it } from "vitest";
import { DEFAULT_REPLICATION_QUOTA_WINDOW, SampledRate } from "@/lib/throttle/sampled-rate";

describe("SampledRate", () => {
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

  it("SampledRate.measure() forgets samples whose last event is N windows old", () => {
    const r = new SampledRate({ samples: 3, windowMs: 1000, variant: "3.8+" });
    r.record(3000, 0);
    expect(r.measure(2999)).toBeCloseTo(3000 / 2.999);
    expect(r.measure(3000)).toBe(0);
  });

  it("SampledRate.measure() reads a steady rate within 1%, over the ring of windows", () => {
    const r = new SampledRate(DEFAULT_REPLICATION_QUOTA_WINDOW);
    for (let t = 0; t <= 30_000; t += 100) r.record(100, t); // 1000 B/s for 30 s
    const rate = r.measure(30_000);
    expect(rate).toBeGreaterThan(990);
    expect(rate).toBeLessThan(1010);
  });

  it("SampledRate.measure() is 0 before anything is recorded", () => {
    expect(new SampledRate().measure(5000)).toBe(0);
  });

  it("DEFAULT_REPLICATION_QUOTA_WINDOW is Kafka's default: 11 windows of 1 s", () => {
    expect(DEFAULT_REPLICATION_QUOTA_WINDOW).toEqual({ samples: 11, windowMs: 1000, variant: "3.8+" });
  });
});
