"use client";
/**
 * Moves focus to a result's heading once the result has rendered: the heading is scrolled to the top
 * of the screen at once (on a phone the result sits far below the form; a bare focus() would show
 * only its last line) and focused, so keyboard and screen-reader users go on from the result. Only
 * after a run the user asked for: a shared link opening never moves focus.
 */
import { useEffect, useRef, useState, type RefObject } from "react";

export function useResultFocus<T extends HTMLElement>(): { ref: RefObject<T | null>; request: () => void } {
  const ref = useRef<T>(null);
  const [requested, setRequested] = useState(0);
  useEffect(() => {
    if (requested === 0 || !ref.current) return;
    ref.current.scrollIntoView({ block: "start" });
    ref.current.focus({ preventScroll: true });
  }, [requested]);
  return { ref, request: () => setRequested((n) => n + 1) };
}
