"use client";
/**
 * Moves focus to a result's heading once the result has rendered, so keyboard and screen-reader users
 * go on from the result. A heading outside the upper half of the screen (on a phone the result sits
 * far below the form) is first scrolled to the top of the screen, at once; a bare focus() would only
 * just bring it in at the bottom. Only after a run the user asked for: a shared link opening never
 * moves focus.
 */
import { useEffect, useRef, useState, type RefObject } from "react";

export function useResultFocus<T extends HTMLElement>(): { ref: RefObject<T | null>; request: () => void } {
  const ref = useRef<T>(null);
  const [requested, setRequested] = useState(0);
  useEffect(() => {
    const heading = ref.current;
    if (requested === 0 || !heading) return;
    // After the next frame: scrolled within this commit, Chrome stops short of the heading (the page
    // below it is not laid out for scrolling yet).
    const frame = requestAnimationFrame(() => {
      // Already in the upper half of the screen (a laptop, right under the form): leave the page where it is.
      const top = heading.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight / 2) heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [requested]);
  return { ref, request: () => setRequested((n) => n + 1) };
}
