// Small hand-built snapshots for the view tests: independent of the simulator, so a view test fails
// only when the view changes.
import { ClusterSnapshotSchema, type ClusterSnapshot, type ClusterSnapshotInput } from "@/lib/model/snapshot";

export const GiB = 1024 ** 3;

export function snap(input: Partial<ClusterSnapshotInput>): ClusterSnapshot {
  return ClusterSnapshotSchema.parse({
    schema: 1,
    capturedAt: "2026-01-05T09:00:00Z",
    source: { kind: "demo", label: "fixture", kafkaVersion: "4.1.0", clusterId: "c1" },
    brokers: [],
    topics: [],
    ...input,
  });
}

const dir = (path: string, total: number | null = 100 * GiB) => ({ path, totalBytes: total, usableBytes: total });

/**
 * The founding story in miniature: 2 brokers × 3 dirs; /d1 holds 5 tiny __consumer_offsets replicas,
 * /d2 and /d3 hold one 40 GiB replica each of "orders". Usable bytes follow the replicas.
 */
export function storySnapshot(): ClusterSnapshot {
  const brokers = [1, 2].map((id) => ({ id, logDirs: [dir("/d1"), dir("/d2"), dir("/d3")] }));
  const offsets = {
    name: "__consumer_offsets",
    internal: true,
    partitions: Array.from({ length: 5 }, (_, p) => ({
      id: p,
      leader: 1 + (p % 2),
      isr: [1, 2],
      replicas: [1, 2].map((b) => ({ broker: b, logDir: "/d1", sizeBytes: 1024 })),
    })),
  };
  const orders = {
    name: "orders",
    partitions: [0, 1].map((p) => ({
      id: p,
      leader: 1 + p,
      isr: [1, 2],
      replicas: [1, 2].map((b) => ({ broker: b, logDir: p === 0 ? "/d2" : "/d3", sizeBytes: 40 * GiB })),
    })),
  };
  const s = snap({ brokers, topics: [offsets, orders] });
  for (const b of s.brokers) {
    for (const d of b.logDirs) {
      const used = d.path === "/d1" ? 5 * 1024 : 40 * GiB;
      d.usableBytes = d.totalBytes! - used;
    }
  }
  return s;
}

/** Two evenly loaded brokers with two dirs each. */
export function balancedSnapshot(): ClusterSnapshot {
  const brokers = [1, 2].map((id) => ({ id, logDirs: [dir("/d1", null), dir("/d2", null)] }));
  const topic = {
    name: "t",
    partitions: [0, 1].map((p) => ({ id: p, leader: 1 + p, isr: [1, 2], replicas: [1, 2].map((b) => ({ broker: b, logDir: p === 0 ? "/d1" : "/d2", sizeBytes: 10 * GiB })) })),
  };
  return snap({ brokers, topics: [topic] });
}
