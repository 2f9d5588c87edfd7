/**
 * The mutable working copy of a cluster while a scenario runs.
 *
 * Invariants:
 * - The base is never changed. `snapshot` is the state's own copy of the base's brokers, with the
 *   base's topics shared copy-on-write: a step that changes an existing topic asks `mutableTopic()`,
 *   which swaps in a private copy of it first. Callers only ever see copies made by `capture()`.
 * - Every topic changed or created since the last `takeChanges()` is listed there with the version it
 *   replaced (untouched since), so a report can be brought up to date by re-counting those topics only.
 * - Each broker's dirs, counts and bytes live in its BrokerDisks; `capture()` writes them back into
 *   the snapshot's log dirs (with `usableBytes` recomputed from capacity, other usage and Kafka bytes).
 * - A broker that is not `online` is fenced for placement and never in an ISR.
 */
import type { Broker, ClusterSnapshot, Partition, Topic } from "../model/snapshot";
import { cloneSnapshot, cloneTopic } from "../model/clone";
import { brokerDisks, diskOfDir } from "../model/disks";
import { unknownFactsOf } from "../model/facts";
import { BrokerDisks, type SimDir } from "./broker-disks";
import { SimulationError } from "./errors";
import type { Policy } from "./schema";
import type { KafkaLine } from "../model/kafka-versions";
import { simulatedKafkaLine } from "./kafka-line";

/** Each broker's dirs with the logs and bytes in them: one pass over every replica, shareable between states. */
export type CountedDirs = ReadonlyMap<number, readonly Readonly<SimDir>[]>;

/** Counts the logs and bytes in every listed dir of `base` (current and future replicas, as Kafka counts). */
export function countDirs(base: ClusterSnapshot): CountedDirs {
  const countsByDir = new Map<number, Map<string, { count: number; bytes: number }>>();
  const bump = (broker: number, path: string | null, bytes: number) => {
    if (path === null) return;
    let own = countsByDir.get(broker);
    if (!own) countsByDir.set(broker, (own = new Map()));
    let c = own.get(path);
    if (!c) own.set(path, (c = { count: 0, bytes: 0 }));
    c.count += 1;
    c.bytes += bytes;
  };
  for (const topic of base.topics) {
    for (const p of topic.partitions) {
      for (const r of p.replicas) {
        bump(r.broker, r.logDir, r.sizeBytes ?? 0);
        if (r.future) bump(r.broker, r.future.logDir, r.future.sizeBytes ?? 0);
      }
    }
  }
  const out = new Map<number, SimDir[]>();
  for (const broker of base.brokers) {
    const diskOf = diskOfDir(brokerDisks(broker.logDirs, (path) => countsByDir.get(broker.id)?.get(path)?.bytes ?? 0));
    out.set(
      broker.id,
      broker.logDirs.map((d) => {
        const c = countsByDir.get(broker.id)?.get(d.path) ?? { count: 0, bytes: 0 };
        const used = d.totalBytes !== null && d.usableBytes !== null ? d.totalBytes - d.usableBytes : c.bytes;
        const sharesDisk = (diskOf.get(d.path)?.dirs.length ?? 1) > 1;
        return { path: d.path, state: d.state, totalBytes: d.totalBytes, otherBytes: Math.max(0, used - c.bytes), bytes: c.bytes, count: c.count, sharesDisk };
      }),
    );
  }
  return out;
}

export class SimulationState {
  readonly snapshot: ClusterSnapshot;
  readonly disks = new Map<number, BrokerDisks>();
  private readonly topicIndex = new Map<string, number>();
  /** The state's own broker objects by id: one lookup per replica placed, whatever the cluster's size. */
  private readonly brokerById = new Map<number, Broker>();
  /** Topics this state may change in place: created, or copied since the last takeChanges(). */
  private readonly owned = new Set<Topic>();
  /** Changed since the last takeChanges(): name → the version it replaced (null for a new topic). */
  private changes = new Map<string, Topic | null>();

  /** `counted` must be countDirs(base) (pass it to share one count between states on the same base). */
  constructor(
    base: ClusterSnapshot,
    readonly policy: Policy,
    counted: CountedDirs = countDirs(base),
  ) {
    this.snapshot = {
      ...base,
      // The base's facts travel with every state and capture: a step does not learn what the base's source did not carry.
      source: { ...base.source, unknownFacts: unknownFactsOf(base) },
      brokers: base.brokers.map((b) => ({ ...b, logDirs: b.logDirs.map((d) => ({ ...d })) })),
      topics: [...base.topics],
    };
    this.snapshot.topics.forEach((t, i) => this.topicIndex.set(t.name, i));
    for (const broker of this.snapshot.brokers) {
      this.brokerById.set(broker.id, broker);
      const dirs = (counted.get(broker.id) ?? []).map((d) => ({ ...d }));
      this.disks.set(broker.id, new BrokerDisks(broker.id, dirs, this.kafkaLineOf(broker)));
    }
  }

