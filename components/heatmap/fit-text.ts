/**
 * A label cut to fit a width, ending in "…" when cut: the one text-fitting rule of the heatmaps'
 * canvases (the page's topic grid and the PNG export).
 * - Measurements are O(log n): a binary search on the cut, not one character dropped per measurement
 *   (that was quadratic: a 60,000-character dir path froze the tab).
 * - The text measured is bounded: no glyph is narrower than `minGlyphWidth` (1 px by default: every
 *   visible glyph of the fonts drawn, at the sizes drawn), so a prefix longer than `width / minGlyphWidth`
 *   can never fit and is never measured.
 * - A cut never splits a surrogate pair, and keeps at least the first character (as the old rule did).
 * Pure: the canvas's measureText is passed in, so the rule is tested without a canvas.
 */

/** The width a text takes when drawn (a canvas's `measureText(text).width`). */
export type MeasureText = (text: string) => number;

export const ELLIPSIS = "…";

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The largest cut ≤ `k` (in UTF-16 units) that does not end between the halves of a surrogate pair. */
function safeCut(text: string, k: number): number {
  return k > 0 && k < text.length && isHighSurrogate(text.charCodeAt(k - 1)) ? k - 1 : k;
}

/** The length of the text's first character (1 or 2 UTF-16 units; 0 for ""). */
function firstCharLength(text: string): number {
  if (text.length === 0) return 0;
  return isHighSurrogate(text.charCodeAt(0)) && text.length > 1 ? 2 : 1;
}

/**
 * `text` when it fits in `width`; else its longest prefix that fits with "…" after it (at least its first
 * character, even when that does not fit). `measure` is called O(log(width / minGlyphWidth)) times, on
 * texts of at most `width / minGlyphWidth` characters.
 */
export function fitText(text: string, width: number, measure: MeasureText, minGlyphWidth = 1): string {
  // Beyond `longest` characters no text fits (each takes ≥ minGlyphWidth), whatever its characters.
  const longest = Math.max(0, Math.floor(width / Math.max(minGlyphWidth, Number.MIN_VALUE)));
  if (text.length <= longest && measure(text) <= width) return text;
  const first = firstCharLength(text);
  // The longest cut in [first, hi] whose prefix fits with "…" (fitting is monotone in the cut, and so
  // is safeCut); a cut into a pair stands for the cut before it.
  let lo = first;
  let hi = Math.max(first, Math.min(text.length - 1, longest));
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(`${text.slice(0, safeCut(text, mid))}${ELLIPSIS}`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, safeCut(text, lo))}${ELLIPSIS}`;
}
