"use client";
/**
 * One history chart: lines over time on a UTC axis spanning the chosen window, broken where the
 * history has holes (blank rows, `connectNulls={false}`), with the moments plans were applied shaded or
 * marked, optional threshold lines, and drag-to-zoom (press, drag across a stretch, release). Lines
 * differ in dash as well as colour (Okabe–Ito). For screen readers and for the numbers, the chart is
 * summarised in words and its points are in a table under "Show as a table".
 */
import { useMemo, useState } from "react";
import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, type DotItemDotProps } from "recharts";
import type { PlanMark } from "@/lib/view/history/applied-plan-marks";
import type { TimeWindow } from "@/lib/view/history/history-range";
import { isolatedRows, type Row } from "@/lib/view/history/history-rows";
import { chartSummary, tableRows, type SeriesSpec } from "@/lib/view/history/history-summary";
import { formatPointTime, formatTimeTick, timeTicks } from "@/lib/view/common/time-ticks";
import { axisProps } from "@/components/charts/chart-parts";

export interface ChartSeries<K extends string> extends SeriesSpec<K> {
  color: string;
  dash?: string;
  /** Which Y axis: the left one unless told. */
  axis?: "left" | "right";
}

export interface ChartAxis {
  ticks?: number[];
  domain?: [number, number];
  format: (value: number) => string;
  width: number;
  label?: string;
}

interface Props<K extends string> {
  id: string;
  title: string;
  rows: readonly Row<K>[];
  series: readonly ChartSeries<K>[];
  window: TimeWindow;
  marks: readonly PlanMark[];
  left: ChartAxis;
  right?: ChartAxis;
  /** Horizontal lines on the left axis (85 %, 95 %, 1.00× even). */
  references?: readonly { y: number; label: string; color: string }[];
  onZoom?: (fromMs: number, toMs: number) => void;
  /** Tailwind height of the plot, the same whatever the data. */
  heightClass?: string;
}

interface TooltipEntry {
  dataKey?: unknown;
  value?: unknown;
  color?: string;
  name?: unknown;
}

