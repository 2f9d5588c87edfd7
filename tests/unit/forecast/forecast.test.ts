import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forecastCluster, forecastDir, type DirForecast } from "@/lib/forecast/forecast";
import type { DirPoint, DirSeries } from "@/lib/forecast/series";
import { DAY, GiB, HOSTILE_NUMBERS, HOUR, NOW, TiB, gaussians, points, series } from "@/tests/support/forecast-series";

const days = (s: number | null | undefined) => (s === null || s === undefined ? null : s / 86_400);

/** Every number in a forecast is finite (or the field is null). */
function allFinite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (value === null || typeof value !== "object") return true;
  if (value instanceof Map) return true;
  return Object.values(value).every(allFinite);
}

describe("forecastDir()", () => {
  it("forecastDir() on a steady line gives its growth and the exact time to each level", () => {
    const f = forecastDir(series("/d1", { used: (d) => 0.5 * TiB + 0.01 * TiB * d }), { nowMs: NOW });
    expect(f.growth!.bytesPerDay / (0.01 * TiB)).toBeCloseTo(1, 6);
    expect(f.growth!.trendBytesPerDay / (0.01 * TiB)).toBeCloseTo(1, 6);
    expect(f.utilization).toBeCloseTo(0.5, 9);
    expect(days(f.until.p85?.seconds)).toBeCloseTo(35, 6);
    expect(days(f.until.p95?.seconds)).toBeCloseTo(45, 6);
    expect(days(f.until.full?.seconds)).toBeCloseTo(50, 6);
    // The range only widens with the allowed drift of the rate: a few days either side at 35 days.
    expect(days(f.until.p85!.earliestSeconds)).toBeLessThan(35);
    expect(days(f.until.p85!.earliestSeconds)).toBeGreaterThan(33);
    expect(days(f.until.p85!.latestSeconds)).toBeGreaterThan(35);
    expect(f.confidence).toBe("high");
    expect(f.basis).toMatchObject({ series: "usedBytes", fromMs: expect.any(Number), toMs: NOW, placementShare: 0 });
    expect(f.basis.points).toBeGreaterThan(20);
    expect(f.basis.method).toMatch(/^Theil–Sen slope of used bytes/);
    expect(f.basis.note).toMatch(/^Fitted the disk's used bytes: \d+ scans over 14 days\. Grows 10\.2 GiB\/day/);
  });

  it("forecastDir() reads 0 for a level already passed and still times the next ones", () => {
    const f = forecastDir(series("/d1", { used: (d) => 0.9 * TiB + 0.01 * TiB * d }), { nowMs: NOW });
    expect(f.until.p85).toEqual({ seconds: 0, earliestSeconds: 0, latestSeconds: 0 });
    expect(days(f.until.p95?.seconds)).toBeCloseTo(5, 6);
  });

  it("forecastDir() gives no time for a shrinking dir", () => {
    const f = forecastDir(series("/d1", { used: (d) => 0.5 * TiB - 0.01 * TiB * d }), { nowMs: NOW });
    expect(f.growth!.bytesPerDay).toBeLessThan(0);
    expect(f.until).toEqual({ p85: null, p95: null, full: null });
    expect(f.basis.note).toMatch(/Not growing/);
  });

  it("forecastDir() gives no time, confidence none and says why when the capacity is unknown", () => {
    const f = forecastDir(series("/d1", { used: (d) => 500 * GiB + 10 * GiB * d, capacity: null }), { nowMs: NOW });
    expect(f.until).toEqual({ p85: null, p95: null, full: null });
    expect(f.confidence).toBe("none");
    expect(f.capacityBytes).toBeNull();
    expect(f.utilization).toBeNull();
    expect(f.growth!.bytesPerDay / GiB).toBeCloseTo(10, 6);
    expect(f.basis.series).toBe("kafkaBytes");
    expect(f.basis.note).toContain("Capacity unknown: no time to fill.");
  });

  it("forecastDir() reads a capacity of 0, negative or not a number as unknown", () => {
    for (const capacity of [0, -TiB, NaN, Infinity]) {
      const pts = points({ used: (d) => 500 * GiB + 10 * GiB * d }).map((p) => ({ ...p, totalBytes: capacity }));
      const f = forecastDir({ broker: 1, dir: "/d1", points: pts }, { nowMs: NOW });
      expect(f.capacityBytes).toBeNull();
      expect(f.confidence).toBe("none");
    }
  });

  it("forecastDir() calls a retention plateau not growing instead of extrapolating the ramp", () => {
    const f = forecastDir(series("/d1", { used: (d) => 0.6 * TiB + 0.02 * TiB * Math.min(d, -6) }), { nowMs: NOW });
    expect(f.growth!.bytesPerDay).toBe(0);
    expect(f.until).toEqual({ p85: null, p95: null, full: null });
    expect(f.basis.method).toContain("recent plateau");
    expect(f.basis.note).toMatch(/Not growing: flat for the last .* a retention plateau\./);
  });

  it("forecastDir() times a dir from where it stands after data moved out, at the growth since", () => {
    const f = forecastDir(series("/d1", { used: (d) => 0.7 * TiB + 0.01 * TiB * d - (d > -8 ? 0.3 * TiB : 0) }), { nowMs: NOW });
    expect(f.utilization).toBeCloseTo(0.4, 6);
    expect(days(f.until.p85?.seconds)).toBeCloseTo(45, 4);
    expect(f.basis.method).toContain("fitted after the latest drop");
    // 0.3 TiB; the first sample after the drop is up to one sampling step (11 h) after it.
    expect(f.basis.note).toMatch(/307\.2 GiB left the dir (7\.[5-9]|8\.0) days ago: only the scans after that are fitted\./);
  });

  it("forecastDir() keeps the truth within its range for most seeded noisy lines", () => {
    let held = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const noise = gaussians(seed);
      const f = forecastDir(series("/d1", { used: (d) => 0.5 * TiB + 0.005 * TiB * d + 0.002 * TiB * noise() }), { nowMs: NOW });
      const eta = f.until.p85!;
      if (eta.earliestSeconds / 86_400 <= 70 && 70 <= (eta.latestSeconds ?? Infinity) / 86_400) held++;
    }
    expect(held).toBeGreaterThan(28);
  });

  it("forecastDir() says null beyond the horizon", () => {
    const f = forecastDir(series("/d1", { used: (d) => 0.5 * TiB + 0.001 * TiB * d }), { nowMs: NOW, horizonDays: 100 });
    expect(f.until.p85).toBeNull();
    expect(days(forecastDir(series("/d1", { used: (d) => 0.5 * TiB + 0.001 * TiB * d }), { nowMs: NOW }).until.p85?.seconds)).toBeCloseTo(350, 4);
  });

  it("forecastDir() has confidence none and a note when there is too little to fit", () => {
    const f = forecastDir({ broker: 1, dir: "/d1", points: points({ used: () => 0.9 * TiB, days: 0.1 }) }, { nowMs: NOW });
    expect(f.growth).toBeNull();
    expect(f.confidence).toBe("none");
    expect(f.until.p85).toEqual({ seconds: 0, earliestSeconds: 0, latestSeconds: 0 });
    expect(f.until.full).toBeNull();
    expect(f.basis.note).toMatch(/^Too little history to fit: 3 scans in the window\./);
  });
});

