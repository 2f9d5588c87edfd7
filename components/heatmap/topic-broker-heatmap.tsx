"use client";
/**
 * The topic × broker heatmap of bytes or replica counts (`metric`), on a canvas: a scroll container holds a spacer of
 * the full grid size and a sticky canvas the size of the viewport, redrawn for the visible window
 * on every scroll frame. Keyboard: the grid is one tab stop; arrows / PageUp / PageDown / Home / End
 * move the active cell, Enter opens the broker, and a live region reads the cell out.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import type { TopicFigures } from "@/lib/model/report";
import type { ColorScale } from "@/lib/view/common/color-scale";
import { topicCellLabel, topicRowLabel, topicUnsized, type TopicMetric } from "@/lib/view/overview/topic-heatmap";
import { scrollToReveal } from "@/lib/view/common/virtual-window";
import { useDarkMode } from "@/components/ui/use-dark-mode";
import { DARK_THEME, drawTopicGrid, geometryFor, LIGHT_THEME } from "./draw-topic-grid";
import { ScrollEdges, useScrollCue } from "@/components/ui/scroll-region";
import { useScrollBox } from "./use-scroll-box";

interface Props {
  topics: readonly TopicFigures[];
  brokerIds: readonly number[];
  scale: ColorScale;
  metric?: TopicMetric;
  onOpenBroker: (broker: number) => void;
  onRendered?: () => void;
}

interface Pos {
  row: number;
  col: number;
}

export function TopicBrokerHeatmap({ topics, brokerIds, scale, metric = "replicas", onOpenBroker, onRendered }: Props) {
  const [scrollRef, box] = useScrollBox<HTMLDivElement>({ top: 0, left: 0, width: 0, height: 0 });
  const cue = useScrollCue(scrollRef);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dark = useDarkMode();
  const [active, setActive] = useState<Pos>({ row: 0, col: 0 });
  const [hover, setHover] = useState<Pos | null>(null);
  const [focused, setFocused] = useState(false);
  const g = useMemo(() => geometryFor(box.width, brokerIds.length, topics.length), [box.width, brokerIds.length, topics.length]);
  const totalW = g.labelW + brokerIds.length * g.colW;
  const totalH = g.headerH + topics.length * g.rowH;

  // Keep the active cell inside the grid when the filter shrinks it.
  const row = Math.min(active.row, Math.max(0, topics.length - 1));
  const col = Math.min(active.col, Math.max(0, brokerIds.length - 1));

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || box.width === 0 || box.height === 0) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(box.width * dpr);
    const h = Math.round(box.height * dpr);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawTopicGrid({
      ctx,
      width: box.width,
      height: box.height,
      scrollTop: box.top,
      scrollLeft: box.left,
      topics,
      brokerIds,
      geometry: g,
      scale,
      metric,
      theme: dark ? DARK_THEME : LIGHT_THEME,
      active: focused ? { row, col } : null,
      hover,
    });
  }, [box, topics, brokerIds, g, scale, metric, dark, row, col, hover, focused]);

  useEffect(() => {
    if (box.width > 0) onRendered?.();
  }, [box.width, topics, onRendered]);

  function cellAt(e: MouseEvent<HTMLCanvasElement>): Pos | null {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    if (x < g.labelW || y < g.headerH) return null;
    const c = Math.floor((x - g.labelW + box.left) / g.colW);
    const r = Math.floor((y - g.headerH + box.top) / g.rowH);
    return r >= 0 && r < topics.length && c >= 0 && c < brokerIds.length ? { row: r, col: c } : null;
  }

  function move(next: Pos) {
    const r = Math.max(0, Math.min(topics.length - 1, next.row));
    const c = Math.max(0, Math.min(brokerIds.length - 1, next.col));
    setActive({ row: r, col: c });
    const el = scrollRef.current;
    if (!el) return;
    const top = scrollToReveal(r, g.rowH, el.scrollTop, el.clientHeight - g.headerH);
    if (top !== null) el.scrollTop = top;
    const left = scrollToReveal(c, g.colW, el.scrollLeft, el.clientWidth - g.labelW);
    if (left !== null) el.scrollLeft = left;
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const page = Math.max(1, Math.floor((box.height - g.headerH) / g.rowH) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move({ row: row + 1, col }),
      ArrowUp: () => move({ row: row - 1, col }),
      ArrowRight: () => move({ row, col: col + 1 }),
      ArrowLeft: () => move({ row, col: col - 1 }),
      PageDown: () => move({ row: row + page, col }),
      PageUp: () => move({ row: row - page, col }),
      Home: () => move(e.ctrlKey ? { row: 0, col: 0 } : { row, col: 0 }),
      End: () => move(e.ctrlKey ? { row: topics.length - 1, col: brokerIds.length - 1 } : { row, col: brokerIds.length - 1 }),
      Enter: () => brokerIds[col] !== undefined && onOpenBroker(brokerIds[col]!),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  }

  const shown = hover ?? (focused ? { row, col } : null);
  const shownTopic = shown ? topics[shown.row] : undefined;
  const readout =
    shown && shownTopic
      ? topicCellLabel(shownTopic, brokerIds[shown.col]!, shownTopic.perBroker[shown.col] ?? 0, shownTopic.perBrokerBytes[shown.col] ?? 0, topicUnsized(shownTopic, shown.col))
      : null;

  return (
    <div className="flex h-full flex-col gap-2">
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div
          ref={scrollRef}
          tabIndex={0}
          role="application"
          aria-roledescription="heatmap"
          aria-label={`Topic × broker heatmap of ${metric === "bytes" ? "bytes" : "replica counts"}: ${topics.length} topics × ${brokerIds.length} brokers. Arrow keys move between cells, Enter opens the broker.`}
          aria-describedby="topic-heatmap-readout"
          data-heatmap="topic-broker"
          data-rows={topics.length}
          data-cols={brokerIds.length}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="min-h-0 flex-1 overflow-auto rounded border border-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-800"
        >
          <div style={{ width: Math.max(totalW, box.width), height: Math.max(totalH, box.height), position: "relative" }}>
            <canvas
              ref={canvasRef}
              aria-hidden
              className="sticky top-0 left-0 block cursor-crosshair"
              style={{ width: box.width, height: box.height }}
              onMouseMove={(e) => {
                const p = cellAt(e);
                setHover((prev) => (prev?.row === p?.row && prev?.col === p?.col ? prev : p));
              }}
              onMouseLeave={() => setHover(null)}
              onClick={(e) => {
                const p = cellAt(e);
                if (p) {
                  setActive(p);
                  onOpenBroker(brokerIds[p.col]!);
                }
              }}
            />
          </div>
        </div>
        <ScrollEdges cue={cue} />
      </div>
      <p id="topic-heatmap-readout" aria-live="polite" className="h-10 overflow-hidden text-sm leading-5 text-zinc-700 dark:text-zinc-300" data-readout>
        {readout ? (
          <>
            <span className="font-medium">{readout}</span>
            <span className="text-zinc-600 dark:text-zinc-400"> · {topicRowLabel(shownTopic!)}</span>
          </>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">Hover or focus the grid for exact bytes and counts; click a cell to open its broker.</span>
        )}
      </p>
    </div>
  );
}
