/**
 * The overview of a cluster as the server answers it (lib/view/overview-model.ts): the model, a page of
 * the topic grid, or one broker's details, each with a strong ETag made from the bytes of the answer.
 *
 * Invariants:
 * - The costly part (the balance report over every replica, the summary, the default model and its
 *   hash) is made once per snapshot object and kept beside it (a WeakMap: a snapshot the source has
 *   dropped takes its figures with it). The source hands out the same object until it scans again, so a
 *   refresh of an unchanged cluster costs a lookup and a hash comparison, not a walk over the replicas.
 * - The ETag is the SHA-1 of what the answer shows except when it was captured: two scans that read
 *   the same figures give the same tag (a 304, which carries the newer capture time in the
 *   `x-captured-at` header), and any change in a figure gives another.
 */
import { createHash } from "node:crypto";
import type { BalanceReport } from "@/lib/model/report";
import { balanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { brokerDetail, type BrokerDetail } from "@/lib/view/broker-detail";
import { overviewModel, overviewSummary, type OverviewModel, type OverviewSummary } from "@/lib/view/overview-model";
import { topicMaxCount } from "@/lib/view/topic-heatmap";
import { DEFAULT_TOPIC_PAGE_REQUEST, topicPage, topicPageParams, type TopicPageRequest } from "@/lib/view/topic-page";
import { getClusterSnapshot } from "./source";

/** A JSON answer with its strong ETag, and how long making it took on this request. */
export interface TaggedBody {
  body: string;
  etag: string;
  serverMs: number;
  /** The snapshot's capture time, which the ETag leaves out (a 304 says it in a header). */
  capturedAt?: string;
}

interface Prepared {
  report: BalanceReport;
  summary: OverviewSummary;
  maxCount: number;
  /** The model with the grid's first page, as sent (most requests ask for exactly this). */
  first: { body: string; etag: string; model: OverviewModel };
}

const prepared = new WeakMap<ClusterSnapshot, Prepared>();

const tagOf = (content: string) => `"${createHash("sha1").update(content).digest("base64url")}"`;

function tagged(body: string): { body: string; etag: string } {
  return { body, etag: tagOf(body) };
}

/** A model as sent, tagged by its content without the capture time. */
function taggedModel(model: OverviewModel): { body: string; etag: string } {
  return { body: JSON.stringify(model), etag: tagOf(JSON.stringify({ ...model, head: { ...model.head, capturedAt: "" } })) };
}

function firstModel(snapshot: ClusterSnapshot, report: BalanceReport, summary: OverviewSummary): Prepared["first"] {
  const model = overviewModel(snapshot, report, DEFAULT_TOPIC_PAGE_REQUEST, summary);
  return { ...taggedModel(model), model };
}

function prepare(snapshot: ClusterSnapshot): Prepared {
  let entry = prepared.get(snapshot);
  if (!entry) {
    const report = balanceReport(snapshot);
    const summary = overviewSummary(snapshot, report);
    entry = { report, summary, maxCount: topicMaxCount(report.topics), first: firstModel(snapshot, report, summary) };
    prepared.set(snapshot, entry);
  }
  return entry;
}

const isFirstPage = (request: TopicPageRequest) => Object.keys(topicPageParams(request)).length === 0;

/** The overview model of a cluster (the demo when none is named), with the grid page asked for. Throws ClusterSourceError. */
export async function clusterOverview(cluster: string | undefined, request: TopicPageRequest = DEFAULT_TOPIC_PAGE_REQUEST, refresh = false): Promise<TaggedBody> {
  const snapshot = await getClusterSnapshot({ cluster, refresh });
  const started = performance.now();
  const entry = prepare(snapshot);
  const answer = isFirstPage(request) ? { body: entry.first.body, etag: entry.first.etag } : taggedModel(overviewModel(snapshot, entry.report, request, entry.summary));
  return { ...answer, serverMs: performance.now() - started, capturedAt: snapshot.capturedAt };
}

/** One page of a cluster's topic grid. Throws ClusterSourceError. */
export async function clusterTopicPage(cluster: string | undefined, request: TopicPageRequest): Promise<TaggedBody> {
  const snapshot = await getClusterSnapshot({ cluster });
  const started = performance.now();
  const entry = prepare(snapshot);
  const answer = tagged(JSON.stringify(topicPage(entry.report.topics, request, entry.maxCount)));
  return { ...answer, serverMs: performance.now() - started };
}

/** One broker's details for the drawer, or null when the cluster has no such broker. Throws ClusterSourceError. */
export async function clusterBrokerDetail(cluster: string | undefined, broker: number): Promise<(TaggedBody & { detail: BrokerDetail }) | null> {
  const snapshot = await getClusterSnapshot({ cluster });
  const started = performance.now();
  const detail = brokerDetail(snapshot, prepare(snapshot).report, broker);
  if (!detail) return null;
  return { ...tagged(JSON.stringify(detail)), detail, serverMs: performance.now() - started };
}

/** The first-paint model of a cluster as an object (the server page hands it to the browser), with its ETag. Throws ClusterSourceError. */
export async function clusterOverviewModel(cluster: string | undefined): Promise<{ model: OverviewModel; etag: string }> {
  const first = prepare(await getClusterSnapshot({ cluster })).first;
  return { model: first.model, etag: first.etag };
}
