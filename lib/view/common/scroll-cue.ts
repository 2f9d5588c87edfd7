/**
 * Which edges of a scroll box hide content, so the box can show it: a fade on that side and a hint.
 * A pixel of slack absorbs the sub-pixel widths browsers report at fractional zoom, where a box that
 * fits exactly would otherwise claim one more pixel to scroll.
 */
export interface ScrollCue {
  /** Content hidden to the left (scrolled away from the start). */
  left: boolean;
  /** Content hidden to the right. */
  right: boolean;
}

const SLACK_PX = 1;

export const NO_SCROLL: ScrollCue = { left: false, right: false };

export function scrollCue(box: { scrollLeft: number; scrollWidth: number; clientWidth: number }): ScrollCue {
  const hidden = box.scrollWidth - box.clientWidth;
  if (!(hidden > SLACK_PX)) return NO_SCROLL;
  return { left: box.scrollLeft > SLACK_PX, right: box.scrollLeft < hidden - SLACK_PX };
}
