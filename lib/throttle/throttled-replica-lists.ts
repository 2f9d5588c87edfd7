// Port of org.apache.kafka.tools.reassign.ReassignPartitionsCommand#calculateProposedMoveMap,
// calculateLeaderThrottles and calculateFollowerThrottles (Kafka 2.6–4.x), described in docs/algorithms/replication-throttling.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * The throttled replica lists `kafka-reassign-partitions --execute --throttle` writes.
 *
 * - The move map starts from EVERY in-progress reassignment in the cluster (sources = replicas −
 *   adding, destinations = adding), then each proposed partition: sources = its in-progress sources,
 *   else its current replicas; destinations = proposed − sources.
 * - Leader list of a topic: `p:b` for every source b of every partition in the move map (including
 *   partitions that are only reordered, and in-progress ones not in the proposal).
 * - Follower list: `p:b` for every destination b not among the sources; `""` when there is none.
 * - Entries are sorted as Java strings (TreeSet: "0:12" < "0:2" < "10:3" < "1:0") and joined by ",".
 * - Inputs are read by own keys only, and the lists are own properties: any topic name works, those of
 *   Object.prototype's members (`__proto__`, `constructor`) included.
 */
import { compareJavaStrings } from "../model/java-string";
import { splitTopicPartition } from "../model/kafka-names";

export interface InProgressReassignment {
  replicas: number[];
  adding: number[];
  removing: number[];
}

export interface PartitionMove {
  sources: Set<number>;
  destinations: Set<number>;
}

export class ReassignmentInputError extends Error {
  constructor(
    readonly code: "no_current_replicas" | "bad_partition_key",
    message: string,
  ) {
    super(message);
    this.name = "ReassignmentInputError";
  }
}

/** A "topic-partition" key split by Kafka's rule (lib/model/kafka-names.ts), or ReassignmentInputError. */
function topicPartitionOf(key: string): { topic: string; partition: number } {
  const split = splitTopicPartition(key);
  if (!split.ok) throw new ReassignmentInputError("bad_partition_key", `"${key}" is not a topic-partition key like "orders-3"`);
  return split.value;
}

export function proposedMoveMap(
  current: Record<string, number[]>,
  proposed: Record<string, number[]>,
  inProgress: Record<string, InProgressReassignment> = {},
): Map<string, Map<number, PartitionMove>> {
  return moveMapOf(
    Object.entries(proposed).map(([key, replicas]) => ({ ...topicPartitionOf(key), current: Object.hasOwn(current, key) ? current[key]! : null, proposed: replicas })),
    Object.entries(inProgress).map(([key, r]) => ({ ...topicPartitionOf(key), ...r })),
  );
}

/** A partition of the proposal: its replicas now (null: unknown) and proposed. */
export interface ProposedPartition {
  topic: string;
  partition: number;
  current: readonly number[] | null;
  proposed: readonly number[];
}

/** `proposedMoveMap` on partitions named by topic and number (no "topic-partition" keys to build and split). */
export function moveMapOf(
  proposed: Iterable<ProposedPartition>,
  inProgress: Iterable<InProgressReassignment & { topic: string; partition: number }> = [],
): Map<string, Map<number, PartitionMove>> {
  const moves = new Map<string, Map<number, PartitionMove>>();
  const topicMoves = (topic: string) => {
    let m = moves.get(topic);
    if (!m) moves.set(topic, (m = new Map()));
    return m;
  };
  for (const r of inProgress) {
    const adding = new Set(r.adding);
    topicMoves(r.topic).set(r.partition, { sources: new Set(r.replicas.filter((b) => !adding.has(b))), destinations: adding });
  }
  for (const p of proposed) {
    const partMoves = topicMoves(p.topic);
    const existing = partMoves.get(p.partition);
    let sources: Set<number>;
    if (existing) sources = new Set(existing.sources);
    else if (p.current !== null) sources = new Set(p.current);
    else throw new ReassignmentInputError("no_current_replicas", `Trying to reassign a topic partition ${p.topic}-${p.partition} with 0 replicas`);
    partMoves.set(p.partition, { sources, destinations: new Set(p.proposed.filter((b) => !sources.has(b))) });
  }
  return moves;
}

function joinSorted(entries: Set<string>): string {
  return [...entries].sort(compareJavaStrings).join(",");
}

export function throttledReplicaLists(
  current: Record<string, number[]>,
  proposed: Record<string, number[]>,
  inProgress: Record<string, InProgressReassignment> = {},
): { leader: Record<string, string>; follower: Record<string, string> } {
  return replicaListsOfMoves(proposedMoveMap(current, proposed, inProgress));
}

/** The same lists from a move map already built (`proposedMoveMap`), for a caller that also needs the map. */
export function replicaListsOfMoves(moves: Map<string, Map<number, PartitionMove>>): { leader: Record<string, string>; follower: Record<string, string> } {
  // Built with Object.fromEntries (own properties), never `leader[topic] =`: a topic may be named
  // `__proto__` (legal in Kafka), and assigning that key to a plain {} sets the prototype instead.
  const leader: [string, string][] = [];
  const follower: [string, string][] = [];
  for (const [topic, partMoves] of moves) {
    const l = new Set<string>();
    const f = new Set<string>();
    for (const [p, move] of partMoves) {
      for (const s of move.sources) l.add(`${p}:${s}`);
      for (const d of move.destinations) if (!move.sources.has(d)) f.add(`${p}:${d}`);
    }
    leader.push([topic, joinSorted(l)]);
    follower.push([topic, joinSorted(f)]);
  }
  return { leader: Object.fromEntries(leader), follower: Object.fromEntries(follower) };
}

/** Brokers whose throttle rates the tool sets: ∪ (sources ∪ destinations) over the move map. */
export function reassigningBrokers(moves: Map<string, Map<number, PartitionMove>>): number[] {
  const out = new Set<number>();
  for (const partMoves of moves.values()) {
    for (const move of partMoves.values()) {
      move.sources.forEach((b) => out.add(b));
      move.destinations.forEach((b) => out.add(b));
    }
  }
  return [...out].sort((a, b) => a - b);
}
