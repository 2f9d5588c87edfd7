import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  byteUnitFor,
  formatAge,
  formatByteRate,
  formatBytes,
  formatCapturedAt,
  formatDays,
  formatDuration,
  formatCount,
  formatCountOf,
  formatInByteUnit,
  formatPercent,
  formatSignedPercent,
  formatSkew,
  formatTimeOfDay,
  formatUtilization,
} from "@/lib/model/format";
import { finiteDouble } from "../../fixtures/extreme/doubles";

describe("format", () => {
  it("formatBytes() uses binary units with one decimal", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(412 * 1024 ** 3)).toBe("412.0 GiB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3.0 TiB");
  });

  it("formatPercent() drops decimals except under 1%", () => {
    expect(formatPercent(0.78)).toBe("78%");
    expect(formatPercent(0.004)).toBe("0.4%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(null)).toBe("–");
  });

  it("formatSkew() shows two decimals and ×", () => {
    expect(formatSkew(2.9)).toBe("2.90×");
  });
});

describe("formatBytes()", () => {
  it("formatBytes() writes any finite double in a short label with a unit", () => {
    fc.assert(
      fc.property(finiteDouble(), (x) => {
        const text = formatBytes(x);
        expect(text).toMatch(/^-?[0-9.e+]+ (B|KiB|MiB|GiB|TiB|PiB)$/);
        expect(text.length).toBeLessThanOrEqual(30);
      }),
    );
    expect(formatBytes(5e-324)).toBe("0 B");
    expect(formatBytes(-0)).toBe("0 B");
  });
});

describe("formatPercent()", () => {
  it("formatPercent() writes any finite share in a bounded label", () => {
    fc.assert(
      fc.property(finiteDouble(), (x) => {
        expect(formatPercent(x).length).toBeLessThanOrEqual(30);
      }),
    );
  });
});

describe("formatSkew()", () => {
  it("formatSkew() prints a ratio that is not finite as a dash", () => {
    for (const r of [NaN, Infinity, -Infinity]) expect(formatSkew(r)).toBe("–");
  });

  it("formatSkew() writes any finite ratio in a bounded label", () => {
    fc.assert(
      fc.property(finiteDouble(), (x) => {
        expect(formatSkew(x).length).toBeLessThanOrEqual(30);
      }),
    );
  });
});

describe("formatCount()", () => {
  it('formatCount() prints what toLocaleString("en-US") prints for the rounded number', () => {
    for (const n of [0, 7, 999, 1000, 12345.6, 9_007_199_254_740_991, -1234]) expect(formatCount(n)).toBe(Math.round(n).toLocaleString("en-US"));
    // Around the short path for fewer than four digits: negative zero and the thousand on either side.
    for (const n of [-0, -0.4, 0.49, -999.4, -999.6, 999.49, 999.5, -1000, NaN]) expect(formatCount(n)).toBe(Math.round(n).toLocaleString("en-US"));
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (x) => {
        expect(formatCount(x)).toBe(Math.round(x).toLocaleString("en-US"));
      }),
    );
    fc.assert(
      fc.property(finiteDouble(), (x) => {
        expect(formatCount(x)).toBe(Math.round(x).toLocaleString("en-US"));
      }),
    );
  });

  it("formatCount() writes every digit, so at most 309 digits, their commas and a sign", () => {
    fc.assert(
      fc.property(finiteDouble(), (x) => {
        expect(formatCount(x).length).toBeLessThanOrEqual(412);
      }),
    );
  });
});

describe("formatCountOf()", () => {
  it("formatCountOf() puts the noun in the singular for exactly 1 and in the plural otherwise", () => {
    expect(formatCountOf(1, "partition")).toBe("1 partition");
    expect(formatCountOf(0, "partition")).toBe("0 partitions");
    expect(formatCountOf(12345, "log dir")).toBe("12,345 log dirs");
    expect(formatCountOf(2, "topic is", "topics are")).toBe("2 topics are");
  });
});

