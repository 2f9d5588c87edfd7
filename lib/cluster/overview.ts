/**
 * The overview of a cluster as the server answers it (lib/view/overview-model.ts): the model, a page of
 * the topic grid, or one broker's details, each with a strong ETag made from the bytes of the answer.
 *
 * Invariants:
 * - The costly part (the balance report over every replica, the summary, the default model and its
 *   hash) is made once per snapshot object and kept beside it (a WeakMap: a snapshot the source has
 *   dropped takes its figures with it). The source hands out the same object until it scans again, so a
 *   refresh of an unchanged cluster costs a lookup and a hash comparison, not a walk over the replicas.
 * - The snapshot is a cluster's (the source's scan) or a shared link's (its stored record, kept decoded
 *   per stored version by lib/snapshots/share.ts): the same functions answer both.
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
import { success, type Result } from "@/lib/model/result";
import { openSharedSnapshot } from "@/lib/snapshots/share";
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

/**
 * Where an answer's snapshot comes from: a cluster the server reads (the demo when none is named) or
 * a shared link's stored snapshot. Either hands out the same object until its snapshot changes, so
 * the figures kept beside it are found again.
 */
export type SnapshotLoader = () => Promise<ClusterSnapshot>;

/** A cluster's snapshot (the demo when none is named); `refresh` scans again now. Throws ClusterSourceError. */
export const clusterSnapshot =
  (cluster: string | undefined, refresh = false): SnapshotLoader =>
  () =>
    getClusterSnapshot({ cluster, refresh });

/** A snapshot already at hand (a shared link's, opened by the caller). */
export const snapshotAtHand =
  (snapshot: ClusterSnapshot): SnapshotLoader =>
  () =>
    Promise.resolve(snapshot);

/** The overview model of a snapshot, with the grid page asked for. Throws what the loader throws. */
export async function clusterOverview(load: SnapshotLoader, request: TopicPageRequest = DEFAULT_TOPIC_PAGE_REQUEST): Promise<TaggedBody> {
  const snapshot = await load();
  const started = performance.now();
  const entry = prepare(snapshot);
  const answer = isFirstPage(request) ? { body: entry.first.body, etag: entry.first.etag } : taggedModel(overviewModel(snapshot, entry.report, request, entry.summary));
  return { ...answer, serverMs: performance.now() - started, capturedAt: snapshot.capturedAt };
}

/** One page of a snapshot's topic grid. Throws what the loader throws. */
export async function clusterTopicPage(load: SnapshotLoader, request: TopicPageRequest): Promise<TaggedBody> {
  const snapshot = await load();
  const started = performance.now();
  const entry = prepare(snapshot);
  const answer = tagged(JSON.stringify(topicPage(entry.report.topics, request, entry.maxCount)));
  return { ...answer, serverMs: performance.now() - started };
}

/** One broker's details for the drawer, or null when the snapshot has no such broker. Throws what the loader throws. */
export async function clusterBrokerDetail(load: SnapshotLoader, broker: number): Promise<(TaggedBody & { detail: BrokerDetail }) | null> {
  const snapshot = await load();
  const started = performance.now();
  const detail = brokerDetail(snapshot, prepare(snapshot).report, broker);
  if (!detail) return null;
  return { ...tagged(JSON.stringify(detail)), detail, serverMs: performance.now() - started };
}

/** The first-paint model of a snapshot as an object (the server page hands it to the browser), with its ETag. Throws what the loader throws. */
export async function clusterOverviewModel(load: SnapshotLoader): Promise<{ model: OverviewModel; etag: string }> {
  const first = prepare(await load()).first;
  return { model: first.model, etag: first.etag };
}

/** What an overview request names: a configured cluster (`cluster=`), or a shared link's snapshot (`shared=<link id>`). */
export interface SnapshotChoice {
  cluster: string | undefined;
  shared: string | undefined;
}

/**
 * The loader of the snapshot a request names. A shared link is opened here (its decoding kept per
 * stored version, lib/snapshots/share.ts), so an unknown, expired or unreadable link is an answer
 * (404, 410, 500), and a cluster's failures come when its loader runs.
 */
export async function chosenSnapshot(choice: SnapshotChoice, refresh = false): Promise<Result<SnapshotLoader>> {
  if (choice.shared === undefined) return success(clusterSnapshot(choice.cluster, refresh));
  const record = await openSharedSnapshot(choice.shared);
  return record.ok ? success(snapshotAtHand(record.value.snapshot)) : record;
}
