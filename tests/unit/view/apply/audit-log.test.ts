import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/plan/job-model";
import { auditActionOptions, auditPageSummary, auditQuery, auditRows, filtersActive, NO_AUDIT_FILTERS } from "@/lib/view/apply/audit-log";

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

describe("auditQuery()", () => {
  it("auditQuery() asks for the newest page with no filters, and for a cursor's page with the filters set", () => {
    expect(auditQuery(NO_AUDIT_FILTERS, { kind: "newest" }, 50)).toBe("limit=50");
    expect(auditQuery({ ...NO_AUDIT_FILTERS, cluster: " prod ", actor: "unauthenticated", action: "apply-requested", result: "refused" }, { kind: "before", seq: 120 }, 50)).toBe(
      "limit=50&before=120&cluster=prod&actor=unauthenticated&action=apply-requested&result=refused",
    );
    expect(auditQuery(NO_AUDIT_FILTERS, { kind: "after", seq: 7 }, 10)).toBe("limit=10&after=7");
  });

  it("auditQuery() reads the time range as UTC, the end of a minute included, and leaves out a time it cannot read", () => {
    const q = new URLSearchParams(auditQuery({ ...NO_AUDIT_FILTERS, from: "2026-12-03T08:00", to: "2026-12-03T09:30" }, { kind: "newest" }, 50));
    expect(q.get("from")).toBe("2026-12-03T08:00:00.000Z");
    expect(q.get("to")).toBe("2026-12-03T09:30:59.999Z");
    expect(new URLSearchParams(auditQuery({ ...NO_AUDIT_FILTERS, to: "2026-12-03T09:30:15" }, { kind: "newest" }, 50)).get("to")).toBe("2026-12-03T09:30:15.999Z");
    expect(new URLSearchParams(auditQuery({ ...NO_AUDIT_FILTERS, from: "soon", to: "2026-13-45T99:99" }, { kind: "newest" }, 50)).has("from")).toBe(false);
  });

  it("filtersActive() is true once any filter is set", () => {
    expect(filtersActive(NO_AUDIT_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_AUDIT_FILTERS, result: "error" })).toBe(true);
  });
});

describe("auditPageSummary()", () => {
  const page = (n: number, over: Partial<{ total: number; position: number; older: number | null; newer: number | null }> = {}) => ({
    entries: Array.from({ length: n }, (_, i) => entry({ seq: 100 - i })),
    total: 168,
    position: 0,
    older: 51,
    newer: null,
    ...over,
  });

  it("auditPageSummary() says which entries of how many the page shows, and which way there are more", () => {
    expect(auditPageSummary(page(50), false)).toEqual({ heading: "Entries 1–50 of 168, newest first", hasOlder: true, hasNewer: false });
    expect(auditPageSummary(page(18, { position: 150, older: null, newer: 18 }), false)).toEqual({
      heading: "Entries 151–168 of 168, newest first",
      hasOlder: false,
      hasNewer: true,
    });
    expect(auditPageSummary(page(3, { total: 3, older: null }), true).heading).toBe("Entries 1–3 of 3 matching, newest first");
    expect(auditPageSummary(page(0, { total: 1200, older: null }), false).heading).toBe("No entries on this page (1,200 in all)");
  });
});

describe("auditActionOptions()", () => {
  it("auditActionOptions() offers every action the list names, refused writes' actions included, sorted by their words", () => {
    const options = auditActionOptions();
    expect(options.map((o) => o.value)).toEqual(expect.arrayContaining(["apply-requested", "apply-control", "list-links", "delete-link", "take-over", "alter-configs"]));
    expect(options.map((o) => o.label)).toEqual([...options.map((o) => o.label)].sort((a, b) => a.localeCompare(b)));
  });
});
