"use client";
/**
 * Skew after each step (max ÷ mean, 1.00× is even): what Kafka balances (partitions per broker)
 * against what it does not (bytes per dir). Lines differ in dash and marker as well as colour
 * (Okabe–Ito palette), and the same figures are in a table for screen readers. Bytes below the size
 * floor (lib/plan/balanced.ts) are not skew: drawn at 1.00×, with the reason in the tooltip, the
 * table and a line under the chart.
 */
import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatPercent, formatSkew, formatUtilization } from "@/lib/model/format";
import type { SimulationStep } from "@/lib/simulate/run-request";
import type { SlimReport } from "@/lib/simulate/slim-report";
import { floorNote, skewTimeline, TIMELINE_SERIES, timelineValueText, type TimelinePoint } from "@/lib/view/simulate/skew-timeline";
import { skewTicks } from "@/lib/view/common/skew-ticks";
import { axisProps } from "@/components/charts/chart-parts";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";

/** Okabe–Ito: distinguishable with the common colour-vision deficiencies, on light and dark. */
const STYLE: Record<(typeof TIMELINE_SERIES)[number]["key"], { color: string; dash?: string; dot: "circle" | "square" | "diamond" | "triangle" }> = {
  brokerReplicas: { color: "#0072B2", dot: "circle" },
  brokerBytes: { color: "#56B4E9", dash: "2 3", dot: "square" },
  dirPartitions: { color: "#009E73", dash: "6 3", dot: "triangle" },
  dirBytes: { color: "#D55E00", dot: "diamond" },
};

interface TooltipProps {
  active?: boolean;
  payload?: readonly { payload?: TimelinePoint }[];
}

function StepTooltip({ active, payload }: TooltipProps) {
  const p = payload?.[0]?.payload;
  if (!active || !p) return null;
  return (
    <div className="max-w-xs rounded border border-zinc-300 bg-white px-3 py-2 text-xs text-zinc-900 shadow dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <div className="mb-1 font-semibold">{p.label}</div>
      <ul className="tabular-nums">
        {TIMELINE_SERIES.map((s) => (
          <li key={s.key} className="flex gap-3">
            <span className="shrink-0">{s.label}</span>
            <span className="ml-auto text-right">{timelineValueText(p, s.key)}</span>
          </li>
        ))}
        <li className="flex gap-3">
          <span>Fullest / emptiest dir</span>
          <span className="ml-auto">{p.fullest === null ? "–" : `${formatUtilization(p.fullest)} / ${formatUtilization(p.emptiest)}`}</span>
        </li>
      </ul>
    </div>
  );
}

