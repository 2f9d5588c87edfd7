/**
 * What every overview widget is fed: the overview's figures (lib/view/overview/overview-model.ts), and how to
 * reach what they leave out — the whole snapshot (share, JSON export), every topic row (the grid's
 * other pages) and one broker's replicas (the drawer). For a cluster the server reads, those come from
 * the server when asked for (a shared link's too, by its id); for a snapshot this tab holds (imported), from the snapshot here.
 */
import { fetchJson } from "@/lib/client/fetch-json";
import { withCluster } from "@/lib/client/cluster-url";
import { BROKER_URL, CLUSTER_URL, TOPICS_URL } from "@/lib/client/use-cluster";
import { SNAPSHOTS_URL } from "@/lib/client/snapshot-links";
import type { SharedRecord } from "@/lib/share/record";
import type { SnapshotSource } from "@/lib/client/use-snapshot-behind";
import type { TopicFigures } from "@/lib/model/report";
import type { BrokerDetail } from "@/lib/view/overview/broker-detail";
import type { ClusterData } from "@/lib/view/overview/cluster-data";
import { decodeOverview, overviewFigures, type OverviewFigures, type OverviewModel } from "@/lib/view/overview/overview-model";

export interface OverviewData extends OverviewFigures {
  /** The whole snapshot: at hand, or fetched when something needs it. */
  snapshot: SnapshotSource;
  /** Every topic row when this tab holds them; null: the grid asks the server for its pages. */
  allTopics: readonly TopicFigures[] | null;
  /** A broker's drawer details from the server; null: made here from the snapshot at hand. */
  loadBrokerDetail: ((broker: number) => Promise<BrokerDetail>) | null;
  /** The URL of a page of the topic grid (its query's parameters) when the server makes the pages; null when `allTopics` is here. */
  topicPageUrl: ((params: Record<string, string>) => string) | null;
}

/** A snapshot this tab holds (imported or shared). */
export function localOverviewData(data: ClusterData): OverviewData {
  return { ...overviewFigures(data.snapshot, data.report), snapshot: data.snapshot, allTopics: data.report.topics, loadBrokerDetail: null, topicPageUrl: null };
}

/** The server's model of a cluster (`cluster`: its name, null for the first configured). */
export function remoteOverviewData(model: OverviewModel, cluster: string | null): OverviewData {
  return {
    ...decodeOverview(model),
    snapshot: () => fetchJson<ClusterData>(withCluster(CLUSTER_URL, cluster)).then((d) => d.snapshot),
    allTopics: null,
    loadBrokerDetail: (broker) => fetchJson<BrokerDetail>(withCluster(`${BROKER_URL}?broker=${broker}`, cluster)),
    topicPageUrl: (params) => withCluster(`${TOPICS_URL}?${new URLSearchParams(params)}`, cluster),
  };
}

/**
 * The server's model of a shared link's snapshot (`id`: the link's): the grid's pages and the drawer
 * from the same routes with `shared=<id>`, the whole stored snapshot only when Share or Export asks.
 */
export function sharedOverviewData(model: OverviewModel, id: string): OverviewData {
  const shared = `shared=${encodeURIComponent(id)}`;
  return {
    ...decodeOverview(model),
    snapshot: () => fetchJson<SharedRecord>(`${SNAPSHOTS_URL}/${encodeURIComponent(id)}`).then((r) => r.snapshot),
    allTopics: null,
    loadBrokerDetail: (broker) => fetchJson<BrokerDetail>(`${BROKER_URL}?${shared}&broker=${broker}`),
    topicPageUrl: (params) => `${TOPICS_URL}?${new URLSearchParams({ ...params, shared: id })}`,
  };
}
