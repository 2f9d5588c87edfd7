import { describe, expect, it } from "vitest";
import { assembleSnapshot, guessKafkaVersion, type RawCluster } from "@/lib/cluster/live";
import type { ConfigEntry } from "@/lib/cluster/live/fetch-cluster";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";

const partition = (partitionIndex: number, leaderId: number, replicaNodes: number[], isrNodes = replicaNodes, offlineReplicas: number[] = []) => ({
  errorCode: 0,
  partitionIndex,
  leaderId,
  leaderEpoch: 0,
  replicaNodes,
  isrNodes,
  offlineReplicas,
});

const replica = (partitionIndex: number, size: number, isFutureKey = false) => ({ partitionIndex, partitionSize: BigInt(size), offsetLag: 0n, isFutureKey });

function raw(): RawCluster {
  return {
    bootstrap: "k1:9092",
    bootstrapApis: [{ apiKey: 1, minVersion: 4, maxVersion: 17 }],
    metadata: {
      throttleTimeMs: 0,
      clusterId: "c-1",
      controllerId: 1,
      brokers: [
        { nodeId: 1, host: "k1", port: 9092, rack: "a" },
        { nodeId: 2, host: "k2", port: 9092, rack: null },
      ],
      topics: [
        {
          errorCode: 0,
          name: "orders",
          topicId: "AAAAAAAAAAAAAAAAAAAAAQ",
          isInternal: false,
          topicAuthorizedOperations: 0,
          partitions: [partition(1, 2, [2, 3], [2], [3]), partition(0, 1, [1, 2])],
        },
      ],
    },
    brokers: new Map([
      [
        1,
        {
          id: 1,
          ok: true as const,
          apis: [],
          logDirsVersion: 4,
          configs: [
            { name: "leader.replication.throttled.rate", value: "1000", readOnly: false, configSource: 2, isSensitive: false, synonyms: [], configType: 5, documentation: null },
          ],
          configsError: null,
          logDirs: [
            { errorCode: 0, logDir: "/d1", totalBytes: 1000n, usableBytes: 400n, topics: [{ name: "orders", partitions: [replica(0, 500)] }] },
            { errorCode: 0, logDir: "/d2", totalBytes: 1000n, usableBytes: 900n, topics: [{ name: "orders", partitions: [replica(0, 120, true)] }] },
            { errorCode: 56, logDir: "/d3", totalBytes: -1n, usableBytes: -1n, topics: [] },
          ],
        },
      ],
      [2, { id: 2, ok: false as const, error: "broker 2 at k2:9092 did not answer DescribeLogDirs: timed out" }],
    ]),
    defaultConfigs: [
      {
        name: "follower.replication.throttled.rate",
        value: "9223372036854775807",
        readOnly: false,
        configSource: 3,
        isSensitive: false,
        synonyms: [],
        configType: 5,
        documentation: null,
      },
    ],
    topicConfigs: [
      {
        errorCode: 0,
        errorMessage: null,
        resourceType: 2,
        resourceName: "orders",
        configs: [
          { name: "leader.replication.throttled.replicas", value: "0:1", readOnly: false, configSource: 1, isSensitive: false, synonyms: [], configType: 7, documentation: null },
        ],
      },
    ],
    reassignments: [{ name: "orders", partitions: [{ partitionIndex: 1, replicas: [2, 3, 1], addingReplicas: [1], removingReplicas: [3] }] }],
    warnings: [],
  };
}

