// Small hand-built snapshots for unit tests: independent of the simulator and the planner, so a test
// fails only when the code it tests changes.
import { ClusterSnapshotSchema, type ClusterSnapshot, type ClusterSnapshotInput, type LogDirState } from "@/lib/model/snapshot";

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
 * /d2 and /d3 hold one 40 GiB replica each of "orders". Usable bytes follow the replicas. Each dir is
 * its own disk (`disk` set, as KAFKA_BALANCE_DISKS=separate writes it): /d2 and /d3 report identical
 * figures, which alone would make them one filesystem (lib/model/disks.ts).
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
      d.disk = d.path;
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

export interface DirSpec {
  path: string;
  /** Capacity; null = unknown. Default 100 GiB. */
  totalBytes?: number | null;
  /** Disk usage that is not Kafka's (counted in usableBytes). Default 0. */
  otherBytes?: number;
  state?: LogDirState;
  /**
   * The dir's `disk` (lib/model/disks.ts). Default: each dir is its own disk — its own path is written
   * when another dir of the broker reports the same figures (which alone would make them one
   * filesystem); null: nothing written, so identical figures are detected as one filesystem.
   */
  disk?: string | null;
}

export interface BrokerSpec {
  id: number;
  rack?: string | null;
  state?: "online" | "unreachable";
  kafkaVersion?: string;
  /** A path alone is a 100 GiB online dir. */
  dirs: (string | DirSpec)[];
}

export interface PartitionSpec {
  topic: string;
  partition: number;
  /** Replicas as [broker, log dir, bytes], preferred leader first. */
  replicas: [broker: number, logDir: string | null, bytes: number][];
  /** Default: the first replica. */
  leader?: number | null;
  /** Default: every replica. */
  isr?: number[];
}

/** The dirs of one broker, each written with its own path as `disk` when its figures equal another's (unless its spec says otherwise). */
function markOwnDisks(dirs: { spec: DirSpec; dir: { path: string; totalBytes: number | null; usableBytes: number | null; state: LogDirState } }[]) {
  const figures = (d: { totalBytes: number | null; usableBytes: number | null }) => (d.totalBytes === null || d.usableBytes === null ? null : `${d.totalBytes}/${d.usableBytes}`);
  const counts = new Map<string, number>();
  for (const { dir } of dirs) {
    const f = figures(dir);
    if (f !== null) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  return dirs.map(({ spec, dir }) => {
    if (spec.disk === null) return dir;
    if (spec.disk !== undefined) return { ...dir, disk: spec.disk };
    const f = figures(dir);
    return f !== null && counts.get(f)! > 1 ? { ...dir, disk: dir.path } : dir;
  });
}

/**
 * A cluster from a compact description: brokers with their dirs, and partitions with each replica's
 * broker, dir and size. Each dir's usableBytes is its capacity minus the Kafka bytes placed in it and
 * its `otherBytes`, so the snapshot reads as a live cluster would.
 */
export function cluster(spec: {
  kafkaVersion?: string | null;
  brokers: BrokerSpec[];
  partitions?: PartitionSpec[];
  reassignments?: { topic: string; partition: number; replicas: number[]; adding?: number[]; removing?: number[] }[];
}): ClusterSnapshot {
  const partitions = spec.partitions ?? [];
  const kafkaBytes = new Map<string, number>();
  for (const p of partitions) for (const [b, d, bytes] of p.replicas) if (d !== null) kafkaBytes.set(`${b}\u0000${d}`, (kafkaBytes.get(`${b}\u0000${d}`) ?? 0) + bytes);
  const topics = new Map<string, PartitionSpec[]>();
  for (const p of partitions) topics.set(p.topic, [...(topics.get(p.topic) ?? []), p]);
  return snap({
    source: { kind: "demo", label: "fixture", kafkaVersion: spec.kafkaVersion === undefined ? "4.4.0" : spec.kafkaVersion, clusterId: "c1" },
    brokers: spec.brokers.map((b) => ({
      id: b.id,
      rack: b.rack ?? null,
      state: b.state ?? "online",
      ...(b.kafkaVersion !== undefined ? { kafkaVersion: b.kafkaVersion } : {}),
      logDirs: markOwnDisks(
        b.dirs.map((d) => {
          const dir: DirSpec = typeof d === "string" ? { path: d } : d;
          const total = dir.totalBytes === undefined ? 100 * GiB : dir.totalBytes;
          const used = (kafkaBytes.get(`${b.id}\u0000${dir.path}`) ?? 0) + (dir.otherBytes ?? 0);
          return { spec: dir, dir: { path: dir.path, totalBytes: total, usableBytes: total === null ? null : Math.max(0, total - used), state: dir.state ?? "online" } };
        }),
      ),
    })),
    topics: [...topics].map(([name, parts]) => ({
      name,
      partitions: parts.map((p) => ({
        id: p.partition,
        leader: p.leader === undefined ? p.replicas[0]![0] : p.leader,
        isr: p.isr ?? p.replicas.map(([b]) => b),
        replicas: p.replicas.map(([broker, logDir, sizeBytes]) => ({ broker, logDir, sizeBytes })),
      })),
    })),
    throttles: { reassignments: spec.reassignments ?? [] },
  });
}

/**
 * Issue #29's cluster: 4 brokers whose dirs /a, /b and /c sit on one 1000 GiB filesystem, 71% used
 * (every dir reports the same total and usable bytes), holding 300, 200 and 73 GiB of Kafka's each.
 * `thirdDisk`: /c is a filesystem of its own (500 GiB, holding only its own bytes), so each broker has two disks.
 */
export function sharedDiskSnapshot(options: { thirdDisk?: boolean; brokers?: number[] } = {}): ClusterSnapshot {
  const ids = options.brokers ?? [1, 2, 3, 4];
  const sizes: Record<string, number> = { "/a": 300 * GiB, "/b": 200 * GiB, "/c": 73 * GiB };
  const s = cluster({
    brokers: ids.map((id) => ({ id, dirs: ["/a", "/b", "/c"].map((path) => ({ path, totalBytes: options.thirdDisk && path === "/c" ? 500 * GiB : 1000 * GiB, disk: null })) })),
    partitions: ids.flatMap((b, i) =>
      ["/a", "/b", "/c"].map((path, k) => ({ topic: "t", partition: 3 * i + k, replicas: [[b, path, sizes[path]!]] as [number, string, number][] })),
    ),
  });
  for (const b of s.brokers) {
    for (const d of b.logDirs) {
      if (options.thirdDisk && d.path === "/c") continue;
      d.usableBytes = d.totalBytes! - 710 * GiB;
    }
  }
  return s;
}
