import { describe, expect, it } from "vitest";
import { partitionOutcome } from "@/lib/plan/job-cancel";
import type { ApplyJobRecord, JobControl } from "@/lib/plan/job-model";
import type { ActionOutcome, JobAction } from "@/lib/plan/job-step";
import { startRun } from "@/lib/plan/job";
import { accept, drive, jobRecord, newRun, NO_CONTROL, obedientCluster, scanOf, type World } from "@/tests/support/apply-job";
import { GiB } from "@/tests/support/snapshots";

const cancelAsked: JobControl = { ...NO_CONTROL, seq: 1, cancel: true, by: "bob" };
const messages = (t: { run: { job: { status: { log: { message: string }[] } } } }) => t.run.job.status.log.map((l) => l.message);

/** A drain of broker 1's /d1: t-0 and t-1 move to /d2 on the same broker, both in one batch, /d1 cordoned first. */
function drainJob(): ApplyJobRecord {
  const job = jobRecord({ cordons: [{ broker: 1, dirs: ["/d1"] }], leadership: false });
  job.work.entries = [
    { topic: "t", partition: 0, replicas: [1], logDirs: ["/d2"] },
    { topic: "t", partition: 1, replicas: [1], logDirs: ["/d2"] },
  ];
  job.work.batches = [{ index: 0, kind: "data", entries: [0, 1], bytes: 2 * GiB, partitionMoves: 0, dirMoves: 2 }];
  job.work.estimate = { seconds: 20, batchSeconds: [20], overheadSeconds: 1 };
  job.work.throttles = { topics: [], brokers: [{ broker: 1, leaderRate: null, followerRate: null, alterLogDirsRate: 1 }] };
  job.status.batches = [{ state: "pending", startedAt: null, finishedAt: null }];
  return job;
}

/** t-0 and t-1 on broker 1: each in `dirs[p]`, with a -future copy in /d2 where `future[p]` (bytes copied). */
function dirScan(dirs: [string, string], future: [number | null, number | null] = [null, null]) {
  const s = scanOf();
  s.topics[0]!.partitions.forEach((p, k) => {
    p.replicas[0]!.logDir = dirs[k]!;
    const f = future[k];
    p.replicas[0]!.future = f === null || f === undefined ? null : { logDir: "/d2", sizeBytes: f, offsetLag: null };
  });
  return s;
}

/** The drain running: both dir moves copying, 1/4 done. */
function runningDrain() {
  const copying: World = { scan: () => dirScan(["/d1", "/d1"], [GiB / 4, GiB / 4]) };
  return drive(newRun(drainJob()), copying, { until: (x) => x.run.job.status.batches[0]!.state === "running" && x.run.job.status.clock !== null });
}

