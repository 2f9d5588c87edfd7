"use client";
/**
 * The history page of one cluster: the forecast table (which dir fills first), then the cluster, one
 * broker and one of its log dirs over the chosen range (the broker's read carries its dirs' series).
 * Everything the page shows is in its URL (`range` or `from`/`to`, `broker`, `dir`, and the cluster),
 * so a link opens the same view. A preset range ends now and moves with the clock (re-read every
 * minute); a zoom stays put. With no range in the URL the charts show the stretch the data covers
 * (history-range.ts autoRange: 30 minutes of history fill the width), up to the last 2 days. The demo's
 * history is generated (lib/simulate/demo-history.ts): the page says so above everything, and every
 * card's title says so too.
 *
 * Reads: the cluster's, the forecast and (when the URL names a broker) the broker's start together;
 * without a broker in the URL the broker's read needs the cluster's list of brokers, and starts as
 * soon as that answer lands (use-history.ts).
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { errorMessage } from "@/lib/client/fetch-json";
import { useBrokerHistory, useClusterHistory, useForecast } from "@/lib/client/use-history";
import { planMarks } from "@/lib/view/history/applied-plan-marks";
import { collectorLine, emptyMessage, emptyReason } from "@/lib/view/history/collector-status";
import { autoRange, panWindow, rangeFromParams, rangeParams, rangeWindow, scaleWindow, zoomWindow, type RangeChoice } from "@/lib/view/history/history-range";
import { brokerRows, clusterRows, dirRows, type GapOptions, type HistoryResolution } from "@/lib/view/history/history-rows";
import { useNow } from "@/components/ui/use-now";
import type { WidgetState } from "@/components/ui/widget-card";
import { BrokerHistoryCard } from "./broker-history-card";
import { ClusterHistoryCard } from "./cluster-history-card";
import { DirHistoryCard, type DirRef } from "./dir-history-card";
import { ForecastTable } from "./forecast-table";
import { RangeBar } from "./range-bar";
import { MINUTE_MS } from "@/lib/model/units";

function swrState(data: unknown, error: unknown, retry: () => void): WidgetState {
  if (data) return { kind: "ready" };
  if (error) return { kind: "error", message: errorMessage(error), onRetry: retry };
  return { kind: "loading" };
}

export function HistoryApp({ kind, resolution }: { kind: "demo" | "live"; resolution: HistoryResolution }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname() ?? "/history";
  const choice = useMemo(() => rangeFromParams(params ?? new URLSearchParams()), [params]);
  const tick = useNow(MINUTE_MS);
  // The collector's line says "last scan 12 s ago": its own clock, not the window's whole minutes.
  const clock = useNow(10_000);
  // Whole minutes keep the read's key steady between ticks; rounded up, so the newest scans are inside.
  const nowMs = tick === null ? null : Math.ceil(tick / MINUTE_MS) * MINUTE_MS;
  // What the reads ask for; the default reads 2 days and shows the part the data covers (autoRange).
  const readWindow = useMemo(() => (nowMs === null ? null : rangeWindow(choice, nowMs)), [choice, nowMs]);
  const live = kind === "live";
  const demo = kind === "demo";
  const refreshMs = choice.kind === "zoom" ? 0 : MINUTE_MS;

  // The three reads start together: none waits for another (the broker's waits only for its id when the URL has none).
  const brokerParam = Number(params?.get("broker") ?? Number.NaN);
  const namedBroker = Number.isSafeInteger(brokerParam) && brokerParam >= 0;
  const history = useClusterHistory(readWindow, refreshMs, !namedBroker);
  const forecast = useForecast(true);
  const data = history.data;
  const brokers = data?.brokers ?? [];
  const urlBroker = namedBroker && (!data || brokers.includes(brokerParam)) ? brokerParam : null;
  const broker = urlBroker ?? brokers[0] ?? null;
  const brokerHistory = useBrokerHistory(broker, readWindow, refreshMs);

  const firstAt = data?.points[0]?.at ?? null;
  const auto = useMemo(() => (choice.kind === "auto" && nowMs !== null && data ? autoRange(nowMs, firstAt) : null), [choice, nowMs, data, firstAt]);
  const window = auto ? auto.window : readWindow;

  const setParams = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params?.toString() ?? "");
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      const query = next.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );
  const choose = useCallback((c: RangeChoice) => setParams({ range: null, from: null, to: null, ...rangeParams(c) }), [setParams]);
  const zoomTo = useCallback(
    (w: { fromMs: number; toMs: number } | null) => {
      if (w) choose({ kind: "zoom", fromMs: w.fromMs, toMs: w.toMs });
    },
    [choose],
  );
  const onZoom = useCallback((a: number, b: number) => window && zoomTo(zoomWindow(window, a, b)), [window, zoomTo]);

  const dirs = useMemo(() => brokerHistory.data?.dirs ?? [], [brokerHistory.data]);
  const dirParam = params?.get("dir") ?? null;
  const dirSeries = dirs.find((d) => d.dir === dirParam) ?? dirs[0] ?? null;

  const gaps: GapOptions | null = useMemo(() => (data && nowMs !== null ? { nowMs, resolution, failedAt: data.gaps.map((g) => g.at) } : null), [data, nowMs, resolution]);
  const rows = useMemo(
    () => ({
      cluster: data && gaps ? clusterRows(data.points, gaps) : [],
      broker: brokerHistory.data && gaps ? brokerRows(brokerHistory.data.points, gaps) : [],
      dir: dirSeries && gaps ? dirRows(dirSeries.points, gaps) : [],
    }),
    [data, gaps, brokerHistory.data, dirSeries],
  );
  const marks = useMemo(() => (data && window ? planMarks(data.plans, window) : []), [data, window]);

  const generated = data?.generated ?? null;
  // The demo's answer is generated, never empty for want of a collector.
  const reason = live && data && generated === null ? emptyReason(kind, data.collector, data.points.length) : null;
  const status = data && clock !== null && generated === null ? collectorLine(data.collector, resolution.collectIntervalMs, clock) : null;

  if (reason) {
    return (
      <div className="grid gap-4" data-history-empty={reason}>
        {status ? <CollectorStatus text={status.text} failing={status.failing} /> : null}
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
          {emptyMessage(reason, resolution.collectIntervalMs)}
        </p>
      </div>
    );
  }

  const clusterState = swrState(data, history.error, () => void history.mutate());
  const brokerState = data ? swrState(brokerHistory.data, brokerHistory.error, () => void brokerHistory.mutate()) : clusterState;
  const showDir = (d: DirRef) => {
    setParams({ broker: String(d.broker), dir: d.dir });
    document.querySelector("[data-widget=history-dir]")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return (
    <div className="grid gap-5" data-history={data ? "ready" : "loading"}>
      {status ? <CollectorStatus text={status.text} failing={status.failing} /> : null}
      {generated !== null ? (
        <GeneratedNotice text={generated} />
      ) : demo && !data ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The demo cluster is not recorded: generating its history…</p>
      ) : null}
      <ForecastTable forecast={forecast.data} state={swrState(forecast.data, forecast.error, () => void forecast.mutate())} onChart={showDir} />
      <div className="sticky top-0 z-20 -mx-1 rounded bg-white/95 px-1 py-2 backdrop-blur dark:bg-zinc-950/95">
        <RangeBar
          choice={choice}
          auto={auto}
          onChoose={choose}
          onScale={(f) => window && nowMs !== null && zoomTo(scaleWindow(window, f, nowMs))}
          onPan={(d) => window && nowMs !== null && zoomTo(panWindow(window, d, nowMs))}
          atNow={choice.kind !== "zoom" || (window !== null && nowMs !== null && window.toMs >= nowMs)}
          loading={history.isValidating || brokerHistory.isValidating}
        />
      </div>
      {window ? (
        <>
          <ClusterHistoryCard rows={rows.cluster} window={window} marks={marks} state={clusterState} onZoom={onZoom} generated={generated !== null} />
          <BrokerHistoryCard
            brokers={brokers}
            broker={broker}
            onBroker={(b) => setParams({ broker: String(b), dir: null })}
            rows={rows.broker}
            window={window}
            marks={marks}
            state={brokerState}
            onZoom={onZoom}
            generated={generated !== null}
          />
          <DirHistoryCard
            dirs={dirs}
            dir={dirSeries}
            onDir={(d) => setParams({ broker: String(d.broker), dir: d.dir })}
            rows={rows.dir}
            window={window}
            marks={marks}
            state={brokerState}
            onZoom={onZoom}
            generated={generated !== null}
          />
          {marks.length > 0 ? (
            <section aria-labelledby="history-plans-title" className="text-sm">
              <h2 id="history-plans-title" className="font-semibold">
                Plans applied in this range
              </h2>
              <ul className="mt-1 list-disc pl-5" data-plan-marks={marks.length}>
                {marks
                  .flatMap((m) => m.plans)
                  .map((p) => (
                    <li key={p.id}>{p.description}</li>
                  ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** What the demo's generated history is, above everything it shows (history-read.ts `generated`). */
function GeneratedNotice({ text }: { text: string }) {
  return (
    <p className="rounded border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100" data-history-generated>
      {text}
    </p>
  );
}

function CollectorStatus({ text, failing }: { text: string; failing: boolean }) {
  return (
    <p
      className={`text-sm ${failing ? "rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100" : "text-zinc-600 dark:text-zinc-400"}`}
      data-collector-status={failing ? "failing" : "ok"}
    >
      {text}
    </p>
  );
}
