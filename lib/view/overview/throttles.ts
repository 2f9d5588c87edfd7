/**
 * The throttles & reassignments panel as data: replication rates per broker and the cluster
 * defaults (KIP-73 leader/follower, KIP-113 alter-log-dirs), the throttled replica lists per topic,
 * and the partition reassignments in flight. Judging them (stale or ineffective throttles) is the
 * throttle doctor's job, which plugs into the panel separately.
 *
 * Known, unknown, none: a snapshot whose source did not carry the throttle configs (a kafka-log-dirs
 * import) or the reassignments in flight says so (lib/model/facts.ts) — "unknown", and the command
 * whose output teaches it — never "not set" or "none". Log-dir moves (a replica's `-future` copy, which
 * kafka-log-dirs does list) count as moves in flight, as the heatmap's "replica moving in" does.
 */
import type { ClusterSnapshot, ThrottleRates } from "@/lib/model/snapshot";
import { formatByteRate } from "@/lib/model/format";
import { effectiveRates, type EffectiveRate } from "@/lib/throttle";
import { howToLearn, knownFacts } from "@/lib/model/facts";

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

/** A KIP-113 move in flight: the `-future` copy of a replica being written into another dir of its broker. */
export interface DirMoveRow {
  topicPartition: string;
  broker: number;
  from: string;
  to: string;
}

/** What the panel may say about a fact its source did not carry: that it is unknown, and how to learn it. */
export interface UnknownNote {
  fact: "throttles" | "reassignments";
  text: string;
}

export interface ThrottleView {
  defaults: RateRow;
  /** Brokers with a rate of their own, or inheriting a default; brokers with nothing set are summarised. */
  brokers: RateRow[];
  /** Ids of reachable brokers known to have no rate at all (unlimited); empty when the throttles are unknown. */
  unthrottledBrokers: number[];
  /** Ids of brokers whose rates are unknown: all without a known rate when the source did not carry the throttles, else the unreachable ones. */
  unknownRateBrokers: number[];
  topics: TopicThrottleRow[];
  reassignments: ReassignmentRow[];
  dirMoves: DirMoveRow[];
  /** Whether the source carried the throttle configs and the reassignments in flight (lib/model/facts.ts). */
  known: { throttles: boolean; reassignments: boolean };
  /** One per fact the source did not carry, in words: unknown, and the command that teaches it. */
  unknown: UnknownNote[];
  /** The panel's first sentence: what is throttled and moving, as far as it is known. */
  summary: string;
  /** True only when the throttles and reassignments are known and nothing is throttled or moving. */
  empty: boolean;
}

export function formatRate(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? "not set" : formatByteRate(bytesPerSecond);
}

function cell(rate: EffectiveRate): RateCell {
  const text = rate.bytesPerSecond === null ? "unlimited" : formatRate(rate.bytesPerSecond);
  return { text: rate.origin === "default" ? `${text} (default)` : text, origin: rate.origin };
}

function defaultCell(value: ThrottleRates["leader"], known: boolean): RateCell {
  return { text: value === null && !known ? "unknown" : formatRate(value), origin: value === null ? "unset" : "default" };
}

/** 6: a list longer than this is summarised by its count; the raw value stays in the tooltip. */
const LIST_PREVIEW = 6;

export function summariseList(raw: string | null): ListSummary {
  if (raw === null || raw.trim() === "") return { raw, text: "not set" };
  if (raw.trim() === "*") return { raw, text: "all replicas (*)" };
  const entries = raw
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const shown = entries.slice(0, LIST_PREVIEW).join(", ");
  return { raw, text: `${entries.length} replica${entries.length === 1 ? "" : "s"}: ${shown}${entries.length > LIST_PREVIEW ? ", …" : ""}` };
}

const byName = <T extends { topicPartition: string }>(a: T, b: T) => (a.topicPartition < b.topicPartition ? -1 : a.topicPartition > b.topicPartition ? 1 : 0);