describe("cancel(): dir moves", () => {
  it("a cancel Kafka takes while the moves copy: both replicas read back in /d1, the batch cancelled, nothing counted as moved, the cordon put back", () => {
    const t0 = runningDrain();
    let cancelled = false;
    const world: World = {
      scan: () => (cancelled ? dirScan(["/d1", "/d1"]) : dirScan(["/d1", "/d1"], [GiB / 4, GiB / 4])),
      answer: (a) => {
        if (a.kind === "cancel-dir-moves") cancelled = true;
        return accept(a);
      },
      control: () => cancelAsked,
    };
    const t = drive(t0.run, world, { nowMs: t0.nowMs });
    const s = t.run.job.status;
    expect(s.state).toBe("cancelled");
    expect(t.actions.filter((a) => a.kind === "cancel-dir-moves")).toEqual([
      {
        kind: "cancel-dir-moves",
        batch: 0,
        actor: "bob",
        broker: 1,
        moves: [
          { topic: "t", partition: 0, dir: "/d1" },
          { topic: "t", partition: 1, dir: "/d1" },
        ],
      },
    ]);
    expect(s.cancel!.outcomes.flatMap((o) => o.lines)).toEqual([
      "t-0 on broker 1: stays in /d1 — the move was cancelled",
      "t-1 on broker 1: stays in /d1 — the move was cancelled",
    ]);
    expect(s.cancel!.counts).toEqual({ finished: 0, reverted: 2, moving: 0, other: 0 });
    expect(s.batches[0]).toMatchObject({ state: "cancelled", finishedPartitions: 0 });
    expect(s.clock!.doneBytes).toBe(0);
    expect(s.errors).toEqual([]);
    // The cordon is put back with the throttles, and the warning that it stays is gone.
    expect(s.setConfigs.every((c) => c.restored)).toBe(true);
    expect(s.warnings).toEqual([]);
    expect(messages(t)).toContain("Every throttle and cordon config the job set is back to its previous value (2 config(s); deleted where none was set).");
  });

  it("a cancel Kafka refuses (INVALID_REPLICA_ASSIGNMENT: /d1 is cordoned) is shown as refused, sent once, and the replicas are reported where Kafka put them", () => {
    const t0 = runningDrain();
    const start = t0.nowMs;
    const world: World = {
      // The refused moves go on: they finish 3 s after the cancel.
      scan: (now) => (now < start + 3_000 ? dirScan(["/d1", "/d1"], [GiB / 2, GiB / 2]) : dirScan(["/d2", "/d2"])),
      answer: (a): ActionOutcome =>
        a.kind === "cancel-dir-moves"
          ? { kind: "cancel-dir-moves", failed: a.moves.map((m) => ({ ...m, errorCode: 39, error: "INVALID_REPLICA_ASSIGNMENT: The log dir /d1 is cordoned" })) }
          : accept(a),
      control: () => cancelAsked,
    };
    const t = drive(t0.run, world, { nowMs: start });
    const s = t.run.job.status;
    expect(s.state).toBe("cancelled");
    expect(t.actions.filter((a) => a.kind === "cancel-dir-moves")).toHaveLength(1);
    expect(t.audit.filter((a) => a.action === "cancel-dir-moves").map((a) => a.result)).toEqual(["refused"]);
    expect(s.cancel!.refused.map((r) => `${r.topic}-${r.partition}@${r.broker}`)).toEqual(["t-0@1", "t-1@1"]);
    expect(s.errors).toContain(
      "Kafka refused the cancel of t-0's dir move on broker 1: INVALID_REPLICA_ASSIGNMENT: The log dir /d1 is cordoned. It is not sent again; where the partition ended up is read back below.",
    );
    expect(s.cancel!.outcomes.flatMap((o) => o.lines)).toEqual([
      "t-0 on broker 1: in /d2 — Kafka refused the cancel (INVALID_REPLICA_ASSIGNMENT: The log dir /d1 is cordoned), and the move finished",
      "t-1 on broker 1: in /d2 — Kafka refused the cancel (INVALID_REPLICA_ASSIGNMENT: The log dir /d1 is cordoned), and the move finished",
    ]);
    // Every move finished: the batch is done, not cancelled, and its bytes count whole.
    expect(s.batches[0]).toMatchObject({ state: "done", finishedPartitions: 2 });
    expect(s.clock!.doneBytes).toBe(2 * GiB);
    expect(messages(t)).toContain("Batch 1, read back from the cluster after the cancel: 2 of 2 partition(s) finished as planned.");
    expect(messages(t).some((m) => m.includes("put them back where they were"))).toBe(false);
  });

  it("a run that takes over mid-cancel goes on from the stored stage: a refused cancel is not sent again, and the read-back is the same", () => {
    const t0 = runningDrain();
    const start = t0.nowMs;
    const world: World = {
      scan: (now) => (now < start + 3_000 ? dirScan(["/d1", "/d1"], [GiB / 2, GiB / 2]) : dirScan(["/d2", "/d2"])),
      answer: (a): ActionOutcome =>
        a.kind === "cancel-dir-moves" ? { kind: "cancel-dir-moves", failed: a.moves.map((m) => ({ ...m, errorCode: 39, error: "INVALID_REPLICA_ASSIGNMENT" })) } : accept(a),
      control: () => cancelAsked,
    };
    const half = drive(t0.run, world, { nowMs: start, until: (x) => x.run.job.status.cancel?.stage === "reading-back" });
    const taken = startRun(half.run.job, "other:2:b", half.nowMs).run;
    const rest = drive(taken, world, { nowMs: half.nowMs });
    expect([...half.actions, ...rest.actions].filter((a) => a.kind === "cancel-dir-moves")).toHaveLength(1);
    expect(rest.run.job.status.state).toBe("cancelled");
    expect(rest.run.job.status.cancel!.counts).toEqual({ finished: 2, reverted: 0, moving: 0, other: 0 });
  });

  it("a cancel with no answer is sent again at the next poll; a move that finished before the cancel is said to have", () => {
    const t0 = runningDrain();
    let answers = 0;
    let cancelledAt: number | null = null;
    const world: World = {
      // t-0 finishes on its own at once; t-1 is cancelled by the second request.
      scan: () => (cancelledAt === null ? dirScan(["/d2", "/d1"], [null, GiB / 2]) : dirScan(["/d2", "/d1"])),
      answer: (a, now): ActionOutcome => {
        if (a.kind !== "cancel-dir-moves") return accept(a);
        answers += 1;
        if (answers === 1) return { kind: "cancel-dir-moves", failed: a.moves.map((m) => ({ ...m, errorCode: -1, error: "timeout" })) };
        cancelledAt = now;
        return accept(a);
      },
      control: () => cancelAsked,
    };
    const t = drive(t0.run, world, { nowMs: t0.nowMs });
    const s = t.run.job.status;
    expect(t.actions.filter((a): a is Extract<JobAction, { kind: "cancel-dir-moves" }> => a.kind === "cancel-dir-moves").map((a) => a.moves.map((m) => m.partition))).toEqual([
      [1],
      [1],
    ]);
    expect(s.cancel!.refused).toEqual([]);
    expect(s.cancel!.outcomes.flatMap((o) => o.lines)).toEqual([
      "t-0 on broker 1: in /d2 — the move finished before the cancel reached Kafka",
      "t-1 on broker 1: stays in /d1 — the move was cancelled",
    ]);
    expect(s.batches[0]).toMatchObject({ state: "cancelled", finishedPartitions: 1 });
    expect(s.clock!.doneBytes).toBe(GiB);
  });
});

