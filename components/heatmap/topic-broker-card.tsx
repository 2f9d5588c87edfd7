"use client";
/** The topic × broker heatmap in its card: search, internal topics on/off, sort. */
import { useDeferredValue, useMemo, useState } from "react";
import { DEFAULT_TOPIC_QUERY, selectTopics, TOPIC_SORTS, topicCountScale, topicMatchSummary, type TopicSort } from "@/lib/view/topic-heatmap";
import { topicHeatmapLegend } from "@/lib/view/legend";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";
import { LegendBar } from "./legend-bar";
import { TopicBrokerHeatmap } from "./topic-broker-heatmap";

interface Props extends WidgetProps {
  onOpenBroker: (broker: number) => void;
}

const control = "rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

export function TopicBrokerCard({ data, failure, onOpenBroker }: Props) {
  const [search, setSearch] = useState(DEFAULT_TOPIC_QUERY.search);
  const [includeInternal, setIncludeInternal] = useState(DEFAULT_TOPIC_QUERY.includeInternal);
  const [sort, setSort] = useState<TopicSort>(DEFAULT_TOPIC_QUERY.sort);
  // Typing stays responsive on 2,000 topics: the grid follows the deferred value.
  const query = useDeferredValue(search);
  const topics = useMemo(() => (data ? selectTopics(data.report.topics, { search: query, includeInternal, sort }) : []), [data, query, includeInternal, sort]);
  const scale = useMemo(() => topicCountScale(data?.report.topics ?? []), [data]);
  const legend = useMemo(() => topicHeatmapLegend(scale), [scale]);
  const state = widgetState(data, failure, (d) => (d.report.topics.length === 0 ? "This snapshot has no topics yet." : d.report.brokers.length === 0 ? "This snapshot lists no brokers." : null));

  const actions = (
    <>
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
      subtitle={data ? `Replicas of each topic on each broker; skew = max ÷ mean per topic. Showing ${topicMatchSummary(topics.length, data.report)}.` : "Replicas of each topic on each broker."}
      bodyClassName={data && data.report.topics.length <= 8 ? "h-72" : "h-[30rem]"}
      state={state}
      actions={actions}
    >
      {data ? (
        <div className="flex h-full flex-col gap-2">
          {topics.length === 0 ? (
            <div className="flex flex-1 items-center justify-center rounded border border-dashed border-zinc-300 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
              No topic matches “{query}”{includeInternal ? "" : " (internal topics hidden)"}.
            </div>
          ) : (
            <div className="min-h-0 flex-1">
              <TopicBrokerHeatmap topics={topics} brokerIds={data.report.brokerIds} scale={scale} onOpenBroker={onOpenBroker} />
            </div>
          )}
          <LegendBar legend={legend} />
        </div>
      ) : null}
    </WidgetCard>
  );
}
