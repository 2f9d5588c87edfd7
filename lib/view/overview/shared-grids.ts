/**
 * Broker × log-dir grids for several reports on ONE colour scale, so a colour means the same in every
 * panel (before/after, Kafka's rule vs the alternatives). Cells, labels and legends come from
 * broker-dir-heatmap.ts; only the scale is widened to cover all the reports. Utilisation
 * already has a fixed 0–100 % scale; bytes and partitions take the largest dir of any report.
 */
import type { BalanceReport } from "@/lib/model/report";
import { brokerDirGrid, metricScale, type BrokerDirGrid } from "./broker-dir-heatmap";
import { textColorOn } from "../common/color-scale";
import type { DirMetric } from "../common/dir-metric";
import { dirHeatmapLegend, type LegendSwatch } from "../common/legend";

/** Utilisation when every dir of every report has a known capacity, else bytes. */
export function sharedMetric(reports: readonly BalanceReport[]): DirMetric {
  return reports.every((r) => r.dirs.every((d) => d.state === "offline" || d.utilization !== null)) ? "utilization" : "bytes";
}

export function sharedGrids(reports: readonly BalanceReport[], metric: DirMetric): BrokerDirGrid[] {
  const grids = reports.map((r) => brokerDirGrid(r, metric));
  if (metric === "utilization") return grids;
  const scale = metricScale(
    reports.flatMap((r) => r.dirs),
    metric,
  );
  return grids.map((grid) => {
    const present = new Set<LegendSwatch["pattern"]>();
    const rows = grid.rows.map((row) => ({
      ...row,
      cells: row.cells.map((cell) => {
        if (!cell) return cell;
        if (cell.pattern !== "none") present.add(cell.pattern);
        if (cell.futureReplicas > 0) present.add("future");
        if (cell.value === null || cell.background === null) return cell;
        const background = scale.color(cell.value);
        return { ...cell, background, foreground: textColorOn(background) };
      }),
    }));
    return { ...grid, rows, scale, legend: dirHeatmapLegend(metric, scale, present) };
  });
}
