import { describe, expect, it } from "vitest";
import { batchesPhase, submit, watch } from "@/lib/plan/job-batches";
import { acted, jobRecord, newRun, NO_CONTROL, OPTIONS, scanOf, T0 } from "@/tests/support/apply-job";

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
