/**
 * The answer of `GET /api/history`: one scope of a cluster's history over a range, with what the
 * history views draw beside the series — the collector's state, the failed scans in the range (gaps),
 * and the moments plans were applied (apply jobs).
 *
 * The demo is not collected: its history is generated at read time (lib/simulate/demo-history.ts),
 * ending at the demo's snapshot now, and never written to the store. Its answers carry `generated`
 * (what was generated, in words) so every view that shows them says so; a recorded history has null.
 *
 * Bounds: every series at most `maxPoints` points (folded beyond, history-buckets.ts); a broker scope
 * carries the broker's dirs and its largest topics, each bounded the same way.
 */
import { getClusterSnapshot } from "@/lib/cluster/source";
import { currentEnv } from "@/lib/config";
import { forecastCluster, forecastFactsOf, type DirForecast } from "@/lib/forecast";
import type { BrokerPoint, HistoryDirPoint, TopicPoint } from "@/lib/model/history-figures";
import type { HistoryQuery } from "@/lib/model/history-query";
import { DEFAULT_COLLECT_INTERVAL_MS, HOUR_MS, historySettingsFromEnv } from "@/lib/model/history-settings";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { DemoHistory } from "@/lib/simulate/demo-history";
import { getStore } from "@/lib/store";
import type { AppliedPlan, ClusterPoint, DirSeries } from "@/lib/store/history";
import type { HistorySpan } from "@/lib/view/history/forecast-wait";
import { FORECAST_HISTORY_MS, FORECAST_POINTS_PER_DIR } from "./forecast-table";
import { collectorStatus, type CollectorStatus } from "../collector/index";

export interface HistoryResponseBase {
  cluster: string;
  from: number;
  to: number;
  maxPoints: number;
  /** Whether the collector records this cluster (a live cluster; the demo is not collected). */
  collected: boolean;
  collector: CollectorStatus;
  /** Scans in the range that failed, or folded points whose scans all failed: gaps in every series. */
  gaps: { at: number; error: string | null }[];
  plans: AppliedPlan[];
  /** Null for a recorded history; for the demo's generated one, what it is in words (shown with every figure of it). */
  generated: string | null;
}

export type HistoryResponse =
  | (HistoryResponseBase & { scope: "cluster"; points: ClusterPoint[]; brokers: number[] })
  | (HistoryResponseBase & { scope: "broker"; broker: number; points: BrokerPoint[]; dirs: DirSeries[]; topics: { topic: string; points: TopicPoint[] }[] })
  | (HistoryResponseBase & { scope: "dir"; broker: number; dir: string; points: HistoryDirPoint[] });

/**
 * Reads one scope of the named cluster's history (`collected`: whether the collector records it). The
 * reads that do not need each other are asked together (on PostgreSQL they overlap; SQLite answers in turn).
 */
export async function readHistory(cluster: string, collected: boolean, query: HistoryQuery): Promise<HistoryResponse> {
  const store = getStore().history;
  const { from, to, maxPoints } = query;
  const [clusterPoints, collector, plans, known] = await Promise.all([
    store.clusterSeries(cluster, from, to, { maxPoints }),
    collectorStatus(cluster),
    store.appliedPlans(cluster, from, to),
    query.scope === "dir" ? Promise.resolve([]) : store.dirs(cluster),
  ]);
  const base: HistoryResponseBase = {
    cluster,
    from,
    to,
    maxPoints,
    collected,
    collector,
    gaps: clusterPoints.filter((p) => !p.ok).map((p) => ({ at: p.at, error: p.error })),
    plans,
    generated: null,
  };
  if (query.scope === "cluster") {
    return { ...base, scope: "cluster", points: clusterPoints, brokers: [...new Set(known.map((d) => d.broker))] };
  }
  const broker = query.broker!;
  if (query.scope === "dir") {
    return { ...base, scope: "dir", broker, dir: query.dir!, points: await store.dirSeries(cluster, broker, query.dir!, from, to, { maxPoints }) };
  }
  const mine = known.filter((d) => d.broker === broker);
  const [dirs, points, topics] = await Promise.all([
    Promise.all(mine.map(async (d): Promise<DirSeries> => ({ broker, dir: d.dir, points: await store.dirSeries(cluster, broker, d.dir, from, to, { maxPoints }) }))),
    store.brokerSeries(cluster, broker, from, to, { maxPoints }),
    store.topicSeries(cluster, broker, from, to, { maxPoints }),
  ]);
  return { ...base, scope: "broker", broker, points, dirs, topics };
}

/** The collector's interval (its default when the setting is broken: the collector reports that). */
function collectInterval(): number {
  const settings = historySettingsFromEnv(currentEnv());
  return settings.ok ? settings.value.collectIntervalMs : DEFAULT_COLLECT_INTERVAL_MS;
}

/** The most samples one read of the demo's generated history computes (the charts are a few hundred pixels wide). */
export const DEMO_MAX_POINTS = 600;

const demoKey = Symbol.for("kafka-balance.demo-history");
/**
 * The demo's generated history as of the collector's last whole interval (so reads within one interval
 * see the same samples, and the history, its forecast and the overview agree), kept until the next.
 */
async function demoHistory(cluster: string, nowMs: number): Promise<{ history: DemoHistory; stepMs: number }> {
  const stepMs = collectInterval();
  const snapshot: ClusterSnapshot = await getClusterSnapshot({ cluster });
  const at = Math.floor(nowMs / stepMs) * stepMs;
  const holder = globalThis as Record<symbol, { history: DemoHistory; stepMs: number } | undefined>;
  const kept = holder[demoKey];
  if (kept && kept.history.snapshot === snapshot && kept.history.nowMs === at && kept.stepMs === stepMs) return kept;
  const made = { history: new DemoHistory(snapshot, { nowMs: at }), stepMs };
  holder[demoKey] = made;
  return made;
}

