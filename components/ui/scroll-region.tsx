"use client";
/**
 * Boxes that scroll sideways when their content is wider than the screen, and show it: a fade and a
 * small "scroll" hint on each side that hides content (lib/view/common/scroll-cue.ts decides which).
 *
 * `ScrollRegion` is such a box in the tab order (tabIndex 0, a named region), so a keyboard user can
 * reach it and scroll it with the arrow keys; axe's scrollable-region-focusable asks exactly that.
 * A box whose content takes focus and scrolls itself (the heatmap grid and its arrow keys) uses
 * `useScrollCue` and `ScrollEdges` alone.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { NO_SCROLL, scrollCue, type ScrollCue } from "@/lib/view/common/scroll-cue";

/** Follows an element's horizontal scroll: on scroll, and when it or its content changes size. */
export function useScrollCue(ref: RefObject<HTMLElement | null>): ScrollCue {
  const [cue, setCue] = useState<ScrollCue>(NO_SCROLL);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const next = scrollCue(el);
      setCue((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => {
      el.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [ref]);
  return cue;
}

/** The fades and hints for a scroll box; place inside a `relative` parent that wraps the box exactly. Above z-10: a grid's sticky header row sits there. */
export function ScrollEdges({ cue }: { cue: ScrollCue }) {
  return (
    <>
      {cue.left ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-0 z-20 flex w-8 items-start justify-start rounded-l bg-linear-to-r from-zinc-900/25 to-transparent pt-1.5"
          data-scroll-cue="left"
        >
          <span className="ml-0.5 rounded bg-zinc-900 px-1 text-[11px] leading-4 font-semibold text-white">←</span>
        </div>
      ) : null}
      {cue.right ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-0 z-20 flex w-16 items-start justify-end rounded-r bg-linear-to-l from-zinc-900/25 to-transparent pt-1.5"
          data-scroll-cue="right"
        >
          <span className="mr-0.5 rounded bg-zinc-900 px-1 text-[11px] leading-4 font-semibold text-white">scroll →</span>
        </div>
      ) : null}
    </>
  );
}

interface ScrollRegionProps {
  /** What the box holds, for screen readers ("Commands to run"). */
  label: string;
  children: ReactNode;
  /** Classes of the scrolling box itself (padding, background, font). */
  className?: string;
}

/** A box that scrolls sideways, reachable with Tab, named, with the cue on the side that hides content. */
export function ScrollRegion({ label, children, className = "" }: ScrollRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const cue = useScrollCue(ref);
  const scrolls = cue.left || cue.right;
  return (
    <div className="relative min-w-0">
      <div
        ref={ref}
        role="region"
        aria-label={scrolls ? `${label} (scrolls sideways)` : label}
        tabIndex={0}
        className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${className}`}
        data-scroll-region
      >
        {children}
      </div>
      <ScrollEdges cue={cue} />
    </div>
  );
}
