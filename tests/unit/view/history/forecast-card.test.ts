import { describe, expect, it } from "vitest";
import { forecastCard } from "@/lib/view/history/forecast-card";
import { dirForecast } from "@/tests/support/forecasts";

const DAY = 86_400;
const eta = (days: number, lo: number, hi: number | null) => ({ seconds: days * DAY, earliestSeconds: lo * DAY, latestSeconds: hi === null ? null : hi * DAY });

describe("forecastCard()", () => {
  it("forecastCard() names the first dirs to fill in the operator's words", () => {
    const card = forecastCard(
      [
        dirForecast(1, "/data/d1", { until: { p85: eta(40, 30, 60), p95: eta(50, 40, 70), full: eta(55, 45, 80) } }),
        dirForecast(3, "/data/d2", { until: { p85: eta(4, 3, 6), p95: eta(7, 5, 10), full: eta(9, 6, 14) } }),
      ],
      365,
    );
    expect(card.lines.map((l) => [l.broker, l.dir, l.text])).toEqual([
      [3, "/data/d2", "reaches 85% in about 4 days (3–6 days), full in about 9 days"],
      [1, "/data/d1", "reaches 85% in about 40 days (30–60 days), full in about 55 days"],
    ]);
    expect(card).toMatchObject({ calm: null, more: 0, moreText: null });
  });

  it("forecastCard() says where a dir past 85% is now, and a full one", () => {
    const card = forecastCard(
      [
        dirForecast(2, "/b", { utilization: 0.91, until: { p85: eta(0, 0, 0), p95: eta(2, 1, 3), full: null } }),
        dirForecast(1, "/a", { utilization: 1, until: { p85: eta(0, 0, 0), p95: eta(0, 0, 0), full: eta(0, 0, 0) } }),
      ],
      365,
    );
    expect(card.lines.map((l) => l.text)).toEqual(["is full (100%)", "is at 91%, reaches 95% in about 2 days (1–3 days), not full within a year"]);
  });

  it("forecastCard() shows at most `limit` dirs, counts the rest, and leaves out dirs without a forecast", () => {
    const dirs = [1, 2, 3, 4, 5].map((b) => dirForecast(b, "/d"));
    dirs.push(dirForecast(9, "/none", { confidence: "none", until: { p85: null, p95: null, full: null } }));
    const card = forecastCard(dirs, 365);
    expect(card.lines).toHaveLength(3);
    expect(card.more).toBe(2);
    expect(card.moreText).toBe("and 2 more dirs reach 85%, 95% or full within a year.");
  });

  it("forecastCard() is calm when no dir reaches a level within the horizon", () => {
    const card = forecastCard([dirForecast(1, "/d", { until: { p85: null, p95: null, full: null } })], 365);
    expect(card).toEqual({ lines: [], calm: "No log dir is forecast to reach 85% within a year.", more: 0, moreText: null });
  });
});
