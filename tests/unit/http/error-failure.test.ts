import { describe, expect, it } from "vitest";
import { ClusterSourceError } from "@/lib/cluster/source";
import { ApplyBusyError, JobFinishedError, JobNotFoundError } from "@/lib/cluster/writes/apply-job";
import { WriteTargetError } from "@/lib/cluster/writes/apply-plan";
import { errorFailure } from "@/lib/http/error-failure";
import { failureResponse } from "@/lib/http/respond";
import { HistoryConfigError } from "@/lib/store/history";
import { JobConflictError } from "@/lib/store/jobs";
import { StoreUnavailableError } from "@/lib/store/sqlite";

describe("errorFailure()", () => {
  it("errorFailure() answers a refusal with its code and its own message, at the status the routes answered", () => {
    const cases: [Error, string, number][] = [
      [new ApplyBusyError("busy"), "apply_in_progress", 409],
      [new JobConflictError({ id: "j1", createdAt: "2026-01-01T00:00:00Z", state: "running" }), "apply_in_progress", 409],
      [new JobNotFoundError("No apply job j9."), "job_not_found", 404],
      [new JobFinishedError("Apply job j1 has already ended (done); there is nothing to pause."), "job_finished", 409],
      [new ClusterSourceError("unknown_cluster", 'There is no cluster "x"; the clusters are a.'), "unknown_cluster", 404],
    ];
    for (const [error, code, status] of cases) {
      const refused = errorFailure(error);
      expect(refused, code).toEqual({ ok: false, error: { code, message: error.message, issues: [] } });
      expect(failureResponse(refused!.error).status, code).toBe(status);
    }
  });

  it("errorFailure() is null for a server's fault, whose message is for the log: the caller answers in its own words", () => {
    const faults = [
      new StoreUnavailableError("Cannot open the snapshot store at /var/lib/kb/store.db (EACCES)", "/var/lib/kb/store.db"),
      new HistoryConfigError("KAFKA_BALANCE_HISTORY_RAW_DAYS is a number of days above 0"),
      new WriteTargetError("No broker of the live snapshot is reachable; nothing was changed."),
      new ClusterSourceError("kafka_unreachable", "Kafka at k1:9092 is unreachable"),
    ];
    for (const fault of faults) expect(errorFailure(fault), fault.name).toBeNull();
  });

  it("errorFailure() is null for a bug, a driver's own code and anything that is not an Error", () => {
    for (const other of [
      new Error("boom"),
      Object.assign(new Error("no such file"), { code: "ENOENT" }),
      Object.assign(new Error("locked"), { code: "SQLITE_BUSY" }),
      { code: "job_not_found", message: "not an Error" },
      "job_not_found",
      null,
      undefined,
    ]) {
      expect(errorFailure(other)).toBeNull();
    }
  });
});