describe("byteUnitFor()", () => {
  it("byteUnitFor() picks the unit formatBytes() would print the largest value in", () => {
    expect(byteUnitFor(0)).toEqual({ name: "B", factor: 1 });
    expect(byteUnitFor(1023)).toEqual({ name: "B", factor: 1 });
    expect(byteUnitFor(1024)).toEqual({ name: "KiB", factor: 1024 });
    expect(byteUnitFor(412 * 1024 ** 3)).toEqual({ name: "GiB", factor: 1024 ** 3 });
    expect(byteUnitFor(1e300).name).toBe("PiB");
    for (const max of [5, 2048, 3.5 * 1024 ** 2, 7 * 1024 ** 4]) expect(formatBytes(max).endsWith(byteUnitFor(max).name)).toBe(true);
  });
});

describe("formatInByteUnit()", () => {
  it("formatInByteUnit() prints whole numbers from 10 up and one decimal below", () => {
    const GiB = byteUnitFor(1024 ** 3);
    expect(formatInByteUnit(305 * 1024 ** 3, GiB)).toBe("305");
    expect(formatInByteUnit(4.24 * 1024 ** 3, GiB)).toBe("4.2");
    expect(formatInByteUnit(0, GiB)).toBe("0");
    expect(formatInByteUnit(9.96 * 1024 ** 3, GiB)).toBe("10.0");
  });
});

describe("formatUtilization()", () => {
  it("formatUtilization() says <0.1% for a nearly empty disk instead of 0.0%", () => {
    expect(formatUtilization(0.0000015)).toBe("<0.1%");
    expect(formatUtilization(0)).toBe("0%");
    expect(formatUtilization(0.004)).toBe("0.4%");
    expect(formatUtilization(null)).toBe("–");
  });
});

describe("formatSignedPercent()", () => {
  it("formatSignedPercent() prints zero without a sign", () => {
    expect(formatSignedPercent(0)).toBe("0%");
  });
});

describe("format-time", () => {
  it("formatCapturedAt() prints UTC to the second, whatever the machine's zone", () => {
    expect(formatCapturedAt("2026-01-05T10:00:12.345+01:00")).toBe("2026-01-05 09:00:12 UTC");
    expect(formatCapturedAt("yesterday")).toBe("yesterday");
  });

  it("formatTimeOfDay() prints the UTC time of day to the second", () => {
    expect(formatTimeOfDay("2026-01-05T10:00:12.345+01:00")).toBe("09:00:12 UTC");
    expect(formatTimeOfDay("soon")).toBe("soon");
  });

  it("formatAge() reads the age against the clock it is given", () => {
    const at = Date.parse("2026-01-05T09:00:00Z");
    const iso = "2026-01-05T09:00:00Z";
    expect([0, 30_000, 180_000, 7_200_000, 4 * 86_400_000].map((d) => formatAge(iso, at + d))).toEqual(["just now", "30 s ago", "3 min ago", "2 h ago", "4 days ago"]);
    expect(formatAge("nope", at)).toBe("");
  });
});

describe("formatDuration()", () => {
  it("formatDuration() reads like a person would say it", () => {
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(200)).toBe("3 min 20 s");
    expect(formatDuration(4320)).toBe("1 h 12 min");
  });
});

describe("formatDays()", () => {
  it("formatDays() gives hours under a day, one decimal under ten days, whole days to two years, then years", () => {
    expect([0.2, 1, 3.46, 14.4, 729, 800, -1, NaN, Infinity].map(formatDays)).toEqual(["5 h", "1.0 days", "3.5 days", "14 days", "729 days", "2.2 years", "0 h", "–", "–"]);
  });
});

describe("formatByteRate()", () => {
  it("formatByteRate() is formatBytes per second", () => {
    expect(formatByteRate(40 * 1024 * 1024)).toBe("40.0 MiB/s");
  });
});
