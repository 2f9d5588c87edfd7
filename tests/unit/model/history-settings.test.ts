import { describe, expect, it } from "vitest";
import { compactionCuts, DAY_MS, DEFAULT_HISTORY_RETENTION, historySettingsFromEnv, HOUR_MS } from "@/lib/model/history-settings";

describe("historySettingsFromEnv()", () => {
  it("historySettingsFromEnv() gives 5-minute scans under a 30 s lease, 2 / 60 / 730 days and 10 topics per broker by default", () => {
    expect(historySettingsFromEnv({})).toEqual({
      ok: true,
      value: { retention: { rawMs: 2 * DAY_MS, hourlyMs: 60 * DAY_MS, dailyMs: 730 * DAY_MS }, collectIntervalMs: 300_000, collectLeaseMs: 30_000, topicsPerBroker: 10 },
    });
  });

  it("historySettingsFromEnv() reads days with fractions, the interval and the topic count", () => {
    const r = historySettingsFromEnv({
      KAFKA_BALANCE_HISTORY_RAW_DAYS: "0.5",
      KAFKA_BALANCE_HISTORY_HOURLY_DAYS: "7",
      KAFKA_BALANCE_HISTORY_DAILY_DAYS: "365",
      KAFKA_BALANCE_COLLECT_INTERVAL_MS: "1000",
      KAFKA_BALANCE_HISTORY_TOPICS_PER_BROKER: "0",
    });
    expect(r).toEqual({
      ok: true,
      value: { retention: { rawMs: 12 * HOUR_MS, hourlyMs: 7 * DAY_MS, dailyMs: 365 * DAY_MS }, collectIntervalMs: 1000, collectLeaseMs: 500, topicsPerBroker: 0 },
    });
  });

  it("historySettingsFromEnv() takes the collector's lease from the environment, else half the interval up to 30 s", () => {
    const lease = (env: Record<string, string>) => {
      const r = historySettingsFromEnv(env);
      return r.ok ? r.value.collectLeaseMs : r.error.message;
    };
    expect(lease({ KAFKA_BALANCE_COLLECT_INTERVAL_MS: "4000", KAFKA_BALANCE_COLLECT_LEASE_MS: "1500" })).toBe(1500);
    expect(lease({ KAFKA_BALANCE_COLLECT_INTERVAL_MS: "20000" })).toBe(10_000);
    expect(lease({ KAFKA_BALANCE_COLLECT_INTERVAL_MS: "3600000" })).toBe(30_000);
  });

  it("historySettingsFromEnv() names the variable that is wrong", () => {
    const message = (env: Record<string, string>) => {
      const r = historySettingsFromEnv(env);
      return r.ok ? null : r.error.message;
    };
    expect(message({ KAFKA_BALANCE_HISTORY_RAW_DAYS: "two" })).toMatch(/^KAFKA_BALANCE_HISTORY_RAW_DAYS is a number of days/);
    expect(message({ KAFKA_BALANCE_HISTORY_DAILY_DAYS: "0" })).toMatch(/^KAFKA_BALANCE_HISTORY_DAILY_DAYS/);
    expect(message({ KAFKA_BALANCE_HISTORY_RAW_DAYS: "90" })).toMatch(/KAFKA_BALANCE_HISTORY_RAW_DAYS \(90\) must not exceed KAFKA_BALANCE_HISTORY_HOURLY_DAYS \(60\)/);
    expect(message({ KAFKA_BALANCE_HISTORY_HOURLY_DAYS: "800" })).toMatch(/must not exceed KAFKA_BALANCE_HISTORY_DAILY_DAYS/);
    expect(message({ KAFKA_BALANCE_COLLECT_INTERVAL_MS: "999" })).toMatch(/^KAFKA_BALANCE_COLLECT_INTERVAL_MS is a whole number of ms, at least 1000/);
    expect(message({ KAFKA_BALANCE_COLLECT_INTERVAL_MS: "5000", KAFKA_BALANCE_COLLECT_LEASE_MS: "5000" })).toMatch(
      /^KAFKA_BALANCE_COLLECT_LEASE_MS is a whole number of ms, at least 300 and below the collector's interval \(5000\)/,
    );
    expect(message({ KAFKA_BALANCE_COLLECT_LEASE_MS: "200" })).toMatch(/^KAFKA_BALANCE_COLLECT_LEASE_MS/);
    expect(message({ KAFKA_BALANCE_HISTORY_TOPICS_PER_BROKER: "-1" })).toMatch(/^KAFKA_BALANCE_HISTORY_TOPICS_PER_BROKER/);
  });
});

describe("compactionCuts()", () => {
  it("compactionCuts() moves each age limit back to a chunk boundary, and drops daily points at the exact age", () => {
    const now = Date.UTC(2026, 2, 10, 17, 42);
    const cuts = compactionCuts(now, DEFAULT_HISTORY_RETENTION, { rawChunkMs: 3 * HOUR_MS, hourlyChunkMs: DAY_MS });
    expect(cuts.rawBefore).toBe(Date.UTC(2026, 2, 8, 15));
    expect(cuts.hourlyBefore).toBe(Date.UTC(2026, 0, 9));
    expect(cuts.dailyBefore).toBe(now - 730 * DAY_MS);
    expect(now - cuts.rawBefore).toBeGreaterThanOrEqual(DEFAULT_HISTORY_RETENTION.rawMs);
  });
});
