/**
 * One page of the topic × broker grid, chosen where the topics are (the server for a cluster it
 * reads, the browser for a snapshot it holds): filtered and sorted by the grid's query (selectTopics),
 * then `limit` rows from `offset`. The page carries what the grid needs beyond its rows: how many
 * topics match and exist, and the largest count in the whole grid, so the colour scale is the one the
 * full grid would have (it does not shift while typing or paging).
 *
 * The query arrives as URL parameters: one strict schema (unknown keys are errors) with messages that
 * say what to send instead.
 */
import { z } from "zod";
import { zodIssues } from "@/lib/model/parse";
import type { TopicFigures } from "@/lib/model/report";
import { invalid, success, type Issue, type Result } from "@/lib/model/result";
import { DEFAULT_TOPIC_QUERY, selectTopics, TOPIC_SORTS, topicMaxBytes, topicMaxCount, type TopicQuery, type TopicSort } from "./topic-heatmap";

/** 50 rows: a screenful of the grid twice over; a row costs one number per broker. */
export const DEFAULT_TOPIC_PAGE = 50;
/** 1,000 rows × 1,000 brokers is a 2–3 MB answer: the most one request may ask for. */
export const MAX_TOPIC_PAGE = 1000;

export interface TopicPage {
  query: TopicQuery;
  offset: number;
  limit: number;
  /** Topics that match the query (the rows are a slice of them). */
  matched: number;
  /** Topics in the cluster. */
  total: number;
  /** The largest replica count of any topic on any broker, over every topic (at least 1). */
  maxCount: number;
  /** The most bytes of any topic on any broker, over every topic (at least 1): the bytes colouring's scale. */
  maxBytes: number;
  rows: TopicFigures[];
}

export interface TopicPageRequest {
  query: TopicQuery;
  offset: number;
  limit: number;
}

export const DEFAULT_TOPIC_PAGE_REQUEST: TopicPageRequest = { query: DEFAULT_TOPIC_QUERY, offset: 0, limit: DEFAULT_TOPIC_PAGE };

/** The page a request asks for; `maxCount` and `maxBytes` may be passed in when the caller keeps them per snapshot. */
export function topicPage(topics: readonly TopicFigures[], request: TopicPageRequest, maxCount = topicMaxCount(topics), maxBytes = topicMaxBytes(topics)): TopicPage {
  const chosen = selectTopics(topics, request.query);
  return {
    query: request.query,
    offset: request.offset,
    limit: request.limit,
    matched: chosen.length,
    total: topics.length,
    maxCount,
    maxBytes,
    rows: chosen.slice(request.offset, request.offset + request.limit),
  };
}

const SORT_IDS = TOPIC_SORTS.map((s) => s.id) as [TopicSort, ...TopicSort[]];

const count = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} is a whole number` })
    .int(`${field} is a whole number`)
    .min(min, `${field} is at least ${min}`)
    .max(max, `${field} is at most ${max.toLocaleString("en-US")}`);

/** `shared=<link id>`: a shared snapshot link's id (its form and existence are checked when the link is opened). */
export const SharedIdParam = z.string().max(100, "shared is a shared link's id, as in /s/<id>").optional();

/** A request names a cluster or a shared link, not both: the issue to report, or null. */
export function sourceConflict(q: { cluster?: string; shared?: string }): Issue[] | null {
  return q.cluster !== undefined && q.shared !== undefined
    ? [{ path: "shared", message: "shared names a shared link's snapshot, cluster a configured cluster: send one of them" }]
    : null;
}

/** The grid's query as URL parameters; `cluster` names the cluster (checked by the cluster resolver), or `shared` a shared link. */
export const TopicPageQuerySchema = z.strictObject({
  cluster: z.string().max(200, "cluster is a configured cluster's name").optional(),
  shared: SharedIdParam,
  search: z.string().max(200, "search is at most 200 characters").default(DEFAULT_TOPIC_QUERY.search),
  internal: z.enum(["0", "1", "true", "false"], { error: "internal is 1 (show internal topics) or 0 (hide them)" }).optional(),
  sort: z.enum(SORT_IDS, { error: `sort is one of ${SORT_IDS.join(", ")}` }).default(DEFAULT_TOPIC_QUERY.sort),
  offset: count("offset", 0, 10_000_000).default(0),
  limit: count("limit", 1, MAX_TOPIC_PAGE).default(DEFAULT_TOPIC_PAGE),
});

/** The URL parameters of a page request (defaults left out, so the first page's URL is the plain one). */
export function topicPageParams(request: TopicPageRequest): Record<string, string> {
  const params: Record<string, string> = {};
  if (request.query.search !== DEFAULT_TOPIC_QUERY.search) params.search = request.query.search;
  if (request.query.includeInternal !== DEFAULT_TOPIC_QUERY.includeInternal) params.internal = request.query.includeInternal ? "1" : "0";
  if (request.query.sort !== DEFAULT_TOPIC_QUERY.sort) params.sort = request.query.sort;
  if (request.offset !== 0) params.offset = String(request.offset);
  if (request.limit !== DEFAULT_TOPIC_PAGE) params.limit = String(request.limit);
  return params;
}

/** The validated schema output → the page request. */
export function topicPageRequestOf(q: Pick<z.infer<typeof TopicPageQuerySchema>, "search" | "internal" | "sort" | "offset" | "limit">): TopicPageRequest {
  const includeInternal = q.internal === undefined ? DEFAULT_TOPIC_QUERY.includeInternal : q.internal === "1" || q.internal === "true";
  return { query: { search: q.search, includeInternal, sort: q.sort }, offset: q.offset, limit: q.limit };
}

/** URL parameters (each once) → the cluster or shared link named and the page asked for, or the issues to fix. */
export function parseTopicPageQuery(params: Record<string, string>): Result<{ cluster: string | undefined; shared: string | undefined; request: TopicPageRequest }> {
  const parsed = TopicPageQuerySchema.safeParse(params);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const conflict = sourceConflict(parsed.data);
  if (conflict) return invalid(conflict);
  return success({ cluster: parsed.data.cluster, shared: parsed.data.shared, request: topicPageRequestOf(parsed.data) });
}
