"use client";
/**
 * The cluster before and after a plan or a reviewed reassignment, side by side on one utilisation scale.
 *
 * Sized to what the two grids hold, so a small cluster is shown whole: the two sit side by side only
 * where both fit their dir columns without a sideways scroll (else one above the other), and each is
 * tall enough for every broker row at the grid's least row height up to MAX_WHOLE_ROWS brokers (a
 * larger cluster scrolls inside the grid, which is virtualised), with room under it for the readout,
 * a note and the legend.
 */
import { useMemo } from "react";
import type { BalanceReport } from "@/lib/model/report";
import { brokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import { BrokerDirHeatmap } from "@/components/heatmap/broker-dir-heatmap";

interface Side {
  report: BalanceReport;
  title: string;
  onOpenBroker: (broker: number) => void;
}

interface Props {
  /** Prefix of the headings' ids (`plan` → `plan-before-title`). */
  idPrefix: string;
  /** The heading level the surrounding section uses. */
  heading: "h3" | "h4";
  before: Side;
  after: Side & { dataAttribute?: string };
}

/** The grid's own measures (components/heatmap/broker-dir-heatmap.tsx): header, least row height, row header and dir column widths. */
const GRID_HEADER_PX = 32;
const GRID_MIN_ROW_PX = 44;
const GRID_ROW_HEADER_REM = 10;
const GRID_COLUMN_REM = 6.5;
/** What sits under the grid: the readout (40 px), a note (up to two lines), the legend (about 100 px where its text wraps), the gaps between them. */
const BELOW_GRID_PX = 210;
/** 320 px: the least height (the readout and legend never squeeze a one-broker grid). */
const MIN_HEIGHT_PX = 320;
/** Brokers shown whole without a scroll; more scroll inside the grid. */
const MAX_WHOLE_ROWS = 10;

/** The pair's layout for the wider of the two grids: each side's least width and its height. */
export function pairLayout(brokers: number, dirColumns: number): { minWidth: string; heightPx: number } {
  // +2: the grid's border.
  const gridPx = GRID_HEADER_PX + Math.min(Math.max(1, brokers), MAX_WHOLE_ROWS) * GRID_MIN_ROW_PX + 2;
  return {
    minWidth: `calc(${GRID_ROW_HEADER_REM}rem + ${dirColumns} * ${GRID_COLUMN_REM}rem + 2px)`,
    heightPx: Math.max(MIN_HEIGHT_PX, gridPx + BELOW_GRID_PX),
  };
}

export function HeatmapPair({ idPrefix, heading: Heading, before, after }: Props) {
  const headingClass = Heading === "h3" ? "mb-2 text-base font-semibold" : "mb-2 text-sm font-semibold";
  const sides = [
    { key: "before", side: before, extra: {} },
    { key: "after", side: after, extra: after.dataAttribute ? { [after.dataAttribute]: "" } : {} },
  ];
  const layout = useMemo(() => {
    const grids = [before.report, after.report].map((r) => brokerDirGrid(r, "utilization"));
    return pairLayout(Math.max(...grids.map((g) => g.rows.length)), Math.max(...grids.map((g) => g.columns.length)));
  }, [before.report, after.report]);
  return (
    // Two columns where both fit their grids whole (auto-fit), one otherwise.
    <div className="grid gap-6" style={{ gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${layout.minWidth}), 1fr))` }} data-heatmap-pair>
      {sides.map(({ key, side, extra }) => (
        <section key={key} aria-labelledby={`${idPrefix}-${key}-title`} className="min-w-0" {...extra}>
          <Heading id={`${idPrefix}-${key}-title`} className={headingClass}>
            {side.title}
          </Heading>
          <div style={{ height: layout.heightPx }}>
            <BrokerDirHeatmap report={side.report} metric="utilization" onOpenBroker={side.onOpenBroker} />
          </div>
        </section>
      ))}
    </div>
  );
}
