"use client";
/** Partitions and leaders per broker, side by side: uneven bars are uneven brokers. */
import { useMemo } from "react";
import { Bar, Legend, Tooltip, YAxis } from "recharts";
import { formatCount } from "@/lib/model/format";
import { howToLearn } from "@/lib/model/facts";
import { partitionLeaderSeries } from "@/lib/view/overview/broker-series";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import { axisProps, BrokerBars, ChartTooltip } from "./chart-parts";

export function BrokerPartitionsChart({ data, failure }: WidgetProps) {
  const series = useMemo(() => (data ? partitionLeaderSeries(data.report) : null), [data]);
  // Without kafka-topics output an import knows no leaders: the bar would draw 0 for every broker.
  const leadersKnown = data?.facts?.leadership !== false;
  const state = widgetState(data, failure, (d) =>
    d.report.brokers.length === 0 ? "This snapshot lists no brokers." : d.report.totals.replicas === 0 ? "No partitions yet." : null,
  );
  return (
    <WidgetCard
      id="broker-partitions-chart"
      title="Partitions and leaders per broker"
      subtitle={
        leadersKnown
          ? "Kafka spreads these evenly by count; bytes are another matter."
          : `Kafka spreads these evenly by count; bytes are another matter. Leaders are unknown: to learn them, ${howToLearn("leadership")}.`
      }
      bodyClassName="h-72"
      state={state}
    >
      {series ? (
        <BrokerBars chart="partitions" title="Partitions and leaders per broker" points={series.points} omitted={series.omitted} leftMargin={0}>
          <YAxis {...axisProps} allowDecimals={false} width={44} tickFormatter={(v: number) => formatCount(v)} />
          <Tooltip content={<ChartTooltip format={(v) => formatCount(v)} />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="partitions" name="Partition replicas" fill="#0072B2" isAnimationActive={false} />
          {leadersKnown ? <Bar dataKey="leaders" name="Leaders" fill="#E69F00" isAnimationActive={false} /> : null}
        </BrokerBars>
      ) : null}
    </WidgetCard>
  );
}
