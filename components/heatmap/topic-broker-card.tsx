"use client";
/**
 * The topic × broker heatmap in its card: colour by bytes (default) or replicas, search, internal
 * topics on/off, sort. The rows are chosen
 * where the topics are: here, for a snapshot this tab holds (every matching topic is drawn), or by
 * the server a page at a time (`GET /api/cluster/topics`, of a cluster or a shared link), with "Show more topics" for the next page.
 */
import { useDeferredValue, useMemo, useState } from "react";
import useSWR from "swr";
import { fetchJson } from "@/lib/client/fetch-json";
import {
  DEFAULT_TOPIC_METRIC,
  DEFAULT_TOPIC_QUERY,
  TOPIC_METRICS,
  TOPIC_SORTS,
  topicMatchSummary,
  topicMaxBytes,
  topicMaxCount,
  topicMetricScale,
  type TopicMetric,
  type TopicQuery,
  type TopicSort,
} from "@/lib/view/overview/topic-heatmap";
import { DEFAULT_TOPIC_PAGE, topicPage, topicPageParams, type TopicPage } from "@/lib/view/overview/topic-page";
import { topicHeatmapLegend } from "@/lib/view/common/legend";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import type { OverviewData } from "@/components/overview/overview-data";
import { LegendBar } from "./legend-bar";
import { TopicBrokerHeatmap } from "./topic-broker-heatmap";

interface Props extends WidgetProps {
  onOpenBroker: (broker: number) => void;
}

const control = "rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** The page of the grid for this query: made here from every topic, the overview's own first page, or fetched. */
function useTopicPage(data: OverviewData | null, query: TopicQuery, limit: number): { page: TopicPage | null; loading: boolean } {
  const request = { query, offset: 0, limit };
  const params = topicPageParams(request);
  const remote = data !== null && data.topicPageUrl !== null && Object.keys(params).length > 0;
  // Keyed by the snapshot's capture time too: a refreshed overview asks for its page again.
  const key = remote ? [data.topicPageUrl!(params), data.head.capturedAt] : null;
  const fetched = useSWR<TopicPage>(key, ([url]: [string]) => fetchJson<TopicPage>(url), { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false });
  const local = useMemo(() => (data?.allTopics ? topicPage(data.allTopics, { query, offset: 0, limit: data.allTopics.length }) : null), [data, query]);
  if (!data) return { page: null, loading: false };
  if (local) return { page: local, loading: false };
  if (!remote) return { page: data.topics, loading: false };
  return { page: fetched.data ?? null, loading: fetched.isLoading || fetched.isValidating };
}

export function TopicBrokerCard({ data, failure, onOpenBroker }: Props) {
  const [search, setSearch] = useState(DEFAULT_TOPIC_QUERY.search);
  const [includeInternal, setIncludeInternal] = useState(DEFAULT_TOPIC_QUERY.includeInternal);
  const [sort, setSort] = useState<TopicSort>(DEFAULT_TOPIC_QUERY.sort);
  const [metric, setMetric] = useState<TopicMetric>(DEFAULT_TOPIC_METRIC);
  // Typing stays responsive on 2,000 topics: the grid follows the deferred value.
  const deferred = useDeferredValue(search);
  const query = useMemo(() => ({ search: deferred, includeInternal, sort }), [deferred, includeInternal, sort]);
  // Pages shown, for the query they were shown for: another query starts again at its first page.
  const [shown, setShown] = useState<{ query: TopicQuery; pages: number }>({ query, pages: 1 });
  const pages = shown.query === query ? shown.pages : 1;
  const { page, loading } = useTopicPage(data, query, pages * DEFAULT_TOPIC_PAGE);
  const topics = page?.rows ?? [];
  // The whole grid's largest values (every topic's when the tab has them), so colours stay put while typing or paging.
  const max = useMemo(() => {
    if (data?.allTopics) return { count: topicMaxCount(data.allTopics), bytes: topicMaxBytes(data.allTopics) };
    const source = data?.topics ?? page;
    return { count: source?.maxCount ?? 1, bytes: source?.maxBytes ?? topicMaxBytes(page?.rows ?? []) };
  }, [data, page]);
  const scale = useMemo(() => topicMetricScale(metric, max), [metric, max]);
  const legend = useMemo(() => topicHeatmapLegend(scale, metric), [scale, metric]);
  const state = widgetState(data, failure, (d) =>
    d.topics.total === 0 ? "This snapshot has no topics yet." : d.report.brokers.length === 0 ? "This snapshot lists no brokers." : null,
  );
  const more = page !== null && topics.length < page.matched;

  const actions = (
    <>
      <div role="group" aria-label="Colour by" className="flex items-center gap-1 text-sm" data-topic-metric={metric}>
        <span>Colour by</span>
        {TOPIC_METRICS.map((m) => (
          <button
            key={m.id}
            type="button"
            aria-pressed={metric === m.id}
            onClick={() => setMetric(m.id)}
            className={`rounded border px-2 py-1 ${metric === m.id ? "border-zinc-900 bg-zinc-900 text-white dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900" : "border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"}`}
          >
            {m.label}
          </button>
        ))}
      </div>
      <label className="flex items-center gap-1 text-sm">
        <span className="sr-only">Search topics</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search topics" className={`${control} w-44`} data-topic-search />
      </label>
      <label className="flex items-center gap-1.5 text-sm">
        <input type="checkbox" checked={includeInternal} onChange={(e) => setIncludeInternal(e.target.checked)} className="h-4 w-4" data-internal-toggle />
        Internal topics
      </label>
      <label className="flex items-center gap-1.5 text-sm">
        Sort
        <select value={sort} onChange={(e) => setSort(e.target.value as TopicSort)} className={control} data-topic-sort>
          {TOPIC_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );

  return (
    <WidgetCard
      id="topic-broker-heatmap"
      title="Topics × brokers"
      subtitle={
        data && page
          ? `${metric === "bytes" ? "Bytes" : "Replicas"} of each topic on each broker; skew = max ÷ mean of replicas per topic. Showing ${topicMatchSummary(page.matched, page.total)}${more ? `, the first ${topics.length.toLocaleString("en-US")} drawn` : ""}.`
          : `${metric === "bytes" ? "Bytes" : "Replicas"} of each topic on each broker.`
      }
      bodyClassName={data && data.topics.total <= 8 ? "h-72" : "h-[30rem]"}
      state={state}
      actions={actions}
    >
      {data ? (
        <div className="flex h-full flex-col gap-2">
          {page === null ? (
            <div
              className="flex flex-1 items-center justify-center rounded border border-dashed border-zinc-300 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
              role="status"
            >
              Reading the topics…
            </div>
          ) : topics.length === 0 ? (
            <div className="flex flex-1 items-center justify-center rounded border border-dashed border-zinc-300 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
              No topic matches “{deferred}”{includeInternal ? "" : " (internal topics hidden)"}.
            </div>
          ) : (
            <div className="min-h-0 flex-1">
              <TopicBrokerHeatmap topics={topics} brokerIds={data.report.brokerIds} scale={scale} metric={metric} onOpenBroker={onOpenBroker} />
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <LegendBar legend={legend} />
            {more ? (
              <button type="button" className={control} onClick={() => setShown({ query, pages: pages + 1 })} disabled={loading} data-topic-more>
                Show more topics
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </WidgetCard>
  );
}
