import { describe, expect, it } from "vitest";
import {
  cancelConsequences,
  cancelOutcomeView,
  configRows,
  electionText,
  jobAnnouncement,
  jobControls,
  jobHeadline,
  leftSetText,
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
    expect(jobHeadline(job({ state: "cancelled", phase: "finished" }))).toBe("Cancelled: 1 of 4 batches done, and it stays done");
    expect(jobHeadline(job({ state: "cancelled", phase: "finished", batches: [batch(0, "cancelled")] }))).toBe("Cancelled: 0 of 1 batch done");
    expect(jobHeadline(job({ state: "cancelled", phase: "finished", batches: [batch(0, "done"), batch(1, "done"), batch(2, "cancelled")] }))).toBe(
      "Cancelled: 2 of 3 batches done, and they stay done",
    );
    expect(jobHeadline(job({ state: "done", phase: "finished" }))).toBe("Done: 4 batches run, throttles put back");
    expect(jobHeadline(job({ state: "failed", phase: "throttles", errors: ["broker 2: refused"] }))).toBe("Failed while setting throttles: the error below says what went wrong");
    expect(jobHeadline(job({ state: "failed", phase: "batches", errors: ["a", "b"] }))).toBe("Failed while moving data in batches: the 2 errors below say what went wrong");
  });

  it("jobHeadline() of a failed job that has finished names the phase it failed in, never 'while finished'", () => {
    expect(jobHeadline(job({ state: "failed", phase: "finished", failedIn: "electing-leaders", errors: ["e"] }))).toBe(
      "Failed while electing preferred leaders: the error below says what went wrong",
    );
    expect(jobHeadline(job({ state: "failed", phase: "finished", errors: [] }))).toBe("Failed: see the log below");
  });

  it("jobHeadline() of a cancelled job says how much of the batch in flight had finished when read back", () => {
    const cancel = {
      batch: 1,
      stage: "done" as const,
      refused: [],
      outcomes: [],
      counts: { finished: 1, reverted: 1, moving: 0, other: 0 },
      more: 0,
    };
    expect(jobHeadline(job({ state: "cancelling", cancel: { ...cancel, stage: "reading-back" } }))).toBe(
      "Cancelling: configs put back; waiting for the moves Kafka did not cancel to settle before reading the cluster back",
    );
    expect(jobHeadline(job({ state: "cancelled", phase: "finished", cancel }))).toBe(
      "Cancelled: 1 of 4 batches done, and it stays done; in batch 2, 1 of 2 partitions had finished as planned when read back",
    );
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
  it("phaseSteps() of a job stored before phases were recorded: those before its phase done while it runs; unknown once cancelled or failed", () => {
    expect(phaseSteps(job()).map((s) => s.status)).toEqual(["done", "done", "current", "pending", "pending", "pending"]);
    expect(phaseSteps(job({ state: "done", phase: "finished" })).every((s) => s.status === "done")).toBe(true);
    expect(phaseSteps(job({ state: "failed", phase: "finished" })).map((s) => s.status)).toEqual(["unknown", "unknown", "unknown", "unknown", "unknown", "done"]);
  });

  it("phaseSteps() shows what ran: a cancelled job's election and a failed job's later phases as not run, the failing phase as failed", () => {
    const cancelled = job({ state: "cancelled", phase: "finished", phasesRun: ["cordons", "throttles", "batches", "restoring-throttles", "finished"] });
    expect(phaseSteps(cancelled).map((s) => s.status)).toEqual(["done", "done", "done", "done", "skipped", "done"]);
    const failed = job({ state: "failed", phase: "finished", failedIn: "throttles", phasesRun: ["throttles", "finished"] });
    expect(phaseSteps(failed).map((s) => s.status)).toEqual(["skipped", "failed", "skipped", "skipped", "skipped", "done"]);
    // Running, with no cordons to set: that phase was gone past without running.
    expect(phaseSteps(job({ phasesRun: ["throttles", "batches"] })).map((s) => s.status)).toEqual(["skipped", "done", "current", "pending", "pending", "pending"]);
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
      "A move that finishes before the cancel reaches Kafka stays finished: once Kafka has answered, the job reads the cluster back and says where each partition of batch 2 is.",
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
    expect(lines[2]).toBe("The 1 config the job set (throttles) on broker 1 is put back to what it was before the job.");
    // The last batch in flight: none left to skip.
    expect(lines[3]).toBe("The 1 batch already done stays done: its partitions stay where they moved. No preferred-leader election runs.");
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

describe("after a job has ended", () => {
  const cordon = (restored: boolean): SetConfig => ({ resource: { kind: "broker", id: 1 }, name: "cordoned.log.dirs", value: "/d3", previous: null, sent: true, restored });

  it("leftSetText() says what the job left set, from the configs Kafka accepted and the job did not put back", () => {
    expect(leftSetText({ state: "running" }, [throttle(1)])).toBeNull();
    expect(leftSetText({ state: "cancelled" }, [{ ...throttle(1), restored: true }, cordon(true)])).toBe(
      "Nothing the job set is left on the cluster: every config it set is back to what it was before.",
    );
    expect(leftSetText({ state: "done" }, [{ ...throttle(1), restored: true }, cordon(false)])).toBe(
      "Left set on the cluster now: cordoned.log.dirs=/d3 on broker 1 (the drained dirs stay cordoned).",
    );
    expect(leftSetText({ state: "failed" }, [throttle(2), { ...throttle(3), sent: false }])).toBe(
      "Left set on the cluster now: leader.replication.throttled.rate=52428800 on broker 2.",
    );
    expect(leftSetText({ state: "failed" }, [{ ...throttle(3), sent: false }])).toBe("The job set no config on the cluster.");
  });

  it("cancelOutcomeView() shows the read-back, not before it is done", () => {
    const report = {
      batch: 1,
      stage: "done" as const,
      refused: [{ topic: "t", partition: 3, broker: 1, error: "INVALID_REPLICA_ASSIGNMENT" }],
      outcomes: [
        {
          topic: "t",
          partition: 3,
          outcome: "finished" as const,
          lines: ["t-3 on broker 1: in /d1 — Kafka refused the cancel (INVALID_REPLICA_ASSIGNMENT), and the move finished"],
        },
        { topic: "t", partition: 4, outcome: "reverted" as const, lines: ["t-4 on broker 1: stays in /d3 — the move was cancelled"] },
      ],
      counts: { finished: 1, reverted: 1, moving: 0, other: 0 },
      more: 0,
    };
    expect(cancelOutcomeView({ ...report, stage: "reading-back" })).toBeNull();
    const v = cancelOutcomeView(report)!;
    expect(v.summary).toBe("Read back from the cluster after the cancel of batch 2: 1 of 2 partitions finished as planned, 1 back where it was.");
    expect(v.refused).toEqual(["t-3 on broker 1: INVALID_REPLICA_ASSIGNMENT"]);
    expect(v.rows.map((r) => `${r.outcomeText}: ${r.lines.join("; ")}`)).toEqual([
      "Finished as planned: t-3 on broker 1: in /d1 — Kafka refused the cancel (INVALID_REPLICA_ASSIGNMENT), and the move finished",
      "Back where it was: t-4 on broker 1: stays in /d3 — the move was cancelled",
    ]);
  });

  it("cancelConsequences() says a dir move out of a dir the job cordoned cannot be cancelled", () => {
    const dirsOnly = job({ batches: [batch(0, "done"), batch(1, "running", { partitionMoves: 0 })] });
    expect(cancelConsequences(dirsOnly, [cordon(false)])[1]).toMatch(/^Moves out of a dir the job cordoned are the exception: Kafka refuses/);
    expect(cancelConsequences(dirsOnly, [cordon(true)]).some((l) => l.includes("cordoned dir"))).toBe(false);
  });
});
