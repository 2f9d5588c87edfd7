import { describe, expect, it } from "vitest";
import type { SetConfig } from "@/lib/plan/job-model";
import { addError, addLog, byResource, draftOf, entriesOf, freshMemory, indicesOf } from "@/lib/plan/job-step";
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
});
