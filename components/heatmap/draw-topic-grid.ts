/**
 * Draws the visible window of the topic × broker heatmap onto a canvas. Only rows and columns in view
 * are drawn (about 30 × 100 cells), so the cost is the same at 20 or 2,000 topics. Colours come from
 * the scale (precomputed per count for counts, per cell for bytes); geometry is shared with the
 * component's hit testing. `metric` picks what a cell is coloured by (lib/view/overview/topic-heatmap.ts).
 */
import type { TopicFigures } from "@/lib/model/report";
import { formatSkew } from "@/lib/model/format";
import { textColorOn, type ColorScale } from "@/lib/view/common/color-scale";
import { topicCellText, topicCellValue, topicUnsized, type TopicMetric } from "@/lib/view/overview/topic-heatmap";
import { visibleRange } from "@/lib/view/common/virtual-window";
import { fitText } from "@/components/heatmap/fit-text";

export interface TopicGridGeometry {
  labelW: number;
  headerH: number;
  rowH: number;
  colW: number;
}

export interface TopicGridTheme {
  background: string;
  empty: string;
  text: string;
  muted: string;
  rule: string;
  focus: string;
}

export const LIGHT_THEME: TopicGridTheme = { background: "#ffffff", empty: "#f4f4f5", text: "#18181b", muted: "#71717a", rule: "#e4e4e7", focus: "#2563eb" };
export const DARK_THEME: TopicGridTheme = { background: "#18181b", empty: "#27272a", text: "#f4f4f5", muted: "#a1a1aa", rule: "#3f3f46", focus: "#60a5fa" };

/** 22 px: below this a count no longer fits inside its cell, so cells go without numbers. */
const MIN_TEXT_COL = 22;

/**
 * Columns share the width (12 to 96 px each; narrower scrolls sideways); a short topic list gets
 * taller rows so a small cluster's grid is not a strip of slivers.
 */
export function geometryFor(width: number, brokers: number, topics: number): TopicGridGeometry {
  const labelW = 232;
  const colW = Math.max(12, Math.min(96, Math.floor((width - labelW) / Math.max(1, brokers))));
  return { labelW, headerH: 28, rowH: topics <= 40 ? 28 : 20, colW };
}

export interface DrawInput {
  ctx: CanvasRenderingContext2D;
  width: number;
  height: number;
  scrollTop: number;
  scrollLeft: number;
  topics: readonly TopicFigures[];
  brokerIds: readonly number[];
  geometry: TopicGridGeometry;
  scale: ColorScale;
  /** What cells are coloured by; replicas unless told (the scale must be the metric's). */
  metric?: TopicMetric;
  theme: TopicGridTheme;
  active: { row: number; col: number } | null;
  hover: { row: number; col: number } | null;
}

function colourTable(scale: ColorScale): { fill: string[]; ink: string[] } {
  const max = Math.max(1, Math.round(scale.domain[1]));
  const fill: string[] = [""];
  const ink: string[] = [""];
  for (let c = 1; c <= max; c++) {
    fill.push(scale.color(c));
    ink.push(textColorOn(fill[c]!));
  }
  return { fill, ink };
}

/** `text` cut to `max` in the context's font (./fit-text: O(log n) measurements, pairs kept whole). */
function ellipsize(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  return fitText(text, max, (t) => ctx.measureText(t).width);
}