  /** The release line a broker's LogManager follows in this run: the policy's, or under `auto` the base's (simulatedKafkaLine). */
  kafkaLineOf(broker: Broker): KafkaLine {
    return simulatedKafkaLine(this.policy.kafkaVersion, broker, this.snapshot.source.kafkaVersion).line;
  }

  /**
   * The release line the KRaft controller follows in this run (the wording of its refusals): the policy's, or under
   * `auto` the cluster's version, else the newest line it could be. Controllers are not brokers in the snapshot.
   */
  controllerKafkaLine(): KafkaLine {
    return simulatedKafkaLine(this.policy.kafkaVersion, {}, this.snapshot.source.kafkaVersion).line;
  }

  broker(id: number): Broker {
    const b = this.brokerById.get(id);
    if (!b) throw new SimulationError("unknown_broker", `there is no broker ${id}; add it first with an addBroker step`);
    return b;
  }

  brokerDisks(id: number): BrokerDisks {
    const d = this.disks.get(id);
    if (!d) throw new SimulationError("unknown_broker", `there is no broker ${id}; add it first with an addBroker step`);
    return d;
  }

  /** A topic to read; change topics only through mutableTopic(). */
  topic(name: string): Topic {
    const i = this.topicIndex.get(name);
    if (i === undefined) throw new SimulationError("unknown_topic", `there is no topic ${name}; create it first with a createTopic step`);
    return this.snapshot.topics[i]!;
  }

  /** The topic, as a version this state may change in place (copied first when it is shared). */
  mutableTopic(name: string): Topic {
    const current = this.topic(name);
    if (this.owned.has(current)) return current;
    const copy = cloneTopic(current);
    this.snapshot.topics[this.topicIndex.get(name)!] = copy;
    this.owned.add(copy);
    if (!this.changes.has(name)) this.changes.set(name, current);
    return copy;
  }

  /**
   * The topics created or changed since the last call, each with the version it replaced (null when
   * new); the replaced versions are as they were at that call. Ends the current round: a topic changed
   * after this is copied again first.
   */
  takeChanges(): { name: string; before: Topic | null; after: Topic }[] {
    const out = [...this.changes].map(([name, before]) => ({ name, before, after: this.topic(name) }));
    this.changes = new Map();
    this.owned.clear();
    return out;
  }

  hasTopic(name: string): boolean {
    return this.topicIndex.has(name);
  }

  /** Adds a new topic (the state owns it from now on). */
  addTopic(topic: Topic): void {
    this.topicIndex.set(topic.name, this.snapshot.topics.length);
    this.snapshot.topics.push(topic);
    this.owned.add(topic);
    this.changes.set(topic.name, null);
  }

  addBroker(broker: Broker, dirs: SimDir[]): void {
    this.brokerById.set(broker.id, broker);
    this.snapshot.brokers.push(broker);
    this.snapshot.brokers.sort((a, b) => a.id - b.id);
    this.disks.set(broker.id, new BrokerDisks(broker.id, dirs, this.kafkaLineOf(broker)));
  }

  isOnline(id: number): boolean {
    return this.brokerById.get(id)?.state === "online";
  }

  /**
   * Creates replicas for new partitions: each replica's dir is chosen by the scenario's log-dir
   * policy on its broker, in partition order then replica order (the order a broker creates them).
   */
  placePartition(id: number, replicas: number[], sizeBytes: number): Partition {
    const placed = replicas.map((broker) => {
      const disks = this.brokerDisks(broker);
      const logDir = disks.choose(this.policy.logDirPlacement);
      disks.addLog(logDir, sizeBytes);
      return { broker, logDir, sizeBytes, offsetLag: 0, future: null };
    });
    const isr = replicas.filter((b) => this.isOnline(b));
    return { id, replicas: placed, leader: isr[0] ?? null, isr, adding: [], removing: [], offline: [] };
  }

  /** A copy of the current cluster, as a snapshot of kind `scenario`. */
  capture(label: string): ClusterSnapshot {
    const out = cloneSnapshot(this.snapshot);
    out.source = { ...out.source, kind: "scenario", label };
    for (const broker of out.brokers) {
      const disks = this.disks.get(broker.id);
      if (!disks) continue;
      broker.logDirs = disks.dirs.map((d) => ({
        path: d.path,
        state: d.state,
        totalBytes: d.totalBytes,
        usableBytes: d.totalBytes === null ? null : Math.max(0, d.totalBytes - d.otherBytes - d.bytes),
        error: d.state === "offline" ? "simulated log dir failure" : null,
        ...(d.sharesDisk ? {} : { disk: d.path }),
      }));
    }
    return out;
  }
}