function TimeTooltip({ active, payload, label, series }: { active?: boolean; payload?: readonly TooltipEntry[]; label?: unknown; series: readonly ChartSeries<string>[] }) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className="rounded border border-zinc-300 bg-white px-3 py-2 text-xs text-zinc-900 shadow dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <div className="mb-1 font-semibold">{formatPointTime(Number(label))}</div>
      <ul className="tabular-nums">
        {series.map((s) => {
          const entry = payload.find((p) => p.dataKey === s.key);
          const value = entry?.value;
          return (
            <li key={s.key} className="flex items-center gap-2">
              <span className="inline-block h-0.5 w-3" style={{ background: s.color }} aria-hidden />
              <span>{s.label}</span>
              <span className="ml-auto pl-3">{typeof value === "number" ? s.format(value) : "no scan"}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const MARK_COLOR = "#CC79A7";

/**
 * A plan mark's label at its top left, with the plans it stands for as its SVG title (the browser's
 * tooltip): "3 plans" names each of the three there. Recharts passes the mark's box as `viewBox`.
 */
function MarkLabel({ label, title, viewBox }: { label: string; title: string; viewBox?: { x?: number; y?: number } }) {
  const x = (viewBox?.x ?? 0) + 4;
  const y = (viewBox?.y ?? 0) + 12;
  return (
    <g data-plan-mark={label}>
      <title>{title}</title>
      <text x={x} y={y} fill="currentColor" fontSize={11}>
        {label}
      </text>
    </g>
  );
}

/** 8 px: a drag narrower than this is a click that wobbled, not a zoom. */
const MIN_DRAG_PX = 8;

export function TimeChart<K extends string>({ id, title, rows, series, window, marks, left, right, references = [], onZoom, heightClass = "h-56" }: Props<K>) {
  const [drag, setDrag] = useState<{ from: number; to: number; fromX: number; toX: number } | null>(null);
  const ticks = useMemo(() => timeTicks(window.fromMs, window.toMs), [window]);
  const summary = useMemo(() => chartSummary(rows, series), [rows, series]);
  const table = useMemo(() => tableRows(rows, series), [rows, series]);
  // Few rows: a dot on every point. Many: dots only where a point stands alone between holes.
  const showDots = rows.length <= 40;
  const isolated = useMemo(() => (showDots ? null : new Map(series.map((s) => [s.key, isolatedRows(rows, s.key)]))), [rows, series, showDots]);
  const at = (label: unknown) => (label === undefined || label === null || label === "" ? null : Number(label));
  const finishDrag = () => {
    if (drag && onZoom && Math.abs(drag.toX - drag.fromX) >= MIN_DRAG_PX && drag.from !== drag.to) onZoom(drag.from, drag.to);
    setDrag(null);
  };
  return (
    <figure className="flex min-w-0 flex-col gap-1" aria-labelledby={`${id}-title`} data-history-chart={id} data-rows={rows.length}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {title}
      </h3>
      <p className="sr-only" data-chart-summary>
        {summary}
      </p>
      <div className={`${heightClass} text-zinc-600 select-none dark:text-zinc-400`}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 220 }}>
          <LineChart
            data={rows as Row<K>[]}
            margin={{ top: 8, right: right ? 4 : 12, bottom: 4, left: 0 }}
            accessibilityLayer
            title={title}
            onMouseDown={(s) => {
              const t = at(s.activeLabel);
              const x = s.activeCoordinate?.x ?? 0;
              if (t !== null && onZoom) setDrag({ from: t, to: t, fromX: x, toX: x });
            }}
            onMouseMove={(s) => {
              const t = at(s.activeLabel);
              if (drag && t !== null) setDrag({ ...drag, to: t, toX: s.activeCoordinate?.x ?? drag.toX });
            }}
            onMouseUp={finishDrag}
            onMouseLeave={() => setDrag(null)}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={[window.fromMs, window.toMs]}
              allowDataOverflow
              ticks={ticks.ticks}
              tickFormatter={(t: number) => formatTimeTick(t, ticks.format)}
              {...axisProps}
            />
            <YAxis
              yAxisId="left"
              {...axisProps}
              width={left.width}
              ticks={left.ticks}
              domain={left.domain ?? [0, "auto"]}
              interval={left.ticks ? 0 : undefined}
              tickFormatter={left.format}
              allowDataOverflow={left.domain !== undefined}
            />
            {right ? (
              <YAxis
                yAxisId="right"
                orientation="right"
                {...axisProps}
                width={right.width}
                ticks={right.ticks}
                domain={right.domain ?? [0, "auto"]}
                tickFormatter={right.format}
                allowDecimals={false}
              />
            ) : null}
            <Tooltip content={<TimeTooltip series={series as readonly ChartSeries<string>[]} />} cursor={{ stroke: "currentColor", strokeOpacity: 0.3 }} />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
            {marks.map((m) =>
              m.kind === "area" ? (
                <ReferenceArea
                  key={m.id}
                  yAxisId="left"
                  x1={m.x1}
                  x2={m.x2}
                  fill={MARK_COLOR}
                  fillOpacity={0.15}
                  stroke={MARK_COLOR}
                  strokeOpacity={0.5}
                  ifOverflow="hidden"
                  label={<MarkLabel label={m.label} title={m.title} />}
                />
              ) : (
                <ReferenceLine
                  key={m.id}
                  yAxisId="left"
                  x={m.x1}
                  stroke={MARK_COLOR}
                  strokeDasharray="4 2"
                  ifOverflow="hidden"
                  label={<MarkLabel label={m.label} title={m.title} />}
                />
              ),
            )}
            {references.map((r) => (
              <ReferenceLine
                key={r.label}
                yAxisId="left"
                y={r.y}
                stroke={r.color}
                strokeOpacity={0.7}
                strokeDasharray="4 4"
                label={{ value: r.label, position: "insideTopRight", fill: "currentColor", fontSize: 11 }}
              />
            ))}
            {series.map((s) => (
              <Line
                key={s.key}
                yAxisId={s.axis ?? "left"}
                type="linear"
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.dash}
                dot={
                  isolated === null
                    ? { r: 2.5, fill: s.color }
                    : (props: DotItemDotProps) =>
                        isolated.get(s.key)?.has(props.index) && props.cx !== undefined && props.cy !== undefined ? (
                          <circle key={props.index} cx={props.cx} cy={props.cy} r={2.5} fill={s.color} />
                        ) : (
                          <g key={props.index} />
                        )
                }
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
            {drag && drag.from !== drag.to ? (
              <ReferenceArea yAxisId="left" x1={Math.min(drag.from, drag.to)} x2={Math.max(drag.from, drag.to)} fill="currentColor" fillOpacity={0.12} ifOverflow="hidden" />
            ) : null}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="text-xs">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Show as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: values`}>
          <table className="w-full border-collapse tabular-nums">
            <caption className="sr-only">{title}, newest first</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="px-2 py-1 font-semibold">
                  Time
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-2 py-1 text-right font-semibold">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.map((r) => (
                <tr key={r.key} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="px-2 py-1 whitespace-nowrap">{r.time}</td>
                  {r.cells.map((c, i) => (
                    <td key={series[i]!.key} className="px-2 py-1 text-right">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {table.length === 0 ? <p className="px-2 py-1">No values in this range.</p> : null}
        </div>
      </details>
    </figure>
  );
}
