import { describe, expect, it } from "vitest";
import { ClusterSnapshotSchema, emptyThrottles, SNAPSHOT_SCHEMA_VERSION } from "@/lib/model/snapshot";

const minimal = {
  schema: 1,
  capturedAt: "2026-01-05T09:00:00Z",
  source: { kind: "kafka", label: "prod" },
  brokers: [{ id: 1, logDirs: [{ path: "/d1" }] }],
  topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1 }] }] }],
};

const issues = (input: unknown) => {
  const r = ClusterSnapshotSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("ClusterSnapshotSchema", () => {
  it("ClusterSnapshotSchema fills every default of a minimal snapshot", () => {
    expect(ClusterSnapshotSchema.parse(minimal)).toEqual({
      schema: 1,
      capturedAt: "2026-01-05T09:00:00Z",
      source: { kind: "kafka", label: "prod", kafkaVersion: null, clusterId: null, warnings: [] },
      brokers: [
        { id: 1, rack: null, host: null, port: null, state: "online", error: null, logDirs: [{ path: "/d1", totalBytes: null, usableBytes: null, state: "online", error: null }] },
      ],
      topics: [
        {
          name: "t",
          internal: false,
          topicId: null,
          partitions: [
            { id: 0, replicas: [{ broker: 1, logDir: null, sizeBytes: null, offsetLag: null, future: null }], leader: null, isr: [], adding: [], removing: [], offline: [] },
          ],
        },
      ],
      throttles: emptyThrottles(),
    });
  });

  it("ClusterSnapshotSchema refuses unknown keys, naming where they are", () => {
    const r = ClusterSnapshotSchema.safeParse({ ...minimal, brokers: [{ id: 1, disks: [] }] });
    expect(r.success).toBe(false);
    expect(r.success ? null : r.error.issues[0]!.path).toEqual(["brokers", 0]);
  });

  it("ClusterSnapshotSchema says what is wrong with a negative or infinite byte count and a negative broker id", () => {
    const bad = { ...minimal, brokers: [{ id: -1, logDirs: [{ path: "/d1", totalBytes: -5, usableBytes: Infinity }] }] };
    expect(issues(bad)).toEqual([
      "brokers.0.id: broker ids are non-negative integers",
      "brokers.0.logDirs.0.totalBytes: byte counts cannot be negative",
      expect.stringMatching(/^brokers\.0\.logDirs\.0\.usableBytes: /),
    ]);
  });

  it("ClusterSnapshotSchema takes any finite byte count up to Number.MAX_VALUE", () => {
    const big = { ...minimal, topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, sizeBytes: Number.MAX_VALUE }] }] }] };
    expect(ClusterSnapshotSchema.parse(big).topics[0]!.partitions[0]!.replicas[0]!.sizeBytes).toBe(Number.MAX_VALUE);
  });

  it("ClusterSnapshotSchema accepts only the current schema version", () => {
    expect(SNAPSHOT_SCHEMA_VERSION).toBe(1);
    expect(ClusterSnapshotSchema.safeParse({ ...minimal, schema: 2 }).success).toBe(false);
  });
});

describe("emptyThrottles()", () => {
  it("emptyThrottles() is a fresh object each time", () => {
    const a = emptyThrottles();
    a.brokers.push({ broker: 1, leader: 1, follower: null, alterLogDirs: null });
    expect(emptyThrottles().brokers).toEqual([]);
  });
});

describe("LogDir.disk", () => {
  it("a dir's configured disk is optional: stored snapshots without it parse unchanged, and an empty one is refused", () => {
    expect(ClusterSnapshotSchema.parse(minimal).brokers[0]!.logDirs[0]!.disk).toBeUndefined();
    const withDisk = {
      ...minimal,
      brokers: [
        {
          id: 1,
          logDirs: [
            { path: "/d1", disk: "/d1+/d2" },
            { path: "/d2", disk: "/d1+/d2" },
          ],
        },
      ],
    };
    expect(ClusterSnapshotSchema.parse(withDisk).brokers[0]!.logDirs.map((d) => d.disk)).toEqual(["/d1+/d2", "/d1+/d2"]);
    expect(ClusterSnapshotSchema.safeParse({ ...minimal, brokers: [{ id: 1, logDirs: [{ path: "/d1", disk: "" }] }] }).success).toBe(false);
  });
});
