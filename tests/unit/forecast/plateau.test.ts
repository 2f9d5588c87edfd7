import { describe, expect, it } from "vitest";
import { flatTail } from "@/lib/forecast/plateau";
import { theilSen } from "@/lib/forecast/theil-sen";
import { DAY, GiB, NOW, gaussians } from "@/tests/support/forecast-series";

/** 24 points over 14 days (as the fit resamples them) of `bytes(day)`. */
function resampled(bytes: (day: number) => number, noise = () => 0): { t: Float64Array; y: Float64Array } {
  const t = new Float64Array(24);
  const y = new Float64Array(24);
  for (let i = 0; i < 24; i++) {
    const day = -14 + (14 * (i + 0.5)) / 24;
    t[i] = NOW + day * DAY;
    y[i] = bytes(day) + noise();
  }
  return { t, y };
}

function tailOf(bytes: (day: number) => number, noise?: () => number) {
  const { t, y } = resampled(bytes, noise);
  return flatTail(t, y, 24, theilSen(t, y)!.slope);
}

describe("flatTail()", () => {
  it("flatTail() recognises bytes flat at a ceiling for the last days as a plateau", () => {
    const tail = tailOf((d) => 400 * GiB + 10 * GiB * Math.min(d, -6));
    expect(tail?.kind).toBe("plateau");
    expect(tail!.fit.slope).toBeCloseTo(0, 0);
    expect(tail!.sinceMs).toBeGreaterThanOrEqual(NOW - 7 * DAY - DAY);
  });

  it("flatTail() finds a plateau under noise and a small retention sawtooth", () => {
    const noise = gaussians(3);
    const tail = tailOf(
      (d) => 400 * GiB + 10 * GiB * Math.min(d, -7) - 2 * GiB * ((d * 1.7) % 1),
      () => GiB * noise(),
    );
    expect(tail?.kind).toBe("plateau");
  });

  it("flatTail() calls a recent fall shrinking", () => {
    expect(tailOf((d) => 400 * GiB + (d < -6 ? 10 * GiB * (d + 6) : -8 * GiB * (d + 6)))?.kind).toBe("shrinking");
  });

  it("flatTail() leaves steady growth, and a quiet day between bursts, alone", () => {
    expect(tailOf((d) => 400 * GiB + 10 * GiB * d)).toBeNull();
    // Bursts every two days: no stretch of three days without growth.
    expect(tailOf((d) => 400 * GiB + 20 * GiB * Math.floor(d / 2))).toBeNull();
  });

  it("flatTail() says nothing when the window does not grow or has too few points", () => {
    const { t, y } = resampled(() => 100 * GiB);
    expect(flatTail(t, y, 24, 0)).toBeNull();
    expect(flatTail(t, y, 8, 5 * GiB)).toBeNull();
  });
});
