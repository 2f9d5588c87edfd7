/**
 * The heatmaps as PNGs. The on-screen heatmaps are virtualised (a DOM grid and a canvas that hold
 * only the rows in view), so they cannot be captured from the page; instead the same cells, colours
 * and texts are drawn onto an offscreen canvas, every row included (up to a size every browser can
 * encode), with a title, a subtitle and the colour legend, and exported with toBlob.
 * - Broker × log dir: the grid the page draws (lib/view/overview/broker-dir-heatmap, or the shared-scale grids
 *   of side-by-side panels: one source for the colours of the page and the image). Patterns stand in for the CSS ones of
 *   cell-patterns.ts, as line drawings, so states remain readable without colour in the image too.
 * - Topic × broker: drawn by the same function the page's canvas uses (draw-topic-grid), unscrolled.
 */
import type { TopicFigures } from "@/lib/model/report";
import type { BrokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import type { ColorScale } from "@/lib/view/common/color-scale";
import type { TopicMetric } from "@/lib/view/overview/topic-heatmap";
import type { CellPattern, Legend } from "@/lib/view/common/legend";
import { drawTopicGrid, geometryFor, LIGHT_THEME } from "@/components/heatmap/draw-topic-grid";
import { fitText as fitTextTo } from "@/components/heatmap/fit-text";

/** What an image says above its grid: which heatmap of which cluster, and when it was captured. */
export interface HeatmapCaption {
  title: string;
  subtitle: string;
}

const LABEL_W = 200;
const CELL_W = 130;
const ROW_H = 30;
const TITLE_H = 56;
/** The legend under the grid: its title, the colour ramp and the tick labels. */
const LEGEND_H = 64;
const LEGEND_W = 320;
/** The narrowest image: wide enough for the title and subtitle of a small cluster's heatmap. */
const MIN_W = 760;
const HEADER_H = 28;
/** 500 rows × 30 px × 2: inside every browser's canvas size limit (Chrome: 32,767 px a side). */
const MAX_ROWS = 500;
/** 1,200 topic rows × 20 px, drawn at 1×: inside the same limit. */
const MAX_TOPIC_ROWS = 1200;
const INK = "#18181b";
const MUTED = "#52525b";
const RULE = "#e4e4e7";
/** Drawn at twice the size, so the image stays sharp on high-density screens and in slides. */
const PIXEL_RATIO = 2;

function drawPattern(ctx: CanvasRenderingContext2D, pattern: CellPattern, x: number, y: number, w: number, h: number): void {
  if (pattern === "none") return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.lineWidth = 1.5;
  const diagonal = (sign: 1 | -1, colour: string, step: number) => {
    ctx.strokeStyle = colour;
    ctx.beginPath();
    for (let d = -h; d < w + h; d += step) {
      ctx.moveTo(x + d, sign === 1 ? y + h : y);
      ctx.lineTo(x + d + h, sign === 1 ? y : y + h);
    }
    ctx.stroke();
  };
  if (pattern === "unknown") diagonal(1, "rgba(113,113,122,0.55)", 8);
  if (pattern === "offline") {
    diagonal(1, "rgba(220,38,38,0.6)", 8);
    diagonal(-1, "rgba(220,38,38,0.6)", 8);
  }
  if (pattern === "cordoned") {
    ctx.fillStyle = "rgba(24,24,27,0.55)";
    for (let dx = 3; dx < w; dx += 7) for (let dy = 3; dy < h; dy += 7) ctx.fillRect(x + dx, y + dy, 1.6, 1.6);
  }
  if (pattern === "unreachable") {
    ctx.fillStyle = "rgba(113,113,122,0.5)";
    for (let dy = 0; dy < h; dy += 6) ctx.fillRect(x, y + dy, w, 2);
  }
  if (pattern === "missing") {
    ctx.fillStyle = "rgba(180,83,9,0.45)";
    for (let dx = 0; dx < w; dx += 6) ctx.fillRect(x + dx, y, 2, h);
  }
  ctx.restore();
}

/** `text` cut to `width` in the context's font (components/heatmap/fit-text: O(log n) measurements). */
function fitText(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  return fitTextTo(text, width, (t) => ctx.measureText(t).width);
}

function drawCaption(ctx: CanvasRenderingContext2D, caption: HeatmapCaption, width: number): void {
  ctx.textBaseline = "middle";
  ctx.textAlign = "left";
  ctx.fillStyle = INK;
  ctx.font = "bold 15px system-ui, sans-serif";
  ctx.fillText(fitText(ctx, caption.title, width - 16), 8, 18);
  ctx.fillStyle = MUTED;
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillText(fitText(ctx, caption.subtitle, width - 16), 8, 40);
}

/** The legend's title, its colour ramp (sampled from the scale) and its tick labels, at (x, y). */
function drawLegend(ctx: CanvasRenderingContext2D, legend: Legend, scale: ColorScale, x: number, y: number, width: number): void {
  ctx.textBaseline = "middle";
  ctx.textAlign = "left";
  ctx.fillStyle = INK;
  ctx.font = "600 12px system-ui, sans-serif";
  ctx.fillText(fitText(ctx, `${legend.title}: ${legend.reading}`, Math.max(width, MIN_W - 2 * x)), x, y + 8);
  const [lo, hi] = scale.domain;
  const rampY = y + 20;
  for (let i = 0; i < width; i++) {
    ctx.fillStyle = scale.color(lo + ((hi - lo) * i) / Math.max(1, width - 1));
    ctx.fillRect(x + i, rampY, 1, 12);
  }
  ctx.strokeStyle = MUTED;
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, rampY + 0.5, width - 1, 11);
  ctx.strokeStyle = INK;
  ctx.setLineDash([3, 2]);
  for (const mark of legend.marks) {
    ctx.beginPath();
    ctx.moveTo(x + mark.position * width, rampY - 3);
    ctx.lineTo(x + mark.position * width, rampY + 15);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.fillStyle = MUTED;
  ctx.font = "11px system-ui, sans-serif";
  for (const tick of legend.ticks) {
    ctx.textAlign = tick.position === 0 ? "left" : tick.position === 1 ? "right" : "center";
    ctx.fillText(tick.label, x + tick.position * width, rampY + 26);
  }
  ctx.textAlign = "left";
  // Beside the ramp: what the dashed marks are, then each pattern's swatch and label.
  let at = x + width + 16;
  if (legend.marks.length > 0) {
    const text = `marks: ${legend.marks.map((m) => m.label).join(" / ")} used`;
    ctx.fillText(text, at, rampY + 6);
    at += ctx.measureText(text).width + 16;
  }
  for (const swatch of legend.swatches) {
    ctx.strokeStyle = MUTED;
    ctx.lineWidth = 1;
    if (swatch.pattern === "future") {
      ctx.fillStyle = "#1d4ed8";
      ctx.fillRect(at, rampY, 20, 12);
    } else if (swatch.pattern !== "empty") {
      drawPattern(ctx, swatch.pattern, at, rampY, 20, 12);
    }
    ctx.strokeRect(at + 0.5, rampY + 0.5, 19, 11);
    ctx.fillStyle = MUTED;
    ctx.fillText(swatch.label, at + 26, rampY + 6);
    at += 26 + ctx.measureText(swatch.label).width + 16;
  }
}

function newCanvas(width: number, height: number, ratio: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement("canvas");
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw on a canvas, so the heatmap cannot be exported as PNG.");
  ctx.scale(ratio, ratio);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx };
}

