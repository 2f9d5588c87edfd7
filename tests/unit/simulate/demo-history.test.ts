import { describe, expect, it } from "vitest";
import { forecastCluster, forecastFactsOf } from "@/lib/forecast";
import { DAY_MS, HOUR_MS } from "@/lib/model/history-settings";
import { DemoHistory } from "@/lib/simulate/demo-history";
import { demoSnapshot } from "@/lib/simulate/presets";

const NOW = Date.parse("2026-12-02T10:30:00.000Z");
const STEP = 300_000;
const snapshot = demoSnapshot();

function dirSeries(h: DemoHistory, fromMs: number, points: number) {
  const times = h.sampleTimes(fromMs, h.nowMs, points, STEP);
  return snapshot.brokers.flatMap((b) =>
    b.logDirs.map((d) => ({
      broker: b.id,
      dir: d.path,
      points: times.flatMap((t) => {
        const x = h.figuresAt(t)!.dirs.find((q) => q.broker === b.id && q.dir === d.path);
        return x ? [{ t, usedBytes: x.usedBytes, kafkaBytes: x.kafkaBytes, partitions: x.partitions, totalBytes: x.totalBytes }] : [];
      }),
    })),
  );
}

describe("the demo's generated history", () => {
  const h = new DemoHistory(snapshot, { nowMs: NOW });

  it("ends at the demo's snapshot: the last sample's figures are the snapshot's", () => {
    const last = h.lastSampleMs(STEP);
    expect(h.snapshotAt(NOW)).toBe(snapshot);
    const end = h.figuresAt(NOW)!;
    for (const b of snapshot.brokers)
      for (const d of b.logDirs) {
        const f = end.dirs.find((x) => x.broker === b.id && x.dir === d.path)!;
        expect(f.usedBytes).toBe(d.totalBytes! - d.usableBytes!);
      }
    // The sample just before now differs from it only by minutes of produce traffic.
    const before = h.figuresAt(last - STEP)!;
    expect(before.cluster.bytes).toBeLessThan(end.cluster.bytes);
    expect(before.cluster.bytes).toBeGreaterThan(end.cluster.bytes * 0.999);
  });

  it("tells the story: orders arrives in the window, /data/d2 and /data/d3 are added before it, the first disk and __consumer_offsets are there from the start", () => {
    const arrived = h.arrivedMs("orders")!;
    expect(arrived).toBeGreaterThan(h.startMs);
    expect(arrived).toBeLessThan(NOW - 15 * DAY_MS);
    expect(h.arrivedMs("__consumer_offsets")).toBeNull();
    expect(h.dirAddedMs(1, "/data/d1")).toBe(h.startMs);
    expect(h.dirAddedMs(1, "/data/d2")).toBe(arrived - 2 * DAY_MS);
    const start = h.snapshotAt(h.startMs)!;
    expect(start.topics.map((t) => t.name)).toEqual(["__consumer_offsets"]);
    expect(start.brokers.every((b) => b.logDirs.map((d) => d.path).join() === "/data/d1")).toBe(true);
    expect(h.snapshotAt(h.startMs - 1)).toBeNull();
    // Partitions appear when the topic arrives: 10 orders replicas on each new dir.
    const after = h.figuresAt(arrived + HOUR_MS)!;
    expect(after.dirs.find((d) => d.broker === 1 && d.dir === "/data/d2")!.partitions).toBe(10);
  });

  it("grows every dir monotonically (no dip in a dir's bytes), busier by day than by night", () => {
    const times = h.sampleTimes(h.startMs, NOW, 1500, STEP);
    let prev = new Map<string, number>();
    for (const t of times) {
      const next = new Map<string, number>();
      for (const d of h.figuresAt(t)!.dirs) {
        const key = `${d.broker}${d.dir}`;
        expect(d.kafkaBytes).toBeGreaterThanOrEqual(prev.get(key) ?? 0);
        next.set(key, d.kafkaBytes);
      }
      prev = next;
    }
    const day = Date.parse("2026-11-25T00:00:00.000Z");
    const grown = (a: number, b: number) => h.figuresAt(b)!.cluster.bytes - h.figuresAt(a)!.cluster.bytes;
    expect(grown(day + 12 * HOUR_MS, day + 16 * HOUR_MS)).toBeGreaterThan(grown(day, day + 4 * HOUR_MS));
  });

  it("is deterministic for a seed and time, and another seed gives another past ending at the same snapshot", () => {
    const again = new DemoHistory(snapshot, { nowMs: NOW });
    const t = NOW - 20 * DAY_MS;
    expect(again.figuresAt(t)).toEqual(h.figuresAt(t));
    const other = new DemoHistory(snapshot, { nowMs: NOW, seed: 7 });
    expect(other.figuresAt(t)!.cluster.bytes).not.toBe(h.figuresAt(t)!.cluster.bytes);
    expect(other.figuresAt(NOW)).toEqual(h.figuresAt(NOW));
  });

  it("samples at whole multiples of the step, within the range and the history, at most maxPoints", () => {
    const times = h.sampleTimes(NOW - 7 * DAY_MS, NOW + DAY_MS, 100, STEP);
    expect(times.length).toBeLessThanOrEqual(100);
    expect(times.length).toBeGreaterThan(90);
    expect(times.every((t) => t % STEP === 0 && t <= NOW && t >= NOW - 7 * DAY_MS)).toBe(true);
    expect(h.sampleTimes(NOW - 60 * DAY_MS, NOW - 40 * DAY_MS, 100, STEP)).toEqual([]);
  });

  it("gives the forecast a first dir to fill: a new disk, within weeks, and the first disk not growing", () => {
    const forecasts = forecastCluster(dirSeries(h, NOW - 15 * DAY_MS, 240), { nowMs: NOW, brokers: forecastFactsOf(snapshot), kafkaVersion: snapshot.source.kafkaVersion });
    const filling = forecasts.filter((f) => f.until.full !== null).sort((a, b) => a.until.full!.seconds - b.until.full!.seconds);
    expect(filling.map((f) => f.dir).every((d) => d !== "/data/d1")).toBe(true);
    expect(filling).toHaveLength(6);
    const days = filling[0]!.until.full!.seconds / 86_400;
    expect(days).toBeGreaterThan(7);
    expect(days).toBeLessThan(60);
    expect(forecasts.filter((f) => f.dir === "/data/d1").every((f) => f.until.full === null)).toBe(true);
  });

  it("says it is generated, and what it shows", () => {
    expect(h.note()).toMatch(/^Generated history: the demo cluster is not recorded, so these 30 days are made up/);
    expect(h.note()).toMatch(/orders arrived \d+ days ago/);
  });
});
