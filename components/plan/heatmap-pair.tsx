"use client";
/** The cluster before and after a plan or a reviewed reassignment, side by side on one utilisation scale. */
import type { BalanceReport } from "@/lib/model/report";
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

export function HeatmapPair({ idPrefix, heading: Heading, before, after }: Props) {
  const headingClass = Heading === "h3" ? "mb-2 text-base font-semibold" : "mb-2 text-sm font-semibold";
  const sides = [
    { key: "before", side: before, extra: {} },
    { key: "after", side: after, extra: after.dataAttribute ? { [after.dataAttribute]: "" } : {} },
  ];
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      {sides.map(({ key, side, extra }) => (
        <section key={key} aria-labelledby={`${idPrefix}-${key}-title`} className="min-w-0" {...extra}>
          <Heading id={`${idPrefix}-${key}-title`} className={headingClass}>
            {side.title}
          </Heading>
          <div className="h-80">
            <BrokerDirHeatmap report={side.report} metric="utilization" onOpenBroker={side.onOpenBroker} />
          </div>
        </section>
      ))}
    </div>
  );
}
