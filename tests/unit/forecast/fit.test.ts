import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_BYTES } from "@/lib/forecast/series";
import { fitGrowth, fitScratch } from "@/lib/forecast/fit";
import { DAY, GiB, HOUR, NOW, gaussians, lineColumns } from "@/tests/support/forecast-series";

describe("fitGrowth()", () => {
  it("fitGrowth() gives the exact slope and level of an exact line", () => {
    const { t, y } = lineColumns(600 * GiB, 7 * GiB);
    const fit = fitGrowth(t, y, t.length, NOW)!;
    expect(fit.slope / GiB).toBeCloseTo(7, 6);
    expect(fit.low / GiB).toBeCloseTo(7, 6);
    expect(fit.high / GiB).toBeCloseTo(7, 6);
    expect(fit.levelBytes / GiB).toBeCloseTo(600, 6);
    expect(fit).toMatchObject({ rawPoints: t.length, fromMs: NOW - 14 * DAY, toMs: NOW, resampled: true, dropHandling: "none", stop: null });
  });

  it("fitGrowth() carries the newest points to now along the slope", () => {
    const { t, y } = lineColumns(600 * GiB, 24 * GiB, 3);
    const fit = fitGrowth(t.subarray(0, t.length - 12), y.subarray(0, y.length - 12), t.length - 12, NOW)!;
    expect(fit.levelBytes / GiB).toBeCloseTo(600, 6);
  });

  it("fitGrowth() is not moved by outliers", () => {
    const noise = gaussians(11);
    const { t, y } = lineColumns(600 * GiB, 7 * GiB, 14, () => 0.3 * GiB * noise());
    for (let i = 5; i < y.length; i += 37) y[i] = y[i]! * 3;
    const fit = fitGrowth(t, y, t.length, NOW)!;
    expect(fit.slope / GiB).toBeCloseTo(7, 0);
    expect(fit.low).toBeLessThanOrEqual(7 * GiB);
    expect(fit.high).toBeGreaterThanOrEqual(7 * GiB);
  });

  it("fitGrowth() fits only what follows a drop when enough history follows it", () => {
    const { t, y } = lineColumns(600 * GiB, 7 * GiB);
    const cut = 100; // about 9.8 days ago
    for (let i = cut; i < y.length; i++) y[i] = y[i]! - 150 * GiB;
    const fit = fitGrowth(t, y, t.length, NOW)!;
    expect(fit.dropHandling).toBe("fit-after");
    expect(fit.fromMs).toBe(t[cut]);
    expect(fit.slope / GiB).toBeCloseTo(7, 6);
    expect(fit.levelBytes / GiB).toBeCloseTo(450, 6);
    expect(fit.drops[0]!.bytes / GiB).toBeCloseTo(150, 6);
  });

  it("fitGrowth() adds a recent drop back rather than extrapolate a fall", () => {
    const { t, y } = lineColumns(600 * GiB, 7 * GiB);
    const cut = y.length - 24; // a day ago
    for (let i = cut; i < y.length; i++) y[i] = y[i]! - 150 * GiB;
    const fit = fitGrowth(t, y, t.length, NOW)!;
    expect(fit.dropHandling).toBe("added-back");
    expect(fit.slope / GiB).toBeCloseTo(7, 6);
    expect(fit.levelBytes / GiB).toBeCloseTo(450, 6);
    expect(fit.rawPoints).toBe(t.length);
  });

  it("fitGrowth() keeps repeated drops as a sawtooth", () => {
    const { t, y } = lineColumns(600 * GiB, 0);
    for (let i = 0; i < y.length; i++) y[i] = y[i]! + 60 * GiB * ((i % 72) / 72);
    expect(fitGrowth(t, y, t.length, NOW)!.dropHandling).toBe("sawtooth");
  });

  it("fitGrowth() takes the recent slope when growth has stopped", () => {
    const { t, y } = lineColumns(600 * GiB, 7 * GiB);
    for (let i = 0; i < y.length; i++) y[i] = Math.min(y[i]!, 600 * GiB - 6 * 7 * GiB);
    const fit = fitGrowth(t, y, t.length, NOW)!;
    expect(fit.stop?.kind).toBe("plateau");
    expect(fit.stop!.windowSlope).toBeGreaterThan(GiB);
    expect(Math.abs(fit.slope)).toBeLessThan(0.01 * GiB);
  });

  it("fitGrowth() widens the range for bursty growth beyond Sen's interval", () => {
    const { t, y } = lineColumns(600 * GiB, 0);
    for (let i = 0; i < y.length; i++) y[i] = 600 * GiB + 20 * GiB * Math.floor(i / 60) + (i > 200 ? 30 * GiB : 0);
    const fit = fitGrowth(t, y, t.length, NOW)!;
    expect(fit.high - fit.low).toBeGreaterThan(0.5 * fit.slope);
  });

  it("fitGrowth() needs three points over six hours", () => {
    const { t, y } = lineColumns(1, 1, 14);
    expect(fitGrowth(t, y, 2, NOW)).toBeNull();
    expect(fitGrowth(t, y, 6, NOW)).toBeNull();
    expect(fitGrowth(t, y, 7, NOW)).not.toBeNull();
  });

  it("fitGrowth() gives finite figures for any bytes in [0, MAX_BYTES] and any increasing times", () => {
    const scratch = fitScratch();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 10 * HOUR }), fc.double({ min: 0, max: MAX_BYTES, noNaN: true })), { minLength: 3, maxLength: 120 }), (steps) => {
        const t = new Float64Array(steps.length);
        const y = new Float64Array(steps.length);
        let at = NOW - 20 * DAY;
        steps.forEach(([dt, v], i) => {
          at += dt;
          t[i] = at;
          y[i] = v;
        });
        const fit = fitGrowth(t, y, steps.length, at, scratch);
        if (fit) for (const v of [fit.slope, fit.low, fit.high, fit.levelBytes]) expect(Number.isFinite(v)).toBe(true);
      }),
    );
  });
});
