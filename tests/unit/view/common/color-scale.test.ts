import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  cssGradient,
  divergingScale,
  hexToRgb,
  interpolateStops,
  DIVERGING,
  relativeLuminance,
  rgbToHex,
  sequentialScale,
  textColorOn,
  YLORRD,
  type ColorScale,
} from "@/lib/view/common/color-scale";
import { finiteDouble } from "../../../fixtures/extreme/doubles";

/** HSL hue in degrees, wrapped to (−180, 180]: reds sit near 0, yellows near 60, blues near −150…−120. */
function hue(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return Number.NaN;
  const d = max - min;
  const h = max === r ? ((g - b) / d) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  const wrapped = ((h % 360) + 360) % 360;
  return wrapped > 180 ? wrapped - 360 : wrapped;
}

/** Every step of a scale's 257-step table, low to high, read through the scale itself. */
function steps(scale: (lo: number, hi: number) => ColorScale): string[] {
  const s = scale(0, 256);
  return Array.from({ length: 257 }, (_, i) => s.color(i));
}
const SEQUENTIAL_STEPS = steps(sequentialScale);
const DIVERGING_STEPS = steps((_, hi) => {
  const d = divergingScale(hi / 2);
  return { ...d, color: (v: number) => d.color(v - hi / 2) };
});

describe("color-scale", () => {
  it("hexToRgb() and rgbToHex() round-trip a colour", () => {
    expect(hexToRgb("#1f9e89")).toEqual([31, 158, 137]);
    expect(rgbToHex([31, 158, 137])).toBe("#1f9e89");
  });

  it("hexToRgb() rejects a colour that is not #rrggbb, saying what it expects", () => {
    expect(() => hexToRgb("red")).toThrow(/#1f9e89/);
  });

  it("interpolateStops() hits the stops exactly and clamps outside [0, 1]", () => {
    expect(interpolateStops(["#000000", "#ffffff"], 0.5)).toBe("#808080");
    expect(interpolateStops(YLORRD, 0)).toBe(YLORRD[0]);
    expect(interpolateStops(YLORRD, 1)).toBe(YLORRD[8]);
    expect(interpolateStops(YLORRD, -3)).toBe(YLORRD[0]);
    expect(interpolateStops(YLORRD, 7)).toBe(YLORRD[8]);
  });

  it("contrastRatio() is 21 for black on white, 1 for a colour on itself, and symmetric", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fd8d3c", "#fd8d3c")).toBe(1);
    expect(contrastRatio("#ffffff", "#b2182b")).toBe(contrastRatio("#b2182b", "#ffffff"));
  });

  it("textColorOn() picks black on the pale end and white on the dark end of the ramp", () => {
    expect(textColorOn(YLORRD[0])).toBe("#000000");
    expect(textColorOn(YLORRD[8])).toBe("#ffffff");
  });

  it("sequentialScale() maps its domain onto the ramp and a flat domain to the low end", () => {
    const s = sequentialScale(0, 10);
    expect(s.color(0)).toBe(YLORRD[0]);
    expect(s.color(10)).toBe(YLORRD[8]);
    expect(sequentialScale(5, 5).color(5)).toBe(YLORRD[0]);
  });

  it("divergingScale() is white at zero and symmetric around it", () => {
    const s = divergingScale(0.5);
    expect(s.color(0)).toBe(DIVERGING[4]);
    expect(s.color(-0.5)).toBe(DIVERGING[0]);
    expect(s.color(0.5)).toBe(DIVERGING[8]);
    expect(s.domain).toEqual([-0.5, 0.5]);
    expect(divergingScale(0).domain).toEqual([-1, 1]);
  });

  it("cssGradient() lists every stop with its position", () => {
    const g = cssGradient(sequentialScale(0, 1));
    expect(g.startsWith("linear-gradient(to right, #ffffcc 0.0%")).toBe(true);
    expect(g.endsWith("#800026 100.0%)")).toBe(true);
  });
});