function sourceWords(snapshot: ClusterSnapshot): string {
  if (snapshot.source.kind === "import") return "the pasted outputs do not show";
  if (snapshot.source.kind === "kafka") return "the live read could not read";
  return "this snapshot does not carry";
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function throttleView(snapshot: ClusterSnapshot): ThrottleView {
  const { throttles } = snapshot;
  const facts = knownFacts(snapshot);
  const defaults: RateRow = {
    scope: "cluster default",
    broker: null,
    leader: defaultCell(throttles.defaults.leader, facts.throttles),
    follower: defaultCell(throttles.defaults.follower, facts.throttles),
    alterLogDirs: defaultCell(throttles.defaults.alterLogDirs, facts.throttles),
  };
  const brokers: RateRow[] = [];
  const unthrottledBrokers: number[] = [];
  const unknownRateBrokers: number[] = [];
  const state = new Map(snapshot.brokers.map((b) => [b.id, b.state]));
  for (const id of snapshot.brokers.map((b) => b.id).sort((a, b) => a - b)) {
    const r = effectiveRates(snapshot, id);
    if (r.leader.origin === "unset" && r.follower.origin === "unset" && r.alterLogDirs.origin === "unset") {
      // No rate read for it: none is set only when the configs were read and the broker answered.
      if (facts.throttles && state.get(id) === "online") unthrottledBrokers.push(id);
      else unknownRateBrokers.push(id);
    } else brokers.push({ scope: `broker ${id}`, broker: id, leader: cell(r.leader), follower: cell(r.follower), alterLogDirs: cell(r.alterLogDirs) });
  }
  const topics = throttles.topics
    .filter((t) => t.leaderReplicas !== null || t.followerReplicas !== null)
    .map((t) => ({ topic: t.topic, leader: summariseList(t.leaderReplicas), follower: summariseList(t.followerReplicas) }))
    .sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
  const ids = (list: number[]) => (list.length ? list.join(", ") : "–");
  const reassignments = throttles.reassignments
    .map((r) => ({ topicPartition: `${r.topic}-${r.partition}`, replicas: ids(r.replicas), adding: ids(r.adding), removing: ids(r.removing) }))
    .sort(byName);
  const dirMoves: DirMoveRow[] = [];
  for (const t of snapshot.topics) {
    for (const p of t.partitions)
      for (const r of p.replicas) if (r.future) dirMoves.push({ topicPartition: `${t.name}-${p.id}`, broker: r.broker, from: r.logDir ?? "unknown dir", to: r.future.logDir });
  }
  dirMoves.sort((a, b) => byName(a, b) || a.broker - b.broker);

  const anyDefault = throttles.defaults.leader !== null || throttles.defaults.follower !== null || throttles.defaults.alterLogDirs !== null;
  const throttled = anyDefault || brokers.length > 0 || topics.length > 0;
  const unknown: UnknownNote[] = [];
  const lacks = sourceWords(snapshot);
  if (!facts.throttles) {
    unknown.push({
      fact: "throttles",
      text: `Throttles are unknown: ${lacks} the throttle configs${throttled ? " of every broker and topic (the ones shown are those it does show)" : ""}. To learn them, ${howToLearn("throttles")}.`,
    });
  }
  if (!facts.reassignments) {
    unknown.push({
      fact: "reassignments",
      text: `Partition reassignments in flight are unknown: ${lacks} them${dirMoves.length > 0 ? " (the log-dir moves below are known: kafka-log-dirs lists them)" : ""}. To learn them, ${howToLearn("reassignments")}.`,
    });
  }
  const empty = facts.throttles && facts.reassignments && !throttled && reassignments.length === 0 && dirMoves.length === 0;
  return {
    defaults,
    brokers,
    unthrottledBrokers,
    unknownRateBrokers,
    topics,
    reassignments,
    dirMoves,
    known: { throttles: facts.throttles, reassignments: facts.reassignments },
    unknown,
    summary: summaryOf(facts, throttled, reassignments.length, dirMoves.length),
    empty,
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The panel's first sentence. Never "unthrottled" or "nothing in flight" from a fact the source did not carry. */
function summaryOf(facts: { throttles: boolean; reassignments: boolean }, throttled: boolean, reassignments: number, dirMoves: number): string {
  const moves = [
    reassignments > 0 ? count(reassignments, "partition reassignment", "partition reassignments") : null,
    dirMoves > 0 ? count(dirMoves, "log-dir move", "log-dir moves") : null,
  ].filter((m): m is string => m !== null);
  const moving = moves.length > 0 ? `${moves.join(" and ")} in flight` : null;
  const throttles = throttled ? "Throttles are set" : facts.throttles ? "No throttle is set" : "Whether a throttle is set is unknown";
  if (moving)
    return `${capital(moving)}${facts.reassignments ? "" : " (other reassignments may be in flight: they are unknown)"}. ${throttles}${throttled || !facts.throttles ? "" : ": the moves run unthrottled"}.`;
  if (!facts.reassignments) return `${throttles}; whether a partition reassignment is in flight is unknown (no log-dir move is).`;
  if (!facts.throttles) return `No reassignment or log-dir move is in flight; ${throttles.charAt(0).toLowerCase()}${throttles.slice(1)}.`;
  return throttled ? "Throttles are set while nothing is moving." : "No throttle is set and no reassignment or log-dir move is in flight: replication runs unthrottled.";
}
