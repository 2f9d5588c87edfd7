import { describe, expect, it } from "vitest";
import { formatPointTime, formatTimeTick, timeTickFormat, timeTicks } from "@/lib/view/common/time-ticks";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 6, 12, 7);

describe("time-ticks", () => {
  it("timeTicks() puts round hours on a 6-hour window, inside it, ascending", () => {
    const { ticks, format } = timeTicks(T0 - 6 * HOUR, T0);
    expect(format).toBe("time");
    expect(ticks.map((t) => formatTimeTick(t, format))).toEqual(["07:00", "08:00", "09:00", "10:00", "11:00", "12:00"]);
  });

  it("timeTicks() names midnight by its day on a two-day window", () => {
    const { ticks, format } = timeTicks(T0 - 2 * DAY, T0);
    const labels = ticks.map((t) => formatTimeTick(t, format));
    expect(labels).toContain("5 Jan");
    expect(labels).toContain("12:00");
  });

  it("timeTicks() labels days on 14 and 60 days and months on 2 years", () => {
    const fortnight = timeTicks(T0 - 14 * DAY, T0);
    expect(fortnight.format).toBe("day");
    expect(fortnight.ticks.map((t) => formatTimeTick(t, "day"))).toEqual(["24 Dec", "26 Dec", "28 Dec", "30 Dec", "1 Jan", "3 Jan", "5 Jan"]);
    const sixty = timeTicks(T0 - 60 * DAY, T0);
    expect(sixty.format).toBe("day");
    expect(sixty.ticks.every((t) => new Date(t).getUTCDay() === 1)).toBe(true);
    const twoYears = timeTicks(T0 - 730 * DAY, T0);
    expect(twoYears.format).toBe("month");
    expect(twoYears.ticks.map((t) => formatTimeTick(t, "month"))).toContain("Jan 2025");
    expect(twoYears.ticks.every((t) => new Date(t).getUTCDate() === 1)).toBe(true);
  });

  it("timeTicks() stays short for every window and gives none for an empty or broken one", () => {
    for (const span of [1, 60_000, HOUR, 7 * DAY, 90 * DAY, 3650 * DAY, 36500 * DAY]) {
      const { ticks } = timeTicks(T0 - span, T0);
      expect(ticks.length).toBeLessThanOrEqual(9);
      expect(ticks.every((t, i) => t >= T0 - span && t <= T0 && (i === 0 || t > ticks[i - 1]!))).toBe(true);
    }
    expect(timeTicks(T0, T0).ticks).toEqual([]);
    expect(timeTicks(NaN, T0).ticks).toEqual([]);
  });

  it("timeTickFormat() switches at 2 and 120 days", () => {
    expect(timeTickFormat(2 * DAY)).toBe("time");
    expect(timeTickFormat(2 * DAY + 1)).toBe("day");
    expect(timeTickFormat(121 * DAY)).toBe("month");
  });

  it("formatPointTime() prints UTC in one fixed format", () => {
    expect(formatPointTime(T0)).toBe("6 Jan 2026 12:07 UTC");
    expect(formatPointTime(NaN)).toBe("–");
  });
});
