import { describe, expect, it } from "vitest";
import { formatBytes, formatPercent, formatSkew } from "@/lib/model/format";

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
