"use client";
/** The broker × log-dir heatmap in its card, with the metric switch; on a phone, the compact table (no sideways scroll). */
import { useState } from "react";
import { DIR_METRICS, type DirMetric } from "@/lib/view/common/dir-metric";
import { Segmented } from "@/components/ui/segmented";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import { BrokerDirHeatmap } from "./broker-dir-heatmap";

interface Props extends WidgetProps {
  onOpenBroker: (broker: number) => void;
}

export function BrokerDirCard({ data, failure, onOpenBroker }: Props) {
  const anyCapacity = data?.report.dirs.some((d) => d.utilization !== null) ?? true;
  const [chosen, setMetric] = useState<DirMetric | null>(null);
  const metric = chosen ?? (anyCapacity ? "utilization" : "bytes");
  const state = widgetState(data, failure, (d) =>
    d.report.brokers.length === 0
      ? "This snapshot lists no brokers."
      : d.report.dirs.length === 0
        ? "No broker reported its log dirs (DescribeLogDirs), so there is nothing to draw."
        : null,
  );
  return (
    <WidgetCard
      id="broker-dir-heatmap"
      title="Brokers × log dirs"
      subtitle="One row per broker, one cell per log dir: the disks of a broker should look alike (dirs marked “shared disk” are one filesystem, counted once). Compare Utilisation with Partitions: Kafka evens out counts, not bytes."
      bodyClassName="h-[27rem]"
      state={state}
      actions={<Segmented name="dir-metric" label="Colour by" options={DIR_METRICS} value={metric} onChange={setMetric} />}
    >
      {data ? <BrokerDirHeatmap report={data.report} metric={metric} onOpenBroker={onOpenBroker} compactOnPhone /> : null}
    </WidgetCard>
  );
}
