/**
 * A deep copy of a snapshot, written out field by field: several times faster than structuredClone
 * on snapshots of 100,000 replicas, which the simulator and planner copy on every step.
 */
import type { ClusterSnapshot, Partition, Replica, Topic } from "./snapshot";

function cloneReplica(r: Replica): Replica {
  return { broker: r.broker, logDir: r.logDir, sizeBytes: r.sizeBytes, offsetLag: r.offsetLag, future: r.future ? { ...r.future } : null };
}

function clonePartition(p: Partition): Partition {
  return {
    id: p.id,
    replicas: p.replicas.map(cloneReplica),
    leader: p.leader,
    isr: [...p.isr],
    adding: [...p.adding],
    removing: [...p.removing],
    offline: [...p.offline],
  };
}

export function cloneTopic(t: Topic): Topic {
  const copy: Topic = { name: t.name, internal: t.internal, topicId: t.topicId, partitions: t.partitions.map(clonePartition) };
  // Optional (older snapshots have none): copied only when present, so a copy equals its original.
  if (t.minInsyncReplicas !== undefined) copy.minInsyncReplicas = t.minInsyncReplicas;
  return copy;
}

export function cloneSnapshot(s: ClusterSnapshot): ClusterSnapshot {
  return {
    schema: s.schema,
    capturedAt: s.capturedAt,
    source: { ...s.source, warnings: [...s.source.warnings] },
    brokers: s.brokers.map((b) => ({ ...b, logDirs: b.logDirs.map((d) => ({ ...d })) })),
    topics: s.topics.map(cloneTopic),
    throttles: {
      defaults: { ...s.throttles.defaults },
      brokers: s.throttles.brokers.map((b) => ({ ...b })),
      topics: s.throttles.topics.map((t) => ({ ...t })),
      reassignments: s.throttles.reassignments.map((r) => ({ ...r, replicas: [...r.replicas], adding: [...r.adding], removing: [...r.removing] })),
    },
  };
}
