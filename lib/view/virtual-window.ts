/**
 * Which rows (or columns) of a long list are on screen, for virtualised grids: only those, plus a
 * few on each side so a fast scroll never shows a blank band, are rendered or drawn.
 */
export interface VisibleRange {
  /** First index to render (inclusive). */
  start: number;
  /** One past the last index to render. */
  end: number;
}

export function visibleRange(scrollOffset: number, viewportSize: number, itemSize: number, count: number, overscan = 4): VisibleRange {
  if (count <= 0 || itemSize <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollOffset) / itemSize);
  const last = Math.ceil((Math.max(0, scrollOffset) + Math.max(0, viewportSize)) / itemSize);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.min(count, Math.max(0, last + overscan)) };
}

/** The scroll offset that brings item `index` fully into view, or null when it already is. */
export function scrollToReveal(index: number, itemSize: number, scrollOffset: number, viewportSize: number): number | null {
  const top = index * itemSize;
  const bottom = top + itemSize;
  if (top < scrollOffset) return top;
  if (bottom > scrollOffset + viewportSize) return Math.max(0, bottom - viewportSize);
  return null;
}
