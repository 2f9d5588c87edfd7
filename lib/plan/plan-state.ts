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
import type { Broker, ClusterSnapshot } from "../model/snapshot";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import { SortedReplicas } from "./sorted-replicas";
import { brokerDisks, diskOfDir } from "../model/disks";
import { copySize } from "../model/reassignment";
import { countedSize, countReplica } from "./replica-counts";
import { arrivingSize, isOpen, type PlannedBroker, type PlannedDir, type PlannedPartition, type PlannedReplica } from "./planned";

export { arrivingSize, dirsLoad, homeDir, isOpen, replicaOn, type PlannedBroker, type PlannedDir, type PlannedPartition, type PlannedReplica } from "./planned";

export class PlanState {
  readonly brokers = new Map<number, PlannedBroker>();
  readonly partitions: PlannedPartition[] = [];
  /** Per topic, its replicas per broker id (brokers holding none are absent). */
  readonly topicCounts = new Map<string, Map<number, number>>();
  /** Per topic, its partitions. */
  readonly topicPartitions = new Map<string, PlannedPartition[]>();
  /** How many times a partition's preferred leader changed (makePreferred): a round that changes one is not the last. */
  preferredChanges = 0;
  private nextUid = 0;

  /**
   * `leadersMove`: whether the current and preferred leader's replica may move to another broker; when
   * not, `mayLeave` says no for them (they still move inside their broker).
   */
  constructor(
    readonly snapshot: ClusterSnapshot,
    excludeTopics: ReadonlySet<string>,
    readonly leadersMove = true,
    measureOnly = false,
  ) {
    for (const b of snapshot.brokers) this.brokers.set(b.id, this.makeBroker(b, snapshot.source.kafkaVersion));
    const inFlight = new Set(snapshot.throttles.reassignments.map((r) => `${r.topic}\u0000${r.partition}`));
    for (const topic of snapshot.topics) {
      const counts = new Map<number, number>();
      const parts: PlannedPartition[] = [];
      const topicIndex = this.topicPartitions.size;
      this.topicCounts.set(topic.name, counts);
      this.topicPartitions.set(topic.name, parts);
      for (const p of topic.partitions) {
        const first = p.replicas[0] ? this.brokers.get(p.replicas[0].broker) : undefined;
        if (first) first.leaders += 1;
        if (measureOnly) {
          for (const r of p.replicas) countReplica(this.brokers, counts, r.broker, r.logDir, countedSize(this.brokers, p, r), r.future);
          continue;
        }
        const busy = (inFlight.size > 0 && inFlight.has(`${topic.name}\u0000${p.id}`)) || p.adding.length > 0 || p.removing.length > 0 || p.replicas.some((r) => r.future !== null);
        // `replicas` starts as the very array `original` is: every change makes a new array, never edits it.
        const original = p.replicas.map((r) => r.broker);
        const part: PlannedPartition = {
          topic: topic.name,
          topicIndex,
          partition: p.id,
          replicas: original,
          original,
          leader: p.leader,
          leaderSettled: false,
          movable: !excludeTopics.has(topic.name) && !busy,
          members: [],
          copySize: copySize(p),
          isr: p.isr,
        };
        this.partitions.push(part);
        parts.push(part);
        for (const r of p.replicas) {
          const size = countedSize(this.brokers, p, r);
          const replica: PlannedReplica = {
            uid: this.nextUid++,
            size,
            part,
            broker: r.broker,
            dir: r.logDir,
            originalBroker: r.broker,
            originalDir: r.logDir,
            originalSize: size,
            listed: false,
          };
          part.members.push(replica);
          countReplica(this.brokers, counts, r.broker, r.logDir, size, r.future);
          const broker = this.brokers.get(r.broker);
          const dir = broker && r.logDir !== null ? broker.byPath.get(r.logDir) : undefined;
          if (!broker?.online || !dir || !part.movable || (dir.state !== "online" && dir.state !== "cordoned")) continue;
          replica.listed = true;
          dir.replicas.add(replica);
        }
      }
    }
    for (const b of snapshot.brokers) {
      const broker = this.brokers.get(b.id)!;
      // Dirs of one filesystem are one disk (lib/model/disks.ts), judged with the Kafka bytes now known.
      const diskOf = diskOfDir(brokerDisks(b.logDirs, (path) => broker.byPath.get(path)!.bytes));
      for (const source of b.logDirs) {
        const d = broker.byPath.get(source.path)!;
        d.replicas.seal();
        d.originalBytes = d.bytes;
        d.disk = diskOf.get(source.path)?.id ?? source.path;
        if (source.totalBytes !== null && source.usableBytes !== null) {
          d.other = Math.max(0, source.totalBytes - source.usableBytes - d.bytes);
        }
      }
    }
  }

