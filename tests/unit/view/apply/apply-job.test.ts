import { describe, expect, it } from "vitest";
import {
  cancelConsequences,
  configRows,
  electionText,
  jobAnnouncement,
  jobControls,
  jobHeadline,
  phaseSteps,
  type JobBatchFields,
  type JobFields,
} from "@/lib/view/apply/apply-job";
import type { SetConfig } from "@/lib/plan/job-model";

const GiB = 1024 ** 3;
const batch = (index: number, state: JobBatchFields["state"], over: Partial<JobBatchFields> = {}): JobBatchFields => ({
  index,
  kind: "data",
  partitions: 4,
  partitionMoves: 2,
  dirMoves: 3,
  bytes: 10 * GiB,
  plannedSeconds: 120,
  state,
  startedAt: null,
  finishedAt: null,
  ...over,
});
const job = (over: Partial<JobFields> = {}): JobFields => ({
  state: "running",
  phase: "batches",
  batch: 1,
  batches: [batch(0, "done"), batch(1, "running"), batch(2, "pending"), batch(3, "pending")],
  pauseRequested: false,
  cancelRequested: false,
  errors: [],
  ...over,
});
const throttle = (broker: number, name = "leader.replication.throttled.rate"): SetConfig => ({
  resource: { kind: "broker", id: broker },
  name,
  value: "52428800",
  previous: null,
  sent: true,
});

describe("jobHeadline()", () => {
  it("jobHeadline() says which batch runs, of how many, and what was asked but not yet acted on", () => {
    expect(jobHeadline(job())).toBe("Running batch 2 of 4");
    expect(jobHeadline(job({ pauseRequested: true }))).toBe("Running batch 2 of 4; pause asked, taken once this batch ends");
    expect(jobHeadline(job({ cancelRequested: true }))).toBe("Running batch 2 of 4; cancel asked, the job takes it at its next poll");
    expect(jobHeadline(job({ phase: "throttles", batch: 0 }))).toBe("Setting throttles");
  });

  it("jobHeadline() names each state in words", () => {
    expect(jobHeadline(job({ state: "pausing" }))).toBe("Pausing: batch 2 of 4 finishes first, then the job waits");
    const paused = job({ state: "paused", batch: 2, batches: [batch(0, "done"), batch(1, "done"), batch(2, "pending"), batch(3, "pending")] });
    expect(jobHeadline(paused)).toBe("Paused: 2 of 4 batches done; Resume runs batch 3 next");
    expect(jobHeadline(job({ state: "cancelled", phase: "finished" }))).toBe("Cancelled: 1 of 4 batches done, and they stay done");
    expect(jobHeadline(job({ state: "done", phase: "finished" }))).toBe("Done: 4 batches run, throttles put back");
    expect(jobHeadline(job({ state: "failed", phase: "throttles", errors: ["broker 2: refused"] }))).toBe("Failed while setting throttles: the error below says what is left set");
    expect(jobHeadline(job({ state: "failed", phase: "batches", errors: ["a", "b"] }))).toBe("Failed while moving data in batches: the 2 errors below say what is left set");
  });
});

describe("jobAnnouncement()", () => {
  it("jobAnnouncement() names the state and the phase only, so it changes with transitions and not with each batch", () => {
    expect(jobAnnouncement(job())).toBe("Apply job running: moving data in batches.");
    expect(jobAnnouncement(job({ batch: 2 }))).toBe(jobAnnouncement(job()));
    expect(jobAnnouncement(job({ state: "paused" }))).toBe("Apply job paused: moving data in batches.");
  });
});

describe("phaseSteps()", () => {
  it("phaseSteps() marks the phases before the job's done and its own current, all done once the job is done", () => {
    expect(phaseSteps(job()).map((s) => s.status)).toEqual(["done", "done", "current", "pending", "pending", "pending"]);
    expect(phaseSteps(job({ state: "done", phase: "finished" })).every((s) => s.status === "done")).toBe(true);
    expect(phaseSteps(job({ state: "failed", phase: "throttles" })).map((s) => s.status)).toEqual(["done", "current", "pending", "pending", "pending", "pending"]);
  });
});

describe("jobControls()", () => {
  it("jobControls() offers pause while running, resume while pausing or paused, cancel and throttle until a cancel", () => {
    expect(jobControls(job())).toEqual({ pause: true, resume: false, cancel: true, throttle: true, note: null });
    expect(jobControls(job({ pauseRequested: true }))).toMatchObject({ pause: false, resume: true, cancel: true });
    expect(jobControls(job({ state: "pausing", pauseRequested: true }))).toMatchObject({ pause: false, resume: true, cancel: true, throttle: true });
    expect(jobControls(job({ state: "paused", pauseRequested: true }))).toMatchObject({ pause: false, resume: true, cancel: true, throttle: true });
  });

  it("jobControls() offers nothing once a cancel is asked or the job has ended, and says why", () => {
    for (const j of [job({ cancelRequested: true }), job({ state: "cancelling" })])
      expect(jobControls(j)).toEqual({ pause: false, resume: false, cancel: false, throttle: false, note: "A cancel is under way: nothing else can be asked of this job." });
    for (const state of ["done", "failed", "cancelled"] as const)
      expect(jobControls(job({ state, phase: "finished" }))).toMatchObject({
        pause: false,
        resume: false,
        cancel: false,
        throttle: false,
        note: expect.stringMatching(/has ended/),
      });
  });

  it("jobControls() offers only a cancel once the data has moved (throttles being put back, leaders elected)", () => {
    expect(jobControls(job({ phase: "electing-leaders" }))).toMatchObject({
      pause: false,
      resume: false,
      cancel: true,
      throttle: false,
      note: expect.stringMatching(/only a cancel/),
    });
  });
});

