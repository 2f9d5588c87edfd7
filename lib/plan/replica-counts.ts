/**
 * What a replica adds to the counts a goal measure reads (goals.ts): its broker's bytes and replica
 * count, its dir's and its future dir's bytes, and its topic's replicas on that broker. The plan's state
 * (plan-state.ts) counts every replica of a snapshot this way; a measure-only state (`PlanState.forMeasuring`)
 * is changed with it, a replica counted out as it was counted in (generate-after.ts).
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
 * A replica counted in (`sign` 1) or out (−1): `counts` is its topic's replicas per broker (a broker
 * left with none is removed from it). A broker not in `brokers` counts nothing.
 */
export function countReplica(
  brokers: ReadonlyMap<number, CountedBroker>,
  counts: Map<number, number>,
  brokerId: number,
  logDir: string | null,
  size: number,
  future: Replica["future"],
  sign: 1 | -1,
): void {
  const broker = brokers.get(brokerId);
  if (!broker) return;
  const left = (counts.get(brokerId) ?? 0) + sign;
  if (left === 0) counts.delete(brokerId);
  else counts.set(brokerId, left);
  broker.bytes += sign * size;
  broker.count += sign;
  const dir = logDir === null ? undefined : broker.byPath.get(logDir);
  if (dir) dir.bytes += sign * size;
  if (future) {
    const fdir = broker.byPath.get(future.logDir);
    if (fdir) fdir.bytes += sign * (future.sizeBytes ?? 0);
  }
}
