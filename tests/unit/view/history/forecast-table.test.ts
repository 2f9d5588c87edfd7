import { describe, expect, it } from "vitest";
import { forecastRow, forecastRows, forecastSummary } from "@/lib/view/history/forecast-table";
import { dirForecast, eta } from "@/tests/support/forecasts";

const DAY = 86_400;
const GiB = 1024 ** 3;

describe("forecast-table", () => {
  it("forecastRow() gives growth with its range, the three times and the basis in words", () => {
    const row = forecastRow(
      dirForecast(3, "/data/d2", { basis: { series: "usedBytes", points: 288, fromMs: 0, toMs: 14 * DAY * 1000, placementShare: 0.4, method: "theil-sen", note: "n" } }),
      365,
    );
    expect(row).toMatchObject({
      key: "3:/data/d2",
      utilization: "50%",
      mark: 0,
      growth: "+10.0 GiB/day",
      growthRange: "8.0 GiB to 12.0 GiB a day",
      confidenceLabel: "High",
      basis: "The disk's used bytes, 288 scans over 14 days; takes 40% of broker 3's new partitions",
      note: "n",
    });
    expect(row.p85.full).toBe("about 35 days (26–53 days)");
    expect(row.full.full).toBe("about 50 days (38–75 days)");
  });

  it("forecastRow() says what it could not know", () => {
    const row = forecastRow(
      dirForecast(1, "/d", {
        growth: null,
        utilization: null,
        until: { p85: null, p95: null, full: null },
        confidence: "none",
        basis: { series: null, points: 2, fromMs: 0, toMs: 0, placementShare: 0, method: "", note: "" },
      }),
      365,
    );
    expect(row).toMatchObject({ growth: "unknown", growthRange: null, utilization: "–", confidenceLabel: "None", basis: "Too little history: 2 scans" });
    expect(forecastRow(dirForecast(1, "/d", { basis: { series: null, points: 0, fromMs: 0, toMs: 0, placementShare: 0, method: "none", note: "" } }), 365).basis).toBe(
      "Nothing fitted yet: too little history",
    );
    // Nothing fitted: unknown, never "not within a year" (unknown is not "none").
    expect([row.p85.full, row.p95.full, row.full.full]).toEqual(["unknown", "unknown", "unknown"]);
    expect(row.fitted).toBe(false);
    // A fitted dir that reaches no level within the horizon says so.
    expect(forecastRow(dirForecast(1, "/d", { until: { p85: null, p95: null, full: null } }), 365).full.full).toBe("not within a year");
    expect(forecastRow(dirForecast(1, "/d", { growth: { bytesPerDay: -GiB, low: -2 * GiB, high: 0, trendBytesPerDay: -GiB, placementBytesPerDay: 0 } }), 365).growth).toBe(
      "\u22121.0 GiB/day",
    );
    expect(
      forecastRow(dirForecast(1, "/d", { basis: { series: "kafkaBytes", points: 30, fromMs: 0, toMs: 36 * 3600_000, placementShare: 0, method: "", note: "" } }), 365).basis,
    ).toBe("Kafka's bytes (disk usage unknown), 30 scans over 36 hours");
  });

  it("forecastRows() puts the dir that fills first on top, crossed levels before, unknown last", () => {
    const rows = forecastRows(
      [
        dirForecast(1, "/late"),
        dirForecast(2, "/never", { until: { p85: null, p95: null, full: null } }),
        dirForecast(3, "/soon", { until: { p85: eta(2), p95: eta(3), full: eta(4) } }),
        dirForecast(4, "/past", { utilization: 0.9, until: { p85: eta(0, 0, 0), p95: eta(3), full: eta(4) } }),
      ],
      365,
    );
    expect(rows.map((r) => r.dir)).toEqual(["/past", "/soon", "/late", "/never"]);
  });

  it("forecastRows() breaks ties by utilisation, then broker and dir", () => {
    const none = { p85: null, p95: null, full: null };
    const rows = forecastRows([dirForecast(2, "/b", { until: none }), dirForecast(2, "/a", { until: none }), dirForecast(1, "/z", { until: none, utilization: 0.7 })], 365);
    expect(rows.map((r) => r.key)).toEqual(["1:/z", "2:/a", "2:/b"]);
  });

  it("forecastSummary() counts dirs past and reaching 85% within 30 days, and those without a forecast", () => {
    const rows = forecastRows(
      [
        dirForecast(1, "/a", { until: { p85: eta(0, 0, 0), p95: null, full: null } }),
        dirForecast(1, "/b", { until: { p85: eta(5), p95: null, full: null } }),
        dirForecast(2, "/c", { confidence: "none", until: { p85: null, p95: null, full: null } }),
      ],
      365,
    );
    expect(forecastSummary(rows)).toBe("3 log dirs; 1 already past 85%; 1 reaches 85% within 30 days; 1 without a forecast (no capacity or too little history).");
    expect(forecastSummary(forecastRows([dirForecast(1, "/a")], 365))).toBe("1 log dir; none reaches 85% within 30 days.");
  });

  it("forecastSummary() before any fit says how much history there is, not that none reaches 85%", () => {
    const young = (dir: string) =>
      dirForecast(1, dir, {
        growth: null,
        confidence: "none",
        until: { p85: null, p95: null, full: null },
        basis: { series: null, points: 0, fromMs: 0, toMs: 0, placementShare: 0, method: "none", note: "" },
      });
    const history = { firstAt: 0, lastAt: 30 * 60_000, scans: 7 };
    expect(forecastSummary(forecastRows([young("/a"), young("/b")], 365), history)).toBe("2 log dirs. Not enough history yet (30 min of 6 h): a forecast needs 6 h of scans.");
    // Some fitted, some not: "none" only of those with a forecast.
    expect(forecastSummary(forecastRows([young("/a"), dirForecast(1, "/b", { until: { p85: null, p95: null, full: null } })], 365), history)).toBe(
      "2 log dirs; none with a forecast reaches 85% within 30 days; 1 without a forecast (no capacity or too little history).",
    );
  });
});
