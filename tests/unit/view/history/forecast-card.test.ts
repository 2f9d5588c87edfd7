import { describe, expect, it } from "vitest";
import { forecastCard } from "@/lib/view/history/forecast-card";
import { dirForecast } from "@/tests/support/forecasts";

const DAY = 86_400;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 11, 3, 9, 0);
const span = (ms: number) => ({ firstAt: NOW - ms, lastAt: NOW, scans: Math.max(2, Math.round(ms / (5 * MINUTE))) });
const eta = (days: number, lo: number, hi: number | null) => ({ seconds: days * DAY, earliestSeconds: lo * DAY, latestSeconds: hi === null ? null : hi * DAY });

describe("forecastCard()", () => {
  it("forecastCard() names the first dirs to fill in the operator's words", () => {
    const card = forecastCard(
      [
        dirForecast(1, "/data/d1", { until: { p85: eta(40, 30, 60), p95: eta(50, 40, 70), full: eta(55, 45, 80) } }),
        dirForecast(3, "/data/d2", { until: { p85: eta(4, 3, 6), p95: eta(7, 5, 10), full: eta(9, 6, 14) } }),
      ],
      365,
      null,
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
      null,
    );
    expect(card.lines.map((l) => l.text)).toEqual(["is full (100%)", "is at 91%, reaches 95% in about 2 days (1–3 days), not full within a year"]);
  });

  it("forecastCard() shows at most `limit` dirs, counts the rest, and leaves out dirs without a forecast", () => {
    const dirs = [1, 2, 3, 4, 5].map((b) => dirForecast(b, "/d"));
    dirs.push(dirForecast(9, "/none", { confidence: "none", until: { p85: null, p95: null, full: null } }));
    const card = forecastCard(dirs, 365, null);
    expect(card.lines).toHaveLength(3);
    expect(card.more).toBe(2);
    expect(card.moreText).toBe("and 2 more dirs reach 85%, 95% or full within a year.");
  });

  it("forecastCard() is calm when no dir reaches a level within the horizon", () => {
    const card = forecastCard([dirForecast(1, "/d", { until: { p85: null, p95: null, full: null } })], 365, span(14 * 24 * HOUR));
    expect(card).toEqual({
      tone: "calm",
      lines: [],
      calm: "No log dir is forecast to reach 85% within a year.",
      waiting: null,
      unknownText: null,
      more: 0,
      moreText: null,
    });
  });

  describe("before a fit: not enough history yet (N of 6 h), never a verdict", () => {
    // A dir of a young history: nothing fitted, so no times at all (lib/forecast/dir-forecast.ts).
    const young = (broker: number) =>
      dirForecast(broker, "/d", {
        growth: null,
        until: { p85: null, p95: null, full: null },
        confidence: "none",
        basis: { series: null, points: 0, fromMs: 0, toMs: 0, method: "none", placementShare: 0, note: "Too little history to fit: 4 scans in the window." },
      });

    it("0 history: no scans yet", () => {
      const card = forecastCard([], 365, { firstAt: null, lastAt: null, scans: 0 });
      expect(card).toMatchObject({ tone: "waiting", lines: [], calm: null, waiting: "Not enough history yet (0 min of 6 h): a forecast needs 6 h of scans." });
    });

    it("10 min of history", () => {
      const card = forecastCard([young(1), young(2)], 365, span(10 * MINUTE));
      expect(card).toMatchObject({ tone: "waiting", lines: [], calm: null, unknownText: null, waiting: "Not enough history yet (10 min of 6 h): a forecast needs 6 h of scans." });
    });

    it("5 h 59 min of history reads 5 h 59 min, not 6 h", () => {
      const card = forecastCard([young(1)], 365, span(6 * HOUR - MINUTE + 59_000));
      expect(card.waiting).toBe("Not enough history yet (5 h 59 min of 6 h): a forecast needs 6 h of scans.");
      expect(card.tone).toBe("waiting");
    });

    it("6 h and more: fitted dirs get their verdict; dirs still without a fit are counted, and the tone is not calm", () => {
      const calm = dirForecast(1, "/a", { until: { p85: null, p95: null, full: null } });
      const card = forecastCard([calm, young(2)], 365, span(6 * HOUR));
      expect(card).toMatchObject({
        tone: "waiting",
        waiting: null,
        calm: "No log dir with a forecast reaches 85% within a year.",
        unknownText: "1 of 2 log dirs has no forecast (not enough history yet).",
      });
      const soon = forecastCard([dirForecast(3, "/b", { until: { p85: eta(4, 3, 6), p95: eta(7, 5, 10), full: eta(9, 6, 14) } }), young(2)], 365, span(7 * HOUR));
      expect(soon).toMatchObject({ tone: "urgent", calm: null, waiting: null, unknownText: "1 of 2 log dirs has no forecast (not enough history yet)." });
      expect(soon.lines.map((l) => l.dir)).toEqual(["/b"]);
      // 6 h of the cluster's scans, yet no dir fitted (dirs newer than the history): still no verdict.
      expect(forecastCard([young(1)], 365, span(8 * HOUR)).waiting).toBe("Not enough history yet: no log dir has 6 h of scans of its own.");
    });
  });
});
