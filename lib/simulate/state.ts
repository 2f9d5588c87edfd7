/**
 * The mutable working copy of a cluster while a scenario runs.
 *
 * Invariants:
 * - `snapshot` is a private deep copy of the base; callers only ever see copies made by `capture()`.
 * - Each broker's dirs, counts and bytes live in its BrokerDisks; `capture()` writes them back into
 *   the snapshot's log dirs (with `usableBytes` recomputed from capacity, other usage and Kafka bytes).
 * - A broker that is not `online` is fenced for placement and never in an ISR.
 */
import type { Broker, ClusterSnapshot, Partition, Topic } from "../model/snapshot";
import { cloneSnapshot } from "../model/clone";
import { BrokerDisks, type SimDir } from "./broker-disks";
import { SimulationError } from "./errors";
import type { Policy } from "./schema";

export class SimulationState {
  readonly snapshot: ClusterSnapshot;
  readonly disks = new Map<number, BrokerDisks>();
  private readonly topicIndex = new Map<string, Topic>();

  constructor(
    base: ClusterSnapshot,
    readonly policy: Policy,
  ) {
    this.snapshot = cloneSnapshot(base);
    const countsByDir = new Map<string, { count: number; bytes: number }>();
    const key = (broker: number, path: string) => `${broker}\u0000${path}`;
    const bump = (broker: number, path: string | null, bytes: number) => {
      if (path === null) return;
      const k = key(broker, path);
      const c = countsByDir.get(k) ?? { count: 0, bytes: 0 };
      c.count += 1;
      c.bytes += bytes;
      countsByDir.set(k, c);
    };
    for (const topic of this.snapshot.topics) {
      this.topicIndex.set(topic.name, topic);
      for (const p of topic.partitions) {
        for (const r of p.replicas) {
          bump(r.broker, r.logDir, r.sizeBytes ?? 0);
          if (r.future) bump(r.broker, r.future.logDir, r.future.sizeBytes ?? 0);
        }
      }
    }
    for (const broker of this.snapshot.brokers) {
      const dirs: SimDir[] = broker.logDirs.map((d) => {
        const c = countsByDir.get(key(broker.id, d.path)) ?? { count: 0, bytes: 0 };
        const used = d.totalBytes !== null && d.usableBytes !== null ? d.totalBytes - d.usableBytes : c.bytes;
        return { path: d.path, state: d.state, totalBytes: d.totalBytes, otherBytes: Math.max(0, used - c.bytes), bytes: c.bytes, count: c.count };
      });
      this.disks.set(broker.id, new BrokerDisks(broker.id, dirs, policy.tieOrder));
    }
  }

  broker(id: number): Broker {
    const b = this.snapshot.brokers.find((x) => x.id === id);
    if (!b) throw new SimulationError("unknown_broker", `there is no broker ${id}; add it first with an addBroker step`);
    return b;
  }

  brokerDisks(id: number): BrokerDisks {
    const d = this.disks.get(id);
    if (!d) throw new SimulationError("unknown_broker", `there is no broker ${id}; add it first with an addBroker step`);
    return d;
  }

  topic(name: string): Topic {
    const t = this.topicIndex.get(name);
    if (!t) throw new SimulationError("unknown_topic", `there is no topic ${name}; create it first with a createTopic step`);
    return t;
  }

  hasTopic(name: string): boolean {
    return this.topicIndex.has(name);
  }

  addTopic(topic: Topic): void {
    this.snapshot.topics.push(topic);
    this.topicIndex.set(topic.name, topic);
  }

  addBroker(broker: Broker, dirs: SimDir[]): void {
    this.snapshot.brokers.push(broker);
    this.snapshot.brokers.sort((a, b) => a.id - b.id);
    this.disks.set(broker.id, new BrokerDisks(broker.id, dirs, this.policy.tieOrder));
  }

  isOnline(id: number): boolean {
    return this.snapshot.brokers.find((b) => b.id === id)?.state === "online";
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
      }));
    }
    return out;
  }
}
