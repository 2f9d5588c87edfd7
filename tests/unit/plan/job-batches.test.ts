import { describe, expect, it } from "vitest";
import { batchOverheadSeconds, JOB_FINISH_SECONDS } from "@/lib/plan/estimate";
import { batchesPhase, submit, watch } from "@/lib/plan/job-batches";
import type { JobControl } from "@/lib/plan/job-model";
import { accept, acted, drive, jobRecord, newRun, NO_CONTROL, OPTIONS, RATE, scanOf, T0, type World } from "@/tests/support/apply-job";
import { cluster, GiB } from "@/tests/support/snapshots";

const MiB = 1024 ** 2;

/**
 * A cluster that copies each submitted partition at `rate` bytes/s (changed by a throttle change, in
 * proportion), from its submit until 1 GiB is there: the new replica's size grows with the time it
 * copies, and nothing else.
 */
function copyingCluster(rate: number): World & { rate: () => number } {
  const copied = new Map<number, number>();
  let bytesPerSecond = rate;
  let last: number | null = null;
  const planned: Record<number, number> = { 0: 2, 1: 3 };
  return {
    rate: () => bytesPerSecond,
    scan: (now) => {
      if (last !== null) for (const [p, c] of copied) copied.set(p, Math.min(GiB, c + ((now - last) / 1000) * bytesPerSecond));
      last = now;
      return cluster({
        brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
        partitions: [0, 1].map((p) => {
          const c = copied.get(p);
          const replicas: [number, string, number][] =
            c === undefined
              ? [[1, "/d1", GiB]]
              : c >= GiB
                ? [[planned[p]!, "/d1", GiB]]
                : [
                    [1, "/d1", GiB],
                    [planned[p]!, "/d1", c],
                  ];
          return { topic: "t", partition: p, replicas };
        }),
        reassignments: [...copied].filter(([, c]) => c < GiB).map(([p]) => ({ topic: "t", partition: p, replicas: [1, planned[p]!], adding: [planned[p]!], removing: [1] })),
      });
    },
    answer: (a) => {
      if (a.kind === "reassign") for (const p of a.partitions) if (!copied.has(p.partition)) copied.set(p.partition, 0);
      if (a.kind === "change-throttle" && a.rates.replicationBytesPerSecond !== undefined) bytesPerSecond = (rate * a.rates.replicationBytesPerSecond) / RATE;
      return accept(a);
    },
  };
}

const inBatches = (logDirs?: string[]) => {
  const run = newRun(jobRecord({ logDirs }));
  run.job.status.phase = "batches";
  return run;
};

describe("job batches", () => {
  it("submit() sends only partitions neither as planned nor listed, and the pinned dirs not there yet", () => {
    const run = inBatches(["/d2"]);
    const s = acted(submit(run, 0, scanOf(), T0, OPTIONS));
    expect(s.actions).toEqual([
      { kind: "reassign", batch: 0, partitions: [{ topic: "t", partition: 0, replicas: [2] }] },
      { kind: "move-dirs", batch: 0, broker: 2, moves: [{ topic: "t", partition: 0, dir: "/d2" }] },
    ]);
    expect(acted(submit(inBatches(), 0, scanOf({ inFlight: [0] }), T0, OPTIONS)).actions).toEqual([]);
    expect(acted(submit(inBatches(), 0, scanOf({ moved: [0] }), T0, OPTIONS)).actions).toEqual([]);
    expect(s.run.memory.submit).toMatchObject({ batch: 0, reassigned: 1, deadlineMs: T0 + OPTIONS.dirMoveRetryMs });
  });

  it("watch() polls again after pollMs while the batch copies, and is done once it is as planned", () => {
    const run = inBatches();
    run.job.status.batches[0]!.state = "running";
    const w = acted(watch(run, 0, scanOf({ inFlight: [0] }), T0, OPTIONS));
    expect([w.waitMs, w.polled, w.run.memory.idlePolls, w.run.job.status.batches[0]!.state]).toEqual([OPTIONS.pollMs, true, 0, "running"]);
    const d = acted(watch(w.run, 0, scanOf({ moved: [0] }), T0 + 1_000, OPTIONS));
    expect([d.run.job.status.batches[0]!.state, d.run.job.status.batch, d.run.job.status.clock!.doneBytes]).toEqual(["done", 1, 1024 ** 3]);
  });

  it("batchesPhase() moves to restoring-throttles once every batch is done, dropping the progress", () => {
    const run = inBatches();
    run.job.status.batch = 2;
    run.job.status.progress = { partitions: [], brokers: [] };
    const s = acted(batchesPhase(run, NO_CONTROL, undefined, T0, OPTIONS));
    expect([s.run.job.status.phase, s.run.job.status.progress]).toEqual(["restoring-throttles", null]);
  });

  it("batchesPhase() asks for a scan only when it reads the cluster: not while paused", () => {
    const run = inBatches();
    run.job.status.state = "paused";
    const paused = batchesPhase(run, { ...NO_CONTROL, seq: 1, pause: true }, undefined, T0, OPTIONS);
    expect(paused.kind === "act" && paused.waitMs).toBe(OPTIONS.pollMs);
    expect(batchesPhase(inBatches(), NO_CONTROL, undefined, T0, OPTIONS)).toEqual({ kind: "scan" });
  });
});

