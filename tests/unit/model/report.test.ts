import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { ClusterSnapshotSchema, type ClusterSnapshotInput } from "@/lib/model/snapshot";

const snap = (input: Partial<ClusterSnapshotInput>) =>
  ClusterSnapshotSchema.parse({ schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { kind: "import", label: "t" }, brokers: [], topics: [], ...input });

const twoBrokers = snap({
  brokers: [
    { id: 2, logDirs: [{ path: "/d1", totalBytes: 1000, usableBytes: 900 }, { path: "/d2", totalBytes: 1000, usableBytes: 400 }] },
    { id: 1, rack: "a", logDirs: [{ path: "/d1" }, { path: "/d2", state: "offline", error: "KafkaStorageException" }] },
  ],
  topics: [
    {
      name: "t",
      partitions: [
        { id: 0, leader: 1, isr: [1, 2], replicas: [{ broker: 1, logDir: "/d1", sizeBytes: 100 }, { broker: 2, logDir: "/d2", sizeBytes: 100, future: { logDir: "/d1", sizeBytes: 40 } }] },
        { id: 1, leader: 2, isr: [2], replicas: [{ broker: 2, logDir: "/d2", sizeBytes: 300 }, { broker: 3, logDir: "/d1", sizeBytes: 300 }] },
      ],
    },
    { name: "__consumer_offsets", internal: true, partitions: [{ id: 0, leader: null, replicas: [{ broker: 1, logDir: null, sizeBytes: null }] }] },
  ],
});

describe("balanceReport()", () => {
  const report = balanceReport(twoBrokers);

  it("balanceReport() counts replicas, leaders and bytes per broker, sorted by id", () => {
    expect(report.brokers.map((b) => [b.id, b.replicas, b.leaders, b.bytes, b.futureBytes])).toEqual([
      [1, 2, 1, 100, 0],
      [2, 2, 1, 400, 40],
    ]);
  });

  it("balanceReport() counts future replicas in the dir's log count, as nextLogDirs does", () => {
    const d = report.dirs.find((x) => x.broker === 2 && x.path === "/d1")!;
    expect(d).toMatchObject({ partitions: 0, futureReplicas: 1, logCount: 1, bytes: 0, futureBytes: 40 });
  });

  it("balanceReport() takes utilisation from reported capacity when known", () => {
    const d = report.dirs.find((x) => x.broker === 2 && x.path === "/d2")!;
    expect(d.usedBytes).toBe(600);
    expect(d.utilization).toBeCloseTo(0.6);
    expect(report.dirs.find((x) => x.broker === 1 && x.path === "/d1")!.utilization).toBeNull();
  });

  it("balanceReport() counts replicas without a dir and on unknown brokers", () => {
    expect(report.totals).toMatchObject({ partitions: 3, replicas: 5, replicasWithoutDir: 1, replicasOnUnknownBrokers: 1, offlineDirs: 1 });
  });

  it("balanceReport() measures dir skew within each broker, leaving offline dirs out", () => {
    expect(report.skew.dirBytesByBroker[1]!.count).toBe(1);
    expect(report.skew.dirBytesByBroker[2]!.maxOverMean).toBe(2);
    expect(report.skew.dirBytes.worst).toEqual({ broker: 2, path: "/d2" });
    expect(report.skew.fullestDir).toEqual({ broker: 2, path: "/d2", utilization: 0.6 });
  });

  it("balanceReport() builds the topic × broker grid aligned with brokerIds", () => {
    expect(report.brokerIds).toEqual([1, 2]);
    expect(report.topics.find((t) => t.name === "t")).toMatchObject({ perBroker: [1, 2], replicas: 4, bytes: 800 });
    expect(report.topics.find((t) => t.name === "__consumer_offsets")!.internal).toBe(true);
  });
});
