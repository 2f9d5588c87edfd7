"use client";
/**
 * The overview's forecast: the first log dirs to fill, one sentence each (lib/view/history/forecast-card.ts),
 * and the way to the history page's full table. Read in the browser after the first paint, so the
 * overview never waits for it; shown only when the cluster has a history (never for an import, nor
 * before the collector's first scans, nor when the forecast cannot be read: the history page says
 * why). The demo's comes from its generated history (lib/simulate/demo-history.ts), and says so.
 */
import Link from "next/link";
import { useMemo } from "react";
import { DEFAULT_HORIZON_DAYS } from "@/lib/forecast";
import { useClusterName } from "@/lib/client/cluster-url";
import { useForecast } from "@/lib/client/use-history";
import { navHref } from "@/lib/view/common/app-nav";
import { forecastCard } from "@/lib/view/history/forecast-card";
import { forecastSimulatorPath } from "@/lib/simulate/scenario-url";

const TONES = {
  urgent: "border-amber-500 bg-amber-50 dark:bg-amber-950/30",
  calm: "border-emerald-600 bg-emerald-50 dark:bg-emerald-950/30",
  waiting: "border-zinc-400 bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-900/40",
} as const;

/** `live` false: the demo, whose forecast is from its generated history. */
export function ForecastCard({ live }: { live: boolean }) {
  const cluster = useClusterName();
  const { data } = useForecast(true);
  const generated = !live && data?.generated ? data.generated : null;
  // Shown once the forecast has dirs or the collector has scans: before a fit, it says how much history there is.
  const card = useMemo(() => (data && (data.dirs.length > 0 || data.history.scans > 0) ? forecastCard(data.dirs, DEFAULT_HORIZON_DAYS, data.history) : null), [data]);
  if (!card) return null;
  const tone = TONES[card.tone];
  return (
    <section aria-labelledby="forecast-card-title" className={`rounded-lg border-l-4 p-4 ${tone}`} data-forecast-card={card.lines.length} data-forecast-tone={card.tone}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="forecast-card-title" className="text-base font-semibold">
          {card.lines.length > 0 ? "First log dirs to fill" : "Disk forecast"}
          {generated ? <span className="font-normal text-zinc-600 dark:text-zinc-400"> · from the generated demo history</span> : null}
        </h2>
        <p className="flex flex-wrap gap-x-4 text-sm font-medium">
          <Link href={navHref("/history", cluster)} className="underline underline-offset-2">
            Every dir&apos;s forecast and history
          </Link>
          {/* Simulating ahead needs a forecast: none before a dir is fitted. */}
          {generated || card.waiting ? null : (
            <Link href={forecastSimulatorPath(30, cluster)} className="underline underline-offset-2">
              Simulate the cluster in 30 days
            </Link>
          )}
        </p>
      </div>
      {card.waiting ? (
        <p className="mt-1 text-sm" data-forecast-waiting>
          {card.waiting}
        </p>
      ) : card.calm ? (
        <p className="mt-1 text-sm">
          {card.calm}
          {card.unknownText ? <span className="text-zinc-600 dark:text-zinc-400"> {card.unknownText}</span> : null}
        </p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
          {card.lines.map((l) => (
            <li key={l.key} data-forecast-line={l.key}>
              <span className="font-medium">
                broker {l.broker} <span className="font-mono">{l.dir}</span>
              </span>{" "}
              {l.text}
              {l.confidence === "low" ? <span className="text-zinc-600 dark:text-zinc-400"> (low confidence)</span> : null}
            </li>
          ))}
          {card.moreText ? <li className="list-none text-zinc-600 dark:text-zinc-400">{card.moreText}</li> : null}
          {card.unknownText ? <li className="list-none text-zinc-600 dark:text-zinc-400">{card.unknownText}</li> : null}
        </ul>
      )}
    </section>
  );
}