  /**
   * A state to measure with (goals.ts `measureGoal`) and nothing else: each broker's and dir's bytes and
   * counts, its preferred leaders and each topic's replicas per broker, as the full state counts them, but
   * no partition or replica is built (`partitions` and `topicPartitions` stay empty), so no pass may run on
   * it. Measuring a million-replica snapshot this way allocates nothing per replica.
   */
  static forMeasuring(snapshot: ClusterSnapshot): PlanState {
    return new PlanState(snapshot, new Set(), true, true);
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
      disk: d.path,
      bytes: 0,
      replicas: new SortedReplicas<PlannedReplica>(),
      draining: false,
      originalBytes: 0,
      incoming: 0,
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
    };
  }

  /**
   * Whether a replica may go to another broker under the leader policy: when leaders stay, the current
   * leader's replica stays (a preferred replica that does not lead may go: the leader takes its slot).
   */
  mayLeave(replica: PlannedReplica): boolean {
    return this.leadersMove || replica.part.leader !== replica.broker;
  }

  private leaveDir(replica: PlannedReplica, from: PlannedDir): void {
    if (replica.listed) from.replicas.remove(replica);
    replica.listed = false;
    from.bytes -= replica.size;
    if (!this.isHome(replica)) from.incoming -= replica.size;
  }

  /** Whether the replica is where it was before the plan. */
  private isHome(replica: PlannedReplica): boolean {
    return replica.broker === replica.originalBroker && replica.dir === replica.originalDir;
  }

  private enterDir(replica: PlannedReplica, to: PlannedDir): void {
    replica.dir = to.path;
    to.bytes += replica.size;
    if (!this.isHome(replica)) to.incoming += replica.size;
    // Only open dirs receive (inter-move.ts destinationDir, intra-broker.ts): the replica stays movable.
    replica.listed = true;
    to.replicas.insert(replica);
  }

  /** Moves a replica to another dir of its broker. */
  moveWithinBroker(replica: PlannedReplica, to: PlannedDir): void {
    const broker = this.brokers.get(replica.broker)!;
    this.leaveDir(replica, broker.byPath.get(replica.dir!)!);
    this.enterDir(replica, to);
  }

  /** Moves a replica to another broker's dir; it takes the moved replica's slot in the replica list. */
  moveToBroker(replica: PlannedReplica, to: PlannedDir): void {
    const part0 = replica.part;
    // When leaders stay, a preferred replica that does not lead hands its slot to the leader (no
    // leadership change) rather than taking preference to its new broker.
    if (!this.leadersMove && part0.replicas[0] === replica.broker && part0.leader !== null && part0.leader !== replica.broker && part0.replicas.includes(part0.leader)) {
      this.makePreferred(part0, part0.leader);
    }
    const fromBroker = this.brokers.get(replica.broker)!;
    const toBroker = this.brokers.get(to.broker)!;
    // A replica of a broker that did not answer has no known dir: it leaves none (Kafka copies it from the leader).
    const fromDir = replica.dir === null ? undefined : fromBroker.byPath.get(replica.dir);
    if (fromDir) this.leaveDir(replica, fromDir);
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
    replica.size = arrivingSize(replica, to.broker);
    this.enterDir(replica, to);
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
    this.preferredChanges += 1;
    const from = this.brokers.get(old);
    const to = this.brokers.get(broker);
    if (from) from.leaders -= 1;
    if (to) to.leaders += 1;
  }

  /**
   * When leaders stay, takes the leaders the plan's preferred-leader election will make as the leaders
   * the next round of passes keeps in place: a partition whose first replica the plan changed (to one in
   * sync before, or one the plan adds) will be led by it, so its replica stays and the old leader's may
   * leave — the election moves that leadership anyway, and a plan from the plan's result would see the
   * same. A partition's leader is chosen so once: later rounds keep it. Returns how many partitions changed leader; with none, another round would find nothing new.
   */
  adoptPreferredLeaders(): number {
    if (this.leadersMove) return 0;
    let changed = 0;
    for (const part of this.partitions) {
      if (!part.movable) continue;
      const first = part.replicas[0];
      if (first === undefined || first === part.leader || first === part.original[0]) continue;
      // As leadershipChanges: a moved first replica carries its slot (a data move, no election).
      if (part.members.some((r) => r.originalBroker === part.original[0] && r.broker === first)) continue;
      // To a replica that was in sync before, or one the plan adds (in sync once its copy ends), as the election will.
      if (part.original.includes(first) && !part.isr.includes(first)) continue;
      const broker = this.brokers.get(first);
      if (!broker || !broker.online) continue;
      part.leader = first;
      part.leaderSettled = true;
      changed += 1;
    }
    return changed;
  }

  /** Dirs that can take new data: online (not offline, not cordoned, not draining) on an online broker that stays. */
  openDirs(broker: PlannedBroker): PlannedDir[] {
    return broker.dirs.filter((d) => isOpen(broker, d));
  }

  /** Whether the broker has an open dir (openDirs), without building the list. */
  hasOpenDir(broker: PlannedBroker): boolean {
    for (const d of broker.dirs) if (isOpen(broker, d)) return true;
    return false;
  }

  /**
   * Would `bytes` more keep the dir at or under the headroom, even while every move of the plan runs at
   * once (Kafka deletes a moved replica's old copy only when its new one has caught up, so a dir's peak
   * is what it held plus everything arriving)? Unknown capacity: always.
   */
  fits(dir: PlannedDir, bytes: number, headroom: number): boolean {
    return dir.cap === null || dir.other + Math.max(dir.bytes, dir.originalBytes + dir.incoming) + bytes <= headroom * dir.cap;
  }
}
