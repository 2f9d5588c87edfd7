/**
 * A completed partition reassignment, as the cluster looks once Kafka has finished it.
 *
 * - Replicas that stay keep their dir unless `log_dirs` pins another (AlterReplicaLogDirs); a new
 *   replica goes to its pinned dir, or else where the broker's log-dir rule puts it; removed replicas
 *   are deleted from their dirs.
 * - Leadership: the current leader stays if it is still a replica (Kafka does not move leadership
 *   when it need not); otherwise the first online replica of the new list leads.
 * - ISR: the new replicas that were in the ISR or were added (they caught up to finish), on online
 *   brokers, in replica-list order.
 */
import { maxOf } from "./min-max";
import type { Partition } from "./snapshot";

export function leaderAndIsrAfter(
  before: Pick<Partition, "leader" | "isr" | "replicas">,
  replicas: number[],
  isOnline: (broker: number) => boolean,
): { leader: number | null; isr: number[] } {
  const previous = new Set(before.replicas.map((r) => r.broker));
  const wasInSync = new Set(before.isr);
  const isr = replicas.filter((b) => isOnline(b) && (wasInSync.has(b) || !previous.has(b)));
  const leader = before.leader !== null && isr.includes(before.leader) ? before.leader : (isr[0] ?? null);
  return { leader, isr };
}

/** Bytes a new replica of this partition copies: its leader's size, else the largest replica's. */
export function copySize(partition: Pick<Partition, "leader" | "replicas">): number {
  const leader = partition.replicas.find((r) => r.broker === partition.leader);
  if (leader?.sizeBytes != null) return leader.sizeBytes;
  return Math.max(0, maxOf(partition.replicas.map((r) => r.sizeBytes ?? 0)));
}