describe("cancel(): reassignments", () => {
  it("a reassignment that completed before the cancel (NO_REASSIGNMENT_IN_PROGRESS) is reported completed, and the batch done", () => {
    const world = obedientCluster(60_000);
    const t0 = drive(newRun(), world, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    let asked = false;
    const t = drive(
      t0.run,
      {
        // Listed at the scan the cancel is built from; gone (completed to [2]) by the time Kafka gets it.
        scan: () => (asked ? scanOf({ moved: [0] }) : scanOf({ inFlight: [0] })),
        answer: (a): ActionOutcome => {
          if (a.kind !== "cancel-reassignments") return accept(a);
          asked = true;
          return { kind: "cancel-reassignments", refused: ["t-0: NO_REASSIGNMENT_IN_PROGRESS: No reassignment is in progress for topic t partition 0"] };
        },
        control: () => cancelAsked,
      },
      { nowMs: t0.nowMs },
    );
    const s = t.run.job.status;
    expect(t.actions.filter((a) => a.kind === "cancel-reassignments")).toHaveLength(1);
    expect(s.cancel!.outcomes.flatMap((o) => o.lines)).toEqual(["t-0: completed to [2] before the cancel"]);
    expect(s.batches.map((b) => b.state)).toEqual(["done", "cancelled"]);
    expect(s.errors).toEqual([]);
    expect(messages(t)).toContain(
      "Batch 1: Kafka had no reassignment of t-0 left to cancel (NO_REASSIGNMENT_IN_PROGRESS: No reassignment is in progress for topic t partition 0): it had ended before the cancel reached Kafka.",
    );
  });

  it("a cancel of reassignments with no answer (no Kafka error name) is sent again; one refused by name is not", () => {
    const world = obedientCluster(60_000);
    const t0 = drive(newRun(), world, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    const run = (line: string) =>
      drive(
        t0.run,
        {
          scan: (now) => (now < t0.nowMs + 5_000 ? scanOf({ inFlight: [0] }) : scanOf()),
          answer: (a): ActionOutcome => (a.kind === "cancel-reassignments" ? { kind: "cancel-reassignments", refused: [line] } : accept(a)),
          control: () => cancelAsked,
        },
        { nowMs: t0.nowMs },
      );
    expect(run("connect ECONNREFUSED 127.0.0.1:9092").actions.filter((a) => a.kind === "cancel-reassignments").length).toBeGreaterThan(3);
    const refused = run("CLUSTER_AUTHORIZATION_FAILED: not allowed");
    expect(refused.actions.filter((a) => a.kind === "cancel-reassignments")).toHaveLength(1);
    expect(refused.run.job.status.cancel!.refused).toEqual([{ topic: "t", partition: 0, broker: null, error: "CLUSTER_AUTHORIZATION_FAILED: not allowed" }]);
    // Reverted by Kafka in the end (the scan after 5 s): said so, whatever the job had hoped.
    expect(refused.run.job.status.cancel!.outcomes[0]!.lines).toEqual(["t-0: reverted to [1]"]);
  });

  it("partitionOutcome() says where a partition is against before and planned: neither, gone", () => {
    const s = scanOf({ moved: [1] });
    const p1 = s.topics[0]!.partitions[1]!;
    expect(partitionOutcome({ topic: "t", partition: 1, replicas: [2], logDirs: ["any"] }, p1, { replicas: [1], dirs: ["/d1"] }, false, [])).toEqual({
      topic: "t",
      partition: 1,
      outcome: "other",
      lines: ["t-1: on [3], neither as before ([1]) nor as planned ([2])"],
    });
    expect(partitionOutcome({ topic: "t", partition: 9, replicas: [2], logDirs: ["any"] }, undefined, undefined, false, []).lines).toEqual([
      "t-9: no longer in the cluster (its topic was deleted meanwhile)",
    ]);
  });
});
