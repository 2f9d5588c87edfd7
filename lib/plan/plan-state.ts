/**
 * The planner's working model of a cluster: brokers, dirs and replicas with the indexes the greedy
 * passes need (replicas sorted by size per dir and per broker).
 *
 * Invariants:
 * - A dir's `bytes` is the Kafka bytes in it (current and future replicas); `other` is non-Kafka usage
 *   (total − usable − Kafka bytes, when capacity is known), constant during planning.
 * - A replica is movable only if its partition is movable (topic not excluded, no reassignment or
 *   dir move in flight) and it sits in a known online or cordoned dir (moving out of a cordon is allowed)
 *   of an online broker.
 * - Every move keeps all indexes consistent; nothing is removed from the cluster.
 * - A broker's `leaders` counts the partitions whose preferred leader (first replica) it is; a
 *   topic's replicas per broker are in `topicCounts`.
 * - Operations mark what must be emptied: a `removing` broker and a `draining` dir take nothing and
 *   every movable replica on them may move, leader or not.
 */
import type { Broker, ClusterSnapshot, LogDir } from "../model/snapshot";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import { SortedReplicas } from "./sorted-replicas";
import { copySize } from "../simulate/reassign";

export interface PlannedReplica {
  uid: number;
  size: number;
  part: PlannedPartition;
  broker: number;
  dir: string | null;
  readonly originalBroker: number;
  readonly originalDir: string | null;
  readonly originalSize: number;
}

export interface PlannedPartition {
  topic: string;
  partition: number;
  /** Planned replica list (a moved replica takes the slot of the one it replaces). */
  replicas: number[];
  readonly original: number[];
  leader: number | null;
  movable: boolean;
  /** Its replicas (RF is small: a list beats a Map per partition). */
  members: PlannedReplica[];
  /** Bytes a new replica copies (the leader's size): what an inter-broker move transfers. */
  copySize: number;
  /** In-sync replicas before the plan: only these (or replicas the plan adds) may become preferred leader. */
  readonly isr: ReadonlySet<number>;
}

export interface PlannedDir {
  broker: number;
  path: string;
  state: LogDir["state"];
  cap: number | null;
  other: number;
  bytes: number;
  replicas: SortedReplicas<PlannedReplica>;
  /** Being emptied (drain-dirs): takes nothing. */
  draining: boolean;
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
  /** Movable replicas on this broker, for inter-broker best-fit. */
  movable: SortedReplicas<PlannedReplica>;
}

/** The replica of `part` on `broker`, if any. */
export function replicaOn(part: PlannedPartition, broker: number): PlannedReplica | undefined {
  for (const r of part.members) if (r.broker === broker) return r;
  return undefined;
}

export class PlanState {
  readonly brokers = new Map<number, PlannedBroker>();
  readonly partitions: PlannedPartition[] = [];
  /** Per topic, its replicas per broker id (brokers holding none are absent). */
  readonly topicCounts = new Map<string, Map<number, number>>();
  /** Per topic, its partitions. */
  readonly topicPartitions = new Map<string, PlannedPartition[]>();
  private nextUid = 0;

  constructor(
    readonly snapshot: ClusterSnapshot,
    excludeTopics: ReadonlySet<string>,
  ) {
    for (const b of snapshot.brokers) this.brokers.set(b.id, this.makeBroker(b, snapshot.source.kafkaVersion));
    const inFlight = new Set(snapshot.throttles.reassignments.map((r) => `${r.topic}\u0000${r.partition}`));
    for (const topic of snapshot.topics) {
      const counts = new Map<number, number>();
      const parts: PlannedPartition[] = [];
      this.topicCounts.set(topic.name, counts);
      this.topicPartitions.set(topic.name, parts);
      for (const p of topic.partitions) {
        const busy =
          inFlight.has(`${topic.name}\u0000${p.id}`) || p.adding.length > 0 || p.removing.length > 0 || p.replicas.some((r) => r.future !== null);
        const part: PlannedPartition = {
          topic: topic.name,
          partition: p.id,
          replicas: p.replicas.map((r) => r.broker),
          original: p.replicas.map((r) => r.broker),
          leader: p.leader,
          movable: !excludeTopics.has(topic.name) && !busy,
          members: [],
          copySize: copySize(p),
          isr: new Set(p.isr),
        };
        this.partitions.push(part);
        parts.push(part);
        const first = p.replicas[0] ? this.brokers.get(p.replicas[0].broker) : undefined;
        if (first) first.leaders += 1;
        for (const r of p.replicas) {
          const replica: PlannedReplica = {
            uid: this.nextUid++,
            size: r.sizeBytes ?? 0,
            part,
            broker: r.broker,
            dir: r.logDir,
            originalBroker: r.broker,
            originalDir: r.logDir,
            originalSize: r.sizeBytes ?? 0,
          };
          part.members.push(replica);
          const broker = this.brokers.get(r.broker);
          if (!broker) continue;
          counts.set(r.broker, (counts.get(r.broker) ?? 0) + 1);
          broker.bytes += replica.size;
          broker.count += 1;
          const dir = r.logDir === null ? undefined : broker.byPath.get(r.logDir);
          if (dir) {
            dir.bytes += replica.size;
            if (part.movable && broker.online && (dir.state === "online" || dir.state === "cordoned")) {
              dir.replicas.add(replica);
              broker.movable.add(replica);
            }
          }
          if (r.future) {
            const fdir = broker.byPath.get(r.future.logDir);
            if (fdir) fdir.bytes += r.future.sizeBytes ?? 0;
          }
        }
      }
    }
    for (const b of snapshot.brokers) {
      const broker = this.brokers.get(b.id)!;
      broker.movable.seal();
      for (const source of b.logDirs) {
        const d = broker.byPath.get(source.path)!;
        d.replicas.seal();
        if (source.totalBytes !== null && source.usableBytes !== null) {
          d.other = Math.max(0, source.totalBytes - source.usableBytes - d.bytes);
        }
      }
    }
  }

