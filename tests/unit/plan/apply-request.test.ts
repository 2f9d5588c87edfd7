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
  it("AuditQuerySchema reads limit from a query string, 200 by default, 1–1000", () => {
    expect(AuditQuerySchema.parse({})).toEqual({ limit: 200 });
    expect(AuditQuerySchema.parse({ limit: "5" })).toEqual({ limit: 5 });
    expect(AuditQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ limit: "1001" }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ limit: "x" }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ other: "1" }).success).toBe(false);
  });
});