export function drawTopicGrid(input: DrawInput): void {
  const { ctx, width, height, scrollTop, scrollLeft, topics, brokerIds, geometry: g, scale, theme } = input;
  const metric = input.metric ?? "replicas";
  const { fill, ink } = metric === "replicas" ? colourTable(scale) : { fill: [], ink: [] };
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, width, height);
  const rows = visibleRange(scrollTop, height - g.headerH, g.rowH, topics.length, 1);
  const cols = visibleRange(scrollLeft, width - g.labelW, g.colW, brokerIds.length, 1);
  ctx.textBaseline = "middle";
  ctx.textAlign = "center";
  ctx.font = "11px ui-sans-serif, system-ui, sans-serif";

  for (let r = rows.start; r < rows.end; r++) {
    const topic = topics[r]!;
    const y = g.headerH + r * g.rowH - scrollTop;
    for (let c = cols.start; c < cols.end; c++) {
      const x = g.labelW + c * g.colW - scrollLeft;
      const count = topic.perBroker[c] ?? 0;
      let colour: string = theme.empty;
      let inkColour: string | null = null;
      if (count > 0) {
        if (metric === "replicas") {
          colour = fill[Math.min(count, fill.length - 1)]!;
          inkColour = g.colW >= MIN_TEXT_COL ? ink[Math.min(count, ink.length - 1)]! : null;
        } else if (topicUnsized(topic, c) >= count) {
          // No size known: the muted colour, never the scale's 0 B.
          colour = theme.muted;
          inkColour = textColorOn(colour);
        } else {
          colour = scale.color(topicCellValue(topic, c, metric));
          inkColour = textColorOn(colour);
        }
      }
      ctx.fillStyle = colour;
      ctx.fillRect(x, y, g.colW - 1, g.rowH - 1);
      const label = inkColour === null ? null : topicCellText(topic, c, metric, g.colW);
      if (label !== null) {
        ctx.fillStyle = inkColour!;
        ctx.fillText(label, x + g.colW / 2, y + g.rowH / 2);
      }
    }
  }

  for (const [pos, colour] of [
    [input.hover, theme.muted],
    [input.active, theme.focus],
  ] as const) {
    if (!pos || pos.row < rows.start || pos.row >= rows.end) continue;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.strokeRect(g.labelW + pos.col * g.colW - scrollLeft + 1, g.headerH + pos.row * g.rowH - scrollTop + 1, g.colW - 3, g.rowH - 3);
  }

  // Row labels: a fixed column over the cells, topic name left, skew right.
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, g.headerH, g.labelW, height - g.headerH);
  ctx.textAlign = "left";
  for (let r = rows.start; r < rows.end; r++) {
    const topic = topics[r]!;
    const y = g.headerH + r * g.rowH - scrollTop + g.rowH / 2;
    const skew = formatSkew(topic.skew);
    ctx.font = "11px ui-monospace, monospace";
    ctx.fillStyle = topic.skew > 1.5 ? theme.text : theme.muted;
    ctx.textAlign = "right";
    ctx.fillText(skew, g.labelW - 8, y);
    ctx.textAlign = "left";
    ctx.font = `${topic.internal ? "italic " : ""}12px ui-sans-serif, system-ui, sans-serif`;
    ctx.fillStyle = input.active?.row === r ? theme.focus : theme.text;
    ctx.fillText(ellipsize(ctx, topic.name, g.labelW - 64), 6, y);
  }

  // Column header: broker ids, thinned out when columns are narrow.
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, width, g.headerH);
  ctx.font = "11px ui-sans-serif, system-ui, sans-serif";
  ctx.textAlign = "center";
  const every = Math.max(1, Math.ceil(28 / g.colW));
  for (let c = cols.start; c < cols.end; c++) {
    if (c % every !== 0 && input.active?.col !== c) continue;
    const x = g.labelW + c * g.colW - scrollLeft;
    if (x < g.labelW - 2) continue;
    ctx.fillStyle = input.active?.col === c ? theme.focus : theme.muted;
    ctx.fillText(String(brokerIds[c]), x + g.colW / 2, g.headerH / 2 + 2);
  }
  ctx.textAlign = "left";
  ctx.fillStyle = theme.muted;
  ctx.fillText("topic", 6, g.headerH / 2 + 2);
  ctx.textAlign = "right";
  ctx.fillText("skew · broker →", g.labelW - 8, g.headerH / 2 + 2);
  ctx.strokeStyle = theme.rule;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, g.headerH - 0.5);
  ctx.lineTo(width, g.headerH - 0.5);
  ctx.moveTo(g.labelW - 0.5, 0);
  ctx.lineTo(g.labelW - 0.5, height);
  ctx.stroke();
}
