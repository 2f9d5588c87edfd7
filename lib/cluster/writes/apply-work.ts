/**
 * What one apply does beyond the reassignment itself, as data (pure: no I/O here).
 *
 * - Cordons: `cordoned.log.dirs` values set on brokers before anything moves, so Kafka puts no new
 *   partition into a dir being drained (KIP-1066, Kafka 4.3+). A cordon stays after the apply: the
 *   operator drained the dir to take it out of service, and lifting the cordon would let Kafka fill
 *   it again. The value written is the broker's whole list: the dirs asked for plus every dir the
 *   live snapshot shows cordoned already, so a cordon set since the plan was made is kept.
 * - Leadership: partitions whose preferred leader (first replica) the reassignment changes. Kafka
 *   keeps the current leader when a reassignment completes as long as it is still a replica, so a
 *   PREFERRED election for exactly these partitions makes the new first replica the leader.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ReassignmentEntry, ThrottlePlan } from "@/lib/plan";
import { ELECTION_NOT_NEEDED, PREFERRED_LEADER_NOT_AVAILABLE } from "./requests";

/** A broker's `cordoned.log.dirs` as it should be before data moves: its full new list. */
import type { CordonChange } from "@/lib/plan/cordons";
export type { CordonChange };
export { cordonWrites } from "@/lib/plan/cordons";

export interface LeadershipChange {
  topic: string;
  partition: number;
  /** The preferred leader before (null when the partition is unknown), and after. */
  from: number | null;
  to: number;
}

/** Everything one apply job is asked to do. A `Plan` is one (its `cordons` and `leadership` included). */
export interface ApplyWork {
  entries: ReadonlyArray<ReassignmentEntry>;
  throttles: ThrottlePlan;
  /** Set before the throttles; kept afterwards. */
  cordons?: ReadonlyArray<CordonChange>;
  /** A PREFERRED election for these partitions once the data is in place. */
  leadership?: { changes: ReadonlyArray<Pick<LeadershipChange, "topic" | "partition" | "to">> };
}

/** Partitions whose first replica the entries change, in the entries' order. */
export function preferredLeaderChanges(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): LeadershipChange[] {
  const first = new Map<string, number | null>();
  for (const t of snapshot.topics) for (const p of t.partitions) first.set(`${t.name}\u0000${p.id}`, p.replicas[0]?.broker ?? null);
  const changes: LeadershipChange[] = [];
  for (const e of entries) {
    const to = e.replicas[0];
    if (to === undefined) continue;
    const from = first.get(`${e.topic}\u0000${e.partition}`) ?? null;
    if (from !== to) changes.push({ topic: e.topic, partition: e.partition, from, to });
  }
  return changes;
}

/**
 * The partitions to elect once the data is in place: the ones the work names, and every partition
 * whose first replica the entries change. A plan lists only reorders (a moved first replica "carries
 * its slot", and Kafka elects the new first replica when the old leader leaves the set), but a
 * partition led by a replica other than its preferred one keeps that leader through the reassignment,
 * so asking costs one ELECTION_NOT_NEEDED where it was not needed and fixes the leader where it was.
 * Each partition once, the work's first, in order.
 */
export function electionTargets(snapshot: ClusterSnapshot, work: Pick<ApplyWork, "entries" | "leadership">): { topic: string; partition: number; to: number }[] {
  const out: { topic: string; partition: number; to: number }[] = [];
  const seen = new Set<string>();
  for (const c of [...(work.leadership?.changes ?? []), ...preferredLeaderChanges(snapshot, work.entries)]) {
    const key = `${c.topic}\u0000${c.partition}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ topic: c.topic, partition: c.partition, to: c.to });
  }
  return out;
}

/** One round of election answers, sorted into what is done, what to ask again, and what failed. */
export function sortElectionAnswers(answers: ReadonlyArray<{ topic: string; partition: number; errorCode: number; error: string | null }>): {
  elected: number;
  notNeeded: number;
  retry: { topic: string; partition: number; error: string }[];
  failed: string[];
} {
  let elected = 0;
  let notNeeded = 0;
  const retry: { topic: string; partition: number; error: string }[] = [];
  const failed: string[] = [];
  for (const a of answers) {
    if (a.errorCode === 0) elected += 1;
    else if (a.errorCode === ELECTION_NOT_NEEDED) notNeeded += 1;
    else if (a.errorCode === PREFERRED_LEADER_NOT_AVAILABLE) retry.push({ topic: a.topic, partition: a.partition, error: a.error ?? "PREFERRED_LEADER_NOT_AVAILABLE" });
    else failed.push(`${a.topic}-${a.partition}: ${a.error ?? `error code ${a.errorCode}`}`);
  }
  return { elected, notNeeded, retry, failed };
}