/** Draws a broker × log-dir grid on a new canvas (white background, so the PNG reads the same in any viewer). */
export function drawHeatmapCanvas(grid: BrokerDirGrid, caption: HeatmapCaption): HTMLCanvasElement {
  const rows = grid.rows.slice(0, MAX_ROWS);
  const more = grid.rows.length > rows.length;
  const width = Math.max(LABEL_W + Math.max(1, grid.columns.length) * CELL_W, MIN_W);
  const gridBottom = TITLE_H + HEADER_H + rows.length * ROW_H + (more ? ROW_H : 0);
  const height = gridBottom + LEGEND_H;
  const { canvas, ctx } = newCanvas(width, height, PIXEL_RATIO);
  drawCaption(ctx, caption, width);

  ctx.fillStyle = MUTED;
  ctx.font = "600 12px system-ui, sans-serif";
  grid.columns.forEach((c, i) => ctx.fillText(fitText(ctx, c.label, CELL_W - 8), LABEL_W + i * CELL_W + 4, TITLE_H + HEADER_H / 2));

  rows.forEach((row, r) => {
    const y = TITLE_H + HEADER_H + r * ROW_H;
    ctx.fillStyle = INK;
    ctx.font = "12px system-ui, sans-serif";
    ctx.fillText(fitText(ctx, row.label, LABEL_W - 12), 8, y + ROW_H / 2);
    grid.cells(r).forEach((cell, i) => {
      const x = LABEL_W + i * CELL_W;
      ctx.strokeStyle = RULE;
      ctx.strokeRect(x + 0.5, y + 0.5, CELL_W - 1, ROW_H - 1);
      if (!cell) {
        drawPattern(ctx, row.empty.pattern, x + 1, y + 1, CELL_W - 2, ROW_H - 2);
        ctx.fillStyle = MUTED;
        ctx.fillText(fitText(ctx, row.empty.text, CELL_W - 10), x + 5, y + ROW_H / 2);
        return;
      }
      if (cell.background) {
        ctx.fillStyle = cell.background;
        ctx.fillRect(x + 1, y + 1, CELL_W - 2, ROW_H - 2);
      }
      drawPattern(ctx, cell.pattern, x + 1, y + 1, CELL_W - 2, ROW_H - 2);
      // The badges the page prints in a cell, at its right: the utilisation mark reached, replicas moving in.
      const badges = [
        cell.mark > 0 ? { text: `${cell.mark}%+`, fill: cell.mark >= 95 ? "#b91c1c" : cell.mark >= 85 ? INK : "#ffffffcc", ink: cell.mark >= 85 ? "#ffffff" : INK } : null,
        cell.futureReplicas > 0 ? { text: `⇢ ${cell.futureReplicas}`, fill: "#1d4ed8", ink: "#ffffff" } : null,
      ].filter((b): b is { text: string; fill: string; ink: string } => b !== null);
      ctx.font = "600 10px system-ui, sans-serif";
      let right = x + CELL_W - 3;
      for (const badge of badges) {
        const w = ctx.measureText(badge.text).width + 6;
        right -= w;
        ctx.fillStyle = badge.fill;
        ctx.fillRect(right, y + ROW_H / 2 - 7, w, 14);
        ctx.fillStyle = badge.ink;
        ctx.fillText(badge.text, right + 3, y + ROW_H / 2);
        right -= 3;
      }
      ctx.font = "12px system-ui, sans-serif";
      ctx.fillStyle = cell.foreground === "inherit" ? INK : cell.foreground;
      ctx.fillText(fitText(ctx, cell.text, right - x - 8), x + 5, y + ROW_H / 2);
    });
  });
  if (more) {
    ctx.fillStyle = MUTED;
    ctx.fillText(`… and ${grid.rows.length - rows.length} more brokers (export the CSV for every figure)`, 8, TITLE_H + HEADER_H + rows.length * ROW_H + ROW_H / 2);
  }
  drawLegend(ctx, grid.legend, grid.scale, 8, gridBottom + 8, LEGEND_W);
  return canvas;
}

