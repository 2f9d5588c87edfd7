import { describe, expect, it } from "vitest";
import { etaCentral, etaRange, etaText, horizonWords } from "@/lib/view/history/forecast-eta";

const HOUR = 3600;
const DAY = 24 * HOUR;

describe("forecast-eta", () => {
  it("etaText() says the central time with its range in the same unit", () => {
    expect(etaText({ seconds: 4 * DAY, earliestSeconds: 3 * DAY, latestSeconds: 6 * DAY }, 365).full).toBe("about 4 days (3–6 days)");
    expect(etaText({ seconds: 5 * HOUR, earliestSeconds: 3 * HOUR, latestSeconds: 9 * HOUR }, 365).full).toBe("about 5 hours (3–9 hours)");
    expect(etaText({ seconds: 100 * DAY, earliestSeconds: 70 * DAY, latestSeconds: 200 * DAY }, 365).full).toBe("about 3 months (2–7 months)");
  });

  it("etaText() says an open slow end, a crossed level and a level not reached within the horizon", () => {
    expect(etaText({ seconds: 9 * DAY, earliestSeconds: 5 * DAY, latestSeconds: null }, 365).full).toBe("about 9 days (5 days or more)");
    expect(etaText({ seconds: 0, earliestSeconds: 0, latestSeconds: 0 }, 365)).toEqual({ central: "already past", range: null, full: "already past", sortSeconds: 0 });
    expect(etaText(null, 365)).toMatchObject({ full: "not within a year", sortSeconds: Infinity });
    expect(etaText(null, 90).full).toBe("not within 90 days");
  });

  it("etaRange() drops a range that rounds to the central time", () => {
    expect(etaRange({ seconds: 4 * DAY, earliestSeconds: 3.9 * DAY, latestSeconds: 4.2 * DAY })).toBeNull();
    expect(etaText({ seconds: 4 * DAY, earliestSeconds: 3.9 * DAY, latestSeconds: 4.2 * DAY }, 365).full).toBe("about 4 days");
  });

  it("etaCentral() never reads 0 units and says under an hour", () => {
    expect(etaCentral(20 * 60)).toBe("under an hour");
    expect(etaCentral(HOUR)).toBe("about 1 hour");
    expect(etaCentral(3 * 365 * DAY)).toBe("about 3 years");
    expect(etaCentral(NaN)).toBe("–");
  });

  it("horizonWords() names the horizon", () => {
    expect(horizonWords(365)).toBe("a year");
    expect(horizonWords(730)).toBe("2 years");
    expect(horizonWords(30)).toBe("30 days");
  });
});
