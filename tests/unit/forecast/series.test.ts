import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_BYTES, bytesOrNull, countOrNull, emptySamples, latestTime, newestOf, windowSamples, type DirPoint } from "@/lib/forecast/series";
import { DAY, HOSTILE_NUMBERS, HOUR, NOW, TiB, points } from "@/tests/support/forecast-series";

const WINDOW = 14 * DAY;

/** The store's form: hourly points up to 2 days ago, then every 5 minutes. */
function storeForm(days: number): DirPoint[] {
  const out: DirPoint[] = [];
  for (let t = NOW - days * DAY; t <= NOW; t += t < NOW - 2 * DAY ? HOUR : 300_000) out.push({ t, usedBytes: t / 1e6, kafkaBytes: t / 2e6, partitions: 7, totalBytes: TiB });
  return out;
}

describe("bytesOrNull() and countOrNull()", () => {
  it("bytesOrNull() keeps byte counts in [0, MAX_BYTES] and reads everything else as unknown", () => {
    expect([0, 1, 2 ** 53, MAX_BYTES].map(bytesOrNull)).toEqual([0, 1, 2 ** 53, MAX_BYTES]);
    expect(HOSTILE_NUMBERS.map(bytesOrNull)).toEqual(HOSTILE_NUMBERS.map(() => null));
  });

  it("countOrNull() keeps partition counts up to 2^31 and reads everything else as unknown", () => {
    expect([0, 50, 2 ** 31].map(countOrNull)).toEqual([0, 50, 2 ** 31]);
    expect([...HOSTILE_NUMBERS, 2 ** 32].map(countOrNull)).toEqual([...HOSTILE_NUMBERS, 2 ** 32].map(() => null));
  });
});