export interface TopicHeatmapInput {
  topics: readonly TopicFigures[];
  brokerIds: readonly number[];
  scale: ColorScale;
  /** What cells are coloured by (the scale is the metric's); replicas unless told. */
  metric?: TopicMetric;
  legend: Legend;
}

/** Draws the topic × broker heatmap, every topic up to MAX_TOPIC_ROWS, on a new canvas. */
export function drawTopicHeatmapCanvas({ topics, brokerIds, scale, metric, legend }: TopicHeatmapInput, caption: HeatmapCaption): HTMLCanvasElement {
  const shown = topics.slice(0, MAX_TOPIC_ROWS);
  const more = topics.length - shown.length;
  // Columns as wide as the page would draw them on a wide screen, at least wide enough for counts.
  const g = geometryFor(232 + brokerIds.length * 48, brokerIds.length, shown.length);
  const gridW = g.labelW + brokerIds.length * g.colW;
  const gridH = g.headerH + shown.length * g.rowH;
  const width = Math.max(gridW, MIN_W);
  const moreH = more > 0 ? ROW_H : 0;
  const height = TITLE_H + gridH + moreH + LEGEND_H;
  const ratio = height * PIXEL_RATIO <= 32_000 ? PIXEL_RATIO : 1;
  const { canvas, ctx } = newCanvas(width, height, ratio);
  drawCaption(ctx, caption, width);
  ctx.save();
  ctx.translate(0, TITLE_H);
  drawTopicGrid({
    ctx,
    width: gridW,
    height: gridH,
    scrollTop: 0,
    scrollLeft: 0,
    topics: shown,
    brokerIds,
    geometry: g,
    scale,
    metric,
    theme: LIGHT_THEME,
    active: null,
    hover: null,
  });
  ctx.restore();
  if (more > 0) {
    ctx.textAlign = "left";
    ctx.fillStyle = MUTED;
    ctx.font = "12px system-ui, sans-serif";
    ctx.fillText(`… and ${more} more topics (export the JSON for every figure)`, 8, TITLE_H + gridH + ROW_H / 2);
  }
  drawLegend(ctx, legend, scale, 8, TITLE_H + gridH + moreH + 8, LEGEND_W);
  return canvas;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The browser could not encode the PNG."))), "image/png"));
}
