/**
 * The cordons a drain sets before anything moves (KIP-1066 `cordoned.log.dirs`): the drained dirs of
 * brokers whose Kafka version has cordons (4.3+; lib/model/kafka-versions.ts), so that Kafka puts no
 * new partition into a disk being emptied. One rule for the plan's commands and for the apply.
 */
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import type { ClusterSnapshot } from "../model/snapshot";
import type { Operation } from "./options";

/** Dirs to add to a broker's `cordoned.log.dirs`. */
export interface CordonChange {
  broker: number;
  dirs: string[];
}

/**
 * Every drained dir of a broker whose Kafka version has `cordoned.log.dirs`, when the operation asks
 * for cordons; other operations cordon nothing. The apply route calls it too (it has the plan's
 * options and a fresh scan, not the plan).
 */
export function drainCordons(snapshot: ClusterSnapshot, operation: Operation): CordonChange[] {
  if (operation.kind !== "drain-dirs" || !operation.cordon) return [];
  const byBroker = new Map<number, string[]>();
  for (const d of operation.dirs) {
    const broker = snapshot.brokers.find((b) => b.id === d.broker);
    if (!broker || !broker.logDirs.some((x) => x.path === d.path)) continue;
    // The planner's rule (its `cordons`): the broker's line, the newest it may be when not pinned down. A
    // broker that turns out not to know the config refuses it, and the apply stops before anything moves.
    if (!kafkaBehaviour(pickKafkaLine(brokerKafkaVersion(broker, snapshot.source.kafkaVersion)).line).cordonedLogDirs) continue;
    const list = byBroker.get(d.broker) ?? [];
    list.push(d.path);
    byBroker.set(d.broker, list);
  }
  return [...byBroker].sort((a, b) => a[0] - b[0]).map(([broker, dirs]) => ({ broker, dirs }));
}

/** The dirs of `broker` that the snapshot shows cordoned. */
export function cordonedDirs(snapshot: ClusterSnapshot, broker: number): string[] {
  return (
    snapshot.brokers
      .find((b) => b.id === broker)
      ?.logDirs.filter((d) => d.state === "cordoned")
      .map((d) => d.path) ?? []
  );
}

/** The broker's whole `cordoned.log.dirs` once `dirs` are added: its existing cordons kept, in `log.dirs` order. */
export function cordonedAfter(snapshot: ClusterSnapshot, broker: number, dirs: Iterable<string>): string[] {
  const wanted = new Set([...cordonedDirs(snapshot, broker), ...dirs]);
  const order = snapshot.brokers.find((b) => b.id === broker)?.logDirs.map((d) => d.path) ?? [];
  return [...order.filter((p) => wanted.has(p)), ...[...wanted].filter((p) => !order.includes(p))];
}

/** One broker's cordon as it is sent: the new list and the one it replaces (to restore on a refusal). */
export interface CordonWrite {
  broker: number;
  dirs: string[];
  previous: string[];
}

/**
 * The cordon writes for an apply: per broker (ascending, each once), the asked dirs together with the
 * ones already cordoned, in the broker's `log.dirs` order (dirs it does not list last, as asked).
 * A broker whose list would not change is left out: there is nothing to send.
 */
export function cordonWrites(snapshot: ClusterSnapshot, cordons: ReadonlyArray<CordonChange>): CordonWrite[] {
  const asked = new Map<number, Set<string>>();
  for (const c of cordons) {
    const set = asked.get(c.broker) ?? new Set<string>();
    for (const d of c.dirs) set.add(d);
    asked.set(c.broker, set);
  }
  const writes: CordonWrite[] = [];
  for (const [broker, dirs] of [...asked].sort((a, b) => a[0] - b[0])) {
    const previous = cordonedDirs(snapshot, broker);
    const next = cordonedAfter(snapshot, broker, dirs);
    if (next.length === previous.length && next.every((p) => previous.includes(p))) continue;
    writes.push({ broker, dirs: next, previous });
  }
  return writes;
}
