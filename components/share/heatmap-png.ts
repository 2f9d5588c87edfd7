/**
 * The broker × log-dir heatmap as a PNG. The on-screen heatmap is a virtualised DOM grid (only the
 * rows in view exist), so it cannot be captured from the page; instead the same cells, colours and
 * texts (lib/view/broker-dir-heatmap: one source for the colours of the page and the image) are drawn
 * onto an offscreen canvas, every row included, with the legend under it, and exported with toBlob.
 * Patterns stand in for the CSS ones of cell-patterns.ts, as line drawings, so states remain readable
 * without colour in the image too.
 */
import type { BalanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { brokerDirGrid, type BrokerDirGrid } from "@/lib/view/broker-dir-heatmap";
import type { CellPattern } from "@/lib/view/legend";
import { formatCapturedAt } from "@/lib/model/format";
import type { DirMetric } from "@/lib/view/dir-metric";

const LABEL_W = 200;
const CELL_W = 130;
const ROW_H = 30;
const TITLE_H = 56;
const HEADER_H = 28;
/** 500 rows × 30 px × 2: inside every browser's canvas size limit (Chrome: 32,767 px a side). */
const MAX_ROWS = 500;
const INK = "#18181b";
const MUTED = "#52525b";
const RULE = "#e4e4e7";
/** Drawn at twice the size, so the image stays sharp on high-density screens and in slides. */
const PIXEL_RATIO = 2;
const LEGEND_H = 64;
const RAMP_W = 280;

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
  if (pattern === "offline") (diagonal(1, "rgba(220,38,38,0.6)", 8), diagonal(-1, "rgba(220,38,38,0.6)", 8));
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

function fitText(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The legend under the grid: the same ramp stops and tick labels as the page's legend (lib/view/legend). */
function drawLegend(ctx: CanvasRenderingContext2D, grid: BrokerDirGrid, y: number, width: number): void {
  const { legend, scale } = grid;
  ctx.fillStyle = INK;
  ctx.font = "600 12px system-ui, sans-serif";
  ctx.fillText(fitText(ctx, `${legend.title}: ${legend.reading}`, width - 16), 8, y + 8);
  const ramp = ctx.createLinearGradient(8, 0, 8 + RAMP_W, 0);
  scale.stops.forEach((c, i) => ramp.addColorStop(i / Math.max(1, scale.stops.length - 1), c));
  ctx.fillStyle = ramp;
  ctx.fillRect(8, y + 20, RAMP_W, 12);
  ctx.strokeStyle = MUTED;
  ctx.strokeRect(8.5, y + 20.5, RAMP_W - 1, 11);
  for (const m of legend.marks) {
    ctx.beginPath();
    ctx.moveTo(8 + m.position * RAMP_W + 0.5, y + 16);
    ctx.lineTo(8 + m.position * RAMP_W + 0.5, y + 36);
    ctx.stroke();
  }
  ctx.fillStyle = MUTED;
  ctx.font = "11px system-ui, sans-serif";
  for (const t of legend.ticks) {
    ctx.textAlign = t.position === 0 ? "left" : t.position === 1 ? "right" : "center";
    ctx.fillText(t.label, 8 + t.position * RAMP_W, y + 46);
  }
  ctx.textAlign = "left";
  if (legend.marks.length > 0) ctx.fillText(`marks: ${legend.marks.map((m) => m.label).join(" / ")} used`, 8 + RAMP_W + 16, y + 26);
}

/** Draws the heatmap on a new canvas (white background, so the PNG reads the same in any viewer). */
export function drawHeatmapCanvas(snapshot: ClusterSnapshot, report: BalanceReport, metric: DirMetric): HTMLCanvasElement {
  const grid = brokerDirGrid(report, metric);
  const rows = grid.rows.slice(0, MAX_ROWS);
  const width = LABEL_W + Math.max(1, grid.columns.length) * CELL_W;
  const gridBottom = TITLE_H + HEADER_H + rows.length * ROW_H + (grid.rows.length > rows.length ? ROW_H : 0);
  const height = gridBottom + 8 + LEGEND_H;
  const canvas = document.createElement("canvas");
  canvas.width = width * PIXEL_RATIO;
  canvas.height = height * PIXEL_RATIO;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw on a canvas, so the heatmap cannot be exported as PNG.");
  ctx.scale(PIXEL_RATIO, PIXEL_RATIO);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = "middle";

  ctx.fillStyle = INK;
  ctx.font = "bold 15px system-ui, sans-serif";
  ctx.fillText(fitText(ctx, `Brokers × log dirs — ${snapshot.source.label}`, width - 16), 8, 18);
  ctx.fillStyle = MUTED;
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillText(fitText(ctx, `${grid.legend.title} · captured ${formatCapturedAt(snapshot.capturedAt)}${snapshot.source.clusterId ? ` · cluster ${snapshot.source.clusterId}` : ""}`, width - 16), 8, 40);

  ctx.font = "600 12px system-ui, sans-serif";
  grid.columns.forEach((c, i) => ctx.fillText(fitText(ctx, c.label, CELL_W - 8), LABEL_W + i * CELL_W + 4, TITLE_H + HEADER_H / 2));

  rows.forEach((row, r) => {
    const y = TITLE_H + HEADER_H + r * ROW_H;
    ctx.fillStyle = INK;
    ctx.font = "12px system-ui, sans-serif";
    ctx.fillText(fitText(ctx, row.label, LABEL_W - 12), 8, y + ROW_H / 2);
    row.cells.forEach((cell, i) => {
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
      ctx.fillStyle = cell.foreground === "inherit" ? INK : cell.foreground;
      ctx.fillText(fitText(ctx, cell.text, CELL_W - 10), x + 5, y + ROW_H / 2);
    });
  });
  if (grid.rows.length > rows.length) {
    ctx.fillStyle = MUTED;
    ctx.fillText(`… and ${grid.rows.length - rows.length} more brokers (export the CSV for every figure)`, 8, TITLE_H + HEADER_H + rows.length * ROW_H + ROW_H / 2);
  }
  drawLegend(ctx, grid, gridBottom + 8, width);
  return canvas;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The browser could not encode the PNG."))), "image/png"));
}
