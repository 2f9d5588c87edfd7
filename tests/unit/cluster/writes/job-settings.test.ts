import { describe, expect, it } from "vitest";
import { DEFAULT_JOB_LEASE_MS, jobLeaseMsFromEnv, orphanWatchMs } from "@/lib/cluster/writes/job-settings";

describe("jobLeaseMsFromEnv()", () => {
  it("jobLeaseMsFromEnv() gives 15 s when KAFKA_BALANCE_JOB_LEASE_MS is unset or blank", () => {
    expect(jobLeaseMsFromEnv({})).toEqual({ ok: true, leaseMs: DEFAULT_JOB_LEASE_MS });
    expect(jobLeaseMsFromEnv({ KAFKA_BALANCE_JOB_LEASE_MS: " " })).toEqual({ ok: true, leaseMs: 15_000 });
  });

  it("jobLeaseMsFromEnv() reads whole ms from 3000 up, and names the variable otherwise", () => {
    expect(jobLeaseMsFromEnv({ KAFKA_BALANCE_JOB_LEASE_MS: "4000" })).toEqual({ ok: true, leaseMs: 4000 });
    for (const bad of ["2999", "4.5", "soon"]) {
      const r = jobLeaseMsFromEnv({ KAFKA_BALANCE_JOB_LEASE_MS: bad });
      expect(r.ok ? null : r.message).toMatch(/^KAFKA_BALANCE_JOB_LEASE_MS is a whole number of ms, at least 3000/);
    }
  });
});

describe("orphanWatchMs()", () => {
  it("orphanWatchMs() looks every third of the lease, never more often than once a second", () => {
    expect(orphanWatchMs(15_000)).toBe(5_000);
    expect(orphanWatchMs(3_000)).toBe(1_000);
  });
});
