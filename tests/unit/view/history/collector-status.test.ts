import { describe, expect, it } from "vitest";
import { collectorLine, emptyMessage, emptyReason, intervalWords } from "@/lib/view/history/collector-status";

const NOW = Date.UTC(2026, 0, 6, 12);
const MIN = 60_000;

describe("collector-status", () => {
  it("intervalWords() says the interval in its unit", () => {
    expect(intervalWords(300_000)).toBe("5 min");
    expect(intervalWords(2000)).toBe("2 s");
    expect(intervalWords(5_400_000)).toBe("1.5 h");
    expect(intervalWords(0)).toBe("–");
  });

  it("collectorLine() says when the last scan was, and the error when it failed", () => {
    expect(collectorLine({ lastAttemptAt: null, lastSuccessAt: null, lastError: null }, 300_000, NOW)).toEqual({ text: "Recorded every 5 min; no scan yet.", failing: false });
    expect(collectorLine({ lastAttemptAt: NOW - 3 * MIN, lastSuccessAt: NOW - 3 * MIN, lastError: null }, 300_000, NOW).text).toBe("Recorded every 5 min; last scan 3 min ago.");
    expect(collectorLine({ lastAttemptAt: NOW - MIN, lastSuccessAt: NOW - 10 * MIN, lastError: "timeout" }, 300_000, NOW)).toEqual({
      text: "Recorded every 5 min; the last scan (1 min ago) failed: timeout; the last success was 10 min ago.",
      failing: true,
    });
    expect(collectorLine({ lastAttemptAt: NOW - MIN, lastSuccessAt: null, lastError: "refused" }, 300_000, NOW).text).toContain("none has succeeded yet");
  });

  it("emptyReason() tells the demo, no scan yet and only failures apart, and null once anything is recorded", () => {
    expect(emptyReason("demo", null, 0)).toBe("demo");
    expect(emptyReason("live", null, 0)).toBe("not-yet");
    expect(emptyReason("live", { lastAttemptAt: null, lastSuccessAt: null, lastError: null }, 0)).toBe("not-yet");
    expect(emptyReason("live", { lastAttemptAt: NOW, lastSuccessAt: null, lastError: "x" }, 0)).toBe("failing");
    expect(emptyReason("live", { lastAttemptAt: NOW, lastSuccessAt: NOW, lastError: null }, 0)).toBeNull();
    expect(emptyReason("live", null, 3)).toBeNull();
  });

  it("emptyMessage() says why, with the interval and the variable that sets it", () => {
    expect(emptyMessage("not-yet", 300_000)).toContain("every 5 min (KAFKA_BALANCE_COLLECT_INTERVAL_MS)");
    expect(emptyMessage("demo", 300_000)).toMatch(/^The demo cluster is not collected/);
  });
});