describe("assembleSnapshot", () => {
  const snapshot = assembleSnapshot(raw(), "k1:9092", "2026-01-01T00:00:00.000Z");

  it("assembleSnapshot() builds a snapshot that ClusterSnapshotSchema accepts unchanged", () => {
    expect(ClusterSnapshotSchema.parse(snapshot)).toEqual(snapshot);
  });

  it("assembleSnapshot() places each replica in its dir and keeps a -future copy apart", () => {
    const p0 = snapshot.topics[0]!.partitions[0]!;
    expect(p0.id).toBe(0);
    expect(p0.replicas[0]).toEqual({ broker: 1, logDir: "/d1", sizeBytes: 500, offsetLag: 0, future: { logDir: "/d2", sizeBytes: 120, offsetLag: 0 } });
  });

  it("assembleSnapshot() marks a dir with an error code offline with Kafka's error name and unknown capacity", () => {
    const d3 = snapshot.brokers[0]!.logDirs[2]!;
    expect(d3).toMatchObject({ path: "/d3", state: "offline", totalBytes: null, usableBytes: null });
    expect(d3.error).toMatch(/^KAFKA_STORAGE_ERROR/);
    expect(snapshot.brokers[0]!.logDirs[0]).toMatchObject({ totalBytes: 1000, usableBytes: 400, state: "online" });
  });

  it("assembleSnapshot() marks a broker that did not answer, and one missing from metadata, as unreachable", () => {
    expect(snapshot.brokers.map((b) => [b.id, b.state])).toEqual([
      [1, "online"],
      [2, "unreachable"],
      [3, "unreachable"],
    ]);
    expect(snapshot.brokers[1]!.error).toMatch(/did not answer/);
    expect(snapshot.brokers[2]!.error).toMatch(/not among the live brokers/);
    expect(snapshot.topics[0]!.partitions[0]!.replicas[1]).toMatchObject({ broker: 2, logDir: null, sizeBytes: null });
  });

  it("assembleSnapshot() reads throttles, treating Long.MAX_VALUE as not set, and in-flight reassignments", () => {
    expect(snapshot.throttles.brokers).toEqual([{ broker: 1, leader: 1000, follower: null, alterLogDirs: null }]);
    expect(snapshot.throttles.defaults).toEqual({ leader: null, follower: null, alterLogDirs: null });
    expect(snapshot.throttles.topics).toEqual([{ topic: "orders", leaderReplicas: "0:1", followerReplicas: null }]);
    expect(snapshot.throttles.reassignments).toEqual([{ topic: "orders", partition: 1, replicas: [2, 3, 1], adding: [1], removing: [3] }]);
    expect(snapshot.topics[0]!.partitions[1]).toMatchObject({ leader: 2, isr: [2], adding: [1], removing: [3], offline: [3] });
  });

  it("assembleSnapshot() labels the source kind kafka with the cluster id and inferred version", () => {
    expect(snapshot.source).toEqual({ kind: "kafka", label: "k1:9092", kafkaVersion: "4.x", metadataMode: "kraft", clusterId: "c-1", warnings: [], unknownFacts: [] });
    // The fixture's broker scans carry no ApiVersions table: the brokers stay unknown and the bootstrap server's table stands for the cluster.
    expect(snapshot.brokers.map((b) => b.kafkaVersion)).toEqual([null, null, null]);
  });

  it("assembleSnapshot() marks the dirs in cordoned.log.dirs cordoned (KIP-1066), and every dir for *", () => {
    const withCordoned = (value: string) => {
      const r = raw();
      const scan = r.brokers.get(1) as Extract<ReturnType<typeof r.brokers.get>, { ok: true }>;
      const entry: ConfigEntry = { name: "cordoned.log.dirs", value, readOnly: false, configSource: 2, isSensitive: false, synonyms: [], configType: 5, documentation: null };
      r.brokers.set(1, { ...scan, configs: [...(scan.configs ?? []), entry] });
      return assembleSnapshot(r, "k1:9092", "2026-01-01T00:00:00.000Z").brokers[0]!.logDirs.map((d) => d.state);
    };
    expect(withCordoned("/d2/")).toEqual(["online", "cordoned", "offline"]);
    expect(withCordoned("*")).toEqual(["cordoned", "cordoned", "offline"]);
    expect(withCordoned("")).toEqual(["online", "online", "offline"]);
  });

  it("assembleSnapshot() keeps what could not be read as source warnings, cluster-wide first, then by broker", () => {
    const r = raw();
    r.warnings = ["In-flight reassignments could not be read: timed out"];
    r.brokers.set(1, {
      ...(r.brokers.get(1) as Extract<ReturnType<typeof r.brokers.get>, { ok: true }>),
      configs: null,
      configsError: "DescribeConfigs for broker 1 failed (error 31)",
    });
    expect(assembleSnapshot(r, "k1:9092", "2026-01-01T00:00:00.000Z").source.warnings).toEqual([
      "In-flight reassignments could not be read: timed out",
      "Configs of broker 1 (throttle rates, cordoned log dirs) could not be read: DescribeConfigs for broker 1 failed (error 31)",
    ]);
    expect(snapshot.source.warnings).toEqual([]);
  });

  it("assembleSnapshot() makes unknown exactly what a failed read left unread, and nothing for a broker that is down", () => {
    const unknownOf = (change: (r: RawCluster) => void) => {
      const r = raw();
      change(r);
      return assembleSnapshot(r, "k1:9092", "2026-01-01T00:00:00.000Z").source.unknownFacts;
    };
    // Broker 2 did not answer: it is unreachable, and the facts read from the others stay known.
    expect(unknownOf(() => undefined)).toEqual([]);
    expect(
      unknownOf((r) => r.brokers.set(1, { ...(r.brokers.get(1) as Extract<ReturnType<typeof r.brokers.get>, { ok: true }>), configs: null, configsError: "timed out" })),
    ).toEqual(["throttles", "cordons"]);
    expect(unknownOf((r) => (r.defaultConfigs = null))).toEqual(["throttles"]);
    expect(unknownOf((r) => (r.topicConfigs = []))).toEqual(["throttles"]);
    expect(unknownOf((r) => (r.unread = ["reassignments"]))).toEqual(["reassignments"]);
    expect(
      unknownOf((r) => {
        const scan = r.brokers.get(1) as Extract<ReturnType<typeof r.brokers.get>, { ok: true }>;
        r.brokers.set(1, { ...scan, logDirs: scan.logDirs.map((d) => ({ ...d, totalBytes: null, usableBytes: null })) });
      }),
    ).toEqual(["capacity"]);
    expect(unknownOf((r) => (r.bootstrapApis = []))).toEqual(["kafkaVersion"]);
  });
});

