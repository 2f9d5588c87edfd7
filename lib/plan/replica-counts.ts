/**
 * What a replica adds to the counts a goal measure reads (goals.ts): its broker's bytes and replica
 * count, its dir's and its future dir's bytes, and its topic's replicas on that broker. The plan's state
 * (plan-state.ts) counts every replica of a snapshot this way, and a measure-only state of what Kafka's
 * `--generate` would leave (generate-after.ts) every replica of that.
 */
import type { Partition, Replica } from "../model/snapshot";
import { copySize } from "../model/reassignment";

/** What counting reads and changes of a broker (a PlannedBroker is one). */
export interface CountedBroker {
  online: boolean;
  bytes: number;
  count: number;
  byPath: ReadonlyMap<string, { bytes: number }>;
}

/** The bytes a replica counts for: its size, or for a broker that did not answer (no sizes) the leader's, what a copy of it transfers. */
export function countedSize(brokers: ReadonlyMap<number, CountedBroker>, p: Partition, r: Replica): number {
  return r.sizeBytes ?? (brokers.get(r.broker)?.online === false ? copySize(p) : 0);
}

/**
 * A replica counted in: `counts` is its topic's replicas per broker. A broker not in `brokers` counts nothing.
 */
export function countReplica(
  brokers: ReadonlyMap<number, CountedBroker>,
  counts: Map<number, number>,
  brokerId: number,
  logDir: string | null,
  size: number,
  future: Replica["future"],
): void {
  const broker = brokers.get(brokerId);
  if (!broker) return;
  counts.set(brokerId, (counts.get(brokerId) ?? 0) + 1);
  broker.bytes += size;
  broker.count += 1;
  const dir = logDir === null ? undefined : broker.byPath.get(logDir);
  if (dir) dir.bytes += size;
  if (future) {
    const fdir = broker.byPath.get(future.logDir);
    if (fdir) fdir.bytes += future.sizeBytes ?? 0;
  }
}