export function SkewTimelineCard({ initial, steps, state }: { initial: SlimReport | null; steps: SimulationStep[]; state: WidgetState }) {
  const points = useMemo(() => (initial ? skewTimeline(initial, steps) : []), [initial, steps]);
  const ticks = skewTicks(points.flatMap((p) => TIMELINE_SERIES.map((s) => p[s.key])));
  const hasCapacity = points.some((p) => p.fullest !== null);
  const note = floorNote(points);
  const effective: WidgetState = state.kind === "ready" && steps.length === 0 ? { kind: "empty", message: "No steps: add one to see how skew moves." } : state;
  const xAxis = <XAxis dataKey="step" {...axisProps} tickFormatter={(s: number) => (s === 0 ? "base" : `step ${s}`)} />;
  return (
    <WidgetCard
      id="skew-timeline"
      title="After each step"
      subtitle="Kafka evens partitions per broker (blue) and, slowly, partition counts per dir (green); it never looks at bytes per dir (orange) or how full a disk is."
      bodyClassName="h-80"
      state={effective}
    >
      {points.length > 0 ? (
        <div className="grid h-full grid-cols-1 gap-4 text-zinc-600 lg:grid-cols-[3fr_2fr] dark:text-zinc-400" data-chart="skew-timeline">
          <figure className="flex min-h-0 min-w-0 flex-col">
            <figcaption className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Skew: max ÷ mean (1.00× is even)</figcaption>
            <div className="min-h-0 flex-1">
              <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 280 }}>
                <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} accessibilityLayer title="Skew after each step: max ÷ mean">
                  <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
                  {xAxis}
                  <YAxis {...axisProps} width={52} domain={[0, ticks[ticks.length - 1]!]} ticks={ticks} tickFormatter={formatSkew} />
                  <ReferenceLine
                    y={1}
                    stroke="currentColor"
                    strokeOpacity={0.5}
                    strokeDasharray="4 4"
                    label={{ value: "even", position: "insideTopLeft", fill: "currentColor", fontSize: 11 }}
                  />
                  <Tooltip content={<StepTooltip />} cursor={{ stroke: "currentColor", strokeOpacity: 0.3 }} />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  {TIMELINE_SERIES.map((s) => (
                    <Line
                      key={s.key}
                      type="linear"
                      dataKey={s.key}
                      name={s.label}
                      stroke={STYLE[s.key].color}
                      strokeWidth={2}
                      strokeDasharray={STYLE[s.key].dash}
                      dot={{ r: 4, strokeWidth: 2 }}
                      legendType={STYLE[s.key].dot}
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            </div>
            {note ? (
              <p className="mt-1 text-xs leading-snug" data-skew-floor-note>
                {note}
              </p>
            ) : null}
          </figure>
          <figure className="flex min-h-0 min-w-0 flex-col">
            <figcaption className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Disk used: the fullest and the emptiest dir</figcaption>
            {hasCapacity ? (
              <div className="min-h-0 flex-1">
                <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 280 }}>
                  <LineChart
                    data={points}
                    margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
                    accessibilityLayer
                    title="Disk used after each step: the fullest and the emptiest dir"
                  >
                    <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
                    {xAxis}
                    <YAxis {...axisProps} width={44} domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.7, 0.85, 1]} tickFormatter={formatPercent} />
                    <ReferenceLine
                      y={0.85}
                      stroke="#b91c1c"
                      strokeOpacity={0.6}
                      strokeDasharray="4 4"
                      label={{ value: "85%", position: "insideTopRight", fill: "currentColor", fontSize: 11 }}
                    />
                    <Tooltip content={<StepTooltip />} cursor={{ stroke: "currentColor", strokeOpacity: 0.3 }} />
                    <Legend wrapperStyle={{ fontSize: 12 }} />
                    <Line
                      type="linear"
                      dataKey="fullest"
                      name="Fullest dir"
                      stroke="#D55E00"
                      strokeWidth={2}
                      dot={{ r: 4, strokeWidth: 2 }}
                      legendType="diamond"
                      isAnimationActive={false}
                    />
                    <Line
                      type="linear"
                      dataKey="emptiest"
                      name="Emptiest dir"
                      stroke="#0072B2"
                      strokeWidth={2}
                      strokeDasharray="6 3"
                      dot={{ r: 4, strokeWidth: 2 }}
                      legendType="circle"
                      isAnimationActive={false}
                    />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            ) : (
              <p className="flex flex-1 items-center justify-center rounded border border-dashed border-zinc-300 p-3 text-center text-sm dark:border-zinc-700">
                No dir reports its capacity, so utilisation is unknown; the skew chart still holds.
              </p>
            )}
          </figure>
          <div className="sr-only">
            <table>
              <caption>Skew and disk use after each step</caption>
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  {TIMELINE_SERIES.map((s) => (
                    <th key={s.key} scope="col">
                      {s.label}
                    </th>
                  ))}
                  <th scope="col">Fullest dir</th>
                  <th scope="col">Emptiest dir</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.step}>
                    <th scope="row">{p.label}</th>
                    {TIMELINE_SERIES.map((s) => (
                      <td key={s.key}>{timelineValueText(p, s.key)}</td>
                    ))}
                    <td>{p.fullest === null ? "unknown" : formatUtilization(p.fullest)}</td>
                    <td>{p.emptiest === null ? "unknown" : formatUtilization(p.emptiest)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </WidgetCard>
  );
}
