// components/heatmap/fit-text: labels cut to a width in O(log n) measurements, with the same result as
// dropping one character at a time (the old, quadratic rule), never splitting a surrogate pair.
import { describe, expect, it } from "vitest";
import { ELLIPSIS, fitText, type MeasureText } from "@/components/heatmap/fit-text";

/** A measure where each character has its own width (≥ 1 px): narrow, wide and astral characters. */
function charWidths(width: (ch: string) => number): MeasureText & { calls: number; measured: number } {
  const m = ((text: string) => {
    m.calls++;
    m.measured += text.length;
    let w = 0;
    for (const ch of text) w += ch === ELLIPSIS ? 8 : width(ch);
    return w;
  }) as MeasureText & { calls: number; measured: number };
  m.calls = 0;
  m.measured = 0;
  return m;
}

/** The old rule, made pair-safe: drop one character (code point) at a time until "cut…" fits. */
function linearFit(text: string, width: number, measure: MeasureText): string {
  if (measure(text) <= width) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && measure(`${chars.join("")}${ELLIPSIS}`) > width) chars.pop();
  return `${chars.join("")}${ELLIPSIS}`;
}

/** A deterministic pseudo-random source (a linear congruential generator), so failures replay. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ALPHABET = ["a", "i", "W", "/", "-", "_", "é", "漢", "😀", "𝔸", " "];
const widthOf = (ch: string) => ({ a: 7, i: 3, W: 11, "/": 4, "-": 4, _: 6, é: 7, 漢: 12, "😀": 14, "𝔸": 9, " ": 3 })[ch] ?? 7;

describe("fitText", () => {
  it("returns a text that fits unchanged, with one measurement", () => {
    const m = charWidths(widthOf);
    expect(fitText("/data/d1", 100, m)).toBe("/data/d1");
    expect(m.calls).toBe(1);
  });

  it("cuts a 60,000-character dir path in at most 20 measurements, measuring only what could fit", () => {
    const path = `/data/${"x".repeat(60_000)}`;
    const m = charWidths(() => 7);
    const out = fitText(path, 188, m);
    expect(m.calls).toBeLessThanOrEqual(20);
    expect(m.measured).toBeLessThan(20 * 190);
    // The linear rule is quadratic on the whole path; on its first 400 characters it cuts the same.
    expect(out).toBe(
      linearFit(
        path.slice(0, 400),
        188,
        charWidths(() => 7),
      ),
    );
    expect(out.endsWith(ELLIPSIS)).toBe(true);
  });

  it("gives the same result as the linear rule for random texts and widths", () => {
    const rand = lcg(26);
    for (let n = 0; n < 2000; n++) {
      const length = Math.floor(rand() * 60);
      let text = "";
      for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(rand() * ALPHABET.length)];
      const width = Math.floor(rand() * 300);
      expect(fitText(text, width, charWidths(widthOf)), JSON.stringify({ text, width })).toBe(linearFit(text, width, charWidths(widthOf)));
    }
  });

  it("never splits a surrogate pair, and keeps the first character even when nothing fits", () => {
    const m = charWidths(widthOf);
    expect(fitText("😀😀😀😀", 30, m)).toBe(`😀${ELLIPSIS}`);
    expect(fitText("😀😀😀😀", 1, m)).toBe(`😀${ELLIPSIS}`);
    expect(fitText("abc", 0, m)).toBe(`a${ELLIPSIS}`);
    for (let w = 0; w < 80; w++) {
      const out = fitText("a😀b😀😀c", w, m);
      expect(out.replace(ELLIPSIS, "")).toBe(Array.from(out.replace(ELLIPSIS, "")).join(""));
      expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(out)).toBe(false);
    }
  });

  it("cuts a text longer than can ever fit at the narrowest glyph without measuring it whole", () => {
    const m = charWidths(() => 1);
    expect(fitText("i".repeat(1000), 100, m, 1)).toBe(`${"i".repeat(92)}${ELLIPSIS}`);
    expect(m.measured).toBeLessThan(20 * 101);
  });
});
