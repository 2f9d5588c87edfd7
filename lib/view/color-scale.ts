/**
 * Colour scales for heatmaps and legends.
 *
 * - Sequential values (utilisation, bytes, counts) use viridis: perceptually uniform, readable by the
 *   common forms of colour blindness, and still ordered when printed in grey.
 * - Signed values (deviation from a broker's mean) use a diverging blue–white–red palette centred on
 *   zero (ColorBrewer RdBu, 9 classes, a colour-blind-safe scheme): blue below the mean, red above.
 * - Every colour comes with the text colour that reads on it, so labels inside cells stay legible.
 * Scales are plain functions of a number; they never read the clock, the DOM or the theme.
 * - Every finite domain and value gives a colour from the table: a span wider than Number.MAX_VALUE
 *   (−1e308 to 1e308) is halved before dividing, and a ratio that overflows over a subnormal span
 *   (5e-324) clamps to the end it points to.
 */

/** Viridis at 10 evenly spaced points (matplotlib's `viridis`, sampled at i / 9). */
export const VIRIDIS = ["#440154", "#482878", "#3e4989", "#31688e", "#26828e", "#1f9e89", "#35b779", "#6ece58", "#b5de2b", "#fde725"] as const;

/** ColorBrewer RdBu (9 classes), ordered from far below the mean (blue) to far above it (red). */
export const RDBU = ["#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7", "#fddbc7", "#f4a582", "#d6604d", "#b2182b"] as const;

type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`hexToRgb() takes a colour like "#1f9e89", not "${hex}"`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, "0");
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

export const viridis = (t: number): string => interpolateStops(VIRIDIS, t);

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const inkCache = new Map<string, "#000000" | "#ffffff">();

/** Black or white, whichever has the higher WCAG contrast against `background` (memoised: scales reuse few colours). */
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

/** Sequential viridis from `min` to `max`; a degenerate domain maps everything to the low end. */
let viridisTable: string[] | null = null;
let rdbuTable: string[] | null = null;

export function sequentialScale(min: number, max: number): ColorScale {
  const table = (viridisTable ??= lookupTable(VIRIDIS));
  return {
    kind: "sequential",
    domain: [min, max],
    color: (value) => lookup(table, max > min ? fraction(value, min, max) : 0),
    stops: VIRIDIS,
  };
}

/** Diverging RdBu centred on 0 over [−maxAbs, +maxAbs]; white is exactly the mean. */
export function divergingScale(maxAbs: number): ColorScale {
  const m = maxAbs > 0 && Number.isFinite(maxAbs) ? maxAbs : 1;
  return {
    kind: "diverging",
    domain: [-m, m],
    color: (value) => lookup((rdbuTable ??= lookupTable(RDBU)), fraction(value, -m, m)),
    stops: RDBU,
  };
}

/** A CSS `linear-gradient` through the scale's stops, for legends. */
export function cssGradient(scale: ColorScale, direction = "to right"): string {
  const n = scale.stops.length;
  const parts = scale.stops.map((c, i) => `${c} ${((i / (n - 1)) * 100).toFixed(1)}%`);
  return `linear-gradient(${direction}, ${parts.join(", ")})`;
}
