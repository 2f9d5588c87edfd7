import { describe, expect, it } from "vitest";
import { formatAge, formatCapturedAt } from "@/lib/view/format-time";

describe("format-time", () => {
  it("formatCapturedAt() prints UTC to the second, whatever the machine's zone", () => {
    expect(formatCapturedAt("2026-01-05T10:00:12.345+01:00")).toBe("2026-01-05 09:00:12 UTC");
    expect(formatCapturedAt("yesterday")).toBe("yesterday");
  });

  it("formatAge() reads the age against the clock it is given", () => {
    const at = Date.parse("2026-01-05T09:00:00Z");
    const iso = "2026-01-05T09:00:00Z";
    expect([0, 30_000, 180_000, 7_200_000, 4 * 86_400_000].map((d) => formatAge(iso, at + d))).toEqual(["just now", "30 s ago", "3 min ago", "2 h ago", "4 days ago"]);
    expect(formatAge("nope", at)).toBe("");
  });
});