/** Broker 1 with the founding story: /d1 and /d2 hold 60 partitions, /d3 24; one new partition a day lands on /d3 for the next 36 days. */
function story(): DirSeries[] {
  return [
    series("/d1", { used: (d) => 0.5 * TiB + 2 * GiB * d, partitions: () => 60 }),
    series("/d2", { used: (d) => 0.3 * TiB + 2 * GiB * d, partitions: () => 60 }),
    series("/d3", { used: (d) => 0.3 * TiB + 2 * GiB * d, partitions: (d) => 10 + Math.floor(d + 14) }),
  ];
}

describe("forecastCluster()", () => {
  it("forecastCluster() sends the broker's new partitions to the dir with the fewest, which then fills sooner than its own history says", () => {
    const [d1, d2, d3] = forecastCluster(story(), { nowMs: NOW, kafkaVersion: "4.4" });
    expect(d3!.basis.placementShare).toBeCloseTo(1, 6);
    expect(d1!.basis.placementShare).toBe(0);
    expect(d2!.basis.placementShare).toBe(0);
    expect(d3!.growth!.placementBytesPerDay).toBeGreaterThan(0);
    expect(d3!.growth!.bytesPerDay).toBeGreaterThan(d3!.growth!.trendBytesPerDay);
    expect(d3!.until.p85!.seconds).toBeLessThan(d2!.until.p85!.seconds);
    expect(d3!.basis.note).toMatch(
      /Broker 1 gains 1\.0 partitions\/day; by Kafka's count rule this dir takes 100% of the next (29|30) \(it holds the fewest partitions, 23\), adding about/,
    );
    expect(d1!.basis.note).toMatch(/takes none of the next/);
    const without = forecastCluster(story(), { nowMs: NOW, placement: false });
    expect(without[2]!.basis.placementShare).toBe(0);
    expect(without[2]!.until.p85!.seconds).toBeGreaterThan(d3!.until.p85!.seconds);
  });

  it("forecastCluster() gives a cordoned or offline dir none of the new partitions", () => {
    const cordoned = forecastCluster(story(), { nowMs: NOW, kafkaVersion: "4.4", brokers: { 1: { cordoned: ["/d3"] } } });
    expect(cordoned[2]!.basis.placementShare).toBe(0);
    // /d1 and /d2 tie at 60 and take turns.
    expect(cordoned[0]!.basis.placementShare).toBeCloseTo(0.5, 6);
    expect(cordoned[1]!.basis.placementShare).toBeCloseTo(0.5, 6);
    expect(cordoned[2]!.basis.note).toMatch(/takes none of them \(offline, cordoned or not scanned recently\)/);
    const offline = forecastCluster(story(), { nowMs: NOW, brokers: { 1: { offline: ["/d3"] } } });
    expect(offline[2]!.basis.placementShare).toBe(0);
    // Kafka 3.9 has no cordons: the cordoned dir still takes them.
    expect(forecastCluster(story(), { nowMs: NOW, kafkaVersion: "3.9", brokers: { 1: { cordoned: ["/d3"] } } })[2]!.basis.placementShare).toBeCloseTo(1, 6);
  });

  it("forecastCluster() keeps brokers apart and answers in input order, the same every time", () => {
    const other = story().map((s) => ({ ...s, broker: 2 }));
    const input = [other[0]!, ...story(), other[2]!];
    const a = forecastCluster(input, { nowMs: NOW });
    expect(a.map((f) => [f.broker, f.dir])).toEqual([
      [2, "/d1"],
      [1, "/d1"],
      [1, "/d2"],
      [1, "/d3"],
      [2, "/d3"],
    ]);
    expect(a[4]!.basis.placementShare).toBeCloseTo(1, 6);
    expect(forecastCluster(input, { nowMs: NOW })).toEqual(a);
  });

  it("forecastCluster() counts a repeated dir once and gives the repeat no new partitions", () => {
    const s = story();
    const out = forecastCluster([...s, s[2]!], { nowMs: NOW });
    expect(out[2]!.basis.placementShare).toBeCloseTo(1, 6);
    expect(out[3]!.basis.placementShare).toBe(0);
    expect(out[3]!.basis.note).toMatch(/A second series named \/d3 on broker 1/);
  });

  it("forecastCluster() uses the newest point's time when `nowMs` is not a time", () => {
    const withNow = forecastCluster(story(), { nowMs: NOW });
    expect(forecastCluster(story(), { nowMs: NaN })).toEqual(withNow);
  });

  it("forecastCluster() answers [] for no dirs or not an array", () => {
    expect(forecastCluster([], { nowMs: NOW })).toEqual([]);
    expect(forecastCluster(null as unknown as DirSeries[], { nowMs: NOW })).toEqual([]);
  });

  it("forecastCluster() never throws and gives only finite figures, whatever the history holds", () => {
    const hostile = fc.constantFrom(...HOSTILE_NUMBERS, 0, 1, 2 ** 53, 1e300);
    const point = fc.record({
      t: fc.oneof(fc.integer({ min: NOW - 20 * DAY, max: NOW + DAY }), fc.constantFrom(NaN, Infinity, -Infinity, 0, 1e300)),
      usedBytes: fc.oneof(fc.double({ min: 0, max: 1e15, noNaN: true }), hostile),
      kafkaBytes: fc.oneof(fc.double({ min: 0, max: 1e15, noNaN: true }), hostile),
      partitions: fc.oneof(fc.integer({ min: 0, max: 500 }), hostile),
      totalBytes: fc.oneof(fc.constant(TiB), hostile),
    });
    const dir = fc.record({
      broker: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(NaN, -1)),
      dir: fc.constantFrom("/d1", "/d2", "toString", ""),
      points: fc.array(point, { maxLength: 80 }),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(dir, fc.anything()), { maxLength: 6 }), fc.oneof(fc.constant(NOW), fc.double()), (dirs, nowMs) => {
        const out: DirForecast[] = forecastCluster(dirs as DirSeries[], { nowMs, windowDays: 14, horizonDays: 365 });
        expect(out).toHaveLength(dirs.length);
        for (const f of out) {
          // The broker is the input's own (NaN when it had none); every figure is finite.
          expect(allFinite({ ...f, broker: 0, projection: null })).toBe(true);
          expect(typeof f.basis.note).toBe("string");
          for (const e of [f.until.p85, f.until.p95, f.until.full])
            if (e) expect(e.earliestSeconds <= e.seconds && (e.latestSeconds === null || e.seconds <= e.latestSeconds)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("forecastCluster() handles huge, unsorted and duplicated points of a large history", () => {
    const pts = points({ used: (d) => 1e18 + 1e15 * d, capacity: 2e18, days: 90, stepMs: HOUR });
    const shuffled: DirPoint[] = [];
    for (let i = 0; i < pts.length; i++) shuffled.push(pts[(i * 7919) % pts.length]!, pts[i]!);
    const f = forecastDir({ broker: 1, dir: "/d1", points: shuffled }, { nowMs: NOW, horizonDays: 1000 });
    expect(f.growth!.bytesPerDay / 1e15).toBeCloseTo(1, 6);
    expect(days(f.until.p85?.seconds)).toBeCloseTo(700, 0);
  });
});
