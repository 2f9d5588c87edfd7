/**
 * The answer of `GET /api/history`: one scope of a cluster's history over a range, with what the
 * history views draw beside the series — the collector's state, the failed scans in the range (gaps),
 * and the moments plans were applied (apply jobs).
 *
 * Bounds: every series at most `maxPoints` points (folded beyond, history-buckets.ts); a broker scope
 * carries the broker's dirs and its largest topics, each bounded the same way.
 */
import type { BrokerPoint, HistoryDirPoint, TopicPoint } from "@/lib/model/history-figures";
import type { HistoryQuery } from "@/lib/model/history-query";
import { getStore } from "@/lib/store";
import type { AppliedPlan, ClusterPoint, DirSeries } from "@/lib/store/history";
import { collectorStatus, type CollectorStatus } from "./index";

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
}

export type HistoryResponse =
  | (HistoryResponseBase & { scope: "cluster"; points: ClusterPoint[]; brokers: number[] })
  | (HistoryResponseBase & { scope: "broker"; broker: number; points: BrokerPoint[]; dirs: DirSeries[]; topics: { topic: string; points: TopicPoint[] }[] })
  | (HistoryResponseBase & { scope: "dir"; broker: number; dir: string; points: HistoryDirPoint[] });

/** Reads one scope of the named cluster's history (`collected`: whether the collector records it). */
export async function readHistory(cluster: string, collected: boolean, query: HistoryQuery): Promise<HistoryResponse> {
  const store = getStore().history;
  const { from, to, maxPoints } = query;
  const clusterPoints = await store.clusterSeries(cluster, from, to, { maxPoints });
  const base: HistoryResponseBase = {
    cluster,
    from,
    to,
    maxPoints,
    collected,
    collector: await collectorStatus(cluster),
    gaps: clusterPoints.filter((p) => !p.ok).map((p) => ({ at: p.at, error: p.error })),
    plans: await store.appliedPlans(cluster, from, to),
  };
  if (query.scope === "cluster") {
    return { ...base, scope: "cluster", points: clusterPoints, brokers: [...new Set((await store.dirs(cluster)).map((d) => d.broker))] };
  }
  const broker = query.broker!;
  if (query.scope === "dir") {
    return { ...base, scope: "dir", broker, dir: query.dir!, points: await store.dirSeries(cluster, broker, query.dir!, from, to, { maxPoints }) };
  }
  const dirs: DirSeries[] = [];
  for (const d of await store.dirs(cluster)) {
    if (d.broker === broker) dirs.push({ broker, dir: d.dir, points: await store.dirSeries(cluster, broker, d.dir, from, to, { maxPoints }) });
  }
  const points = await store.brokerSeries(cluster, broker, from, to, { maxPoints });
  return { ...base, scope: "broker", broker, points, dirs, topics: await store.topicSeries(cluster, broker, from, to, { maxPoints }) };
}
