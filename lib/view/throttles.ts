/**
 * The throttles & reassignments panel as data: replication rates per broker and the cluster
 * defaults (KIP-73 leader/follower, KIP-113 alter-log-dirs), the throttled replica lists per topic,
 * and the partition reassignments in flight. Judging them (stale or ineffective throttles) is the
 * throttle doctor's job, which plugs into the panel separately.
 */
import type { ClusterSnapshot, ThrottleRates } from "@/lib/model/snapshot";
import { formatByteRate } from "@/lib/model/format";
import { effectiveRates, type EffectiveRate } from "@/lib/throttle";

export interface RateCell {
  text: string;
  /** Where the effective value comes from: set on the broker, the cluster default, or nothing. */
  origin: EffectiveRate["origin"];
}

export interface RateRow {
  scope: string;
  broker: number | null;
  leader: RateCell;
  follower: RateCell;
  alterLogDirs: RateCell;
}

export interface ListSummary {
  raw: string | null;
  /** "all replicas", "3 replicas: 0:1, 1:2, 2:3", "not set". */
  text: string;
}

export interface TopicThrottleRow {
  topic: string;
  leader: ListSummary;
  follower: ListSummary;
}

export interface ReassignmentRow {
  topicPartition: string;
  replicas: string;
  adding: string;
  removing: string;
}

export interface ThrottleView {
  defaults: RateRow;
  /** Brokers with a rate of their own, or inheriting a default; brokers with nothing set are summarised. */
  brokers: RateRow[];
  /** Ids of brokers with no rate at all (unlimited). */
  unthrottledBrokers: number[];
  topics: TopicThrottleRow[];
  reassignments: ReassignmentRow[];
  /** True when nothing is throttled and nothing is moving. */
  empty: boolean;
}

export function formatRate(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? "not set" : formatByteRate(bytesPerSecond);
}

function cell(rate: EffectiveRate): RateCell {
  const text = rate.bytesPerSecond === null ? "unlimited" : formatRate(rate.bytesPerSecond);
  return { text: rate.origin === "default" ? `${text} (default)` : text, origin: rate.origin };
}

function defaultCell(value: ThrottleRates["leader"]): RateCell {
  return { text: formatRate(value), origin: value === null ? "unset" : "default" };
}

/** 6: a list longer than this is summarised by its count; the raw value stays in the tooltip. */
const LIST_PREVIEW = 6;

export function summariseList(raw: string | null): ListSummary {
  if (raw === null || raw.trim() === "") return { raw, text: "not set" };
  if (raw.trim() === "*") return { raw, text: "all replicas (*)" };
  const entries = raw.split(",").map((e) => e.trim()).filter(Boolean);
  const shown = entries.slice(0, LIST_PREVIEW).join(", ");
  return { raw, text: `${entries.length} replica${entries.length === 1 ? "" : "s"}: ${shown}${entries.length > LIST_PREVIEW ? ", …" : ""}` };
}

export function throttleView(snapshot: ClusterSnapshot): ThrottleView {
  const { throttles } = snapshot;
  const defaults: RateRow = {
    scope: "cluster default",
    broker: null,
    leader: defaultCell(throttles.defaults.leader),
    follower: defaultCell(throttles.defaults.follower),
    alterLogDirs: defaultCell(throttles.defaults.alterLogDirs),
  };
  const brokers: RateRow[] = [];
  const unthrottledBrokers: number[] = [];
  for (const id of snapshot.brokers.map((b) => b.id).sort((a, b) => a - b)) {
    const r = effectiveRates(snapshot, id);
    if (r.leader.origin === "unset" && r.follower.origin === "unset" && r.alterLogDirs.origin === "unset") unthrottledBrokers.push(id);
    else brokers.push({ scope: `broker ${id}`, broker: id, leader: cell(r.leader), follower: cell(r.follower), alterLogDirs: cell(r.alterLogDirs) });
  }
  const topics = throttles.topics
    .filter((t) => t.leaderReplicas !== null || t.followerReplicas !== null)
    .map((t) => ({ topic: t.topic, leader: summariseList(t.leaderReplicas), follower: summariseList(t.followerReplicas) }))
    .sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
  const ids = (list: number[]) => (list.length ? list.join(", ") : "–");
  const reassignments = throttles.reassignments
    .map((r) => ({ topicPartition: `${r.topic}-${r.partition}`, replicas: ids(r.replicas), adding: ids(r.adding), removing: ids(r.removing) }))
    .sort((a, b) => (a.topicPartition < b.topicPartition ? -1 : a.topicPartition > b.topicPartition ? 1 : 0));
  const anyDefault = throttles.defaults.leader !== null || throttles.defaults.follower !== null || throttles.defaults.alterLogDirs !== null;
  return { defaults, brokers, unthrottledBrokers, topics, reassignments, empty: !anyDefault && brokers.length === 0 && topics.length === 0 && reassignments.length === 0 };
}
