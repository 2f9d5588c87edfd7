import { describe, expect, it } from "vitest";
import { cssGradient, divergingScale, hexToRgb, interpolateStops, RDBU, relativeLuminance, rgbToHex, sequentialScale, textColorOn, VIRIDIS, viridis } from "@/lib/view/color-scale";

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
