/**
 * Fills for cells whose state a colour cannot carry. Each pattern is distinct in shape (diagonal
 * hatch, cross-hatch, dots, horizontal bars, vertical bars), not just in hue, and every patterned cell also prints
 * its state in words. Semi-transparent greys and reds read on light and dark backgrounds alike.
 */
import type { CSSProperties } from "react";
import type { CellPattern } from "@/lib/view/common/legend";

const hatch = "repeating-linear-gradient(45deg, rgba(113,113,122,0.45) 0 3px, transparent 3px 8px)";
const cross =
  "repeating-linear-gradient(45deg, rgba(220,38,38,0.55) 0 2px, transparent 2px 8px), repeating-linear-gradient(-45deg, rgba(220,38,38,0.55) 0 2px, transparent 2px 8px)";
const dots = "radial-gradient(rgba(24,24,27,0.55) 1.2px, transparent 1.6px) 0 0 / 7px 7px";
const bars = "repeating-linear-gradient(0deg, rgba(113,113,122,0.5) 0 2px, transparent 2px 6px)";
const columns = "repeating-linear-gradient(90deg, rgba(180,83,9,0.45) 0 2px, transparent 2px 6px)";

/** The CSS background of a cell: its colour (if any) under its pattern (if any). */
export function cellBackground(pattern: CellPattern | "future" | "empty", color: string | null): CSSProperties {
  const layer =
    pattern === "unknown" ? hatch : pattern === "offline" ? cross : pattern === "cordoned" ? dots : pattern === "unreachable" ? bars : pattern === "missing" ? columns : null;
  if (layer && color) return { background: `${layer}, ${color}` };
  if (layer) return { background: layer };
  if (color) return { background: color };
  return {};
}
