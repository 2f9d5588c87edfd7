"use client";
/** Bytes per broker, stacked by log dir: a broker whose bar is one or two colours has skewed disks. */
import { useMemo } from "react";
import { Bar, Legend, Tooltip, YAxis } from "recharts";
import { formatBytes } from "@/lib/model/format";
import { formatAxisBytes } from "@/lib/view/common/axis-ticks";
import { bytesByDirSeries } from "@/lib/view/overview/broker-series";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import { axisProps, BrokerBars, ChartTooltip } from "./chart-parts";

export function BrokerBytesChart({ data, failure }: WidgetProps) {
  const series = useMemo(() => (data ? bytesByDirSeries(data.report) : null), [data]);
  const state = widgetState(data, failure, (d) =>
    d.report.brokers.length === 0
      ? "This snapshot lists no brokers."
      : d.report.dirs.length === 0
        ? "No log dirs reported, so bytes cannot be split by dir."
        : d.report.totals.bytes === 0
          ? "No bytes stored yet: every partition is empty."
          : null,
  );
  return (
    <WidgetCard
      id="broker-bytes-chart"
      title="Bytes per broker, by log dir"
      subtitle="Each colour is one log dir; the legend gives its share of all bytes. Even disks show even stripes."
      bodyClassName="h-72"
      state={state}
    >
      {series ? (
        <BrokerBars chart="bytes" title="Bytes per broker, by log dir" points={series.points} omitted={series.omitted} leftMargin={8}>
          <YAxis {...axisProps} width={72} ticks={series.ticks} domain={[0, series.ticks.at(-1) ?? 0]} interval={0} tickFormatter={formatAxisBytes} />
          <Tooltip content={<ChartTooltip format={formatBytes} total />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.stacks.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.legend} stackId="bytes" fill={s.color} isAnimationActive={false} />
          ))}
        </BrokerBars>
      ) : null}
    </WidgetCard>
  );
}