/** One scope of the demo's generated history (see the header), shaped as a recorded one; `nowMs` the server's clock. */
export async function readDemoHistory(cluster: string, query: HistoryQuery, nowMs: number): Promise<HistoryResponse> {
  const { history, stepMs } = await demoHistory(cluster, nowMs);
  const { from, to, maxPoints } = query;
  // Each generated sample is a scan's figures computed here (a fraction of a ms for the demo's cluster): at most DEMO_MAX_POINTS a read.
  const times = history.sampleTimes(from, to, Math.min(maxPoints, DEMO_MAX_POINTS), stepMs);
  const last = times.at(-1) ?? null;
  const base: HistoryResponseBase = {
    cluster,
    from,
    to,
    maxPoints,
    collected: false,
    collector: { holder: null, lastSuccessAt: last, lastAttemptAt: last, lastDurationMs: null, lastError: null },
    gaps: [],
    plans: [],
    generated: history.note(),
  };
  const figures = times.map((t) => ({ t, f: history.figuresAt(t)! }));
  if (query.scope === "cluster") {
    const brokers = history.snapshot.brokers.filter((b) => b.state === "online").map((b) => b.id);
    return { ...base, scope: "cluster", brokers, points: figures.map(({ t, f }) => ({ at: t, ok: true, figures: f.cluster, scans: 1, failed: 0, error: null })) };
  }
  const broker = query.broker!;
  const dirPoints = (dir: string): HistoryDirPoint[] =>
    figures.flatMap(({ t, f }) => {
      const d = f.dirs.find((x) => x.broker === broker && x.dir === dir);
      return d ? [{ t, usedBytes: d.usedBytes, kafkaBytes: d.kafkaBytes, partitions: d.partitions, totalBytes: d.totalBytes, state: d.state }] : [];
    });
  if (query.scope === "dir") return { ...base, scope: "dir", broker, dir: query.dir!, points: dirPoints(query.dir!) };
  const dirs: DirSeries[] = (history.snapshot.brokers.find((b) => b.id === broker)?.logDirs ?? [])
    .map((d) => ({ broker, dir: d.path, points: dirPoints(d.path) }))
    .filter((d) => d.points.length > 0);
  const points: BrokerPoint[] = figures.flatMap(({ t, f }) => {
    const b = f.brokers.find((x) => x.broker === broker);
    return b ? [{ at: t, bytes: b.bytes, partitions: b.partitions, leaders: b.leaders }] : [];
  });
  // Topics at hourly resolution, as the collector keeps them.
  const topics = new Map<string, TopicPoint[]>();
  for (const t of history.sampleTimes(from, to, Math.min(maxPoints, DEMO_MAX_POINTS), Math.max(HOUR_MS, stepMs))) {
    for (const s of history.figuresAt(t)!.topics) {
      if (s.broker !== broker) continue;
      const list = topics.get(s.topic) ?? [];
      list.push({ at: t, bytes: s.bytes });
      topics.set(s.topic, list);
    }
  }
  return { ...base, scope: "broker", broker, points, dirs, topics: [...topics].map(([topic, pts]) => ({ topic, points: pts })) };
}

export interface DemoForecastTable {
  cluster: string;
  nowMs: number;
  scanAt: number | null;
  fromMs: number;
  history: HistorySpan;
  dirs: DirForecast[];
  generated: string;
}

const demoForecasts = new WeakMap<DemoHistory, DemoForecastTable>();

/**
 * The forecast table of the demo, from its generated history as the recorded one is read (the
 * forecast's window and a day, FORECAST_POINTS_PER_DIR points per dir): the demo's few dirs are
 * forecast on this thread in milliseconds, once per generated history.
 */
export async function demoForecastTable(cluster: string, nowMs: number): Promise<DemoForecastTable> {
  const { history, stepMs } = await demoHistory(cluster, nowMs);
  const kept = demoForecasts.get(history);
  if (kept) return kept;
  const fromMs = history.nowMs - FORECAST_HISTORY_MS;
  const times = history.sampleTimes(fromMs, history.nowMs, FORECAST_POINTS_PER_DIR, stepMs);
  const series = history.snapshot.brokers
    .flatMap((b) =>
      b.logDirs.map((d) => ({
        broker: b.id,
        dir: d.path,
        points: times.flatMap((t) => {
          const x = history.figuresAt(t)!.dirs.find((q) => q.broker === b.id && q.dir === d.path);
          return x && x.state !== "offline" ? [{ t, usedBytes: x.usedBytes, kafkaBytes: x.kafkaBytes, partitions: x.partitions, totalBytes: x.totalBytes }] : [];
        }),
      })),
    )
    .filter((s) => s.points.length > 0);
  const dirs = forecastCluster(series, { nowMs: history.nowMs, brokers: forecastFactsOf(history.snapshot), kafkaVersion: history.snapshot.source.kafkaVersion });
  const span: HistorySpan = { firstAt: times[0] ?? null, lastAt: times.at(-1) ?? null, scans: times.length };
  const table = { cluster, nowMs: history.nowMs, scanAt: times.at(-1) ?? null, fromMs, history: span, dirs, generated: history.note() };
  demoForecasts.set(history, table);
  return table;
}