describe("windowSamples()", () => {
  it("windowSamples() takes every point of a short window, oldest first, as columns", () => {
    const pts = points({ used: (d) => 1000 + d, days: 1, stepMs: 6 * HOUR, partitions: (d) => (d < -0.5 ? 3 : 4) });
    const s = windowSamples(pts, NOW - DAY, NOW, "usedBytes");
    expect(s.length).toBe(5);
    expect(Array.from(s.t.subarray(0, 5))).toEqual(pts.map((p) => p.t));
    expect(Array.from(s.bytes.subarray(0, 5))).toEqual([999, 999.25, 999.5, 999.75, 1000]);
    expect(Array.from(s.partitions.subarray(0, 5))).toEqual([3, 3, 4, 4, 4]);
    expect(s.skipped).toBe(0);
  });

  it("windowSamples() reads the field it is asked for", () => {
    const pts = points({ used: () => (5 * TiB) / 10, other: 100, days: 1, stepMs: 12 * HOUR });
    expect(Array.from(windowSamples(pts, NOW - DAY, NOW, "kafkaBytes").bytes.subarray(0, 3))).toEqual([TiB / 2 - 100, TiB / 2 - 100, TiB / 2 - 100]);
  });

  it("windowSamples() keeps about one point per window ÷ capacity of a dense window, spread over all of it, the newest last", () => {
    const pts = storeForm(90);
    const out = emptySamples(32);
    const s = windowSamples(pts, NOW - WINDOW, NOW, "usedBytes", out);
    expect(s.length).toBeLessThanOrEqual(32);
    expect(s.length).toBeGreaterThan(20);
    expect(s.t[s.length - 1]).toBe(NOW);
    // The oldest kept point is within two steps of the window's start, and times only grow.
    expect(s.t[0]! - (NOW - WINDOW)).toBeLessThanOrEqual((2 * WINDOW) / 31);
    for (let i = 1; i < s.length; i++) expect(s.t[i]!).toBeGreaterThan(s.t[i - 1]!);
    expect(s.length + s.skipped).toBe(pts.filter((p) => p.t >= NOW - WINDOW).length);
  });

  it("windowSamples() leaves out points before the window and after its end", () => {
    const pts = points({ used: () => 1, days: 3, stepMs: 12 * HOUR });
    const s = windowSamples(pts, NOW - DAY, NOW - 12 * HOUR, "usedBytes");
    expect(Array.from(s.t.subarray(0, s.length))).toEqual([NOW - DAY, NOW - 12 * HOUR]);
  });

  it("windowSamples() sorts unsorted input and keeps duplicates", () => {
    const pts = points({ used: (d) => -d, days: 2, stepMs: 12 * HOUR });
    const shuffled = [pts[3]!, pts[0]!, pts[4]!, pts[1]!, pts[2]!, pts[2]!];
    const s = windowSamples(shuffled, NOW - 2 * DAY, NOW, "usedBytes");
    expect(Array.from(s.t.subarray(0, s.length))).toEqual([pts[0]!.t, pts[1]!.t, pts[2]!.t, pts[2]!.t, pts[3]!.t, pts[4]!.t]);
  });

  it("windowSamples() skips points without a usable time and reads unusable values as NaN", () => {
    const good = { t: NOW, usedBytes: 5, kafkaBytes: 4, partitions: 2, totalBytes: 10 };
    const hostile = [
      null,
      7,
      "x",
      { t: NaN },
      { t: Infinity },
      { t: "1" },
      { t: NOW - HOUR, usedBytes: -1, kafkaBytes: NaN, partitions: -3, totalBytes: null },
      good,
    ] as unknown as DirPoint[];
    const s = windowSamples(hostile, NOW - DAY, NOW, "usedBytes");
    expect(s.length).toBe(2);
    expect(Array.from(s.bytes.subarray(0, 2))).toEqual([NaN, 5]);
    expect(Array.from(s.partitions.subarray(0, 2))).toEqual([NaN, 2]);
  });

  it("windowSamples() answers nothing, without throwing, for no points, a reversed window or not an array", () => {
    expect(windowSamples([], NOW - DAY, NOW).length).toBe(0);
    expect(windowSamples(points({ used: () => 1 }), NOW, NOW - DAY).length).toBe(0);
    expect(windowSamples(undefined as unknown as DirPoint[], NOW - DAY, NOW).length).toBe(0);
  });

  it("windowSamples() never throws and keeps its bound on any array of anything", () => {
    const anyPoint = fc.oneof(
      fc.anything(),
      fc.record({
        t: fc.oneof(fc.double(), fc.integer({ min: NOW - 20 * DAY, max: NOW + DAY })),
        usedBytes: fc.anything(),
        kafkaBytes: fc.anything(),
        partitions: fc.anything(),
        totalBytes: fc.anything(),
      }),
    );
    fc.assert(
      fc.property(fc.array(anyPoint, { maxLength: 300 }), fc.integer({ min: 1, max: 40 }), (list, cap) => {
        const s = windowSamples(list as DirPoint[], NOW - WINDOW, NOW, "kafkaBytes", emptySamples(cap));
        expect(s.length).toBeLessThanOrEqual(cap);
        for (let i = 0; i < s.length; i++) expect(s.t[i]! >= NOW - WINDOW && s.t[i]! <= NOW).toBe(true);
      }),
    );
  });
});

describe("newestOf() and latestTime()", () => {
  it("newestOf() gives the newest capacity and the median of the three newest values of each field", () => {
    const pts = [10, 20, 90, 30, 40].map((v, i) => ({ t: NOW - (4 - i) * HOUR, usedBytes: v, kafkaBytes: v / 10, partitions: 1, totalBytes: 100 + i }));
    expect(newestOf(pts, NOW)).toEqual({ t: NOW, totalBytes: 104, usedBytes: 40, kafkaBytes: 4 });
  });

  it("newestOf() ignores points after `toMs` and reads an unknown or non-positive capacity as null", () => {
    const pts = [
      { t: NOW - HOUR, usedBytes: null, kafkaBytes: 3, partitions: 1, totalBytes: 0 },
      { t: NOW + HOUR, usedBytes: 9, kafkaBytes: 9, partitions: 1, totalBytes: 9 },
    ];
    expect(newestOf(pts, NOW)).toEqual({ t: NOW - HOUR, totalBytes: null, usedBytes: null, kafkaBytes: 3 });
    expect(newestOf([], NOW)).toEqual({ t: null, totalBytes: null, usedBytes: null, kafkaBytes: null });
  });

  it("latestTime() finds the newest finite time in any order, null when none", () => {
    expect(latestTime([{ t: 5 }, { t: NaN }, { t: 9 }, { t: 1 }] as DirPoint[])).toBe(9);
    expect(latestTime([null, { t: Infinity }] as unknown as DirPoint[])).toBeNull();
  });
});
