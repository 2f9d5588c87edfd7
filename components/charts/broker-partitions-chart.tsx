"use client";
/** Partitions and leaders per broker, side by side: uneven bars are uneven brokers. */
import { useMemo } from "react";
import { Bar, Legend, Tooltip, YAxis } from "recharts";
import { formatCount } from "@/lib/model/format";
import { partitionLeaderSeries } from "@/lib/view/broker-series";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import { axisProps, BrokerBars, ChartTooltip } from "./chart-parts";

export function BrokerPartitionsChart({ data, failure }: WidgetProps) {
  const series = useMemo(() => (data ? partitionLeaderSeries(data.report) : null), [data]);
  const state = widgetState(data, failure, (d) => (d.report.brokers.length === 0 ? "This snapshot lists no brokers." : d.report.totals.replicas === 0 ? "No partitions yet." : null));
  return (
    <WidgetCard id="broker-partitions-chart" title="Partitions and leaders per broker" subtitle="Kafka spreads these evenly by count; bytes are another matter." bodyClassName="h-72" state={state}>
      {series ? (
        <BrokerBars chart="partitions" title="Partitions and leaders per broker" points={series.points} omitted={series.omitted} leftMargin={0}>
          <YAxis {...axisProps} allowDecimals={false} width={44} tickFormatter={(v: number) => formatCount(v)} />
          <Tooltip content={<ChartTooltip format={(v) => formatCount(v)} />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="partitions" name="Partition replicas" fill="#0072B2" isAnimationActive={false} />
          <Bar dataKey="leaders" name="Leaders" fill="#E69F00" isAnimationActive={false} />
        </BrokerBars>
      ) : null}
    </WidgetCard>
  );
}
