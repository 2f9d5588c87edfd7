/**
 * The overview's answers made from a snapshot at hand (lib/server/overview.ts says where the snapshot
 * comes from): the model with a page of the topic grid, a grid page alone, one broker's details, each
 * as the JSON sent and its strong ETag. No source and no store, so the worker pool makes the same
 * answers for a shared link's stored snapshot (lib/server/shared-record-task.ts) as the request
 * thread makes for a cluster's scan.
 *
 * The costly part (the balance report over every replica, the summary, the default model and its
 * hash) is made once per snapshot object and kept beside it (a WeakMap: a snapshot dropped by whoever
 * holds it takes its figures with it). The ETag is the SHA-1 of what the answer shows except when it
 * was captured: two scans that read the same figures give the same tag.
 */
import { createHash } from "node:crypto";
import type { BalanceReport } from "@/lib/model/report";
import { balanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { brokerDetail, type BrokerDetail } from "@/lib/view/overview/broker-detail";
import { overviewModel, overviewSummary, type OverviewModel, type OverviewSummary } from "@/lib/view/overview/overview-model";
import { topicMaxBytes, topicMaxCount } from "@/lib/view/overview/topic-heatmap";
import { DEFAULT_TOPIC_PAGE_REQUEST, topicPage, topicPageParams, type TopicPageRequest } from "@/lib/view/overview/topic-page";

/** What an overview route asks of a shared link's snapshot, answered in the worker pool (lib/server/shared-record-task.ts). */
export type SharedView = { view: "overview"; request: TopicPageRequest } | { view: "topics"; request: TopicPageRequest } | { view: "broker"; broker: number };

/** An overview route's answer: the JSON and its ETag; for a broker, its detail (null: no such broker). */
export interface SharedViewAnswer {
  body: string;
  etag: string;
  capturedAt: string;
  detail?: BrokerDetail | null;
}

/** A JSON answer as sent, with its strong ETag. */
export interface OverviewAnswer {
  body: string;
  etag: string;
}

interface Prepared {
  report: BalanceReport;
  summary: OverviewSummary;
  maxCount: number;
  maxBytes: number;
  /** The model with the grid's first page, as sent (most requests ask for exactly this). */
  first: OverviewAnswer & { model: OverviewModel };
}

const prepared = new WeakMap<ClusterSnapshot, Prepared>();

const tagOf = (content: string) => `"${createHash("sha1").update(content).digest("base64url")}"`;

function tagged(body: string): OverviewAnswer {
  return { body, etag: tagOf(body) };
}

/** A model as sent, tagged by its content without the capture time. */
function taggedModel(model: OverviewModel): OverviewAnswer {
  return { body: JSON.stringify(model), etag: tagOf(JSON.stringify({ ...model, head: { ...model.head, capturedAt: "" } })) };
}

function prepare(snapshot: ClusterSnapshot): Prepared {
  let entry = prepared.get(snapshot);
  if (!entry) {
    const report = balanceReport(snapshot);
    const summary = overviewSummary(snapshot, report);
    const model = overviewModel(snapshot, report, DEFAULT_TOPIC_PAGE_REQUEST, summary);
    entry = { report, summary, maxCount: topicMaxCount(report.topics), maxBytes: topicMaxBytes(report.topics), first: { ...taggedModel(model), model } };
    prepared.set(snapshot, entry);
  }
  return entry;
}

const isFirstPage = (request: TopicPageRequest) => Object.keys(topicPageParams(request)).length === 0;

/** The overview model of a snapshot, with the grid page asked for. */
export function overviewAnswer(snapshot: ClusterSnapshot, request: TopicPageRequest = DEFAULT_TOPIC_PAGE_REQUEST): OverviewAnswer {
  const entry = prepare(snapshot);
  return isFirstPage(request) ? { body: entry.first.body, etag: entry.first.etag } : taggedModel(overviewModel(snapshot, entry.report, request, entry.summary));
}

/** One page of a snapshot's topic grid. */
export function topicPageAnswer(snapshot: ClusterSnapshot, request: TopicPageRequest): OverviewAnswer {
  const entry = prepare(snapshot);
  return tagged(JSON.stringify(topicPage(entry.report.topics, request, entry.maxCount, entry.maxBytes)));
}

/** One broker's details for the drawer, or null when the snapshot has no such broker. */
export function brokerAnswer(snapshot: ClusterSnapshot, broker: number): (OverviewAnswer & { detail: BrokerDetail }) | null {
  const detail = brokerDetail(snapshot, prepare(snapshot).report, broker);
  return detail ? { ...tagged(JSON.stringify(detail)), detail } : null;
}

/** The first-paint model of a snapshot as an object, with its ETag. */
export function firstModel(snapshot: ClusterSnapshot): { model: OverviewModel; etag: string } {
  const first = prepare(snapshot).first;
  return { model: first.model, etag: first.etag };
}