describe("cancelConsequences()", () => {
  it("cancelConsequences() says what Kafka reverts in the batch in flight, which throttles go back and what stays done", () => {
    expect(
      cancelConsequences(job(), [
        throttle(1),
        throttle(2),
        { resource: { kind: "topic", name: "orders" }, name: "leader.replication.throttled.replicas", value: "0:1", previous: null, sent: true },
        { ...throttle(3), sent: false },
      ]),
    ).toEqual([
      "Kafka cancels the partition reassignments of batch 2 that are still in flight: each of those partitions goes back to the replicas it had before the job, and the replicas copied for it so far are deleted.",
      "The dir moves of batch 2 that are still copying are cancelled: each of those replicas stays in the dir it is in now.",
      "The 3 configs the job set (throttles) on brokers 1, 2 and 1 topic are put back to what they were before the job.",
      "The 1 batch already done stays done: its partitions stay where they moved. The 2 batches not started do not run, and no preferred-leader election runs.",
    ]);
  });

  it("cancelConsequences() says when nothing is in flight and nothing is set (or all of it is back already)", () => {
    const paused = job({ state: "paused", batch: 1, batches: [batch(0, "done"), batch(1, "pending")] });
    expect(cancelConsequences(paused, [{ ...throttle(1), restored: true }])).toEqual([
      "No batch is in flight: nothing needs to be reverted.",
      "The job has set no throttle or cordon yet: there is nothing to put back.",
      "The 1 batch already done stays done: its partitions stay where they moved. The 1 batch not started does not run, and no preferred-leader election runs.",
    ]);
  });

  it("cancelConsequences() says a cancel puts the cordons back too", () => {
    const lines = cancelConsequences(job(), [throttle(1), { resource: { kind: "broker", id: 1 }, name: "cordoned.log.dirs", value: "/d1", previous: null, sent: true }]);
    expect(lines).toContain("The 2 configs the job set (throttles and cordons) on broker 1 are put back to what they were before the job.");
  });

  it("cancelConsequences() names only the kind of move a batch has", () => {
    const dirsOnly = job({ batches: [batch(0, "done"), batch(1, "submitting", { partitionMoves: 0 })] });
    const lines = cancelConsequences(dirsOnly, [throttle(1, "replica.alter.log.dirs.io.max.bytes.per.second")]);
    expect(lines[0]).toMatch(/^The dir moves of batch 2/);
    expect(lines[1]).toBe("The 1 config the job set (throttles) on broker 1 is put back to what it was before the job.");
    // The last batch in flight: none left to skip.
    expect(lines[2]).toBe("The 1 batch already done stays done: its partitions stay where they moved. No preferred-leader election runs.");
  });
});

describe("configRows()", () => {
  it("configRows() names the resource, shows rates with their unit and says what is put back", () => {
    expect(
      configRows([throttle(2), { resource: { kind: "topic", name: "orders" }, name: "follower.replication.throttled.replicas", value: "0:3", previous: "1:2", sent: false }]),
    ).toEqual([
      {
        key: "0-broker 2-leader.replication.throttled.rate",
        resource: "broker 2",
        name: "leader.replication.throttled.rate",
        value: "52428800 (50.0 MiB/s)",
        restore: "When the job ends it removes it (nothing was set before)",
        sent: true,
        restored: false,
      },
      {
        key: "1-topic orders-follower.replication.throttled.replicas",
        resource: "topic orders",
        name: "follower.replication.throttled.replicas",
        value: "0:3",
        restore: "When the job ends it puts back 1:2",
        sent: false,
        restored: false,
      },
    ]);
  });

  it("configRows() says what has been put back, and that a cordon stays when the job is done", () => {
    const rows = configRows([
      { ...throttle(2), previous: "10485760", restored: true },
      { ...throttle(3), restored: true },
      { resource: { kind: "broker", id: 1 }, name: "cordoned.log.dirs", value: "/d1", previous: null, sent: true },
    ]);
    expect(rows.map((r) => [r.restore, r.restored])).toEqual([
      ["Put back to 10485760 (10.0 MiB/s)", true],
      ["Removed (nothing was set before)", true],
      ["Stays when the job is done (the drained dirs stay cordoned); a cancel removes it (nothing was set before)", false],
    ]);
  });
});

describe("electionText()", () => {
  it("electionText() reports how many partitions were elected and which were not, or nothing before it ran", () => {
    expect(electionText(null)).toBeNull();
    expect(electionText({ requested: 3, elected: 3, failed: [] })).toBe("Preferred-leader election: 3 of 3 partitions now led by their preferred leader.");
    expect(electionText({ requested: 3, elected: 2, failed: ["orders-1"] })).toBe(
      "Preferred-leader election: 2 of 3 partitions now led by their preferred leader; not elected: orders-1.",
    );
  });
});
