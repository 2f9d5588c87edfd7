import { describe, expect, it } from "vitest";
import { auditEntry, settle } from "@/lib/plan/job-settle";
import { jobRecord, newRun, T0 } from "@/tests/support/apply-job";

describe("settle()", () => {
  it("settle() of a reassignment Kafka refused fails the job and audits the refusal", () => {
    const r = settle(
      newRun(),
      { kind: "reassign", batch: 0, partitions: [{ topic: "t", partition: 0, replicas: [2] }] },
      { kind: "reassign", refused: ["t-0: INVALID_REPLICA_ASSIGNMENT"], noAnswer: null },
      T0,
    );
    expect(r.run.job.status.failed).toBe(true);
    expect(r.run.job.status.errors).toEqual(["Batch 1: Kafka refused 1 partition(s): t-0: INVALID_REPLICA_ASSIGNMENT"]);
    expect(r.audit).toEqual([
      {
        at: new Date(T0).toISOString(),
        cluster: "default",
        actor: "carol",
        jobId: "job-1",
        action: "alter-partition-reassignments",
        target: "batch 1: t-0→[2]",
        result: "refused",
        detail: "t-0: INVALID_REPLICA_ASSIGNMENT",
      },
    ]);
  });

  it("settle() of a reassignment with no answer does not fail the job: the next poll checks", () => {
    const r = settle(
      newRun(),
      { kind: "reassign", batch: 1, partitions: [{ topic: "t", partition: 1, replicas: [3] }] },
      { kind: "reassign", refused: [], noAnswer: "timeout" },
      T0,
    );
    expect(r.run.job.status.failed).toBe(false);
    expect(r.run.job.status.errors).toEqual(["Batch 2: no answer to the reassignment request (timeout); checking at the next poll."]);
    expect(r.audit[0]!.result).toBe("ok");
  });

  it("settle() of dir moves keeps those waiting for their replica, fails on a refusal, and audits what was taken or refused", () => {
    const run = newRun();
    run.memory.submit = {
      batch: 0,
      reassigned: 0,
      dirMoves: [
        {
          broker: 2,
          moves: [
            { topic: "t", partition: 0, dir: "/d2" },
            { topic: "t", partition: 1, dir: "/d2" },
          ],
        },
      ],
      deadlineMs: T0,
      resendAtMs: null,
    };
    const r = settle(
      run,
      { kind: "move-dirs", batch: 0, broker: 2, moves: run.memory.submit.dirMoves[0]!.moves },
      { kind: "move-dirs", failed: [{ topic: "t", partition: 1, dir: "/d2", errorCode: 9, error: "REPLICA_NOT_AVAILABLE" }] },
      T0,
    );
    expect(r.run.memory.submit!.dirMoves).toEqual([{ broker: 2, moves: [{ topic: "t", partition: 1, dir: "/d2" }] }]);
    expect(r.audit.map((a) => [a.target, a.result])).toEqual([["batch 1, broker 2: t-0→/d2", "ok"]]);
    const refused = settle(
      run,
      { kind: "move-dirs", batch: 0, broker: 2, moves: [{ topic: "t", partition: 0, dir: "/d2" }] },
      { kind: "move-dirs", failed: [{ topic: "t", partition: 0, dir: "/d2", errorCode: 57, error: "LOG_DIR_NOT_FOUND" }] },
      T0,
    );
    expect(refused.run.job.status.failed).toBe(true);
    expect(refused.run.job.status.errors).toEqual(["Batch 1: broker 2 refused dir moves: t-0 → /d2: LOG_DIR_NOT_FOUND"]);
  });

  it("settle() of a restore marks the configs put back and says so in the audit; a failed one keeps them set", () => {
    const run = newRun();
    run.job.status.setConfigs.push({ resource: { kind: "broker", id: 1 }, name: "leader.replication.throttled.rate", value: "5", previous: null, sent: true });
    run.memory.round = { kind: "restore", errors: [], count: 1 };
    const action = {
      kind: "set-configs" as const,
      purpose: "restore" as const,
      indices: [0],
      change: { resource: { kind: "broker" as const, id: 1 }, configs: [{ name: "leader.replication.throttled.rate", value: null }] },
    };
    const ok = settle(run, action, { kind: "set-configs", errors: [] }, T0);
    expect(ok.run.job.status.setConfigs[0]!.restored).toBe(true);
    expect(ok.audit[0]).toMatchObject({
      action: "alter-configs",
      target: "broker 1: delete leader.replication.throttled.rate",
      detail: "putting back what the job replaced",
      result: "ok",
    });
    const failed = settle(run, action, { kind: "set-configs", errors: ["broker 1: TIMEOUT"] }, T0);
    expect(failed.run.job.status.setConfigs[0]!.restored).toBeUndefined();
    expect(failed.run.memory.round!.errors).toEqual(["broker 1: TIMEOUT"]);
    expect(run.memory.round!.errors).toEqual([]);
  });

  it("settle() refuses an answer of another kind than the action", () => {
    expect(() => settle(newRun(), { kind: "elect-leaders", partitions: [] }, { kind: "set-configs", errors: [] }, T0)).toThrow(/elect-leaders/);
  });

  it("auditEntry() joins the detail and the errors, and cuts the detail at 4000 characters", () => {
    const e = auditEntry(jobRecord(), T0, { action: "x", target: "y", actor: "a", errors: ["e1", "e2"], detail: "d" });
    expect([e.result, e.detail]).toEqual(["refused", "d; e1; e2"]);
    expect(auditEntry(jobRecord(), T0, { action: "x", target: "y", actor: "a", errors: ["z".repeat(5000)] }).detail).toHaveLength(4000);
  });
});
