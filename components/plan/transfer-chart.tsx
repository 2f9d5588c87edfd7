"use client";
/** Bytes each broker receives, sends and copies between its own dirs: where the plan's time goes. */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatBytes } from "@/lib/model/format";
import type { BrokerTransfer } from "@/lib/plan/estimate";
import { axisProps, ChartTooltip } from "@/components/charts/chart-parts";

export function TransferChart({ brokers }: { brokers: BrokerTransfer[] }) {
  const points = brokers.map((b) => ({ broker: String(b.broker), in: b.inBytes, out: b.outBytes, dir: b.dirMoveBytes }));
  return (
    <div className="h-64 text-zinc-600 dark:text-zinc-400" data-chart="transfer">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 240 }}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 4, left: 8 }} accessibilityLayer title="Bytes each broker sends and receives">
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="broker" {...axisProps} />
          <YAxis {...axisProps} width={72} tickFormatter={(v: number) => formatBytes(v)} />
          <Tooltip content={<ChartTooltip format={formatBytes} />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="in" name="in (follower rate)" fill="#0072B2" isAnimationActive={false} />
          <Bar dataKey="out" name="out (leader rate)" fill="#E69F00" isAnimationActive={false} />
          <Bar dataKey="dir" name="dir moves (alter-log-dirs rate)" fill="#009E73" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
