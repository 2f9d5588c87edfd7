"use client";
/**
 * Where Kafka will put the next new partition on each broker (its own rule, from the live log
 * counts), flagged when that dir is already the fullest or past 85 % (and the gap is above the size
 * floor, lib/plan/balanced.ts): the trap, shown before it bites, with what to do about it (the verdict's
 * placement-trap actions: cordon on Kafka 4.3+, the padding workaround otherwise, a log-dir rebalance).
 */
import { useMemo } from "react";
import { formatCount, formatUtilization } from "@/lib/model/format";
import type { NextPlacement } from "@/lib/view/overview/next-placement";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import { FindingActions } from "@/components/overview/finding-actions";
import type { SnapshotOrigin } from "@/lib/share/origin";
import type { FindingAction } from "@/lib/view/overview/finding-actions";

interface Props extends WidgetProps {
  onOpenBroker: (broker: number) => void;
  /** Computed once by the overview (the verdict uses them too). */
  placements: NextPlacement[] | null;
  /** What to do about a trap (the verdict's placement-trap finding), and the snapshot the links open. */
  actions?: readonly FindingAction[];
  origin?: SnapshotOrigin;
}

const CURRENT: SnapshotOrigin = { kind: "current" };

export function NextPlacementCard({ data, failure, placements, onOpenBroker, actions = [], origin = CURRENT }: Props) {
  const state = widgetState(data, failure, (d) =>
    d.report.brokers.length === 0 ? "This snapshot lists no brokers." : d.report.dirs.length === 0 ? "No log dirs reported, so the next placement is unknown." : null,
  );
  const list = useMemo(() => placements ?? [], [placements]);
  const trapped = list.filter((p) => p.warning !== null).length;
  const placed = list.filter((p) => p.dir !== null).length;
  return (
    <WidgetCard
      id="next-placement"
      title="Next new partition goes to…"
      subtitle="Kafka picks the log dir with the fewest partitions (LogManager.nextLogDirs). It never looks at bytes."
      bodyClassName="h-[27rem]"
      state={state}
    >
      <div className="flex h-full min-h-0 flex-col gap-2">
        <p
          className={`rounded px-3 py-2 text-sm font-medium ${trapped > 0 ? "bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-200" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/30 dark:text-emerald-200"}`}
          data-placement-summary
        >
          {trapped > 0
            ? `On ${trapped} of ${placed} broker${placed === 1 ? "" : "s"}, the next partition lands on a disk that is already among the fullest.`
            : placed === 0
              ? "Where the next partition goes is unknown: no broker's log dirs were read."
              : `None of the ${placed} broker${placed === 1 ? "" : "s"} whose dirs were read would put its next partition on an already-full disk.`}
        </p>
        {trapped > 0 && actions.length > 0 ? (
          <div data-placement-actions>
            <FindingActions actions={actions} origin={origin} />
          </div>
        ) : null}
        <ul className="min-h-0 flex-1 space-y-2 overflow-auto pr-1" aria-label="Next placement per broker">
          {list.map((p) => (
            <li
              key={p.broker}
              data-placement-broker={p.broker}
              data-flagged={p.warning !== null}
              className={`rounded border p-2 text-sm ${p.warning ? "border-red-400 dark:border-red-800" : "border-zinc-200 dark:border-zinc-800"}`}
            >
              <div className="flex flex-wrap items-baseline gap-x-2">
                <button type="button" onClick={() => onOpenBroker(p.broker)} className="font-medium underline decoration-dotted underline-offset-2 hover:decoration-solid">
                  broker {p.broker}
                </button>
                <span aria-hidden>→</span>
                <span
                  className="font-mono font-semibold"
                  title={p.candidates.length > 1 ? `Kafka's candidate order: ${p.candidates.map((c) => `${c.path} (${formatCount(c.logCount)})`).join(" › ")}` : undefined}
                >
                  {p.dir ?? "nowhere"}
                </span>
                {p.warning ? <span className="rounded bg-red-700 px-1.5 py-0.5 text-[11px] font-semibold text-white">⚠ trap</span> : null}
              </div>
              {p.warning ? <p className="mt-0.5 font-medium text-red-800 dark:text-red-300">{p.warning}</p> : null}
              <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{p.reason}</p>
              {p.alternatives.length > 0 ? (
                <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-300" data-placement-alternatives>
                  The broker&apos;s Kafka version is not known exactly, and the rule differs by version: {p.dir} on Kafka {p.lines}
                  {p.alternatives.map((a) => `; ${a.dir} on Kafka ${a.lines}`).join("")}.
                </p>
              ) : null}
              {p.candidates.length > 1 ? (
                <p className="sr-only">
                  Candidate order:{" "}
                  {p.candidates
                    .map((c) => `${c.path} with ${formatCount(c.logCount)} partitions${c.utilization !== null ? `, ${formatUtilization(c.utilization)} used` : ""}`)
                    .join("; ")}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </WidgetCard>
  );
}
