import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cssGradient, divergingScale, hexToRgb, interpolateStops, RDBU, relativeLuminance, rgbToHex, sequentialScale, textColorOn, VIRIDIS, viridis } from "@/lib/view/color-scale";
import { finiteDouble } from "../../fixtures/extreme/doubles";

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
    expect(interpolateStops(VIRIDIS, 0)).toBe(VIRIDIS[0]);
    expect(interpolateStops(VIRIDIS, 1)).toBe(VIRIDIS[9]);
    expect(interpolateStops(VIRIDIS, -3)).toBe(VIRIDIS[0]);
    expect(interpolateStops(VIRIDIS, 7)).toBe(VIRIDIS[9]);
  });

  it("viridis() gets lighter as the value grows, so order survives greyscale", () => {
    const lum = [0, 0.25, 0.5, 0.75, 1].map((t) => relativeLuminance(viridis(t)));
    for (let i = 1; i < lum.length; i++) expect(lum[i]!).toBeGreaterThan(lum[i - 1]!);
  });

  it("textColorOn() picks white on dark viridis and black on bright viridis", () => {
    expect(textColorOn(VIRIDIS[0])).toBe("#ffffff");
    expect(textColorOn(VIRIDIS[9])).toBe("#000000");
  });

  it("sequentialScale() maps its domain onto the ramp and a flat domain to the low end", () => {
    const s = sequentialScale(0, 10);
    expect(s.color(0)).toBe(VIRIDIS[0]);
    expect(s.color(10)).toBe(VIRIDIS[9]);
    expect(sequentialScale(5, 5).color(5)).toBe(VIRIDIS[0]);
  });

  it("divergingScale() is white at zero and symmetric around it", () => {
    const s = divergingScale(0.5);
    expect(s.color(0)).toBe(RDBU[4]);
    expect(s.color(-0.5)).toBe(RDBU[0]);
    expect(s.color(0.5)).toBe(RDBU[8]);
    expect(s.domain).toEqual([-0.5, 0.5]);
    expect(divergingScale(0).domain).toEqual([-1, 1]);
  });

  it("cssGradient() lists every stop with its position", () => {
    const g = cssGradient(sequentialScale(0, 1));
    expect(g.startsWith("linear-gradient(to right, #440154 0.0%")).toBe(true);
    expect(g.endsWith("#fde725 100.0%)")).toBe(true);
  });
});

const HEX = /^#[0-9a-f]{6}$/;

describe("sequentialScale()", () => {
  it("sequentialScale() gives a colour of the ramp for any finite domain and value", () => {
    fc.assert(
      fc.property(finiteDouble(), finiteDouble(), finiteDouble(), (a, b, v) => {
        const scale = sequentialScale(Math.min(a, b), Math.max(a, b));
        expect(VIRIDIS_TABLE_HAS(scale.color(v))).toBe(true);
      }),
    );
  });

  it("sequentialScale() keeps order over a span wider than Number.MAX_VALUE and over a subnormal span", () => {
    const wide = sequentialScale(-1e308, 1e308);
    expect(wide.color(-1e308)).toBe(VIRIDIS[0]);
    expect(wide.color(0)).toBe(sequentialScale(-1, 1).color(0));
    expect(wide.color(1e308)).toBe(VIRIDIS[VIRIDIS.length - 1]);
    const tiny = sequentialScale(0, 5e-324);
    expect(tiny.color(5e-324)).toBe(VIRIDIS[VIRIDIS.length - 1]);
    expect(tiny.color(1e308)).toBe(VIRIDIS[VIRIDIS.length - 1]);
    expect(tiny.color(0)).toBe(VIRIDIS[0]);
  });
});

describe("divergingScale()", () => {
  it("divergingScale() gives a colour for any finite bound and value, white at 0", () => {
    fc.assert(
      fc.property(finiteDouble(), finiteDouble(), (m, v) => {
        const scale = divergingScale(m);
        expect(scale.color(v)).toMatch(HEX);
        expect(scale.color(0)).toBe(RDBU[4]);
        for (const end of scale.domain) expect(Number.isFinite(end)).toBe(true);
      }),
    );
  });

  it("divergingScale() reaches both ends at the top of the range", () => {
    for (const m of [1e308, Number.MAX_VALUE]) {
      expect(divergingScale(m).color(-m)).toBe(RDBU[0]);
      expect(divergingScale(m).color(m)).toBe(RDBU[RDBU.length - 1]);
    }
    expect(divergingScale(5e-324).color(1e308)).toBe(RDBU[RDBU.length - 1]);
    expect(divergingScale(5e-324).color(-1e308)).toBe(RDBU[0]);
  });
});

/** Every colour the sequential scale can give is on its 257-step table: probe it through the scale itself. */
const TABLE = new Set(Array.from({ length: 257 }, (_, i) => sequentialScale(0, 256).color(i)));
function VIRIDIS_TABLE_HAS(colour: string): boolean {
  return TABLE.has(colour);
}
