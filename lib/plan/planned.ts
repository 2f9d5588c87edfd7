/**
 * The planner's model of a cluster, piece by piece: replicas, partitions, dirs and brokers as the
 * passes see and change them, and the small facts read off them. The whole state and its indexes are
 * PlanState (plan-state.ts), which re-exports these.
 */
import type { LogDir } from "../model/snapshot";
import type { SortedReplicas } from "./sorted-replicas";

export interface PlannedReplica {
  uid: number;
  size: number;
  part: PlannedPartition;
  broker: number;
  dir: string | null;
  readonly originalBroker: number;
  readonly originalDir: string | null;
  readonly originalSize: number;
  /** Whether it is in its dir's `replicas` (false: it does not move at all). */
  listed: boolean;
}

/** The bytes a replica counts for on broker `to` once moved there: its own size back home, its partition's copy size elsewhere. */
export function arrivingSize(replica: PlannedReplica, to: number): number {
  return to === replica.originalBroker ? replica.originalSize : replica.part.copySize;
}

export interface PlannedPartition {
  topic: string;
  /** Its topic's number in this plan (0, 1, … in the snapshot's order): an array index where a Map by name costs too much. */
  readonly topicIndex: number;
  partition: number;
  /** Planned replica list (a moved replica takes the slot of the one it replaces); replaced, never edited in place. */
  replicas: readonly number[];
  readonly original: number[];
  leader: number | null;
  /** The plan chose its leader in an earlier round (adoptPreferredLeaders): later leader passes leave it. */
  leaderSettled: boolean;
  movable: boolean;
  /** Its replicas (RF is small: a list beats a Map per partition). */
  members: PlannedReplica[];
  /** Bytes a new replica copies (the leader's size): what an inter-broker move transfers. */
  copySize: number;
  /** In-sync replicas before the plan: only these (or replicas the plan adds) may become preferred leader. */
  readonly isr: readonly number[];
}

export interface PlannedDir {
  broker: number;
  path: string;
  state: LogDir["state"];
  cap: number | null;
  other: number;
  /** The id of the disk (filesystem) it is on, unique within its broker (lib/model/disks.ts): dirs of one disk are balanced as one. */
  disk: string;
  bytes: number;
  /**
   * Its movable replicas (partition movable, dir online or cordoned, broker online) by size: what the dir
   * pass moves inside the broker, and, of those the leader policy lets leave (PlanState `mayLeave`), what
   * the broker passes send. Whether one may leave, and to which rack, is asked as a search meets it
   * (inter-move.ts `keepsRacks`), so a move or a leader change touches no other replica's entry.
   */
  replicas: SortedReplicas<PlannedReplica>;
  /** Being emptied (drain-dirs): takes nothing. */
  draining: boolean;
  /** Kafka bytes in it before the plan. */
  originalBytes: number;
  /** Bytes of replicas the plan puts in it that were not there: with `originalBytes`, its peak while every move runs at once. */
  incoming: number;
}

export interface PlannedBroker {
  id: number;
  rack: string | null;
  online: boolean;
  dirs: PlannedDir[];
  byPath: Map<string, PlannedDir>;
  bytes: number;
  count: number;
  /** Partitions whose first replica (the preferred leader) is this broker. */
  leaders: number;
  /** Being decommissioned (remove-brokers): takes nothing, everything on it must move. */
  removing: boolean;
}

/** Whether a dir can take new data (PlanState `openDirs`): online, not cordoned or draining, on an online broker that stays. */
export function isOpen(broker: PlannedBroker, dir: PlannedDir): boolean {
  return broker.online && !broker.removing && dir.state === "online" && !dir.draining;
}

/** The replica of `part` on `broker`, if any. */
export function replicaOn(part: PlannedPartition, broker: number): PlannedReplica | undefined {
  for (const r of part.members) if (r.broker === broker) return r;
  return undefined;
}

/** The replica's dir before the plan, on `home` (its broker before the plan), when that dir can take data (`isOpen`); else null. */
export function homeDir(home: PlannedBroker, replica: PlannedReplica): PlannedDir | null {
  const dir = replica.originalDir === null ? undefined : home.byPath.get(replica.originalDir);
  return dir && isOpen(home, dir) ? dir : null;
}

/** What `dirs` hold (Kafka bytes and other usage) and their capacity, summed; null when a capacity is unknown or there is none. */
export function dirsLoad(dirs: Iterable<PlannedDir>): { used: number; cap: number } | null {
  let used = 0;
  let cap = 0;
  for (const d of dirs) {
    if (d.cap === null) return null;
    used += d.bytes + d.other;
    cap += d.cap;
  }
  return cap > 0 ? { used, cap } : null;
}
