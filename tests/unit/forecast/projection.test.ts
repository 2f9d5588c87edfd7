import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crossingDays, projectedBytes, type Projection } from "@/lib/forecast/projection";

const line = (levelBytes: number, trendBytesPerDay: number, more: Partial<Projection> = {}): Projection => ({
  levelBytes,
  trendBytesPerDay,
  curvatureBytesPerDay2: 0,
  arrivals: [],
  bytesPerPartitionDay: 0,
  ...more,
});

describe("crossingDays()", () => {
  it("crossingDays() is 0 when the level is already reached", () => {
    expect(crossingDays(line(90, 1), 85, 365)).toBe(0);
    expect(crossingDays(line(85, -1), 85, 365)).toBe(0);
  });

  it("crossingDays() solves a line, and is null when it does not grow or gets there after the horizon", () => {
    expect(crossingDays(line(50, 5), 85, 365)).toBe(7);
    expect(crossingDays(line(50, 0), 85, 365)).toBeNull();
    expect(crossingDays(line(50, -1), 85, 365)).toBeNull();
    expect(crossingDays(line(50, 0.05), 85, 365)).toBeNull();
  });

  it("crossingDays() adds the count rule's arrivals: a dir with no growth of its own fills from new partitions", () => {
    const p = line(0, 0, { arrivals: [{ fromDay: 10, toDay: null, partitionsPerDay: 2 }], bytesPerPartitionDay: 1 });
    // From day 10, bytes = (t − 10)²: 100 bytes at day 20.
    expect(crossingDays(p, 100, 365)).toBeCloseTo(20, 9);
    expect(projectedBytes(p, 20)).toBeCloseTo(100, 9);
  });

  it("crossingDays() finds a late crossing after a dip (shrinking trend, arrivals later)", () => {
    const p = line(50, -1, { arrivals: [{ fromDay: 5, toDay: null, partitionsPerDay: 1 }], bytesPerPartitionDay: 1 });
    const d = crossingDays(p, 60, 365)!;
    expect(projectedBytes(p, d)).toBeCloseTo(60, 6);
    for (let x = 0; x < d - 1e-6; x += d / 50) expect(projectedBytes(p, x)).toBeLessThan(60);
  });

  it("crossingDays() bends with the curvature either way", () => {
    expect(crossingDays(line(0, 10, { curvatureBytesPerDay2: 2 }), 200, 365)).toBeCloseTo(10, 9);
    // Slowing down: 10t − t²/2 peaks at 50 bytes on day 10 and never reaches 60.
    expect(crossingDays(line(0, 10, { curvatureBytesPerDay2: -1 }), 60, 365)).toBeNull();
    expect(crossingDays(line(0, 10, { curvatureBytesPerDay2: -1 }), 40, 365)).toBeCloseTo(10 - Math.sqrt(20), 9);
  });

  it("crossingDays() agrees with projectedBytes for any projection it solves", () => {
    const phase = fc.record({
      fromDay: fc.double({ min: 0, max: 200, noNaN: true }),
      span: fc.option(fc.double({ min: 0.1, max: 100, noNaN: true })),
      partitionsPerDay: fc.double({ min: 0, max: 10, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e12, noNaN: true }),
        fc.double({ min: -1e9, max: 1e10, noNaN: true }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.array(phase, { maxLength: 4 }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 1, max: 2e12, noNaN: true }),
        (level, trend, curvature, phases, g, target) => {
          const p = line(level, trend, {
            curvatureBytesPerDay2: curvature,
            bytesPerPartitionDay: g,
            arrivals: phases.map((x) => ({ fromDay: x.fromDay, toDay: x.span === null ? null : x.fromDay + x.span, partitionsPerDay: x.partitionsPerDay })),
          });
          const d = crossingDays(p, target, 365);
          if (d === null || d === 0) return;
          expect(d).toBeLessThanOrEqual(365);
          // Up to rounding of the terms the root was computed from (near a root of terms of opposite signs the
          // error is several ulps of the largest term: seed -1719946963 exceeded 1e-8 of the scale by about one part in 10^9).
          const rates = p.arrivals.reduce((sum, a) => sum + a.partitionsPerDay, 0);
          const scale = level + Math.abs(trend) * d + Math.abs(curvature) * d * d + g * rates * d * d + target;
          expect(Math.abs(projectedBytes(p, d) - target)).toBeLessThanOrEqual(1e-7 * scale);
        },
      ),
    );
  });
});

describe("projectedBytes()", () => {
  it("projectedBytes() never goes below 0 and reads a negative or unusable day as now", () => {
    expect(projectedBytes(line(10, -1), 100)).toBe(0);
    expect(projectedBytes(line(10, 1), -5)).toBe(10);
    expect(projectedBytes(line(10, 1), NaN)).toBe(10);
  });
});
