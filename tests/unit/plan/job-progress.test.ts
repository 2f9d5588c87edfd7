import { describe, expect, it } from "vitest";
import { batchProgress, jobClock, measuredRate, RATE_WINDOW_MS, trimSamples } from "@/lib/plan/job-progress";
import type { ReassignmentEntry } from "@/lib/plan";
import { cluster, GiB } from "@/tests/support/snapshots";

const MiB = 1024 ** 2;
const entry = (partition: number, replicas: number[], logDirs = replicas.map(() => "any")): ReassignmentEntry => ({ topic: "t", partition, replicas, logDirs });
const brokers = [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] }));

describe("batchProgress()", () => {
  it("batchProgress() counts a new replica's bytes on its broker against the leader's size, and is not done while Kafka lists the reassignment", () => {
    const snap = cluster({
      brokers,
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d1", 8 * MiB],
            [3, "/d1", 2 * MiB],
          ],
        },
      ],
      reassignments: [{ topic: "t", partition: 0, replicas: [1, 3], adding: [3], removing: [] }],
    });
    const p = batchProgress(snap, [entry(0, [1, 3])], { "t-0": { replicas: [1], dirs: ["/d1"] } });
    expect(p.done).toBe(false);
    expect(p.copying).toBe(true);
    expect(p.pending).toEqual(["t-0"]);
    expect(p.partitions).toEqual([{ topic: "t", partition: 0, broker: 3, kind: "inter", copiedBytes: 2 * MiB, totalBytes: 8 * MiB }]);
    expect(p.brokers).toEqual([{ broker: 3, copiedBytes: 2 * MiB, totalBytes: 8 * MiB }]);
  });

  it("batchProgress() is done once the partition has exactly the planned replicas and nothing is listed, counting the copy whole", () => {
    const snap = cluster({ brokers, partitions: [{ topic: "t", partition: 0, replicas: [[3, "/d1", 7 * MiB]] }] });
    const p = batchProgress(snap, [entry(0, [3])], { "t-0": { replicas: [1], dirs: ["/d1"] } });
    expect(p.done).toBe(true);
    expect(p.copiedBytes).toBe(7 * MiB);
    expect(p.totalBytes).toBe(7 * MiB);
  });

  it("batchProgress() follows a dir move by its -future copy, and waits for a pinned dir that has not started", () => {
    const base = cluster({
      brokers,
      partitions: [
        { topic: "t", partition: 0, replicas: [[1, "/d1", 4 * GiB]] },
        { topic: "t", partition: 1, replicas: [[1, "/d1", GiB]] },
      ],
    });
    base.topics[0]!.partitions[0]!.replicas[0]!.future = { logDir: "/d2", sizeBytes: GiB, offsetLag: null };
    const original = { "t-0": { replicas: [1], dirs: ["/d1"] }, "t-1": { replicas: [1], dirs: ["/d1"] } };
    const p = batchProgress(base, [entry(0, [1], ["/d2"]), entry(1, [1], ["/d2"])], original);
    expect(p.done).toBe(false);
    expect(p.copying).toBe(true);
    expect(p.pending).toEqual(["t-0", "t-1"]);
    expect(p.partitions.map((x) => [x.partition, x.kind, x.copiedBytes, x.totalBytes])).toEqual([
      [0, "intra", GiB, 4 * GiB],
      [1, "intra", 0, GiB],
    ]);
    const moved = cluster({
      brokers,
      partitions: [
        { topic: "t", partition: 0, replicas: [[1, "/d2", 4 * GiB]] },
        { topic: "t", partition: 1, replicas: [[1, "/d2", GiB]] },
      ],
    });
    const after = batchProgress(moved, [entry(0, [1], ["/d2"]), entry(1, [1], ["/d2"])], original);
    expect(after.done).toBe(true);
    expect(after.copiedBytes).toBe(5 * GiB);
  });

  it("batchProgress() is not done while the replicas are right but in another order than planned", () => {
    const snap = cluster({
      brokers,
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d1", MiB],
            [2, "/d1", MiB],
          ],
        },
      ],
    });
    expect(batchProgress(snap, [entry(0, [2, 1])], { "t-0": { replicas: [1, 2], dirs: ["/d1", "/d1"] } }).done).toBe(false);
    expect(batchProgress(snap, [entry(0, [1, 2])], { "t-0": { replicas: [2, 1], dirs: ["/d1", "/d1"] } }).done).toBe(true);
  });

  it("batchProgress() has nothing to wait for when the partition is gone (its topic deleted meanwhile)", () => {
    const snap = cluster({ brokers, partitions: [] });
    expect(batchProgress(snap, [entry(0, [2])], {}).done).toBe(true);
  });
});

describe("jobClock()", () => {
  it("jobClock() measures the rate as the slope over the samples and adds the job's steps to the time left", () => {
    const c = jobClock({
      samples: [
        { atMs: 0, doneBytes: 0 },
        { atMs: 10_000, doneBytes: 100 * MiB },
      ],
      doneBytes: 100 * MiB,
      totalBytes: 300 * MiB,
      plannedRemainingSeconds: 25,
      overheadSeconds: 3,
      nowMs: 10_000,
    });
    expect(c.measuredBytesPerSecond).toBe(10 * MiB);
    expect(c.remainingSeconds).toBe(20 + 3);
    expect(c.plannedRemainingSeconds).toBe(25);
  });

  it("jobClock() falls back to the plan's figure until bytes have moved between two samples", () => {
    for (const samples of [
      [],
      [{ atMs: 0, doneBytes: 5 }],
      [
        { atMs: 0, doneBytes: 5 },
        { atMs: 1000, doneBytes: 5 },
      ],
    ]) {
      const c = jobClock({ samples, doneBytes: 5, totalBytes: 10, plannedRemainingSeconds: 42, overheadSeconds: 1, nowMs: 1000 });
      expect(c.measuredBytesPerSecond).toBeNull();
      expect(c.remainingSeconds).toBe(42);
    }
  });

  it("measuredRate() counts bytes and time within each stretch of copying only, never the gap between two", () => {
    const samples = [
      { atMs: 0, doneBytes: 0, stretch: 1 },
      { atMs: 4_000, doneBytes: 40 * MiB, stretch: 1 },
      // 10 s paused, then the next batch: its first poll already saw 5 MiB copied since its submit.
      { atMs: 15_000, doneBytes: 45 * MiB, stretch: 2 },
      { atMs: 17_000, doneBytes: 65 * MiB, stretch: 2 },
    ];
    expect(measuredRate(samples)).toBe(10 * MiB);
    expect(measuredRate(samples.slice(1, 3))).toBeNull();
    expect(measuredRate(samples.map((s) => ({ atMs: s.atMs, doneBytes: s.doneBytes })))).toBe((65 * MiB) / 17);
  });

  it("trimSamples() keeps the rate window, and the newest sample whatever its age", () => {
    const s = [
      { atMs: 0, doneBytes: 0 },
      { atMs: 5_000, doneBytes: 1 },
      { atMs: 30_000, doneBytes: 2 },
    ];
    expect(trimSamples(s, 30_000)).toEqual([{ atMs: 30_000, doneBytes: 2 }]);
    expect(trimSamples(s, 5_000 + RATE_WINDOW_MS)).toEqual(s.slice(1));
    expect(trimSamples([{ atMs: 0, doneBytes: 0 }], 10 * RATE_WINDOW_MS)).toEqual([{ atMs: 0, doneBytes: 0 }]);
  });
});
