import { describe, expect, it } from "vitest";
import { formatSkew } from "@/lib/model/format";
import { chartSummary, gapCount, seriesSentence, tableRows } from "@/lib/view/history/history-summary";

const T0 = Date.UTC(2026, 0, 6, 9);
const MIN = 60_000;
const rows = [
  { t: T0, skew: 1.2 },
  { t: T0 + 5 * MIN, skew: 1.4 },
  { t: T0 + 10 * MIN, skew: null },
  { t: T0 + 20 * MIN, skew: 1.1 },
  { t: T0 + 25 * MIN, skew: 1.3 },
];
const spec = { key: "skew" as const, label: "Broker-bytes skew", format: formatSkew };

describe("history-summary", () => {
  it("seriesSentence() gives the first, last, lowest and highest value with their times", () => {
    expect(seriesSentence(rows, spec)).toBe("Broker-bytes skew: 1.20× on 6 Jan 2026 09:00 UTC, 1.30× on 6 Jan 2026 09:25 UTC; lowest 1.10×, highest 1.40×.");
    expect(seriesSentence([], spec)).toBe("Broker-bytes skew: no values in this range.");
    expect(seriesSentence(rows.slice(0, 1), spec)).toBe("Broker-bytes skew: 1.20× on 6 Jan 2026 09:00 UTC, the only value in this range.");
  });

  it("gapCount() counts runs of blank rows once, and chartSummary() says them", () => {
    expect(gapCount([...rows, { t: T0 + 30 * MIN, skew: null }, { t: T0 + 31 * MIN, skew: null }], ["skew"])).toBe(2);
    expect(chartSummary(rows, [spec])).toMatch(/1 gap where scans failed or none ran\.$/);
  });

  it("tableRows() lists the points newest first, leaves out blanks and thins evenly keeping the newest", () => {
    expect(tableRows(rows, [spec]).map((r) => r.cells[0])).toEqual(["1.30×", "1.10×", "1.40×", "1.20×"]);
    expect(tableRows(rows, [spec], 2).map((r) => r.cells[0])).toEqual(["1.30×", "1.20×"]);
    expect(tableRows(rows, [spec], 1).map((r) => r.cells[0])).toEqual(["1.30×"]);
    expect(tableRows(rows, [spec])[0]!.time).toBe("6 Jan 2026 09:25 UTC");
  });
});
