/**
 * The partitions' health, counted in one pass over a snapshot: under-replicated (fewer in-sync
 * replicas than replicas), under min ISR (fewer in-sync replicas than the topic's
 * `min.insync.replicas`: producers with acks=all are refused) and offline (no leader: nothing can be
 * read or written), and the brokers that are down (listed, holding replicas, not answering).
 *
 * Unknown is not "none":
 * - Without leadership facts (lib/model/facts.ts: an import without kafka-topics output) the ISR and
 *   the leader are unknown, and every count is null.
 * - A partition whose topic's min ISR is unknown (snapshot field absent) counts under min ISR only when
 *   it has no in-sync replica at all (under any min ISR); one that is merely under-replicated could be
 *   either, so it is counted in `minIsrUnknown` and `underMinIsr` is null while any is.
 */
import { knownFacts } from "./facts";
import type { ClusterSnapshot } from "./snapshot";

export interface PartitionHealth {
  partitions: number;
  /** ISR smaller than the replica list; null when the ISR is unknown. */
  underReplicated: number | null;
  /** ISR smaller than the topic's min.insync.replicas; null when the ISR, or the min ISR of a partition that could be under it, is unknown. */
  underMinIsr: number | null;
  /** Under-min-ISR partitions counted for sure (a lower bound when `underMinIsr` is null). */
  underMinIsrAtLeast: number;
  /** Under-replicated partitions whose topic's min ISR is unknown (so whether they are under it is too). */
  minIsrUnknown: number;
  /** No leader; null when leadership is unknown. */
  offline: number | null;
  /** A few of each, "orders-3", in snapshot order. */
  examples: { underReplicated: string[]; underMinIsr: string[]; offline: string[] };
  /** Brokers the snapshot lists as unreachable that hold replicas, by id. */
  brokersDown: number[];
  /** Online brokers with an offline log dir, by id. */
  brokersWithOfflineDirs: number[];
}

const EXAMPLES = 3;

export function partitionHealth(snapshot: ClusterSnapshot): PartitionHealth {
  const known = knownFacts(snapshot).leadership;
  let partitions = 0;
  let under = 0;
  let underMin = 0;
  let minUnknown = 0;
  let offline = 0;
  const examples: PartitionHealth["examples"] = { underReplicated: [], underMinIsr: [], offline: [] };
  const note = (list: string[], name: string) => {
    if (list.length < EXAMPLES) list.push(name);
  };
  const holding = new Set<number>();
  for (const t of snapshot.topics) {
    const min = t.minInsyncReplicas ?? null;
    for (const p of t.partitions) {
      partitions += 1;
      for (const r of p.replicas) holding.add(r.broker);
      if (!known) continue;
      const name = `${t.name}-${p.id}`;
      const isr = p.isr.length;
      if (isr < p.replicas.length) {
        under += 1;
        note(examples.underReplicated, name);
      }
      if (p.leader === null) {
        offline += 1;
        note(examples.offline, name);
      }
      if (min !== null ? isr < min : isr === 0) {
        underMin += 1;
        note(examples.underMinIsr, name);
      } else if (min === null && isr < p.replicas.length) minUnknown += 1;
    }
  }
  const ids = (pred: (b: ClusterSnapshot["brokers"][number]) => boolean) =>
    snapshot.brokers
      .filter(pred)
      .map((b) => b.id)
      .sort((a, b) => a - b);
  return {
    partitions,
    underReplicated: known ? under : null,
    underMinIsr: known && minUnknown === 0 ? underMin : null,
    underMinIsrAtLeast: known ? underMin : 0,
    minIsrUnknown: known ? minUnknown : 0,
    offline: known ? offline : null,
    examples,
    brokersDown: ids((b) => b.state === "unreachable" && holding.has(b.id)),
    brokersWithOfflineDirs: ids((b) => b.state === "online" && b.logDirs.some((d) => d.state === "offline")),
  };
}