  /**
   * A cordoned dir is closed to moves only where the broker's Kafka version has cordons (4.3+;
   * lib/model/kafka-versions.ts): an older broker ignores `cordoned.log.dirs`, so its dir is open.
   */
  private makeBroker(b: Broker, clusterVersion: string | null): PlannedBroker {
    const honoursCordons = kafkaBehaviour(pickKafkaLine(brokerKafkaVersion(b, clusterVersion)).line).cordonedLogDirs;
    const dirs: PlannedDir[] = b.logDirs.map((d) => ({
      broker: b.id,
      path: d.path,
      state: d.state === "cordoned" && !honoursCordons ? "online" : d.state,
      cap: d.totalBytes !== null && d.totalBytes > 0 ? d.totalBytes : null,
      other: 0,
      bytes: 0,
      replicas: new SortedReplicas<PlannedReplica>(),
      draining: false,
    }));
    return {
      id: b.id,
      rack: b.rack,
      online: b.state === "online",
      dirs,
      byPath: new Map(dirs.map((d) => [d.path, d])),
      bytes: 0,
      count: 0,
      leaders: 0,
      removing: false,
      movable: new SortedReplicas<PlannedReplica>(),
    };
  }

  /** Moves a replica to another dir of its broker. */
  moveWithinBroker(replica: PlannedReplica, to: PlannedDir): void {
    const broker = this.brokers.get(replica.broker)!;
    const from = broker.byPath.get(replica.dir!)!;
    from.replicas.remove(replica);
    from.bytes -= replica.size;
    replica.dir = to.path;
    to.bytes += replica.size;
    to.replicas.insert(replica);
  }

  /** Moves a replica to another broker's dir; it takes the moved replica's slot in the replica list. */
  moveToBroker(replica: PlannedReplica, to: PlannedDir): void {
    const fromBroker = this.brokers.get(replica.broker)!;
    const toBroker = this.brokers.get(to.broker)!;
    const fromDir = fromBroker.byPath.get(replica.dir!)!;
    fromDir.replicas.remove(replica);
    fromDir.bytes -= replica.size;
    fromBroker.movable.remove(replica);
    fromBroker.bytes -= replica.size;
    fromBroker.count -= 1;
    const part = replica.part;
    if (part.replicas[0] === replica.broker) {
      fromBroker.leaders -= 1;
      toBroker.leaders += 1;
    }
    part.replicas = part.replicas.map((b) => (b === replica.broker ? to.broker : b));
    const counts = this.topicCounts.get(part.topic)!;
    const left = counts.get(replica.broker)! - 1;
    if (left === 0) counts.delete(replica.broker);
    else counts.set(replica.broker, left);
    counts.set(to.broker, (counts.get(to.broker) ?? 0) + 1);
    replica.broker = to.broker;
    replica.dir = to.path;
    replica.size = to.broker === replica.originalBroker ? replica.originalSize : part.copySize;
    to.bytes += replica.size;
    to.replicas.insert(replica);
    toBroker.movable.insert(replica);
    toBroker.bytes += replica.size;
    toBroker.count += 1;
  }

  /** Makes `broker` the partition's first replica (its preferred leader), swapping places with the current first. */
  makePreferred(part: PlannedPartition, broker: number): void {
    const i = part.replicas.indexOf(broker);
    if (i <= 0) return;
    const old = part.replicas[0]!;
    const replicas = [...part.replicas];
    replicas[i] = old;
    replicas[0] = broker;
    part.replicas = replicas;
    const from = this.brokers.get(old);
    const to = this.brokers.get(broker);
    if (from) from.leaders -= 1;
    if (to) to.leaders += 1;
  }

  /** Dirs that can take new data: online (not offline, not cordoned, not draining) on an online broker that stays. */
  openDirs(broker: PlannedBroker): PlannedDir[] {
    return broker.online && !broker.removing ? broker.dirs.filter((d) => d.state === "online" && !d.draining) : [];
  }

  /** Would `bytes` more keep the dir at or under the headroom? Unknown capacity: always. */
  fits(dir: PlannedDir, bytes: number, headroom: number): boolean {
    return dir.cap === null || dir.other + dir.bytes + bytes <= headroom * dir.cap;
  }
}
