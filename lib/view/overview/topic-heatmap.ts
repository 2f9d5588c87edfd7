/**
 * The topic × broker heatmap as data: which topics to show, in which order, and what each cell says.
 * Cells are drawn on a canvas by the component (2,000 topics × 100 brokers is 200,000 cells, too
 * many for DOM nodes), so this module answers per cell on demand instead of building them all.
 *
 * A cell is coloured by the topic's bytes on the broker (the default: what fills disks) or by its
 * replica count (what Kafka balances). Counts alone paint `__consumer_offsets` (50 replicas of 16 KiB)
 * darkest and a 270 GiB-a-broker topic pale; bytes show where the data is. A broker without a replica
 * of the topic is empty in both (a replica of 0 bytes is still a replica, the palest colour).
 */
import type { TopicFigures } from "@/lib/model/report";
import { formatBytes, formatCount, formatCountOf, formatSkew } from "@/lib/model/format";
import { sequentialScale, textColorOn, type ColorScale } from "../common/color-scale";

export type TopicSort = "excess" | "skew" | "name" | "replicas" | "bytes";

export const TOPIC_SORTS: readonly { id: TopicSort; label: string }[] = [
  { id: "excess", label: "Above an even spread, worst first" },
  { id: "skew", label: "Skew (max ÷ mean), worst first" },
  { id: "bytes", label: "Bytes, largest first" },
  { id: "replicas", label: "Replicas, most first" },
  { id: "name", label: "Name" },
];

export type TopicMetric = "bytes" | "replicas";

export const TOPIC_METRICS: readonly { id: TopicMetric; label: string }[] = [
  { id: "bytes", label: "Bytes" },
  { id: "replicas", label: "Replicas" },
];

export const DEFAULT_TOPIC_METRIC: TopicMetric = "bytes";

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

/** The largest bytes of any topic on any broker (at least 1, the top of the colour scale). */
export function topicMaxBytes(topics: readonly TopicFigures[]): number {
  let max = 1;
  for (const t of topics) for (const b of t.perBrokerBytes) if (b > max) max = b;
  return max;
}

/** Bytes from 0 to the largest on any broker in the whole grid (`maxBytes`: the page's, when only a page is at hand). */
export function topicBytesScaleUpTo(maxBytes: number): ColorScale {
  return sequentialScale(0, Math.max(1, maxBytes));
}

/** The grid's scale for a metric, from the largest value of the whole grid. */
export function topicMetricScale(metric: TopicMetric, max: { count: number; bytes: number }): ColorScale {
  return metric === "bytes" ? topicBytesScaleUpTo(max.bytes) : topicScaleUpTo(max.count);
}

/** What a cell is coloured by: the topic's bytes or replicas on the broker in column `col`. */
export function topicCellValue(topic: TopicFigures, col: number, metric: TopicMetric): number {
  return metric === "bytes" ? (topic.perBrokerBytes[col] ?? 0) : (topic.perBroker[col] ?? 0);
}

/** Short text inside a cell: the count, or the bytes ("270 GiB") where the cell is wide enough (else none). */
export function topicCellText(topic: TopicFigures, col: number, metric: TopicMetric, cellWidth: number): string | null {
  const count = topic.perBroker[col] ?? 0;
  if (count <= 0) return null;
  if (metric === "replicas") return cellWidth >= 22 ? String(count) : null;
  const unsized = topicUnsized(topic, col);
  // Sizes not known are not 0 B: "?" when none is known, "40.0 GiB+" when some are.
  if (unsized >= count) return cellWidth >= 22 ? "?" : null;
  return cellWidth >= 64 ? `${formatBytes(topic.perBrokerBytes[col] ?? 0)}${unsized > 0 ? "+" : ""}` : null;
}

/** Replicas of the topic on the broker in column `col` whose size is unknown. */
export function topicUnsized(topic: TopicFigures, col: number): number {
  return topic.perBrokerUnsized?.[col] ?? 0;
}

export interface TopicCellStyle {
  /** null: no replica here; drawn as the empty background. */
  background: string | null;
  foreground: string;
}

/** `count`: the topic's replicas on the broker (0 = empty cell); `value`: what is coloured (the count, or bytes). */
export function topicCellStyle(count: number, scale: ColorScale, value: number = count): TopicCellStyle {
  if (count <= 0) return { background: null, foreground: "inherit" };
  const background = scale.color(value);
  return { background, foreground: textColorOn(background) };
}

/** Mean replicas of the topic per broker in the report. */
export function topicMean(topic: TopicFigures): number {
  return topic.perBroker.length === 0 ? 0 : topic.replicas / topic.perBroker.length;
}

/** "orders on broker 2: 7 replicas, 270.4 GiB (topic mean 6.7 replicas and 90.1 GiB per broker, skew 1.50×)". */
export function topicCellLabel(topic: TopicFigures, brokerId: number, count: number, bytes: number | null = null, unsized = 0): string {
  const mean = topicMean(topic);
  const brokers = topic.perBroker.length;
  const bytesText =
    bytes === null
      ? ""
      : unsized >= count && count > 0
        ? ", size unknown (not in the log-dir data)"
        : unsized > 0
          ? `, ${formatBytes(bytes)} and ${formatCountOf(unsized, "replica")} of unknown size`
          : `, ${formatBytes(bytes)}`;
  const meanBytes = bytes === null || brokers === 0 ? "" : ` and ${formatBytes(topic.bytes / brokers)}`;
  return `${topic.name} on broker ${brokerId}: ${formatCountOf(count, "replica")}${bytesText} (topic mean ${mean.toFixed(1)} replicas${meanBytes} per broker, skew ${formatSkew(topic.skew)})`;
}

/** "orders: 30 partitions, 60 replicas, 1.2 TiB, skew 1.00×". */
export function topicRowLabel(topic: TopicFigures): string {
  const unsized = (topic.perBrokerUnsized ?? []).reduce((a, b) => a + b, 0);
  return `${topic.name}${topic.internal ? " (internal)" : ""}: ${formatCountOf(topic.partitions, "partition")}, ${formatCountOf(topic.replicas, "replica")}, ${formatBytes(topic.bytes)}${unsized > 0 ? ` and ${formatCountOf(unsized, "replica")} of unknown size` : ""}, skew ${formatSkew(topic.skew)}`;
}

/** Counts shown in summary: how many topics match, of how many. */
export function topicMatchSummary(shown: number, total: number): string {
  return `${formatCount(shown)} of ${formatCount(total)} topics`;
}
