"use client";
/**
 * Every log dir's forecast (lib/view/history/forecast-table.ts), the dirs that fill soonest first: utilisation
 * now, growth per day with its range, the time to 85 %, 95 % and full with earliest–latest, how sure
 * the forecast is and what it was based on; the forecast's own full account under each row's basis.
 * "Chart" opens the dir's history below.
 */
import Link from "next/link";
import { useMemo } from "react";
import { DEFAULT_HORIZON_DAYS } from "@/lib/forecast";
import { useClusterName } from "@/lib/client/cluster-url";
import type { ForecastAnswer } from "@/lib/client/use-history";
import { formatCount } from "@/lib/model/format";
import { forecastSimulatorPath } from "@/lib/simulate/scenario-url";
import { forecastRows, forecastSummary, type ForecastRow } from "@/lib/view/history/forecast-table";
import type { UtilizationMark } from "@/lib/view/common/dir-metric";
import type { EtaText } from "@/lib/view/history/forecast-eta";
import { notEnoughHistory } from "@/lib/view/history/forecast-wait";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";
import type { DirRef } from "./dir-history-card";

const TH = "px-2 py-1.5 text-left font-semibold whitespace-nowrap";
const TD = "px-2 py-1.5 align-top";

const MARK_STYLE: Record<UtilizationMark, string> = {
  0: "",
  70: "",
  85: "rounded bg-amber-100 px-1 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
  95: "rounded bg-red-100 px-1 text-red-900 dark:bg-red-950 dark:text-red-200",
};

const CONFIDENCE_STYLE: Record<ForecastRow["confidence"], string> = {
  high: "text-emerald-800 dark:text-emerald-300",
  medium: "text-zinc-800 dark:text-zinc-200",
  low: "text-amber-800 dark:text-amber-300",
  none: "text-zinc-500 dark:text-zinc-400",
};

function Eta({ eta }: { eta: EtaText }) {
  return (
    <>
      <span className="whitespace-nowrap">{eta.central}</span>
      {eta.range ? <span className="block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">{eta.range}</span> : null}
    </>
  );
}

interface Props {
  forecast: ForecastAnswer | undefined;
  state: WidgetState;
  onChart: (dir: DirRef) => void;
}

/** The simulator's forecast bases offered from here (any 1–365 can be typed there). */
const SIMULATE_DAYS = [7, 30, 90] as const;

function SimulateLinks() {
  const cluster = useClusterName();
  return (
    <p className="text-sm">
      Simulate from the forecast in{" "}
      {SIMULATE_DAYS.map((d, i) => (
        <span key={d}>
          {i > 0 ? (i === SIMULATE_DAYS.length - 1 ? " or " : ", ") : null}
          <Link href={forecastSimulatorPath(d, cluster)} className="font-medium underline underline-offset-2" data-simulate-forecast={d}>
            {d} days
          </Link>
        </span>
      ))}
    </p>
  );
}

export function ForecastTable({ forecast, state, onChart }: Props) {
  const rows = useMemo(() => (forecast ? forecastRows(forecast.dirs, DEFAULT_HORIZON_DAYS) : []), [forecast]);
  const shown: WidgetState = state.kind === "ready" && rows.length === 0 ? { kind: "empty", message: notEnoughHistory(forecast?.history ?? null) } : state;
  return (
    <WidgetCard
      id="history-forecast"
      title={forecast?.generated ? "When each log dir fills · from the generated demo history" : "When each log dir fills"}
      subtitle={
        <>
          From a robust fit of each dir&apos;s recent growth plus the partitions Kafka&apos;s count rule will send it; soonest to fill first.{" "}
          {rows.length > 0 ? <span data-forecast-summary>{forecastSummary(rows, forecast?.history ?? null)}</span> : null}
          {forecast && forecast.total > rows.length ? ` Showing the first ${formatCount(rows.length)} of ${formatCount(forecast.total)}.` : null}
        </>
      }
      actions={forecast?.generated || !rows.some((r) => r.fitted) ? undefined : <SimulateLinks />}
      bodyClassName="min-h-[8rem]"
      state={shown}
    >
      <ScrollRegion label="Forecast per log dir" className="max-h-[32rem] overflow-y-auto rounded border border-zinc-200 dark:border-zinc-800">
        <table className="w-full border-collapse text-sm" data-forecast-table={rows.length}>
          <caption className="sr-only">Forecast per log dir, soonest to fill first</caption>
          <thead className="sticky top-0 z-10 bg-zinc-100 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={TH}>
                Broker
              </th>
              <th scope="col" className={TH}>
                Log dir
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Now
              </th>
              <th scope="col" className={TH}>
                Growth
              </th>
              <th scope="col" className={TH}>
                To 85%
              </th>
              <th scope="col" className={TH}>
                To 95%
              </th>
              <th scope="col" className={TH}>
                To full
              </th>
              <th scope="col" className={TH}>
                Confidence
              </th>
              <th scope="col" className={TH}>
                Based on
              </th>
              <th scope="col" className={TH}>
                <span className="sr-only">History</span>
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-zinc-200 dark:border-zinc-800" data-forecast-row={r.key}>
                <td className={TD}>{r.broker}</td>
                <td className={`${TD} font-mono text-xs whitespace-nowrap`}>{r.dir}</td>
                <td className={`${TD} text-right`}>
                  <span className={MARK_STYLE[r.mark]}>{r.utilization}</span>
                </td>
                <td className={TD}>
                  <span className="whitespace-nowrap">{r.growth}</span>
                  {r.growthRange ? <span className="block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">{r.growthRange}</span> : null}
                </td>
                <td className={TD}>
                  <Eta eta={r.p85} />
                </td>
                <td className={TD}>
                  <Eta eta={r.p95} />
                </td>
                <td className={TD}>
                  <Eta eta={r.full} />
                </td>
                <td className={`${TD} font-medium ${CONFIDENCE_STYLE[r.confidence]}`}>{r.confidenceLabel}</td>
                <td className={`${TD} min-w-[16rem] text-xs`}>
                  {r.note ? (
                    <details>
                      <summary className="cursor-pointer">{r.basis}</summary>
                      <p className="mt-1 max-w-prose text-zinc-700 dark:text-zinc-300">{r.note}</p>
                    </details>
                  ) : (
                    r.basis
                  )}
                </td>
                <td className={TD}>
                  <button
                    type="button"
                    onClick={() => onChart({ broker: r.broker, dir: r.dir })}
                    className="rounded border border-zinc-300 px-2 py-0.5 text-xs font-medium whitespace-nowrap hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
                    aria-label={`Chart ${r.dir} on broker ${r.broker}`}
                  >
                    Chart
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </WidgetCard>
  );
}
