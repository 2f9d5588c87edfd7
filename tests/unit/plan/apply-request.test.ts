import { describe, expect, it } from "vitest";
import { ApplyControlSchema, AuditQuerySchema } from "@/lib/plan/apply-request";

describe("ApplyControlSchema", () => {
  it("ApplyControlSchema takes pause, resume, cancel and a throttle change with one or both rates", () => {
    for (const action of ["pause", "resume", "cancel"] as const) expect(ApplyControlSchema.parse({ jobId: "abc-1", action })).toEqual({ jobId: "abc-1", action });
    expect(ApplyControlSchema.parse({ jobId: "a", action: "throttle", replicationBytesPerSecond: 1048576 })).toEqual({
      jobId: "a",
      action: "throttle",
      replicationBytesPerSecond: 1048576,
    });
    expect(ApplyControlSchema.parse({ jobId: "a", action: "throttle", alterLogDirsBytesPerSecond: 5, replicationBytesPerSecond: 7 }).action).toBe("throttle");
  });

  it("ApplyControlSchema refuses unknown actions and keys, a throttle change without a rate, and rates below 1 or fractional, naming what to fix", () => {
    const issues = (body: unknown) => {
      const r = ApplyControlSchema.safeParse(body);
      expect(r.success).toBe(false);
      return r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join(" | ");
    };
    expect(issues({ jobId: "a", action: "stop" })).toMatch(/action/);
    expect(issues({ jobId: "a", action: "pause", force: true })).toMatch(/force/);
    expect(issues({ jobId: "a", action: "throttle" })).toMatch(/give replicationBytesPerSecond, alterLogDirsBytesPerSecond or both/);
    expect(issues({ jobId: "a", action: "throttle", replicationBytesPerSecond: 0 })).toMatch(/at least 1 byte\/s/);
    expect(issues({ jobId: "a", action: "throttle", alterLogDirsBytesPerSecond: 1.5 })).toMatch(/whole number/);
    expect(issues({ jobId: "../x", action: "pause" })).toMatch(/jobId/);
    expect(issues({ action: "pause" })).toMatch(/jobId/);
  });
});

describe("AuditQuerySchema", () => {
  it("AuditQuerySchema reads limit from a query string, 50 by default, 1–1000", () => {
    expect(AuditQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(AuditQuerySchema.parse({ limit: "5" })).toEqual({ limit: 5 });
    expect(AuditQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ limit: "1001" }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ limit: "x" }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ other: "1" }).success).toBe(false);
  });

  it("AuditQuerySchema reads the cursors and filters, the times as ISO in UTC", () => {
    expect(
      AuditQuerySchema.parse({
        before: "120",
        cluster: "prod-eu",
        actor: "unauthenticated",
        action: "alter-configs",
        result: "refused",
        from: "2026-12-03T08:00:00+01:00",
        to: "2026-12-03T09:00:00Z",
      }),
    ).toEqual({
      limit: 50,
      before: 120,
      cluster: "prod-eu",
      actor: "unauthenticated",
      action: "alter-configs",
      result: "refused",
      from: "2026-12-03T07:00:00.000Z",
      to: "2026-12-03T09:00:00.000Z",
    });
    expect(AuditQuerySchema.parse({ after: "0" })).toEqual({ limit: 50, after: 0 });
  });

  it("AuditQuerySchema names what to fix: a bad cursor, both cursors, a bad filter, a time range backwards", () => {
    const issues = (q: Record<string, string>) => {
      const r = AuditQuerySchema.safeParse(q);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(issues({ before: "-1" })).toEqual(["before: before is at least 0"]);
    expect(issues({ before: "x" })[0]).toMatch(/^before: /);
    expect(issues({ before: "5", after: "2" })).toEqual(["after: give before (older entries) or after (newer entries), not both"]);
    expect(issues({ result: "maybe" })).toEqual(["result: result is ok, refused or error"]);
    expect(issues({ actor: "a b" })[0]).toMatch(/^actor: actor is a write token's label/);
    expect(issues({ action: "DROP TABLE" })[0]).toMatch(/^action: /);
    expect(issues({ from: "yesterday" })).toEqual(["from: from is a time such as 2026-12-03T08:00:00Z"]);
    expect(issues({ from: "2026-12-03T10:00:00Z", to: "2026-12-03T09:00:00Z" })).toEqual(["from: from must not be later than to"]);
  });
});
