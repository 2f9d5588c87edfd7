"use client";
/** Pieces shared by the recharts charts: axis styling that follows the theme, a tooltip in real units. */
import type { ReactNode } from "react";
import { BarChart, CartesianGrid, ResponsiveContainer, XAxis } from "recharts";

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

interface BrokerBarsProps {
  /** `data-chart` of the frame, for tests and exports. */
  chart: string;
  points: readonly object[];
  omitted: number;
  leftMargin: number;
  /** The chart's accessible name (its SVG is a keyboard stop). */
  title: string;
  /** The Y axis, tooltip, legend and bars: what differs between the per-broker charts. */
  children: ReactNode;
}

/** The frame every per-broker bar chart shares: brokers along X, the theme's grid, the omitted-brokers note. */
export function BrokerBars({ chart, points, omitted, leftMargin, title, children }: BrokerBarsProps) {
  return (
    <div className="flex h-full flex-col text-zinc-600 dark:text-zinc-400" data-chart={chart}>
      <div className="min-h-0 flex-1">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 260 }}>
          <BarChart data={points as object[]} margin={{ top: 8, right: 8, bottom: 4, left: leftMargin }} accessibilityLayer title={title}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
            <XAxis dataKey="broker" {...axisProps} label={{ value: "broker", position: "insideBottomRight", offset: -2, fill: "currentColor", fontSize: 11 }} />
            {children}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <OmittedNote omitted={omitted} />
    </div>
  );
}
