"use client";
/**
 * Tracks a scroll container's offset and size (scroll events + ResizeObserver) for virtualised
 * grids. Before the first measurement (server render) it reports `fallback`, so the first paint
 * already shows the top of the grid.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";

export interface ScrollBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

export function useScrollBox<T extends HTMLElement>(fallback: ScrollBox): [RefObject<T | null>, ScrollBox, () => void] {
  const ref = useRef<T | null>(null);
  const [box, setBox] = useState<ScrollBox>(fallback);
  const frame = useRef(0);
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setBox((prev) =>
      prev.top === el.scrollTop && prev.left === el.scrollLeft && prev.width === el.clientWidth && prev.height === el.clientHeight
        ? prev
        : { top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth, height: el.clientHeight },
    );
  }, []);
  // A layout effect: the first measurement re-renders before the browser paints, so a virtualised
  // grid never paints its server-side guess of the viewport.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const onScroll = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(measure);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", onScroll);
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [measure]);
  return [ref, box, measure];
}
