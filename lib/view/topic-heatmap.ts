/**
 * The topic × broker heatmap as data: which topics to show, in which order, and what each cell says.
 * Cells are drawn on a canvas by the component (2,000 topics × 100 brokers is 200,000 cells, too
 * many for DOM nodes), so this module answers per cell on demand instead of building them all.
 */
import type { TopicFigures } from "@/lib/model/report";
import { formatBytes, formatCount, formatCountOf, formatSkew } from "@/lib/model/format";
import { sequentialScale, textColorOn, type ColorScale } from "./color-scale";

export type TopicSort = "excess" | "skew" | "name" | "replicas" | "bytes";

export const TOPIC_SORTS: readonly { id: TopicSort; label: string }[] = [
  { id: "excess", label: "Above an even spread, worst first" },
  { id: "skew", label: "Skew (max ÷ mean), worst first" },
  { id: "bytes", label: "Bytes, largest first" },
  { id: "replicas", label: "Replicas, most first" },
  { id: "name", label: "Name" },
];

export interface TopicQuery {
  search: string;
  includeInternal: boolean;
  sort: TopicSort;
}

export const DEFAULT_TOPIC_QUERY: TopicQuery = { search: "", includeInternal: true, sort: "excess" };

/**
 * Replicas on the topic's busiest broker above the most an even spread would put there
 * (⌈replicas ÷ brokers⌉): 0 when the topic is spread as evenly as it can be. Unlike max ÷ mean, a
 * small topic on a big cluster is not "skewed" just because most brokers cannot get a replica, so
 * worst-first lists the topics a rebalance would actually change.
 */
export function topicExcess(topic: TopicFigures): number {
  if (topic.perBroker.length === 0) return 0;
  let max = 0;
  for (const c of topic.perBroker) if (c > max) max = c;
  return Math.max(0, max - Math.ceil(topic.replicas / topic.perBroker.length));
}

const byName = (a: TopicFigures, b: TopicFigures) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Filtered by a case-insensitive substring of the name and the internal switch, then sorted; ties by name. */
export function selectTopics(topics: readonly TopicFigures[], query: TopicQuery): TopicFigures[] {
  const needle = query.search.trim().toLowerCase();
  const chosen = topics.filter((t) => (query.includeInternal || !t.internal) && (needle === "" || t.name.toLowerCase().includes(needle)));
  // Each topic's excess once (it scans the topic's row), not once per comparison.
  const excess = query.sort === "excess" ? new Map(chosen.map((t) => [t, topicExcess(t)] as const)) : null;
  const compare: Record<TopicSort, (a: TopicFigures, b: TopicFigures) => number> = {
    excess: (a, b) => excess!.get(b)! - excess!.get(a)! || b.skew - a.skew || byName(a, b),
    skew: (a, b) => b.skew - a.skew || byName(a, b),
    bytes: (a, b) => b.bytes - a.bytes || byName(a, b),
    replicas: (a, b) => b.replicas - a.replicas || byName(a, b),
    name: byName,
  };
  return chosen.sort(compare[query.sort]);
}

/** Counts from 1 to the largest count in the whole grid (not only the filtered rows, so colours stay put while typing). */
export function topicCountScale(topics: readonly TopicFigures[]): ColorScale {
  return topicScaleUpTo(topicMaxCount(topics));
}

/** The grid's scale when only its largest count is at hand (a page of it from the server). */
export function topicScaleUpTo(maxCount: number): ColorScale {
  return sequentialScale(1, Math.max(1, maxCount));
}

/** The largest replica count of any topic on any broker (at least 1, the bottom of the colour scale). */
export function topicMaxCount(topics: readonly TopicFigures[]): number {
  let max = 1;
  for (const t of topics) for (const c of t.perBroker) if (c > max) max = c;
  return max;
}

export interface TopicCellStyle {
  /** null: no replica here; drawn as the empty background. */
  background: string | null;
  foreground: string;
}

export function topicCellStyle(count: number, scale: ColorScale): TopicCellStyle {
  if (count <= 0) return { background: null, foreground: "inherit" };
  const background = scale.color(count);
  return { background, foreground: textColorOn(background) };
}

/** Mean replicas of the topic per broker in the report. */
export function topicMean(topic: TopicFigures): number {
  return topic.perBroker.length === 0 ? 0 : topic.replicas / topic.perBroker.length;
}

/** "orders on broker 2: 7 replicas (topic mean 6.7 per broker, skew 1.50×)". */
export function topicCellLabel(topic: TopicFigures, brokerId: number, count: number): string {
  const mean = topicMean(topic);
  return `${topic.name} on broker ${brokerId}: ${formatCountOf(count, "replica")} (topic mean ${mean.toFixed(1)} per broker, skew ${formatSkew(topic.skew)})`;
}

/** "orders: 30 partitions, 60 replicas, 1.2 TiB, skew 1.00×". */
export function topicRowLabel(topic: TopicFigures): string {
  return `${topic.name}${topic.internal ? " (internal)" : ""}: ${formatCountOf(topic.partitions, "partition")}, ${formatCountOf(topic.replicas, "replica")}, ${formatBytes(topic.bytes)}, skew ${formatSkew(topic.skew)}`;
}

/** Counts shown in summary: how many topics match, of how many. */
export function topicMatchSummary(shown: number, total: number): string {
  return `${formatCount(shown)} of ${formatCount(total)} topics`;
}
