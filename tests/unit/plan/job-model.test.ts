import { describe, expect, it } from "vitest";
import { CORDONED_LOG_DIRS, jobFinished, jobView } from "@/lib/plan/job-model";
import { jobRecord } from "@/tests/support/apply-job";

describe("job model", () => {
  it("jobFinished() is true for cancelled, done and failed only", () => {
    expect((["running", "pausing", "paused", "cancelling", "cancelled", "done", "failed"] as const).filter(jobFinished)).toEqual(["cancelled", "done", "failed"]);
  });

  it("jobView() leaves the entries out, counts each batch's partitions with its planned seconds, and shows the operators' asks", () => {
    const job = jobRecord();
    job.control = { seq: 2, pause: true, cancel: false, rates: null, by: "bob" };
    job.status.batches[0] = { state: "running", startedAt: "x", finishedAt: null };
    const v = jobView(job);
    expect("entries" in v).toBe(false);
    expect(v.batches.map((b) => [b.index, b.state, b.partitions, b.plannedSeconds])).toEqual([
      [0, "running", 1, 20],
      [1, "pending", 1, 20],
    ]);
    expect(v.pauseRequested).toBe(true);
    expect(v.cancelRequested).toBe(false);
    expect(v.runBy).toBeNull();
    // A job stored before the phases, the failure's phase and the cancel report were kept: null, never made up.
    expect([v.phasesRun, v.failedIn, v.cancel]).toEqual([null, null, null]);
    job.status.phasesRun = ["throttles"];
    job.status.failedIn = "throttles";
    expect([jobView(job).phasesRun, jobView(job).failedIn]).toEqual([["throttles"], "throttles"]);
  });

  it("CORDONED_LOG_DIRS is Kafka's config name", () => {
    expect(CORDONED_LOG_DIRS).toBe("cordoned.log.dirs");
  });
});
