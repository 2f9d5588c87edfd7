/**
 * What the verdict needs of a snapshot beyond its balance report, in one pass over its partitions:
 * which facts the source carried (lib/model/facts.ts), the partitions' health (under-replicated, under
 * min ISR, offline, brokers down: lib/model/partition-health.ts; only when leadership — and so the ISR —
 * is known: unknown is not "none"), the reassignments in flight, the
 * offline dirs' errors and the throttles set (only when the source carried configs).
 */
import { knownFacts, type KnownFacts } from "@/lib/model/facts";
import { partitionHealth, type PartitionHealth } from "@/lib/model/partition-health";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

export interface SnapshotSignals {
  facts: KnownFacts;
  /** Partitions whose ISR is smaller than their replica list; null when leadership (and so the ISR) is unknown. */
  underReplicated: number | null;
  /** A few of them, "orders-3". */
  underReplicatedExamples: string[];
  /** Under-replicated, under-min-ISR and offline partitions, and the brokers down (lib/model/partition-health.ts). */
  health: PartitionHealth;
  /** Partition reassignments in flight (inter-broker); null when the source did not carry them and the data shows none. */
  reassignments: number | null;
  /** Offline dirs with the error their broker reported. */
  dirErrors: { broker: number; path: string; error: string | null }[];
  /** Throttles set: brokers with a rate, topics with throttled-replica lists, whether a cluster default is set; null when unknown. */
  throttles: { brokers: number[]; topics: string[]; defaults: boolean } | null;
}

export function snapshotSignals(snapshot: ClusterSnapshot): SnapshotSignals {
  const facts = knownFacts(snapshot);
  const health = partitionHealth(snapshot);
  const moving = new Set<string>();
  for (const r of snapshot.throttles.reassignments) moving.add(`${r.topic}\u0000${r.partition}`);
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      if (p.adding.length > 0 || p.removing.length > 0) moving.add(`${t.name}\u0000${p.id}`);
    }
  }
  const t = snapshot.throttles;
  const set = (r: { leader: number | null; follower: number | null; alterLogDirs: number | null }) => r.leader !== null || r.follower !== null || r.alterLogDirs !== null;
  return {
    facts,
    underReplicated: health.underReplicated,
    underReplicatedExamples: health.examples.underReplicated,
    health,
    reassignments: facts.reassignments || moving.size > 0 ? moving.size : null,
    dirErrors: snapshot.brokers.flatMap((b) => b.logDirs.filter((d) => d.state === "offline").map((d) => ({ broker: b.id, path: d.path, error: d.error }))),
    throttles: facts.throttles
      ? {
          brokers: t.brokers
            .filter(set)
            .map((b) => b.broker)
            .sort((a, b) => a - b),
          topics: t.topics.filter((x) => x.leaderReplicas !== null || x.followerReplicas !== null).map((x) => x.topic),
          defaults: set(t.defaults),
        }
      : null,
  };
}
