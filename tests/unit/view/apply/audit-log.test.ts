import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/plan/job-model";
import { auditRows } from "@/lib/view/apply/audit-log";

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  seq: 7,
  at: "2026-01-05T10:00:12.345+01:00",
  cluster: "cluster-a",
  actor: "ops-alice",
  jobId: "job-1",
  action: "alter-configs",
  target: "brokers 1, 2: leader.replication.throttled.rate",
  result: "ok",
  detail: "52428800",
  ...over,
});

describe("auditRows()", () => {
  it("auditRows() keeps the API's order and shows the time in UTC, the action and the result in words", () => {
    expect(auditRows([entry(), entry({ seq: 6, action: "cancel", result: "refused", jobId: null })])).toEqual([
      {
        key: "7",
        time: "2026-01-05 09:00:12 UTC",
        at: "2026-01-05T10:00:12.345+01:00",
        actor: "ops-alice",
        action: "Configs set",
        actionCode: "alter-configs",
        target: "brokers 1, 2: leader.replication.throttled.rate",
        result: "ok",
        resultText: "OK",
        detail: "52428800",
        cluster: "cluster-a",
        jobId: "job-1",
      },
      expect.objectContaining({ key: "6", action: "Cancel requested", result: "refused", resultText: "Refused", jobId: null }),
    ]);
  });

  it("auditRows() shows an action it does not know as the server names it", () => {
    expect(auditRows([entry({ action: "describe-quorum" })])[0]).toMatchObject({ action: "describe-quorum", actionCode: "describe-quorum" });
    // The operator's request and the job's write are told apart.
    expect(auditRows([entry({ action: "throttle" }), entry({ action: "change-throttle" })]).map((r) => r.action)).toEqual(["Throttle change requested", "Throttle changed"]);
    expect(auditRows([])).toEqual([]);
  });
});
