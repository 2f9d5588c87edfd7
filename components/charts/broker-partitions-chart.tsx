"use client";
/** Partitions and leaders per broker, side by side: uneven bars are uneven brokers. */
import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "@/lib/model/format";
import { partitionLeaderSeries } from "@/lib/view/broker-series";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import { axisProps, ChartTooltip, OmittedNote } from "./chart-parts";

export function BrokerPartitionsChart({ data, failure }: WidgetProps) {
  const series = useMemo(() => (data ? partitionLeaderSeries(data.report) : null), [data]);
  const state = widgetState(data, failure, (d) => (d.report.brokers.length === 0 ? "This snapshot lists no brokers." : d.report.totals.replicas === 0 ? "No partitions yet." : null));
  return (
    <WidgetCard id="broker-partitions-chart" title="Partitions and leaders per broker" subtitle="Kafka spreads these evenly by count; bytes are another matter." bodyClassName="h-72" state={state}>
      {series ? (
        <div className="flex h-full flex-col text-zinc-600 dark:text-zinc-400" data-chart="partitions">
          <div className="min-h-0 flex-1">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 260 }}>
              <BarChart data={series.points} margin={{ top: 8, right: 8, bottom: 4, left: 0 }} accessibilityLayer>
                <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
                <XAxis dataKey="broker" {...axisProps} label={{ value: "broker", position: "insideBottomRight", offset: -2, fill: "currentColor", fontSize: 11 }} />
                <YAxis {...axisProps} allowDecimals={false} width={44} tickFormatter={(v: number) => formatCount(v)} />
                <Tooltip content={<ChartTooltip format={(v) => formatCount(v)} />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="partitions" name="Partition replicas" fill="#0072B2" isAnimationActive={false} />
                <Bar dataKey="leaders" name="Leaders" fill="#E69F00" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <OmittedNote omitted={series.omitted} />
        </div>
      ) : null}
    </WidgetCard>
  );
}
