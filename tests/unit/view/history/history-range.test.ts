import { describe, expect, it } from "vitest";
import {
  autoRange,
  DEFAULT_RANGE,
  describeRange,
  HISTORY_RANGES,
  MIN_AUTO_SPAN_MS,
  MIN_ZOOM_MS,
  panWindow,
  rangeFromParams,
  rangeParams,
  rangeWindow,
  scaleWindow,
  zoomWindow,
} from "@/lib/view/history/history-range";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 0, 6, 12, 0);
const params = (q: string) => new URLSearchParams(q);

describe("history-range", () => {
  it("HISTORY_RANGES are the five presets, shortest first", () => {
    expect(HISTORY_RANGES.map((r) => r.id)).toEqual(["6h", "2d", "14d", "60d", "2y"]);
    for (let i = 1; i < HISTORY_RANGES.length; i++) expect(HISTORY_RANGES[i]!.spanMs).toBeGreaterThan(HISTORY_RANGES[i - 1]!.spanMs);
  });

  describe("autoRange(): the default follows the data", () => {
    const MIN = 60_000;
    const DAY = 24 * HOUR;

    it("reads the default preset's 2 days", () => {
      expect(rangeWindow({ kind: "auto" }, NOW)).toEqual({ fromMs: NOW - 2 * DAY, toMs: NOW });
    });

    it("0 points: the 2 days", () => {
      expect(autoRange(NOW, null)).toEqual({ window: { fromMs: NOW - 2 * DAY, toMs: NOW }, text: "the last 2 days" });
    });

    it("30 minutes of data: a window of about 30 minutes (a little room before the first point), not 2 days", () => {
      const { window, text } = autoRange(NOW, NOW - 30 * MIN);
      expect(window.toMs).toBe(NOW);
      expect(window.fromMs).toBeLessThan(NOW - 30 * MIN);
      expect(window.fromMs).toBeGreaterThanOrEqual(NOW - 32 * MIN);
      expect(text).toBe("the 30 min recorded so far");
      expect(describeRange({ kind: "auto" }, autoRange(NOW, NOW - 30 * MIN))).toBe("the 30 min recorded so far");
    });

    it("a first scan a moment ago: at least MIN_AUTO_SPAN_MS", () => {
      expect(autoRange(NOW, NOW - 5_000)).toEqual({ window: { fromMs: NOW - MIN_AUTO_SPAN_MS, toMs: NOW }, text: "the first scans (under a minute of history)" });
      expect(autoRange(NOW, NOW - 5 * HOUR - 20 * MIN).text).toBe("the 5 h 20 min recorded so far");
    });

    it("3 days and 30 days of data: the last 2 days", () => {
      for (const days of [3, 30]) expect(autoRange(NOW, NOW - days * DAY)).toEqual({ window: { fromMs: NOW - 2 * DAY, toMs: NOW }, text: "the last 2 days" });
      // Just under the preset: its own span, never past 2 days.
      const young = autoRange(NOW, NOW - 2 * DAY + HOUR).window;
      expect(young.toMs - young.fromMs).toBe(2 * DAY);
    });

    it("describeRange() of the default before the data says what it reads", () => {
      expect(describeRange({ kind: "auto" })).toBe("the last 2 days");
    });
  });

  it("rangeWindow() ends a preset at now and gives a zoom its own times", () => {
    expect(rangeWindow({ kind: "preset", id: "6h" }, NOW)).toEqual({ fromMs: NOW - 6 * HOUR, toMs: NOW });
    expect(rangeWindow({ kind: "zoom", fromMs: 1, toMs: 2 }, NOW)).toEqual({ fromMs: 1, toMs: 2 });
  });

  it("zoomWindow() takes the two positions either way round and keeps them inside the window", () => {
    const w = { fromMs: NOW - 48 * HOUR, toMs: NOW };
    expect(zoomWindow(w, NOW - 2 * HOUR, NOW - 10 * HOUR)).toEqual({ fromMs: NOW - 10 * HOUR, toMs: NOW - 2 * HOUR });
    expect(zoomWindow(w, NOW - 100 * HOUR, NOW + HOUR)).toEqual(w);
  });

  it("zoomWindow() refuses a stretch narrower than MIN_ZOOM_MS or not finite", () => {
    const w = { fromMs: 0, toMs: 100 * HOUR };
    expect(zoomWindow(w, HOUR, HOUR + MIN_ZOOM_MS - 1)).toBeNull();
    expect(zoomWindow(w, HOUR, NaN)).toBeNull();
    expect(zoomWindow(w, HOUR, HOUR + MIN_ZOOM_MS)).not.toBeNull();
  });

  it("rangeFromParams() reads a preset, a zoom, and falls back to the default for anything else", () => {
    expect(rangeFromParams(params("range=60d"))).toEqual({ kind: "preset", id: "60d" });
    expect(rangeFromParams(params(`from=0&to=${HOUR}`))).toEqual({ kind: "zoom", fromMs: 0, toMs: HOUR });
    expect(rangeFromParams(params("range=3w"))).toEqual({ kind: "auto" });
    expect(rangeFromParams(params("from=5&to=6"))).toEqual({ kind: "auto" });
    expect(rangeFromParams(params(`from=0&to=${MIN_ZOOM_MS}`))).toEqual({ kind: "zoom", fromMs: 0, toMs: MIN_ZOOM_MS });
    expect(rangeFromParams(params("from=x&to=y"))).toEqual({ kind: "auto" });
  });

  it("rangeParams() is the inverse of rangeFromParams(), and the default needs no parameter", () => {
    for (const choice of [
      { kind: "preset", id: "14d" },
      { kind: "zoom", fromMs: 0, toMs: 2 * HOUR },
    ] as const) {
      expect(rangeFromParams(params(new URLSearchParams(rangeParams(choice)).toString()))).toEqual(choice);
    }
    // The default follows the data and needs no parameter; a preset the operator picked is kept, even the default's 2 days.
    expect(rangeParams({ kind: "auto" })).toEqual({});
    expect(rangeFromParams(params(""))).toEqual({ kind: "auto" });
    expect(rangeParams({ kind: "preset", id: DEFAULT_RANGE })).toEqual({ range: DEFAULT_RANGE });
    expect(rangeFromParams(params("range=2d"))).toEqual({ kind: "preset", id: "2d" });
  });

  it("describeRange() says a preset in words and a zoom as two UTC times", () => {
    expect(describeRange({ kind: "preset", id: "6h" })).toBe("the last 6 hours");
    expect(describeRange({ kind: "preset", id: "14d" })).toBe("the last 14 days");
    expect(describeRange({ kind: "preset", id: "2y" })).toBe("the last 2 years");
    expect(describeRange({ kind: "zoom", fromMs: Date.UTC(2026, 0, 5, 9), toMs: Date.UTC(2026, 0, 6, 12, 30) })).toBe("5 Jan 2026 09:00 UTC – 6 Jan 2026 12:30 UTC");
  });

  it("scaleWindow() zooms in around the middle and out no further than now or 2 years", () => {
    const w = { fromMs: NOW - 48 * HOUR, toMs: NOW - 24 * HOUR };
    expect(scaleWindow(w, 0.5, NOW)).toEqual({ fromMs: NOW - 42 * HOUR, toMs: NOW - 30 * HOUR });
    expect(scaleWindow(w, 4, NOW)).toEqual({ fromMs: NOW - 96 * HOUR, toMs: NOW });
    expect(scaleWindow(w, 1e6, NOW).toMs - scaleWindow(w, 1e6, NOW).fromMs).toBe(730 * 24 * HOUR);
    expect(scaleWindow(w, 1e-9, NOW).toMs - scaleWindow(w, 1e-9, NOW).fromMs).toBe(MIN_ZOOM_MS);
  });

  it("panWindow() moves half a window and stops at now", () => {
    const w = { fromMs: NOW - 48 * HOUR, toMs: NOW - 24 * HOUR };
    expect(panWindow(w, -1, NOW)).toEqual({ fromMs: NOW - 60 * HOUR, toMs: NOW - 36 * HOUR });
    expect(panWindow(w, 1, NOW)).toEqual({ fromMs: NOW - 36 * HOUR, toMs: NOW - 12 * HOUR });
    expect(panWindow({ fromMs: NOW - 2 * HOUR, toMs: NOW }, 1, NOW)).toEqual({ fromMs: NOW - 2 * HOUR, toMs: NOW });
  });
});
