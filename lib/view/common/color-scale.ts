/**
 * Colour scales for heatmaps and legends. One rule for every metric: the fuller or the more above
 * even, the more alarming the colour.
 *
 * - Sequential values (utilisation, bytes, partition and replica counts) use ColorBrewer YlOrRd
 *   (9 classes): pale yellow for little, through orange, to dark red for the most. It is one of
 *   ColorBrewer's colour-blind-safe schemes because its lightness falls steadily, so "darker = fuller"
 *   holds for every form of colour blindness and in greyscale, and its hues run toward red, the
 *   colour operators read as trouble. (A ramp such as viridis ends in bright yellow-green, which reads
 *   as calm on a disk at 95 %.)
 * - Signed values (a dir's bytes against its broker's mean) use ColorBrewer RdBu (9 classes), also
 *   colour-blind-safe, and only because its midpoint means something: white is exactly the mean
 *   (even), red above it (fuller: the same warm, darkening direction as the sequential ramp), blue
 *   below it (room to spare). Its blue half is lightened (it ends at RdBu's second blue), so the
 *   darkest colour of the ramp is always the fullest dir: an empty disk is worth seeing, not an alarm.
 * - Every colour comes with the text colour that reads on it (black or white, whichever contrasts
 *   more); on any colour one of the two reaches at least 4.58:1, above WCAG AA's 4.5:1.
 * Scales are plain functions of a number; they never read the clock, the DOM or the theme.
 * - Every finite domain and value gives a colour from the table: a span wider than Number.MAX_VALUE
 *   (−1e308 to 1e308) is halved before dividing, and a ratio that overflows over a subnormal span
 *   (5e-324) clamps to the end it points to.
 */

/** ColorBrewer YlOrRd (9 classes), from little (pale yellow) to the most (dark red). */
export const YLORRD = ["#ffffcc", "#ffeda0", "#fed976", "#feb24c", "#fd8d3c", "#fc4e2a", "#e31a1c", "#bd0026", "#800026"] as const;

/**
 * ColorBrewer RdBu (9 classes) from far below the mean (blue) to far above it (red), its blue half
 * lightened: #4393c3 and #92c5de are RdBu's, #6bacd1 lies halfway between them, RdBu's darkest blue
 * (#2166ac) is left out.
 */
export const DIVERGING = ["#4393c3", "#6bacd1", "#92c5de", "#d1e5f0", "#f7f7f7", "#fddbc7", "#f4a582", "#d6604d", "#b2182b"] as const;

type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`hexToRgb() takes a colour like "#1f9e89", not "${hex}"`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, "0");
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${toHex(r)}${toHex(g)}${toHex(b)}`;
}

/** Linear interpolation between evenly spaced stops; `t` is clamped to [0, 1]. */
export function interpolateStops(stops: readonly string[], t: number): string {
  if (stops.length === 0) throw new Error("interpolateStops() needs at least one colour stop");
  if (stops.length === 1 || !Number.isFinite(t)) return stops[0]!;
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const a = hexToRgb(stops[i]!);
  const b = hexToRgb(stops[i + 1]!);
  return rgbToHex([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two sRGB colours: 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const inkCache = new Map<string, "#000000" | "#ffffff">();

/**
 * Black or white, whichever has the higher WCAG contrast against `background` (memoised: scales reuse
 * few colours). The two are equal at luminance 0.179, where each gives 4.58:1, so the pick never falls
 * below WCAG AA's 4.5:1 for text, whatever the colour.
 */
export function textColorOn(background: string): "#000000" | "#ffffff" {
  const known = inkCache.get(background);
  if (known) return known;
  const l = relativeLuminance(background);
  const ink = (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
  inkCache.set(background, ink);
  return ink;
}

/**
 * 256 steps: finer than the eye tells apart on a ramp, and a lookup instead of parsing and mixing
 * hex colours per cell (a 1,000 × 12 heatmap colours 12,000 cells). Index i is t = i / 256, so the
 * stops and the diverging midpoint are hit exactly.
 */
const STEPS = 256;

function lookupTable(stops: readonly string[]): string[] {
  return Array.from({ length: STEPS + 1 }, (_, i) => interpolateStops(stops, i / STEPS));
}

/** NaN reads as the low end; ±Infinity (a ratio over a tiny span) as the end it points to. */
function lookup(table: readonly string[], t: number): string {
  const x = Number.isNaN(t) ? 0 : Math.min(1, Math.max(0, t));
  return table[Math.round(x * STEPS)]!;
}

/** Where `value` sits in [lo, hi] as 0–1 (unclamped), without overflowing when hi − lo exceeds Number.MAX_VALUE. */
function fraction(value: number, lo: number, hi: number): number {
  const span = hi - lo;
  if (Number.isFinite(span)) return (value - lo) / span;
  return (value / 2 - lo / 2) / (hi / 2 - lo / 2);
}

export interface ColorScale {
  kind: "sequential" | "diverging";
  /** The value range the colours span; values outside are clamped. */
  domain: readonly [number, number];
  color(value: number): string;
  /** Evenly spaced colour stops for a CSS gradient legend, low to high. */
  stops: readonly string[];
}

let sequentialTable: string[] | null = null;
let divergingTable: string[] | null = null;

/** Sequential YlOrRd from `min` (pale) to `max` (dark red); a degenerate domain maps everything to the low end. */
export function sequentialScale(min: number, max: number): ColorScale {
  const table = (sequentialTable ??= lookupTable(YLORRD));
  return {
    kind: "sequential",
    domain: [min, max],
    color: (value) => lookup(table, max > min ? fraction(value, min, max) : 0),
    stops: YLORRD,
  };
}

/** Diverging, centred on 0 over [−maxAbs, +maxAbs] (values beyond take the end colour); white is exactly the mean. */
export function divergingScale(maxAbs: number): ColorScale {
  const m = maxAbs > 0 && Number.isFinite(maxAbs) ? maxAbs : 1;
  return {
    kind: "diverging",
    domain: [-m, m],
    color: (value) => lookup((divergingTable ??= lookupTable(DIVERGING)), fraction(value, -m, m)),
    stops: DIVERGING,
  };
}

/** A CSS `linear-gradient` through the scale's stops, for legends. */
export function cssGradient(scale: ColorScale, direction = "to right"): string {
  const n = scale.stops.length;
  const parts = scale.stops.map((c, i) => `${c} ${((i / (n - 1)) * 100).toFixed(1)}%`);
  return `linear-gradient(${direction}, ${parts.join(", ")})`;
}