describe("alarm ordering: fuller reads as more alarming", () => {
  it("sequentialScale() never gets lighter as the value grows, from near white to dark red, so order survives greyscale and colour blindness", () => {
    const lum = SEQUENTIAL_STEPS.map(relativeLuminance);
    for (let i = 1; i < lum.length; i++) expect(lum[i]!).toBeLessThanOrEqual(lum[i - 1]!);
    expect(lum[0]!).toBeGreaterThan(0.9);
    expect(lum[lum.length - 1]!).toBeLessThan(0.06);
    // Each of the nine stops is clearly darker than the one before (a step the eye tells apart).
    for (let i = 1; i < YLORRD.length; i++) expect(contrastRatio(YLORRD[i]!, YLORRD[i - 1]!)).toBeGreaterThan(1.1);
  });

  it("sequentialScale() runs from yellow toward red and never through green or blue", () => {
    const hues = SEQUENTIAL_STEPS.map(hue);
    for (const h of hues) expect(h > -30 && h <= 65).toBe(true);
    expect(hues[0]!).toBeGreaterThan(50);
    expect(hues[hues.length - 1]!).toBeLessThan(0);
    // The hue turns from yellow to red stop by stop.
    const stopHues = YLORRD.map(hue);
    for (let i = 1; i < stopHues.length; i++) expect(stopHues[i]!).toBeLessThanOrEqual(stopHues[i - 1]!);
  });

  it("sequentialScale() gives a nearly full disk a dark red and an empty one a pale colour", () => {
    const util = sequentialScale(0, 1);
    expect(hue(util.color(0.95))).toBeLessThan(5);
    expect(relativeLuminance(util.color(0.95))).toBeLessThan(0.1);
    expect(relativeLuminance(util.color(0.05))).toBeGreaterThan(0.8);
    expect(relativeLuminance(util.color(0.95))).toBeLessThan(relativeLuminance(util.color(0.7)));
  });

  it("divergingScale() is neutral at the mean, warm and darkening above it, cool below it", () => {
    const mid = (DIVERGING_STEPS.length - 1) / 2;
    expect(DIVERGING_STEPS[mid]).toBe(DIVERGING[4]);
    expect(Number.isNaN(hue(DIVERGING_STEPS[mid]!))).toBe(true);
    const lum = DIVERGING_STEPS.map(relativeLuminance);
    // Hues are checked from 4 steps (1.5 %) off the mean: nearer, the colours are one rounding off grey.
    for (let i = mid + 1; i < DIVERGING_STEPS.length; i++) {
      expect(lum[i]!).toBeLessThanOrEqual(lum[i - 1]!);
      if (i >= mid + 4) expect(Math.abs(hue(DIVERGING_STEPS[i]!))).toBeLessThan(30);
    }
    for (let i = 0; i < mid; i++) {
      expect(lum[i]!).toBeLessThanOrEqual(lum[i + 1]!);
      if (i <= mid - 4) expect(hue(DIVERGING_STEPS[i]!) < -140 && hue(DIVERGING_STEPS[i]!) > -170).toBe(true);
    }
    // The fullest end is the darkest colour of the ramp: "far above the mean" outweighs "far below".
    expect(lum[DIVERGING_STEPS.length - 1]!).toBeLessThan(lum[0]!);
    expect(contrastRatio(DIVERGING[0], DIVERGING[8])).toBeGreaterThan(1.5);
  });
});

describe("text on cells: WCAG AA contrast on every step of every ramp", () => {
  it("textColorOn() gives at least 4.5:1 on every step of the sequential and diverging ramps", () => {
    for (const background of [...SEQUENTIAL_STEPS, ...DIVERGING_STEPS]) {
      expect(contrastRatio(background, textColorOn(background))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("textColorOn() gives at least 4.5:1 on any colour at all", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const background = `#${n.toString(16).padStart(6, "0")}`;
        expect(contrastRatio(background, textColorOn(background))).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

const HEX = /^#[0-9a-f]{6}$/;

describe("sequentialScale()", () => {
  it("sequentialScale() gives a colour of the ramp for any finite domain and value", () => {
    fc.assert(
      fc.property(finiteDouble(), finiteDouble(), finiteDouble(), (a, b, v) => {
        const scale = sequentialScale(Math.min(a, b), Math.max(a, b));
        expect(SEQUENTIAL_TABLE_HAS(scale.color(v))).toBe(true);
      }),
    );
  });

  it("sequentialScale() keeps order over a span wider than Number.MAX_VALUE and over a subnormal span", () => {
    const wide = sequentialScale(-1e308, 1e308);
    expect(wide.color(-1e308)).toBe(YLORRD[0]);
    expect(wide.color(0)).toBe(sequentialScale(-1, 1).color(0));
    expect(wide.color(1e308)).toBe(YLORRD[YLORRD.length - 1]);
    const tiny = sequentialScale(0, 5e-324);
    expect(tiny.color(5e-324)).toBe(YLORRD[YLORRD.length - 1]);
    expect(tiny.color(1e308)).toBe(YLORRD[YLORRD.length - 1]);
    expect(tiny.color(0)).toBe(YLORRD[0]);
  });
});

describe("divergingScale()", () => {
  it("divergingScale() gives a colour for any finite bound and value, white at 0", () => {
    fc.assert(
      fc.property(finiteDouble(), finiteDouble(), (m, v) => {
        const scale = divergingScale(m);
        expect(scale.color(v)).toMatch(HEX);
        expect(scale.color(0)).toBe(DIVERGING[4]);
        for (const end of scale.domain) expect(Number.isFinite(end)).toBe(true);
      }),
    );
  });

  it("divergingScale() reaches both ends at the top of the range", () => {
    for (const m of [1e308, Number.MAX_VALUE]) {
      expect(divergingScale(m).color(-m)).toBe(DIVERGING[0]);
      expect(divergingScale(m).color(m)).toBe(DIVERGING[DIVERGING.length - 1]);
    }
    expect(divergingScale(5e-324).color(1e308)).toBe(DIVERGING[DIVERGING.length - 1]);
    expect(divergingScale(5e-324).color(-1e308)).toBe(DIVERGING[0]);
  });
});

/** Every colour the sequential scale can give is on its 257-step table: probe it through the scale itself. */
const TABLE = new Set(SEQUENTIAL_STEPS);
function SEQUENTIAL_TABLE_HAS(colour: string): boolean {
  return TABLE.has(colour);
}
