import { describe, expect, it } from "vitest";
import type { SetConfig } from "@/lib/plan/job-model";
import { addError, addLog, byResource, cancelRefusal, draftOf, entriesOf, freshMemory, indicesOf, markFailed, notePhase, retriableDirMove } from "@/lib/plan/job-step";
import { jobRecord, newRun, T0 } from "@/tests/support/apply-job";

const config = (resource: SetConfig["resource"], name: string): SetConfig => ({ resource, name, value: "1", previous: null, sent: false });

describe("job step helpers", () => {
  it("byResource() groups configs per resource in the order each first appears", () => {
    const cs = [config({ kind: "broker", id: 2 }, "a"), config({ kind: "topic", name: "t" }, "b"), config({ kind: "broker", id: 2 }, "c"), config({ kind: "broker", id: 1 }, "d")];
    expect(byResource(cs, [0, 1, 2, 3]).map((g) => [g.resource, g.indices])).toEqual([
      [{ kind: "broker", id: 2 }, [0, 2]],
      [{ kind: "topic", name: "t" }, [1]],
      [{ kind: "broker", id: 1 }, [3]],
    ]);
    expect(indicesOf(cs, (c) => c.resource.kind === "broker")).toEqual([0, 2, 3]);
  });

  it("addLog() and addError() keep the newest 200 lines", () => {
    const s = jobRecord().status;
    for (let i = 0; i < 205; i++) {
      addLog(s, T0 + i, `line ${i}`);
      addError(s, `error ${i}`);
    }
    expect(s.log).toHaveLength(200);
    expect(s.log[0]).toEqual({ at: new Date(T0 + 5).toISOString(), message: "line 5" });
    expect(s.errors[199]).toBe("error 204");
  });

  it("entriesOf() gives a batch's entries in its order; draftOf() copies what a step may change", () => {
    const job = jobRecord();
    expect(entriesOf(job, 1)).toEqual([{ topic: "t", partition: 1, replicas: [3], logDirs: ["any"] }]);
    expect(entriesOf(job, 5)).toEqual([]);
    const run = newRun(job);
    const d = draftOf(run);
    d.job.status.batch = 9;
    d.memory.samples.push({ atMs: 1, doneBytes: 1 });
    expect(run.job.status.batch).toBe(0);
    expect(run.memory).toEqual(freshMemory());
  });

  it("cancelRefusal() reads which partition a refused cancel is about and whether it passes by itself", () => {
    const ps = [
      { topic: "t", partition: 1 },
      { topic: "t", partition: 12 },
    ];
    expect(cancelRefusal("t-12: NO_REASSIGNMENT_IN_PROGRESS: none", ps)).toEqual({
      partition: { topic: "t", partition: 12 },
      error: "NO_REASSIGNMENT_IN_PROGRESS: none",
      retriable: false,
    });
    expect(cancelRefusal("t-1: NOT_CONTROLLER", ps)).toEqual({ partition: { topic: "t", partition: 1 }, error: "NOT_CONTROLLER", retriable: true });
    expect(cancelRefusal("CLUSTER_AUTHORIZATION_FAILED: no", ps)).toEqual({ partition: null, error: "CLUSTER_AUTHORIZATION_FAILED: no", retriable: false });
    expect(cancelRefusal("connect ECONNREFUSED 127.0.0.1:9092", ps)).toEqual({ partition: null, error: "connect ECONNREFUSED 127.0.0.1:9092", retriable: true });
    expect([9, -1, 39, 57].map((errorCode) => retriableDirMove({ errorCode }))).toEqual([true, true, false, false]);
  });

  it("markFailed() keeps the phase of the first failure; notePhase() records each phase once, in order", () => {
    const s = jobRecord().status;
    s.phase = "batches";
    markFailed(s);
    s.phase = "electing-leaders";
    markFailed(s);
    expect([s.failed, s.failedIn]).toEqual([true, "batches"]);
    notePhase(s);
    notePhase(s, "restoring-throttles");
    notePhase(s);
    expect(s.phasesRun).toEqual(["electing-leaders", "restoring-throttles"]);
  });
});
