import { describe, expect, it } from "vitest";
import { NO_SCROLL, scrollCue } from "@/lib/view/common/scroll-cue";

describe("scrollCue()", () => {
  it("scrollCue() shows the right edge at the start, both in the middle and the left edge at the end", () => {
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 600, clientWidth: 300 })).toEqual({ left: false, right: true });
    expect(scrollCue({ scrollLeft: 150, scrollWidth: 600, clientWidth: 300 })).toEqual({ left: true, right: true });
    expect(scrollCue({ scrollLeft: 300, scrollWidth: 600, clientWidth: 300 })).toEqual({ left: true, right: false });
  });

  it("scrollCue() shows nothing when the content fits, within a pixel of rounding", () => {
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toBe(NO_SCROLL);
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 300.6, clientWidth: 300 })).toBe(NO_SCROLL);
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 0, clientWidth: 0 })).toBe(NO_SCROLL);
  });
});
