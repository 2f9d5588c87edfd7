/**
 * The history store on a real SQLite file: scans recorded and read back per dir, broker, topic and
 * cluster; failed scans and unanswered brokers as gaps; downsampling at its boundaries (every scan →
 * hourly → daily → dropped), idempotent, late points dropped; the store's size per point; two
 * instances competing for a cluster's collector lease, the loser and a stalled holder writing nothing;
 * the apply jobs that mark when plans were applied.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectCluster } from "@/lib/collector";
import type { ApplyJobRecord } from "@/lib/plan/job-model";
import { DAY_MS, DEFAULT_HISTORY_RETENTION, HOUR_MS, type HistorySettings } from "@/lib/model/history-settings";
import { getStore } from "@/lib/store";
import { HistoryStore } from "@/lib/store/history";
import { cutsAt } from "@/lib/store/history-compact";
import type { SqliteDb } from "@/lib/store/sqlite";
import { useTempStore } from "../fixtures/snapshots/harness";
import { GiB, grow, historyCluster as cluster, T0 } from "../support/history";

const MIN5 = 300_000;

function settings(retention: HistorySettings["retention"] = DEFAULT_HISTORY_RETENTION): HistorySettings {
  return { retention, collectIntervalMs: MIN5, collectLeaseMs: 30_000, topicsPerBroker: 10 };
}

let temp: ReturnType<typeof useTempStore>;
beforeAll(async () => {
  temp = useTempStore("history-store");
});
afterAll(() => temp.cleanup());

describe("history store: recording and reading", () => {
  it("records a scan per dir, broker, topic and cluster, and reads each back oldest first", async () => {
    const store = getStore().history;
    for (let i = 0; i < 13; i++) expect(await store.recordScan("rec", T0 + i * MIN5, cluster(T0 + i * MIN5), 120)).toBe(true);
    const d1 = await store.dirSeries("rec", 1, "/d1", T0, T0 + HOUR_MS);
    expect(d1).toHaveLength(13);
    expect(d1[0]).toEqual({ t: T0, usedBytes: 10 * GiB + 1024 * 1024, kafkaBytes: 10 * GiB, partitions: 1, totalBytes: 100 * GiB, state: "online" });
    expect(d1[12]).toMatchObject({ t: T0 + HOUR_MS, kafkaBytes: grow(T0 + HOUR_MS) });
    // Capacity unknown: used bytes unknown, never Kafka's bytes in their place.
    expect((await store.dirSeries("rec", 2, "/d1", T0, T0 + HOUR_MS))[0]).toMatchObject({ usedBytes: null, totalBytes: null, kafkaBytes: 10 * GiB });
    expect((await store.dirSeries("rec", 2, "/d2", T0, T0 + HOUR_MS))[0]!.state).toBe("offline");
    expect((await store.brokerSeries("rec", 1, T0, T0 + HOUR_MS))[0]).toEqual({ at: T0, bytes: 15 * GiB, partitions: 2, leaders: 1 });
    // Topics: the first scan of each hour only, kept hourly (to 64 KiB).
    expect(await store.topicSeries("rec", 1, T0, T0 + HOUR_MS)).toEqual(
      [
        {
          topic: "events",
          points: [
            { at: T0, bytes: 10 * GiB },
            { at: T0 + HOUR_MS, bytes: Math.round(grow(T0 + HOUR_MS) / 65_536) * 65_536 },
          ],
        },
        {
          topic: "audit",
          points: [
            { at: T0, bytes: 5 * GiB },
            { at: T0 + HOUR_MS, bytes: 5 * GiB },
          ],
        },
      ].sort((a, b) => (a.topic < b.topic ? -1 : 1)),
    );
    const c = await store.clusterSeries("rec", T0, T0 + HOUR_MS);
    expect(c).toHaveLength(13);
    expect(c[0]).toMatchObject({ at: T0, ok: true, scans: 1, failed: 0 });
    expect(c[0]!.figures).toMatchObject({ brokers: 2, onlineBrokers: 2, offlineDirs: 1 });
    expect(await store.dirs("rec")).toEqual([
      { broker: 1, dir: "/d1" },
      { broker: 1, dir: "/d2" },
      { broker: 2, dir: "/d1" },
      { broker: 2, dir: "/d2" },
    ]);
    expect(await store.lastScan("rec")).toEqual({
      last: { cluster: "rec", at: T0 + HOUR_MS, ok: true, durationMs: 120, error: null },
      lastSuccess: { cluster: "rec", at: T0 + HOUR_MS, ok: true, durationMs: 120, error: null },
    });
  });

  it("allDirSeries() gives every dir, leaves offline points out unless asked, and folds to maxPointsPerDir", async () => {
    const store = getStore().history;
    const all = await store.allDirSeries("rec", T0, T0 + HOUR_MS);
    expect(all.map((s) => `${s.broker}:${s.dir}:${s.points.length}`)).toEqual(["1:/d1:13", "1:/d2:13", "2:/d1:13"]);
    expect(await store.allDirSeries("rec", T0, T0 + HOUR_MS, { includeOffline: true })).toHaveLength(4);
    // Folded too, offline points are left out before folding.
    expect((await store.allDirSeries("rec", T0, T0 + HOUR_MS, { maxPointsPerDir: 5 })).map((s) => `${s.broker}:${s.dir}`)).toEqual(["1:/d1", "1:/d2", "2:/d1"]);
    expect(await store.allDirSeries("rec", T0, T0 + HOUR_MS, { maxPointsPerDir: 5, includeOffline: true })).toHaveLength(4);
    const thin = (await store.allDirSeries("rec", T0, T0 + HOUR_MS, { maxPointsPerDir: 5 }))[0]!.points;
    expect(thin.length).toBeLessThanOrEqual(5);
    // Folded points stay on the line of steady growth (times are whole ms: 12.4 bytes a ms at 1 GiB a day).
    for (const p of thin) expect(Math.abs(p.kafkaBytes - grow(p.t))).toBeLessThanOrEqual(16);
  });

  it("a failed scan is a gap in every series, and a broker that did not answer is a gap in its own", async () => {
    const store = getStore().history;
    const at = (i: number) => T0 + i * MIN5;
    await store.recordScan("gaps", at(0), cluster(at(0)), 100);
    expect(await store.recordFailure("gaps", at(1), 5000, "Kafka at 127.0.0.1:1 is unreachable")).toBe(true);
    await store.recordScan("gaps", at(2), cluster(at(2), { down: true }), 100);
    await store.recordScan("gaps", at(3), cluster(at(3)), 100);
    expect((await store.clusterSeries("gaps", at(0), at(3))).map((p) => [p.ok, p.figures === null, p.error])).toEqual([
      [true, false, null],
      [false, true, "Kafka at 127.0.0.1:1 is unreachable"],
      [true, false, null],
      [true, false, null],
    ]);
    expect((await store.dirSeries("gaps", 1, "/d1", at(0), at(3))).map((p) => p.t)).toEqual([at(0), at(2), at(3)]);
    expect((await store.dirSeries("gaps", 2, "/d1", at(0), at(3))).map((p) => p.t)).toEqual([at(0), at(3)]);
    expect((await store.brokerSeries("gaps", 2, at(0), at(3))).map((p) => p.at)).toEqual([at(0), at(3)]);
    expect((await store.lastScan("gaps")).last).toMatchObject({ at: at(3), ok: true });
    await store.recordFailure("gaps", at(4), 5000, "timed out");
    expect(await store.lastScan("gaps")).toMatchObject({ last: { at: at(4), ok: false, error: "timed out", durationMs: 5000 }, lastSuccess: { at: at(3), ok: true } });
  });

  it("a collector running every second fills chunks and starts new ones; every point reads back, and rows stay in the page", async () => {
    const store = getStore().history;
    for (let i = 0; i < 300; i++) await store.recordScan("fast", T0 + i * 1000, cluster(T0 + i * 1000), 10);
    expect((await store.dirSeries("fast", 1, "/d1", T0, T0 + 300_000)).map((p) => p.t)).toEqual(Array.from({ length: 300 }, (_, i) => T0 + i * 1000));
    const db = (getStore().db as SqliteDb).connection;
    const rows = db
      .prepare("SELECT count(*) AS n, max(length(data)) AS longest FROM history_chunks c JOIN history_series s ON s.id = c.series WHERE s.cluster = 'fast' AND s.kind = 0")
      .get() as { n: number; longest: number };
    expect(rows.n).toBeGreaterThan(0);
    expect(rows.longest).toBeLessThanOrEqual(900);
  });

  it("an unknown cluster, broker or dir has an empty history", async () => {
    const store = getStore().history;
    expect(await store.dirSeries("nope", 1, "/d1", 0, T0)).toEqual([]);
    expect(await store.brokerSeries("rec", 9, 0, T0 * 2)).toEqual([]);
    expect(await store.clusterSeries("nope", 0, T0 * 2)).toEqual([]);
    expect(await store.lastScan("nope")).toEqual({ last: null, lastSuccess: null });
  });
});

describe("history store: downsampling", () => {
  // 3 days of 5-minute scans; the raw tier keeps 1 day, hourly 2 days, daily 3 days (so all three show).
  const retention = { rawMs: DAY_MS, hourlyMs: 2 * DAY_MS, dailyMs: 3 * DAY_MS };
  let store: HistoryStore;
  const end = T0 + 4 * DAY_MS;

  beforeAll(async () => {
    store = new HistoryStore(getStore().db, settings(retention));
    for (let t = T0; t < end; t += MIN5) {
      // One scan in 12 fails: hours keep 11 of 12 points.
      if ((t - T0) % (12 * MIN5) === 7 * MIN5) await store.recordFailure("ds", t, 10_000, "timed out");
      else await store.recordScan("ds", t, cluster(t), 100);
    }
  }, 120_000);

  it("compact() folds every-scan points into hourly and daily means at the cuts, and drops the oldest", async () => {
    const before = await store.dirSeries("ds", 1, "/d1", 0, end);
    const now = end;
    const result = await store.compact(now, { cluster: "ds" });
    expect(result.chunks).toBeGreaterThan(0);
    const after = await store.dirSeries("ds", 1, "/d1", 0, end);
    const { rawBefore, hourlyBefore, dailyBefore } = cutsAt(now, retention);
    expect([now - rawBefore >= DAY_MS, now - hourlyBefore >= 2 * DAY_MS, dailyBefore]).toEqual([true, true, now - 3 * DAY_MS]);
    expect(hourlyBefore).toBeLessThan(rawBefore);
    const daily = after.filter((p) => p.t < hourlyBefore);
    const hourly = after.filter((p) => p.t >= hourlyBefore && p.t < rawBefore);
    const raw = after.filter((p) => p.t >= rawBefore);
    // Every scan kept from the raw cut on, exactly as recorded.
    expect(raw).toEqual(before.filter((p) => p.t >= rawBefore));
    // One point an hour between the cuts, each the mean of that hour's scans at their mean time (a
    // mean keeps whole seconds and 64 KiB).
    expect(hourly).toHaveLength((rawBefore - hourlyBefore) / HOUR_MS);
    const kept = (mean: number, unit: number) => Math.round(Math.round(mean) / unit) * unit;
    for (const p of hourly) {
      const hour = Math.floor(p.t / HOUR_MS) * HOUR_MS;
      const scans = before.filter((q) => q.t >= hour && q.t < hour + HOUR_MS);
      expect(scans).toHaveLength(11);
      expect(p.t).toBe(kept(scans.reduce((s, q) => s + q.t, 0) / scans.length, 1000));
      expect(p.kafkaBytes).toBe(kept(scans.reduce((s, q) => s + q.kafkaBytes, 0) / scans.length, 65_536));
      expect(Math.abs(p.usedBytes! - scans.reduce((s, q) => s + q.usedBytes!, 0) / scans.length)).toBeLessThanOrEqual(65_536);
      expect(p.partitions).toBe(1);
    }
    // Daily points only after the drop, one a day.
    expect(daily.every((p) => p.t >= dailyBefore)).toBe(true);
    expect(new Set(daily.map((p) => Math.floor(p.t / DAY_MS))).size).toBe(daily.length);
    expect(daily.length).toBeGreaterThan(0);
    // Steady growth stays on its line through both folds (to the 64 KiB and the second a mean keeps).
    for (const p of after) expect(Math.abs(p.kafkaBytes - grow(p.t))).toBeLessThanOrEqual(32 * 1024 + 12_500);

    // The cluster series is folded the same way; an hour's failure is counted in its point.
    const c = await store.clusterSeries("ds", hourlyBefore, rawBefore - 1);
    expect(c).toHaveLength((rawBefore - hourlyBefore) / HOUR_MS);
    expect(c.every((p) => p.ok && p.scans === 12 && p.failed === 1 && p.error === "timed out")).toBe(true);
    expect(await store.clusterSeries("ds", 0, dailyBefore - 1)).toEqual([]);
    expect(await store.compactedAt("ds")).toBe(now);
  });

  it("compact() is idempotent: again at the same time it changes nothing", async () => {
    const dirs = await store.allDirSeries("ds", 0, end, { includeOffline: true });
    const clusterSeries = await store.clusterSeries("ds", 0, end);
    const topics = await store.topicSeries("ds", 1, 0, end);
    expect(await store.compact(end, { cluster: "ds" })).toEqual({ chunks: 0, scans: 0 });
    expect(await store.allDirSeries("ds", 0, end, { includeOffline: true })).toEqual(dirs);
    expect(await store.clusterSeries("ds", 0, end)).toEqual(clusterSeries);
    expect(await store.topicSeries("ds", 1, 0, end)).toEqual(topics);
  });

  it("a point arriving late for an hour already folded is dropped at the next compaction, not counted twice", async () => {
    const { hourlyBefore } = cutsAt(end, retention);
    const late = hourlyBefore + 5 * HOUR_MS + 60_000;
    const before = await store.dirSeries("ds", 1, "/d1", 0, end);
    await store.recordScan("ds", late, cluster(late, { kafka: 99 * GiB }), 100);
    expect(await store.dirSeries("ds", 1, "/d1", 0, end)).toHaveLength(before.length + 1);
    await store.compact(end + 60_000, { cluster: "ds" });
    expect(await store.dirSeries("ds", 1, "/d1", 0, end)).toEqual(before);
  });

  it("compaction keeps moving with time: later, yesterday's every-scan points are hourly and the hourly ones daily", async () => {
    const later = end + DAY_MS;
    await store.compact(later, { cluster: "ds" });
    const points = await store.dirSeries("ds", 1, "/d1", 0, later);
    const { rawBefore } = cutsAt(later, retention);
    expect(points.filter((p) => p.t < rawBefore).length).toBeLessThan(60);
    expect(points.every((p) => p.t >= later - 3 * DAY_MS)).toBe(true);
  });
});

describe("history store: the collector's lease", () => {
  it("two instances: one takes the lease and records, the other does nothing until the lease runs out", async () => {
    const store = getStore().history;
    let now = T0;
    // A 600 ms lease (renewed every 200 ms by the timer) on a 1 s interval.
    const deps = (owner: string) => ({ store, owner, intervalMs: 1000, leaseMs: 600, scan: async () => cluster(now), now: () => now });
    const [a, b] = await Promise.all([collectCluster("lease", deps("instance-a")), collectCluster("lease", deps("instance-b"))]);
    expect([a.outcome, b.outcome].sort()).toEqual(["not-leader", "recorded"]);
    const holder = a.outcome === "recorded" ? "instance-a" : "instance-b";
    const other = holder === "instance-a" ? "instance-b" : "instance-a";
    expect(await store.clusterSeries("lease", 0, T0 * 2)).toHaveLength(1);
    // A renewal before the interval is up records nothing; the holder keeps the lease by renewing it.
    now += 400;
    expect((await collectCluster("lease", deps(holder))).outcome).toBe("not-due");
    now += 400;
    expect((await collectCluster("lease", deps(other))).outcome).toBe("not-leader");
    now += 200;
    expect((await collectCluster("lease", deps(holder))).outcome).toBe("recorded");
    // The holder dies just after a scan: the other takes the lease once it has run out, but the last
    // point is recent, so it waits for the interval instead of recording a second point.
    now += 601;
    expect((await collectCluster("lease", deps(other))).outcome).toBe("not-due");
    now += 399;
    expect((await collectCluster("lease", deps(other))).outcome).toBe("recorded");
    expect((await collectCluster("lease", deps(holder))).outcome).toBe("not-leader");
    expect((await store.clusterSeries("lease", 0, T0 * 2)).map((p) => p.at)).toEqual([T0, T0 + 1000, T0 + 2000]);
  });

  it("a holder that stalled past its lease and lost it writes nothing, even once the lease is back with it", async () => {
    const store = getStore().history;
    const leases = store.leases;
    const a = (await leases.acquire("collector:fenced", "a", 10_000, 0))!;
    expect(await leases.acquire("collector:fenced", "b", 10_000, 5_000)).toBeNull();
    const fenceA = { lease: a.name, owner: "a", token: a.token };
    expect(await store.recordScan("fenced", T0, cluster(T0), 10, { fence: fenceA })).toBe(true);
    // a stalls; its lease runs out and b takes it.
    const b = (await leases.acquire("collector:fenced", "b", 10_000, 20_000))!;
    expect(b.token).toBe(a.token + 1);
    expect(await store.recordScan("fenced", T0 + MIN5, cluster(T0 + MIN5), 10, { fence: fenceA })).toBe(false);
    expect(await store.recordFailure("fenced", T0 + MIN5, 10, "late", { fence: fenceA })).toBe(false);
    // b lets go, a takes it again: a's old fence is still refused, its new one lands.
    await leases.release("collector:fenced", "b");
    const again = (await leases.acquire("collector:fenced", "a", 10_000, 30_000))!;
    expect(again.token).toBe(b.token + 1);
    expect(await store.recordScan("fenced", T0 + 2 * MIN5, cluster(T0 + 2 * MIN5), 10, { fence: fenceA })).toBe(false);
    expect(await store.recordScan("fenced", T0 + 2 * MIN5, cluster(T0 + 2 * MIN5), 10, { fence: { lease: again.name, owner: "a", token: again.token } })).toBe(true);
    expect((await store.clusterSeries("fenced", 0, T0 * 2)).map((p) => p.at)).toEqual([T0, T0 + 2 * MIN5]);
  });

  it("a failed scan under the lease is recorded as a failure with its message", async () => {
    const store = getStore().history;
    const out = await collectCluster("down", {
      store,
      owner: "x",
      intervalMs: 1000,
      now: () => T0,
      scan: async () => Promise.reject(new Error("Kafka at 127.0.0.1:1 is unreachable")),
    });
    expect(out).toMatchObject({ outcome: "failed", error: "Kafka at 127.0.0.1:1 is unreachable" });
    expect(await store.clusterSeries("down", 0, T0 * 2)).toEqual([{ at: T0, ok: false, figures: null, scans: 1, failed: 1, error: "Kafka at 127.0.0.1:1 is unreachable" }]);
  });
});

describe("history store: plans applied", () => {
  it("appliedPlans() lists the cluster's apply jobs that ran in the range, running ones included", async () => {
    const iso = (t: number) => new Date(t).toISOString();
    const job = (id: string, created: number): ApplyJobRecord => ({
      id,
      cluster: "plans",
      createdAt: iso(created),
      updatedAt: iso(created),
      finishedAt: null,
      createdBy: "alice",
      work: {
        entries: [],
        batches: [],
        original: {},
        throttles: { topics: [], brokers: [] },
        cordons: [],
        leadership: [],
        execution: { partitionMovesPerBroker: 5, dirMovesPerBroker: 2, leaderMovesPerBatch: 1000, order: "urgent-disk-first" },
        estimate: { seconds: 1, batchSeconds: [], overheadSeconds: 1 },
        rates: { replicationBytesPerSecond: 1, alterLogDirsBytesPerSecond: 1 },
      },
      status: {
        state: "running",
        phase: "cordons",
        batch: 0,
        batches: [],
        setConfigs: [],
        rates: { replicationBytesPerSecond: 1, alterLogDirsBytesPerSecond: 1 },
        controlSeq: 0,
        progress: null,
        clock: null,
        failed: false,
        election: null,
        log: [],
        warnings: [],
        errors: [],
      },
      control: { seq: 0, pause: false, cancel: false, rates: null, by: null },
    });
    const jobs = getStore().jobs;
    await jobs.insert(job("p1", T0), "o", 1000, 0);
    expect(await jobs.saveStatus("p1", "o", { ...job("p1", T0).status, state: "done", phase: "finished" }, iso(T0 + HOUR_MS), 1000, 0, iso(T0 + HOUR_MS))).toBe(true);
    await jobs.insert(job("p2", T0 + 5 * HOUR_MS), "o", 1000, 0);
    const store = getStore().history;
    expect(await store.appliedPlans("plans", T0, T0 + DAY_MS)).toEqual([
      { id: "p1", startedAt: T0, finishedAt: T0 + HOUR_MS, state: "done" },
      { id: "p2", startedAt: T0 + 5 * HOUR_MS, finishedAt: null, state: "running" },
    ]);
    expect(await store.appliedPlans("plans", T0 + 2 * HOUR_MS, T0 + 3 * HOUR_MS)).toEqual([]);
    expect((await store.appliedPlans("plans", T0 + 30 * 60_000, T0 + 2 * HOUR_MS)).map((p) => p.id)).toEqual(["p1"]);
    expect(await store.appliedPlans("other", 0, T0 * 2)).toEqual([]);
  });
});
