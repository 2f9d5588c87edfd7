/**
 * Which rows (or columns) of a long list are on screen, for virtualised grids: only those, plus a
 * few on each side so a fast scroll never shows a blank band, are rendered or drawn.
 * The range is always integers within [0, count], whatever the numbers: NaN, Infinity and negative
 * sizes count as 0, and a tiny item size (a subnormal) gives at most the whole list, never more.
 */
export interface VisibleRange {
  /** First index to render (inclusive). */
  start: number;
  /** One past the last index to render. */
  end: number;
}

/** A non-negative finite number, or 0 (NaN and ±Infinity included). */
const size = (x: number): number => (Number.isFinite(x) && x > 0 ? x : 0);

export function visibleRange(scrollOffset: number, viewportSize: number, itemSize: number, count: number, overscan = 4): VisibleRange {
  const n = Math.floor(size(count));
  if (n <= 0 || size(itemSize) <= 0) return { start: 0, end: 0 };
  const extra = Math.floor(size(overscan));
  const first = Math.floor(size(scrollOffset) / itemSize);
  const last = Math.ceil((size(scrollOffset) + size(viewportSize)) / itemSize);
  return { start: Math.max(0, Math.min(n, first - extra)), end: Math.min(n, Math.max(0, last + extra)) };
}

/** The scroll offset that brings item `index` fully into view, or null when it already is. */
export function scrollToReveal(index: number, itemSize: number, scrollOffset: number, viewportSize: number): number | null {
  const top = index * itemSize;
  const bottom = top + itemSize;
  if (top < scrollOffset) return top;
  if (bottom > scrollOffset + viewportSize) return Math.max(0, bottom - viewportSize);
  return null;
}
