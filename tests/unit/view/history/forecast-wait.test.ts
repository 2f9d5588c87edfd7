import { describe, expect, it } from "vitest";
import { FORECAST_NEEDS_MS, historyProgress, historySpanMs, notEnoughHistory, shortSpan } from "@/lib/view/history/forecast-wait";
import { MIN_FIT_SPAN_MS } from "@/lib/forecast/fit";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("forecast-wait", () => {
  it("needs what the fit needs (6 h)", () => {
    expect(FORECAST_NEEDS_MS).toBe(MIN_FIT_SPAN_MS);
    expect(FORECAST_NEEDS_MS).toBe(6 * HOUR);
  });

  it("historySpanMs() is first to last scan, 0 without two", () => {
    expect(historySpanMs(null)).toBe(0);
    expect(historySpanMs({ firstAt: null, lastAt: null, scans: 0 })).toBe(0);
    expect(historySpanMs({ firstAt: 1000, lastAt: 1000, scans: 1 })).toBe(0);
    expect(historySpanMs({ firstAt: 1000, lastAt: 1000 + 30 * MINUTE, scans: 7 })).toBe(30 * MINUTE);
  });

  it("shortSpan() rounds minutes down", () => {
    expect([0, 59_999, 10 * MINUTE, HOUR, 6 * HOUR - 1, 6 * HOUR, 26 * HOUR + 5 * MINUTE].map(shortSpan)).toEqual([
      "0 min",
      "0 min",
      "10 min",
      "1 h",
      "5 h 59 min",
      "6 h",
      "26 h 5 min",
    ]);
  });

  it("historyProgress() caps at what is needed", () => {
    expect(historyProgress({ firstAt: 0, lastAt: 30 * MINUTE, scans: 7 })).toBe("30 min of 6 h");
    expect(historyProgress({ firstAt: 0, lastAt: 9 * 24 * HOUR, scans: 700 })).toBe("6 h of 6 h");
  });

  it("notEnoughHistory() says how much there is, or that no dir has 6 h of its own", () => {
    expect(notEnoughHistory(null)).toBe("Not enough history yet (0 min of 6 h): a forecast needs 6 h of scans.");
    expect(notEnoughHistory({ firstAt: 0, lastAt: 2 * HOUR + 15 * MINUTE, scans: 28 })).toBe("Not enough history yet (2 h 15 min of 6 h): a forecast needs 6 h of scans.");
    expect(notEnoughHistory({ firstAt: 0, lastAt: 6 * HOUR, scans: 73 })).toBe("Not enough history yet: no log dir has 6 h of scans of its own.");
  });
});
