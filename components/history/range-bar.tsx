"use client";
/**
 * The history page's range: preset buttons (6 h … 2 y, ending now), and for the keyboard what a drag
 * on a chart does for the mouse: zoom in and out around the middle, and move half a window earlier or
 * later. A zoomed range says what it shows and offers the way back to the preset. The default (no
 * button pressed) follows the data: "Showing the 30 min recorded so far".
 */
import { describeRange, HISTORY_RANGES, type AutoRange, type RangeChoice } from "@/lib/view/history/history-range";

const BUTTON =
  "rounded border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 disabled:opacity-50 aria-pressed:border-zinc-900 aria-pressed:bg-zinc-900 aria-pressed:text-white dark:border-zinc-700 dark:hover:bg-zinc-800 dark:aria-pressed:border-zinc-100 dark:aria-pressed:bg-zinc-100 dark:aria-pressed:text-zinc-900";

interface Props {
  choice: RangeChoice;
  /** The default's window and words, once the data says where it starts (null otherwise). */
  auto: AutoRange | null;
  onChoose: (choice: RangeChoice) => void;
  onScale: (factor: number) => void;
  onPan: (direction: -1 | 1) => void;
  /** The window ends now: nothing later to move to. */
  atNow: boolean;
  loading: boolean;
}

export function RangeBar({ choice, auto, onChoose, onScale, onPan, atNow, loading }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-range-bar>
      <div role="group" aria-label="Time range" className="flex flex-wrap items-center gap-1">
        <span className="mr-1 text-sm text-zinc-600 dark:text-zinc-400" aria-hidden>
          Range
        </span>
        {HISTORY_RANGES.map((r) => (
          <button
            key={r.id}
            type="button"
            className={BUTTON}
            title={r.description}
            aria-pressed={choice.kind === "preset" && choice.id === r.id}
            onClick={() => onChoose({ kind: "preset", id: r.id })}
            data-range={r.id}
          >
            {r.label}
          </button>
        ))}
      </div>
      <div role="group" aria-label="Zoom and move" className="flex flex-wrap items-center gap-1">
        <button type="button" className={BUTTON} onClick={() => onPan(-1)} aria-label="Earlier: move half a window back">
          ←
        </button>
        <button type="button" className={BUTTON} onClick={() => onScale(0.5)} aria-label="Zoom in: half the window">
          +
        </button>
        <button type="button" className={BUTTON} onClick={() => onScale(2)} aria-label="Zoom out: twice the window">
          −
        </button>
        <button type="button" className={BUTTON} onClick={() => onPan(1)} disabled={atNow} aria-label="Later: move half a window on">
          →
        </button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite" data-range-shown>
        Showing {describeRange(choice, auto)}
        {loading ? " (reading…)" : ""}. Drag across a chart to zoom in.
      </p>
    </div>
  );
}
