import { describe, expect, it } from "vitest";
import { meanFigures, scanFigures, type ClusterFigures } from "@/lib/model/history-figures";
import { ClusterSnapshotSchema, type ClusterSnapshot, type ClusterSnapshotInput } from "@/lib/model/snapshot";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { GiB as GIB, sharedDiskSnapshot } from "@/tests/support/snapshots";

const snap = (input: Partial<ClusterSnapshotInput>) =>
  ClusterSnapshotSchema.parse({ schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { kind: "kafka", label: "t" }, brokers: [], topics: [], ...input });

const cluster = snap({
  brokers: [
    {
      id: 1,
      logDirs: [
        { path: "/d1", totalBytes: 1000, usableBytes: 700 },
        { path: "/d2", totalBytes: 1000, usableBytes: 900 },
      ],
    },
    { id: 2, logDirs: [{ path: "/d1" }, { path: "/d2", state: "offline", error: "KafkaStorageException" }] },
    { id: 3, state: "unreachable", error: "connection refused", logDirs: [] },
  ],
  topics: [
    {
      name: "big",
      partitions: [
        {
          id: 0,
          leader: 1,
          replicas: [
            { broker: 1, logDir: "/d1", sizeBytes: 200 },
            { broker: 2, logDir: "/d1", sizeBytes: 200 },
            { broker: 3, logDir: null, sizeBytes: null },
          ],
        },
        {
          id: 1,
          leader: 2,
          replicas: [
            { broker: 2, logDir: "/d1", sizeBytes: 50, future: { logDir: "/d2", sizeBytes: 10 } },
            { broker: 1, logDir: "/d2", sizeBytes: 50 },
          ],
        },
      ],
    },
    { name: "small", partitions: [{ id: 0, leader: 1, replicas: [{ broker: 1, logDir: "/d2", sizeBytes: 30 }] }] },
    { name: "also-small", partitions: [{ id: 0, leader: 1, replicas: [{ broker: 1, logDir: "/d2", sizeBytes: 30 }] }] },
  ],
});

describe("scanFigures()", () => {
  const f = scanFigures(cluster, { topicsPerBroker: 2 });

  it("scanFigures() keeps no sample of a broker that did not answer: a gap, not zeros", () => {
    expect(f.brokers.map((b) => b.broker)).toEqual([1, 2]);
    expect(f.dirs.some((d) => d.broker === 3)).toBe(false);
    expect(f.topics.some((t) => t.broker === 3)).toBe(false);
    expect(f.cluster).toMatchObject({ brokers: 3, onlineBrokers: 2 });
  });

  it("scanFigures() takes a dir's used bytes from its capacity only, and counts future replicas in its bytes and log count", () => {
    expect(f.dirs).toEqual([
      { broker: 1, dir: "/d1", usedBytes: 300, kafkaBytes: 200, partitions: 1, totalBytes: 1000, state: "online" },
      { broker: 1, dir: "/d2", usedBytes: 100, kafkaBytes: 110, partitions: 3, totalBytes: 1000, state: "online" },
      { broker: 2, dir: "/d1", usedBytes: null, kafkaBytes: 250, partitions: 2, totalBytes: null, state: "online" },
      { broker: 2, dir: "/d2", usedBytes: null, kafkaBytes: 10, partitions: 1, totalBytes: null, state: "offline" },
    ]);
    expect(f.brokers).toEqual([
      { broker: 1, bytes: 310, partitions: 4, leaders: 3 },
      { broker: 2, bytes: 260, partitions: 2, leaders: 1 },
    ]);
  });

  it("scanFigures() keeps each broker's largest topics by bytes, ties by name", () => {
    expect(f.topics).toEqual([
      { broker: 1, topic: "big", bytes: 250 },
      { broker: 1, topic: "also-small", bytes: 30 },
      { broker: 2, topic: "big", bytes: 260 },
    ]);
    expect(scanFigures(cluster, { topicsPerBroker: 0 }).topics).toEqual([]);
  });

  it("scanFigures() sums used and capacity bytes over online dirs whose capacity is known, and takes skews from the report", () => {
    expect(f.cluster).toMatchObject({ dirs: 4, offlineDirs: 1, usedBytes: 400, capacityBytes: 2000, topics: 3, partitions: 4, replicas: 7, maxDirUtilization: 0.3 });
    // The report's broker bytes (current replicas): 310 and 250.
    expect(f.cluster.brokerBytesSkew).toBeCloseTo(310 / 280);
  });
});

/** The reference: every broker's bytes per topic in a map, sorted. */
function naiveTopics(snapshot: ClusterSnapshot, n: number) {
  const online = new Set(snapshot.brokers.filter((b) => b.state === "online").map((b) => b.id));
  const sums = new Map<number, Map<string, number>>();
  for (const t of snapshot.topics)
    for (const p of t.partitions)
      for (const r of p.replicas) {
        if (!online.has(r.broker)) continue;
        const m = sums.get(r.broker) ?? new Map<string, number>();
        sums.set(r.broker, m);
        m.set(t.name, (m.get(t.name) ?? 0) + (r.sizeBytes ?? 0) + (r.future?.sizeBytes ?? 0));
      }
  return [...sums.keys()]
    .sort((a, b) => a - b)
    .flatMap((broker) =>
      [...sums.get(broker)!]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, n)
        .map(([topic, bytes]) => ({ broker, topic, bytes })),
    );
}

describe("scanFigures() topics", () => {
  it("scanFigures() keeps the same largest topics as summing every broker's topics and sorting them", () => {
    for (const seed of [1, 2, 3]) {
      const snapshot = syntheticCluster({ brokers: 20, dirsPerBroker: 3, replicas: 3000, partitionsPerTopic: 7, mixedStates: true, seed });
      for (const n of [1, 5, 50]) expect(scanFigures(snapshot, { topicsPerBroker: n }).topics).toEqual(naiveTopics(snapshot, n));
    }
  });
});

describe("meanFigures()", () => {
  it("meanFigures() averages each field over the scans that know it, rounding counts and bytes", () => {
    const a = scanFigures(cluster).cluster;
    const b: ClusterFigures = { ...a, bytes: a.bytes + 3, usedBytes: null, brokerBytesSkew: a.brokerBytesSkew + 1 };
    const m = meanFigures([a, b])!;
    expect(m.bytes).toBe(Math.round(a.bytes + 1.5));
    expect(m.usedBytes).toBe(a.usedBytes);
    expect(m.brokerBytesSkew).toBeCloseTo(a.brokerBytesSkew + 0.5);
    expect(meanFigures([])).toBeNull();
  });
});

describe("scanFigures() on dirs that share a filesystem", () => {
  it("scanFigures() counts a shared disk's capacity and use once, not once per dir", () => {
    const { cluster: figures, dirs } = scanFigures(sharedDiskSnapshot());
    // 4 brokers × one 1000 GiB filesystem 710 GiB used: not 12 × each.
    expect([figures.capacityBytes! / GIB, figures.usedBytes! / GIB]).toEqual([4000, 2840]);
    expect(figures.dirBytesSkew).toBe(1);
    // Each dir keeps its own sample (the filesystem's figures, which is what the dir reports).
    expect(dirs).toHaveLength(12);
    const two = scanFigures(sharedDiskSnapshot({ thirdDisk: true })).cluster;
    expect([two.capacityBytes! / GIB, two.usedBytes! / GIB]).toEqual([6000, 4 * (710 + 73)]);
  });
});