describe("assembleSnapshot min.insync.replicas", () => {
  it("assembleSnapshot() takes a topic's effective min.insync.replicas from its configs, and leaves it out (unknown) when they were not read", () => {
    const r = raw();
    const entry = {
      name: "min.insync.replicas",
      value: "2",
      readOnly: false,
      configSource: 5,
      isSensitive: false,
      synonyms: [],
      configType: 3,
      documentation: null,
    } as ConfigEntry;
    r.topicConfigs[0]!.configs.push(entry);
    const known = assembleSnapshot(r, "k1:9092", "2026-01-01T00:00:00.000Z");
    expect(known.topics.find((t) => t.name === "orders")!.minInsyncReplicas).toBe(2);
    expect(ClusterSnapshotSchema.parse(known)).toEqual(known);
    r.topicConfigs = [];
    expect(assembleSnapshot(r, "k1:9092", "2026-01-01T00:00:00.000Z").topics.find((t) => t.name === "orders")!.minInsyncReplicas).toBeUndefined();
  });
});

describe("guessKafkaVersion", () => {
  it("guessKafkaVersion() tells 3.x from 4.x by Fetch's lowest version and gives null without data", () => {
    expect(guessKafkaVersion([{ apiKey: 1, minVersion: 0, maxVersion: 17 }])).toBe("3.x or older");
    expect(guessKafkaVersion([{ apiKey: 1, minVersion: 4, maxVersion: 99 }])).toBe("4.x");
    expect(guessKafkaVersion([])).toBeNull();
  });
});
