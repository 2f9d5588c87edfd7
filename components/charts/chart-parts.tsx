"use client";
/** Pieces shared by the recharts charts: axis styling that follows the theme, a tooltip in real units. */
import type { ReactNode } from "react";

export const axisProps = {
  stroke: "currentColor",
  strokeOpacity: 0.4,
  tick: { fill: "currentColor", fontSize: 11 },
  tickLine: false,
} as const;

interface TooltipEntry {
  name?: ReactNode;
  value?: unknown;
  color?: string;
  dataKey?: unknown;
}

interface ChartTooltipProps {
  active?: boolean;
  payload?: readonly TooltipEntry[];
  label?: ReactNode;
  format: (value: number) => string;
  /** Adds a total line (stacked charts). */
  total?: boolean;
}

export function ChartTooltip({ active, payload, label, format, total }: ChartTooltipProps) {
  if (!active || !payload || payload.length === 0) return null;
  const sum = payload.reduce((s, p) => s + (typeof p.value === "number" ? p.value : 0), 0);
  return (
    <div className="rounded border border-zinc-300 bg-white px-3 py-2 text-xs text-zinc-900 shadow dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <div className="mb-1 font-semibold">broker {label}</div>
      <ul>
        {payload.map((p) => (
          <li key={String(p.dataKey)} className="flex items-center gap-2 tabular-nums">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: p.color }} aria-hidden />
            <span className="font-mono">{p.name}</span>
            <span className="ml-auto pl-3">{typeof p.value === "number" ? format(p.value) : "–"}</span>
          </li>
        ))}
      </ul>
      {total ? <div className="mt-1 border-t border-zinc-200 pt-1 text-right font-medium tabular-nums dark:border-zinc-700">total {format(sum)}</div> : null}
    </div>
  );
}

export function OmittedNote({ omitted }: { omitted: number }) {
  if (omitted <= 0) return null;
  return <p className="pt-1 text-xs">Showing the first brokers by id; {omitted} more are in the tables below.</p>;
}