describe("the job's clock", () => {
  const overhead = batchOverheadSeconds(OPTIONS.pollMs / 1000);

  it("after a pause between batches, the measured rate and the time left count only the time data moved", () => {
    const world = copyingCluster(8 * MiB);
    const pause: JobControl = { ...NO_CONTROL, seq: 1, pause: true, by: "bob" };
    const resume: JobControl = { ...NO_CONTROL, seq: 2, pause: false, by: "bob" };
    // Paused during batch 1: it finishes, then the job waits 12 s (inside the rate window) before the resume.
    let resumeAt: number | null = null;
    const copying = drive(newRun(), world, { until: (t) => t.run.job.status.batches[0]!.state === "running" });
    const paused = drive(copying.run, { ...world, control: () => pause }, { nowMs: copying.nowMs, until: (t) => t.run.job.status.state === "paused" });
    resumeAt = paused.nowMs + 12_000;
    const waited = drive(paused.run, { ...world, control: (now) => (now < resumeAt! ? pause : resume) }, { nowMs: paused.nowMs, until: (t) => t.nowMs >= resumeAt! });
    expect(waited.run.job.status.batches.map((b) => b.state)).toEqual(["done", "pending"]);
    // Two polls into batch 2.
    const polls = (n: number) => (t: { run: { job: { status: { batches: { state: string }[]; clock: { at: string } | null } } } }) =>
      t.run.job.status.batches[1]!.state === "running" && Date.parse(t.run.job.status.clock!.at) >= resumeAt! + n * OPTIONS.pollMs;
    const resumed = drive(waited.run, { ...world, control: () => resume }, { nowMs: waited.nowMs, until: polls(3) });
    const clock = resumed.run.job.status.clock!;
    expect(clock.measuredBytesPerSecond! / (8 * MiB)).toBeCloseTo(1, 2);
    const left = clock.totalBytes - clock.doneBytes;
    expect(clock.remainingSeconds!).toBeCloseTo(left / (8 * MiB) + overhead + JOB_FINISH_SECONDS, 1);
  });

  it("right after a throttle change the time left is the plan's at the new rate, then the rate measured at it", () => {
    const world = copyingCluster(8 * MiB);
    const t0 = drive(newRun(), world, { until: (t) => t.run.job.status.clock?.measuredBytesPerSecond !== null && t.run.job.status.clock !== null && t.steps > 20 });
    const before = t0.run.job.status.clock!;
    expect(before.measuredBytesPerSecond! / (8 * MiB)).toBeCloseTo(1, 2);
    const raise: JobControl = { ...NO_CONTROL, seq: 1, rates: { replicationBytesPerSecond: 4 * RATE }, by: "bob" };
    // One step: the change is sent and settled; the clock is recomputed at once.
    const changed = drive(t0.run, { ...world, control: () => raise }, { nowMs: t0.nowMs, until: (t) => t.run.job.status.rates.replicationBytesPerSecond === 4 * RATE });
    const after = changed.run.job.status.clock!;
    expect(after.measuredBytesPerSecond).toBeNull();
    const copiedInBatch = after.doneBytes;
    const planned = (20 - overhead) * (1 - copiedInBatch / GiB) * 0.25 + overhead + JOB_FINISH_SECONDS + (20 - overhead) * 0.25 + overhead;
    expect(after.plannedRemainingSeconds).toBeCloseTo(planned, 6);
    expect(after.remainingSeconds).toBeCloseTo(planned, 6);
    expect(after.remainingSeconds!).toBeLessThan(before.plannedRemainingSeconds);
    // Two polls later the rate is the new one alone (32 MiB/s), not a blend with the samples at 8 MiB/s.
    const measured = drive(changed.run, { ...world, control: () => raise }, { nowMs: changed.nowMs, until: (t) => t.run.job.status.clock!.measuredBytesPerSecond !== null });
    expect(measured.run.job.status.clock!.measuredBytesPerSecond! / (32 * MiB)).toBeCloseTo(1, 2);
  });
});
